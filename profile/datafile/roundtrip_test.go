package datafile

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/profile"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// fixture describes what a test writes: one or more runs, each with every
// kind of frame, and the profile the reader must build from them.
type fixtureRun struct {
	hdr      RunHeader
	mappings []profile.Mapping
	procs    []profile.Process
	samples  []profile.Sample // Stack mappings are run-local indices
	units    []profile.Unit   // Loc mappings run-local; Counts written
	lost     uint64
	ends     map[int32]string
	notes    []string
	end      time.Time
	exprs    []profile.ExprDef // ExprDef frames, run-local index = position
}

var (
	cpu     = []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}
	counted = []profile.ValueType{{Type: "count", Unit: "count"}}
	t0      = time.Date(2026, 11, 22, 11, 0, 0, 123456789, time.UTC)
)

func recordRun(id uint64) fixtureRun {
	r := fixtureRun{
		hdr: RunHeader{ID: id, Collector: "record", Command: []string{"./worker", "-n", "3"},
			Start: t0, SampleTypes: cpu, Period: 1001001},
		mappings: []profile.Mapping{
			{Path: "/tmp/worker", BuildID: "4a5b6c", Start: 0x400000, Limit: 0x401000, Offset: 0, Bias: 0},
			{Path: "/usr/lib/x86_64-linux-gnu/libc.so.6", BuildID: "deadbeef", Start: 0x7f0000000000, Limit: 0x7f0000180000, Offset: 0x28000, Bias: 0x7f0000000000},
			{Path: "[kernel.kallsyms]", Start: 0xffffffff81000000, Limit: 0xffffffff82000000},
		},
		procs: []profile.Process{{PID: 100, PPID: 1, Comm: "worker", Exe: "/tmp/worker"}, {PID: 101, PPID: 100, Comm: "worker"}},
		lost:  3,
		ends:  map[int32]string{100: "exit 0", 101: "killed by SIGSEGV"},
		notes: []string{"no frame pointers in libc.so.6: used dwarf unwinding"},
		end:   t0.Add(2 * time.Second),
	}
	// Stacks that share callers, kernel frames, a frame in no mapping and
	// an empty stack exercise every path of the delta encoding.
	stacks := [][]profile.Location{
		{loc(0, 0x401136), loc(0, 0x401200), loc(0, 0x401010)},
		{loc(0, 0x401140), loc(0, 0x401200), loc(0, 0x401010)},
		{loc(2, 0xffffffff81001234), loc(1, 0x9a0f0), loc(0, 0x401200), loc(0, 0x401010)},
		{loc(profile.NoMapping, 0x7ffd12345678), loc(0, 0x401010)},
		{},
		{loc(1, 0x28000)},
	}
	for i := range 40 {
		st := stacks[i%len(stacks)]
		r.samples = append(r.samples, profile.Sample{
			Stack: st, Values: []int64{1, 1001001 + int64(i%3) - 1},
			PID: 100 + int32(i%2), TID: 100 + int32(i%3), Time: t0.UnixNano() + int64(i)*1001001,
		})
	}
	return r
}

func loc(m int32, a profile.Addr) profile.Location {
	return profile.Location{Mapping: m, Addr: a}
}

func countRun(id uint64) fixtureRun {
	return fixtureRun{
		hdr:      RunHeader{ID: id, Collector: "cc", Command: []string{"./a.out"}, Start: t0.Add(time.Second), CountTypes: counted},
		mappings: []profile.Mapping{{Path: "/tmp/a.out", BuildID: "0011"}},
		procs:    []profile.Process{{PID: 200, PPID: 1, Comm: "a.out", Exe: "/tmp/a.out"}},
		units: []profile.Unit{
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "a.c", Index: 0, Func: "main", File: "a.c", Line: 3, Counts: []uint64{1}},
			{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "a.c", Index: 1, Func: "main", File: "a.c", Line: 4, Instrs: 5, Counts: []uint64{7}},
			{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: 0, Addr: 0x1139}, Func: "worker", File: "a.c", Line: 10, Counts: []uint64{0}},
			{Kind: profile.UnitAddress, Loc: profile.Location{Mapping: 0, Addr: 0x1140}, Counts: []uint64{1 << 40}},
		},
		ends: map[int32]string{200: "exit 1"},
		end:  t0.Add(3 * time.Second),
	}
}

