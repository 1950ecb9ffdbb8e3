package datafile

import (
	"bytes"
	"maps"
	"slices"
	"testing"
	"time"

	"sonde/profile"
)

// frameRefFile is a run with mappings 0-3, processes 7 and 8 (8 ended),
// an object, and samples of processes 7 (mappings 0 and 2) and 9 (mapping
// 3 and an address in none).
func frameRefFile(t testing.TB) []byte {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if _, err := w.WriteRun(RunHeader{Collector: "agent", Start: time.Unix(1, 0), SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}, Period: 10}); err != nil {
		t.Fatal(err)
	}
	for i, path := range []string{"/bin/a", "/lib/b.so", "/lib/c.so", "[vdso]"} {
		w.WriteMapping(i, &profile.Mapping{Path: path, BuildID: "ab", Start: 0x1000, Limit: 0x9000})
	}
	w.WriteProcess(profile.Process{PID: 7, Comm: "a"})
	w.WriteProcess(profile.Process{PID: 8, Comm: "b"})
	w.WriteProcessEnd(8, "exited")
	w.WriteObject("[vdso]", "ab", []byte("\x7fELF"))
	w.WriteSample(&profile.Sample{Time: 1, PID: 7, TID: 7, Values: []int64{1, 10}, Stack: []profile.Location{{Mapping: 0, Addr: 0x1010}, {Mapping: 2, Addr: 0x2020}}})
	w.WriteSample(&profile.Sample{Time: 2, PID: 9, TID: 10, Values: []int64{1, 10}, Stack: []profile.Location{{Mapping: 3, Addr: 0x30}, {Mapping: profile.NoMapping, Addr: 0x40}, {Mapping: 2, Addr: 0x2020}}})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestFrameRef: Frames lists the frames, and each FrameRef reads what a
// rotation chooses by: the process of Process and ProcessEnd frames, the
// index, path and build ID of Mapping frames, the path and build ID of
// Object frames, and the processes and mappings a Samples frame's samples
// refer to (as the decoder reads them back).
func TestFrameRef(t *testing.T) {
	data := frameRefFile(t)
	var pids []int32
	var mappings []string
	var objects []string
	samplePIDs := map[int32]bool{}
	sampleMaps := map[uint64]bool{}
	var kinds []Kind
	for _, f := range Frames(data) {
		kinds = append(kinds, f.Kind)
		if pid, ok := f.PID(); ok {
			pids = append(pids, pid)
		}
		if idx, path, id, ok := f.Mapping(); ok {
			mappings = append(mappings, string(rune('0'+idx))+" "+path+" "+id)
		}
		if path, id, ok := f.Object(); ok {
			objects = append(objects, path+" "+id)
		}
		if err := f.SampleRefs(func(p int32) { samplePIDs[p] = true }, func(m uint64) { sampleMaps[m] = true }); err != nil {
			t.Error(err)
		}
	}
	want := []Kind{KindRun, KindMapping, KindMapping, KindMapping, KindMapping, KindProcess, KindProcess, KindProcessEnd, KindObject, KindSamples}
	if !slices.Equal(kinds, want) {
		t.Errorf("frames %v, want %v", kinds, want)
	}
	if !slices.Equal(pids, []int32{7, 8, 8}) {
		t.Errorf("processes %v", pids)
	}
	if !slices.Equal(mappings, []string{"0 /bin/a ab", "1 /lib/b.so ab", "2 /lib/c.so ab", "3 [vdso] ab"}) {
		t.Errorf("mappings %q", mappings)
	}
	if !slices.Equal(objects, []string{"[vdso] ab"}) {
		t.Errorf("objects %q", objects)
	}
	if got := slices.Sorted(maps.Keys(samplePIDs)); !slices.Equal(got, []int32{7, 9}) {
		t.Errorf("samples of processes %v, want 7 and 9", got)
	}
	if got := slices.Sorted(maps.Keys(sampleMaps)); !slices.Equal(got, []uint64{0, 2, 3}) {
		t.Errorf("samples in mappings %v, want 0, 2, 3", got)
	}
}

// FuzzFrameRef: any bytes give frames whose readers return values or
// errors, never a panic; the processes a Samples frame refers to are
// those of the samples the decoder reads from it.
func FuzzFrameRef(f *testing.F) {
	seed := frameRefFile(f)
	f.Add(seed)
	f.Add(seed[:len(seed)-3])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		refs := Frames(data)
		pids := map[int32]bool{}
		for _, r := range refs {
			if r.Off < 0 || r.Off+HeaderSize > int64(len(data)) {
				t.Fatalf("frame at %d of %d bytes", r.Off, len(data))
			}
			r.PID()
			r.Mapping()
			r.Object()
			r.SampleRefs(func(p int32) { pids[p] = true }, func(uint64) {})
		}
		p, warns, err := Decode("f.data", data)
		if err != nil || len(warns) > 0 {
			return
		}
		for _, s := range p.Samples {
			if !pids[s.PID] {
				t.Errorf("a sample of process %d that SampleRefs did not name", s.PID)
			}
		}
	})
}
