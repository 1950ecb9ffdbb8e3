package datafile

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"sonde/profile"
)

// tailSample is sample i of the Tail tests: in mapping i%2, at time i.
func tailSample(i int) *profile.Sample {
	return &profile.Sample{Time: int64(i), PID: 7, TID: 7, Values: []int64{1, int64(10 + i)},
		Stack: []profile.Location{{Mapping: int32(i % 2), Addr: profile.Addr(0x1000 + i)}, {Mapping: 0, Addr: 0x2000}}}
}

func startTailRun(t testing.TB, path string) *Writer {
	t.Helper()
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteRun(RunHeader{Collector: "agent", Start: time.Unix(1, 0), SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}, Period: 10}); err != nil {
		t.Fatal(err)
	}
	w.WriteMapping(0, &profile.Mapping{Path: "/bin/a", Start: 0x1000, Limit: 0x9000})
	w.WriteMapping(1, &profile.Mapping{Path: "/bin/b", Start: 0x1000, Limit: 0x9000})
	w.WriteProcess(profile.Process{PID: 7, Comm: "a"})
	return w
}

// writeTailSamples writes tailSample 0 to n-1, flushing after each of
// the samples flushAfter.
func writeTailSamples(w *Writer, n int, flushAfter ...int) {
	for i := range n {
		w.WriteSample(tailSample(i))
		if slices.Contains(flushAfter, i) {
			w.Flush()
		}
	}
}

// summary is a sample as the tests compare it: its time, value and
// mapping paths.
type summary struct {
	time, value int64
	paths       string
}

func summarize(p *profile.Profile) []summary {
	var out []summary
	for _, s := range p.Samples {
		var paths string
		for _, l := range s.Stack {
			paths += p.Mappings[l.Mapping].Path + ";"
		}
		out = append(out, summary{s.Time, s.Values[1], paths})
	}
	return out
}

// TestTail: pieces read as the file grows add up to what Decode reads of
// the whole file, each piece's samples resolved with mappings of earlier
// pieces; each read costs the bytes appended since the previous one, and a
// frame being written waits for the next read.
func TestTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.data")
	w := startTailRun(t, path)
	defer w.Close()
	tl := NewTail(path)
	var got []summary
	var marks []AgentMark
	n := 0
	for round := range 20 {
		for range 5 {
			w.WriteSample(tailSample(n))
			n++
		}
		w.WriteAgentMark(AgentMark{Op: AgentClosed, From: int64(n - 5), To: int64(n)})
		w.Flush()
		size := fileSize(t, path)
		before := tl.BytesRead
		pc, err := tl.Next()
		if err != nil {
			t.Fatal(err)
		}
		if len(pc.Warnings) > 0 {
			t.Fatalf("round %d: %v", round, pc.Warnings)
		}
		if read := tl.BytesRead - before; read != size-pc.Start || pc.End != size {
			t.Errorf("round %d: read %d bytes from %d to %d, the file grew from %d to %d", round, read, pc.Start, pc.End, pc.Start, size)
		}
		if len(pc.Profile.Samples) != 5 || len(pc.Marks) != 1 || pc.Marks[0].To != int64(n) {
			t.Errorf("round %d: %d samples, marks %v; want 5 and one to %d", round, len(pc.Profile.Samples), pc.Marks, n)
		}
		got = append(got, summarize(pc.Profile)...)
		marks = append(marks, pc.Marks...)
	}
	// A frame half written: left for the next read.
	w.WriteSample(tailSample(n))
	n++
	w.Flush()
	data, _ := os.ReadFile(path)
	full := data[tl.Offset():]
	frame := append([]byte(nil), full...)
	if err := os.Truncate(path, tl.Offset()+int64(len(frame)/2)); err != nil {
		t.Fatal(err)
	}
	pc, err := tl.Next()
	if err != nil || len(pc.Profile.Samples) != 0 || len(pc.Warnings) != 0 || pc.End != pc.Start {
		t.Fatalf("half a frame: %v samples, %v, %v, %d..%d", len(pc.Profile.Samples), pc.Warnings, err, pc.Start, pc.End)
	}
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(frame[len(frame)/2:])
	f.Close()
	if pc, err = tl.Next(); err != nil || len(pc.Profile.Samples) != 1 {
		t.Fatalf("the frame completed: %v", err)
	}
	got = append(got, summarize(pc.Profile)...)

	whole, _, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := summarize(whole); !reflect.DeepEqual(got, want) {
		t.Errorf("pieces:\n%v\nwhole file:\n%v", got, want)
	}
	data, _ = os.ReadFile(path)
	wantMarks, _, _ := AgentMarks(path, data)
	if !reflect.DeepEqual(marks, wantMarks) {
		t.Errorf("marks %v, want %v", marks, wantMarks)
	}
	if tl.BytesRead != int64(len(data))+int64(len(frame)/2) {
		t.Errorf("read %d bytes in all of a %d-byte file (and half a frame twice)", tl.BytesRead, len(data))
	}
}