// write writes r with w, in the order a collector would.
func (r *fixtureRun) write(t testing.TB, w *Writer) {
	t.Helper()
	if _, err := w.WriteRun(r.hdr); err != nil {
		t.Fatal(err)
	}
	for i := range r.mappings {
		if err := w.WriteMapping(i, &r.mappings[i]); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range r.procs {
		if err := w.WriteProcess(p); err != nil {
			t.Fatal(err)
		}
	}
	for i, e := range r.exprs {
		if err := w.WriteExprDef(i, e); err != nil {
			t.Fatal(err)
		}
	}
	for i := range r.samples {
		if err := w.WriteSample(&r.samples[i]); err != nil {
			t.Fatal(err)
		}
	}
	if r.units != nil {
		if err := w.WriteUnitCounts(r.units); err != nil {
			t.Fatal(err)
		}
	}
	if r.lost > 0 {
		if err := w.WriteLost(r.lost); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range r.notes {
		if err := w.WriteNote(n); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range r.procs {
		if how, ok := r.ends[p.PID]; ok {
			if err := w.WriteProcessEnd(p.PID, how); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.WriteRunEnd(r.end); err != nil {
		t.Fatal(err)
	}
}

// want builds the profile the reader must return for runs, by hand from the
// model: mappings deduplicated by key in order of appearance, run-local
// indices translated.
func want(runs ...fixtureRun) *profile.Profile {
	p := &profile.Profile{}
	keys := map[profile.MappingKey]int32{}
	exprKeys := map[profile.ExprDef]int32{}
	for _, r := range runs {
		if len(r.hdr.SampleTypes) > 0 {
			p.SampleTypes = r.hdr.SampleTypes
		}
		if len(r.hdr.CountTypes) > 0 {
			p.CountTypes = r.hdr.CountTypes
		}
		p.Period = max(p.Period, r.hdr.Period)
		p.Runs = append(p.Runs, profile.Run{ID: r.hdr.ID, Collector: r.hdr.Collector, Command: r.hdr.Command,
			Start: time.Unix(0, r.hdr.Start.UnixNano()), End: time.Unix(0, r.end.UnixNano()), Lost: r.lost, Notes: r.notes})
	}
	for _, r := range runs {
		local := make([]int32, len(r.mappings))
		for i, m := range r.mappings {
			g, ok := keys[m.Key()]
			if !ok {
				g = int32(len(p.Mappings))
				keys[m.Key()] = g
				c := m
				p.Mappings = append(p.Mappings, &c)
			}
			local[i] = g
		}
		loc := func(l profile.Location) profile.Location {
			if l.Mapping != profile.NoMapping {
				l.Mapping = local[l.Mapping]
			}
			return l
		}
		for _, pr := range r.procs {
			pr.RunID = r.hdr.ID
			pr.Ended = r.ends[pr.PID]
			p.Processes = append(p.Processes, pr)
		}
		exprLocal := make([]int32, len(r.exprs))
		for i, e := range r.exprs {
			g, ok := exprKeys[e]
			if !ok {
				g = int32(len(p.Exprs))
				exprKeys[e] = g
				p.Exprs = append(p.Exprs, e)
			}
			exprLocal[i] = g
		}
		for _, s := range r.samples {
			var st []profile.Location
			for _, l := range s.Stack {
				st = append(st, loc(l))
			}
			s.Stack = st
			var ev []profile.ExprValue
			for _, v := range s.Exprs {
				v.Expr = exprLocal[v.Expr]
				ev = append(ev, v)
			}
			s.Exprs = ev
			p.Samples = append(p.Samples, s)
		}
		for _, u := range r.units {
			u.Loc = loc(u.Loc)
			p.Units = append(p.Units, u)
		}
	}
	return p
}

// equal compares profiles through their String dumps (which show every
// field) and with DeepEqual modulo empty-vs-nil slices.
func equal(t *testing.T, got, want *profile.Profile) {
	t.Helper()
	if g, w := got.String(), want.String(); g != w {
		t.Fatalf("profile differs:\n%s", diff(w, g))
	}
}

func diff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			b.WriteString("- " + w + "\n+ " + g + "\n")
		}
	}
	return b.String()
}

func writeFile(t testing.TB, runs ...fixtureRun) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sonde.data")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range runs {
		runs[i].write(t, w)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		runs []fixtureRun
	}{
		{"record", []fixtureRun{recordRun(0x1111)}},
		{"count", []fixtureRun{countRun(0x2222)}},
		{"record and count", []fixtureRun{recordRun(0x1111), countRun(0x2222)}},
		{"two record runs share mappings", []fixtureRun{recordRun(0x1111), recordRun(0x3333)}},
		{"record with expressions", []fixtureRun{exprRun(0x4444)}},
		{"expressions and plain record", []fixtureRun{recordRun(0x1111), exprRun(0x4444), exprRun(0x5555)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.runs...)
			got, warns, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) > 0 {
				t.Errorf("warnings: %v", warns)
			}
			equal(t, got, want(tt.runs...))
			if err := got.CheckValid(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestCountsAccumulate: several runs of an instrumented program append
// Counts for the same universe; they add up, and the universe is kept once.
func TestCountsAccumulate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sonde.data")
	r := countRun(0)
	const runs = 3
	for range runs {
		w, err := OpenAppend(path)
		if err != nil {
			t.Fatal(err)
		}
		r.hdr.ID = 0 // a fresh random run ID each time, as the C runtime does
		r.write(t, w)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	got, warns, err := ReadFile(path)
	if err != nil || len(warns) > 0 {
		t.Fatalf("ReadFile: %v %v", err, warns)
	}
	if len(got.Runs) != runs || len(got.Processes) != runs {
		t.Errorf("got %d runs, %d processes; want %d each", len(got.Runs), len(got.Processes), runs)
	}
	if len(got.Units) != len(r.units) {
		t.Fatalf("got %d units, want %d", len(got.Units), len(r.units))
	}
	for i, u := range got.Units {
		if w := r.units[i].Counts[0] * runs; u.Counts[0] != w {
			t.Errorf("unit %d: count %d, want %d", i, u.Counts[0], w)
		}
	}
}

// TestWorkedExample checks the writer, the reader and the hex in format.go's
// worked example against testdata/worked_example.py, an independent encoder
// written from the format description (CRC from Python's zlib.crc32).
func TestWorkedExample(t *testing.T) {
	testprog.Require(t, "python3")
	out, err := exec.Command("python3", "testdata/worked_example.py").Output()
	if err != nil {
		t.Fatalf("python3 testdata/worked_example.py: %v", err)
	}
	oracle, err := hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(string(out)), "\n", ""))
	if err != nil {
		t.Fatal(err)
	}

	var buf bytes.Buffer
	w := NewWriter(&buf)
	if _, err := w.WriteRun(RunHeader{ID: 0x0123456789abcdef, Collector: "cc", Command: []string{"./a"},
		Start: time.Unix(1_700_000_000, 0), CountTypes: counted}); err != nil {
		t.Fatal(err)
	}
	units := []profile.Unit{
		{Kind: profile.UnitLine, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "a.c", Index: 0, Func: "main", File: "a.c", Line: 3, Counts: []uint64{1}},
		{Kind: profile.UnitLine, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "a.c", Index: 1, Func: "main", File: "a.c", Line: 4, Counts: []uint64{7}},
	}
	if err := w.WriteUnitCounts(units); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), oracle) {
		t.Errorf("writer output differs from the Python encoder:\n got %x\nwant %x", buf.Bytes(), oracle)
	}

	doc, err := os.ReadFile("format.go")
	if err != nil {
		t.Fatal(err)
	}
	if got := docHex(t, string(doc)); !bytes.Equal(got, oracle) {
		t.Errorf("format.go's worked example differs from the Python encoder:\n doc %x\nwant %x", got, oracle)
	}

	p, warns, err := Decode("example.data", oracle)
	if err != nil || len(warns) > 0 {
		t.Fatalf("Decode: %v %v", err, warns)
	}
	if len(p.Units) != 2 || p.Units[0].Counts[0] != 1 || p.Units[1].Counts[0] != 7 || p.Units[1].Line != 4 {
		t.Errorf("decoded units %+v", p.Units)
	}
}

// docHex collects the hex bytes of the "# Worked example" section of
// format.go: on each indented line, the leading two-digit hex tokens.
func docHex(t *testing.T, src string) []byte {
	i := strings.Index(src, "// # Worked example")
	if i < 0 {
		t.Fatal("format.go has no worked example")
	}
	var out []byte
	for _, line := range strings.Split(src[i:], "\n") {
		if !strings.HasPrefix(line, "//\t") {
			if !strings.HasPrefix(line, "//") {
				break
			}
			continue
		}
		for _, tok := range strings.Fields(strings.TrimPrefix(line, "//\t")) {
			b, err := hex.DecodeString(tok)
			if err != nil || len(tok) != 2 {
				break
			}
			out = append(out, b...)
		}
	}
	return out
}

// TestTruncatedAtEveryOffset is the project's acceptance test: a data file
// cut at every byte offset inside its last frame reads back all earlier
// frames, with one warning naming the offset of the cut frame.
func TestTruncatedAtEveryOffset(t *testing.T) {
	for _, tt := range []struct {
		name string
		runs []fixtureRun
	}{
		{"record", []fixtureRun{recordRun(0x1111)}},
		{"count", []fixtureRun{countRun(0x2222)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			full, err := os.ReadFile(writeFile(t, tt.runs...))
			if err != nil {
				t.Fatal(err)
			}
			last := lastFrameOffset(t, full)
			// The profile of all frames but the last one, read from a file
			// that ends exactly there.
			wantP, _, err := Decode("sonde.data", full[:last])
			if err != nil {
				t.Fatal(err)
			}
			wantS := wantP.String()
			for cut := last + 1; cut < len(full); cut++ {
				got, warns, err := Decode("sonde.data", full[:cut])
				if err != nil {
					t.Fatalf("cut at %d: %v", cut, err)
				}
				if g := got.String(); g != wantS {
					t.Fatalf("cut at %d: profile differs:\n%s", cut, diff(wantS, g))
				}
				msg := "sonde.data: truncated frame at offset " + strconv.Itoa(last) + " ignored"
				if len(warns) != 1 || !strings.HasPrefix(warns[0].String(), msg) {
					t.Fatalf("cut at %d: warnings %v, want one starting %q", cut, warns, msg)
				}
			}
		})
	}
}