// readClean reads the data file at path; a warning fails the test.
func readClean(t *testing.T, path string) *profile.Profile {
	t.Helper()
	p, warns, err := ReadFile(path)
	if err != nil || len(warns) > 0 {
		t.Fatalf("%v %v", warns, err)
	}
	return p
}

// sampleTimes is the times of p's samples, in order.
func sampleTimes(p *profile.Profile) []int64 {
	var times []int64
	for _, s := range p.Samples {
		times = append(times, s.Time)
	}
	return times
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestRewrite: the file is replaced by the frames kept, the writer appends
// to the new file, a Tail moved with Moved reads on without rereading, and
// the old file is kept as .1.
func TestRewrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.data")
	w := startTailRun(t, path)
	defer w.Close()
	writeTailSamples(w, 10, 4)
	w.WriteAgentMark(AgentMark{Op: AgentClosed, From: 0, To: 10})
	tl := NewTail(path)
	if _, err := tl.Next(); err != nil {
		t.Fatal(err)
	}
	w.WriteSample(tailSample(10))
	w.Flush()
	oldSize := fileSize(t, path)
	var cut int64 // the second Samples frame: samples 5..9
	seen := 0
	r, err := w.Rewrite(path, true, func(f FrameRef) bool {
		if f.Kind == KindSamples {
			seen++
			if seen == 2 {
				cut = f.Off
			}
			return seen >= 2
		}
		return f.Kind != KindAgent
	})
	if err != nil {
		t.Fatal(err)
	}
	if fileSize(t, path+".1") != oldSize || r.Size != fileSize(t, path) || r.Size >= oldSize {
		t.Errorf("old %d bytes, .1 %d, new %d (said %d)", oldSize, fileSize(t, path+".1"), fileSize(t, path), r.Size)
	}
	if _, err := os.Stat(path + ".tmp"); err == nil {
		t.Error(".tmp left behind")
	}
	w.WriteSample(tailSample(11))
	w.Flush()
	p := readClean(t, path)
	times := sampleTimes(p)
	if want := []int64{5, 6, 7, 8, 9, 10, 11}; !reflect.DeepEqual(times, want) {
		t.Errorf("samples at %v, want %v", times, want)
	}
	if len(p.Mappings) != 2 || len(p.Processes) != 1 {
		t.Errorf("%d mappings, %d processes: the run's frames were not kept", len(p.Mappings), len(p.Processes))
	}
	nd, _ := os.ReadFile(path)
	if m := r.Moved(cut); cut == 0 || Kind(nd[m+5]) != KindSamples || r.Moved(oldSize) != r.Size {
		t.Errorf("the kept Samples frame at %d moved to %d, the end to %d of %d", cut, m, r.Moved(oldSize), r.Size)
	}
	tl.SetOffset(r.Moved(tl.Offset()))
	before := tl.BytesRead
	pc, err := tl.Next()
	if err != nil {
		t.Fatal(err)
	}
	after := sampleTimes(pc.Profile)
	if want := []int64{10, 11}; !reflect.DeepEqual(after, want) || tl.BytesRead-before != fileSize(t, path)-pc.Start {
		t.Errorf("after the rewrite the tail read samples %v (want %v), %d bytes", after, want, tl.BytesRead-before)
	}
}

// FuzzTail: any bytes, appended in two pieces, give pieces or an error,
// never a panic, and the Tail never reads past them.
func FuzzTail(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "seed.data")
	w := startTailRun(f, path)
	writeTailSamples(w, 4)
	w.WriteAgentMark(AgentMark{Op: AgentClosed, From: 0, To: 4})
	w.Close()
	seed, _ := os.ReadFile(path)
	f.Add(seed, uint16(len(seed)/2))
	f.Add(seed, uint16(len(seed)-3))
	f.Add([]byte{}, uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, cut uint16) {
		path := filepath.Join(t.TempDir(), "f.data")
		c := min(int(cut), len(data))
		os.WriteFile(path, data[:c], 0o666)
		tl := NewTail(path)
		tl.Next()
		fh, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		fh.Write(data[c:])
		fh.Close()
		tl.Next()
		if tl.Offset() > int64(len(data)) {
			t.Errorf("offset %d past %d bytes", tl.Offset(), len(data))
		}
	})
}