// lastFrameOffset walks the frame headers (magic, length at offset 16) to
// the start of the last frame.
func lastFrameOffset(t *testing.T, data []byte) int {
	off, last := 0, -1
	for off < len(data) {
		if string(data[off:off+4]) != Magic {
			t.Fatalf("no magic at offset %d", off)
		}
		last = off
		off += HeaderSize + int(uint32(data[off+16])|uint32(data[off+17])<<8|uint32(data[off+18])<<16|uint32(data[off+19])<<24)
	}
	return last
}

// TestGolden compares the String dump of a file holding a sampling run and
// a counting run with testdata/golden.txt (go test -update rewrites it).
// The dump was checked by hand against the fixture runs above.
func TestGolden(t *testing.T) {
	got, warns, err := ReadFile(writeFile(t, recordRun(0x1111), countRun(0x2222)))
	if err != nil || len(warns) > 0 {
		t.Fatalf("ReadFile: %v %v", err, warns)
	}
	const golden = "testdata/golden.txt"
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if g := got.String(); g != string(want) {
		t.Errorf("dump differs from %s (go test -update rewrites it):\n%s", golden, diff(string(want), g))
	}
}

// writeObjectFile writes a record run (recordRun(id)) with Object frames:
// the vDSO's bytes and a deleted executable's, the vDSO twice.
func writeObjectFile(t testing.TB, id uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "objects.data")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	r := recordRun(id)
	r.write(t, w)
	for _, o := range objectImages {
		if err := w.WriteObject(o.Path, o.BuildID, o.Data); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

var objectImages = []profile.ObjectImage{
	{Path: "[vdso]", BuildID: "0f1e2d", Data: []byte("\x7fELF vdso bytes")},
	{Path: "/tmp/spin_del (deleted)", BuildID: "", Data: []byte("\x7fELF deleted executable")},
	{Path: "[vdso]", BuildID: "0f1e2d", Data: []byte("\x7fELF vdso bytes")},
}

// TestObjectFrames: Object frames come back as Profile.Objects, one per
// path and build ID, in one file and across files merged.
func TestObjectFrames(t *testing.T) {
	a, b := writeObjectFile(t, 0x6666), writeObjectFile(t, 0x7777)
	for _, files := range [][]string{{a}, {a, b}} {
		p, warns, err := ReadFiles(files)
		if err != nil || len(warns) > 0 {
			t.Fatalf("ReadFiles(%v): %v %v", files, err, warns)
		}
		if len(p.Objects) != 2 {
			t.Fatalf("%d objects, want 2: %+v", len(p.Objects), p.Objects)
		}
		for _, o := range objectImages[:2] {
			got := p.ObjectImage(o.Path, o.BuildID)
			if got == nil || string(got.Data) != string(o.Data) {
				t.Errorf("object %s %s: got %+v", o.Path, o.BuildID, got)
			}
		}
		if p.ObjectImage("[vdso]", "other") != nil {
			t.Errorf("an object found under another build ID")
		}
	}
}
