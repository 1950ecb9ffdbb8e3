package export

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	pp "github.com/google/pprof/profile"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/report"
	"sonde/symbol"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// tableSymbolizer answers from a table; it stands for the symbolizer in
// tests of the conversion itself.
type tableSymbolizer map[profile.Addr][]symbol.Frame

func (t tableSymbolizer) Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error) {
	if m.Path == "/broken" {
		return nil, errors.New("broken object")
	}
	if m.Path != "/bin/app" {
		return nil, nil
	}
	return t[addr], nil
}

var appFrames = tableSymbolizer{
	0x1150: {{Func: "worker", File: "/src/w.c", Line: 22, Column: 3, FuncAddr: 0x1140}},
	0x1184: {{Func: "dispatch_2", File: "/src/w.c", Line: 27, FuncAddr: 0x1180}},
	0x1080: {
		{Func: "square", File: "/src/w.c", Line: 7, Inlined: true, FuncAddr: 0x1060},
		{Func: "_ZN2ns3sumEi", File: "/src/w.cc", Line: 13, Inlined: true, FuncAddr: 0x1060},
		{Func: "main", File: "/src/w.c", Line: 34, FuncAddr: 0x1060},
	},
	0x1300: {{Func: "getc", FuncAddr: 0x1300}}, // symbols only
}

var t0 = time.Date(2026, 11, 22, 11, 0, 0, 0, time.UTC)

func sampleProfile() *profile.Profile {
	l := func(m int32, a profile.Addr) profile.Location { return profile.Location{Mapping: m, Addr: a} }
	s := func(pid int32, v int64, st ...profile.Location) profile.Sample {
		return profile.Sample{Stack: st, Values: []int64{1, v}, PID: pid, TID: pid + 1}
	}
	return &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Period:      1001001,
		Mappings: []*profile.Mapping{
			{Path: "/bin/app", BuildID: "abcd", Start: 0x555555555000, Limit: 0x555555556000, Offset: 0x1000, Bias: 0x555555554000},
			{Path: "/lib/libnothing.so"},
			{Path: "[vdso]", Start: 0x7ffd00000000, Limit: 0x7ffd00002000},
		},
		Samples: []profile.Sample{
			s(10, 3003003, l(0, 0x1150), l(0, 0x1185)),
			s(10, 1001001, l(0, 0x1080)),
			s(11, 1001001, l(0, 0x1300), l(0, 0x1185)),
			s(11, 1001001, l(1, 0x1a2b), l(0, 0x1185)),
			s(12, 1001001, l(2, 0x7ffd00000950)),
			s(12, 1001001, l(profile.NoMapping, 0xdead)),
		},
		Processes: []profile.Process{{RunID: 1, PID: 10, Comm: "app"}, {RunID: 1, PID: 11, Comm: "app"},
			{RunID: 1, PID: 12, Comm: "a"}, {RunID: 2, PID: 12, Comm: "b"}},
		Runs: []profile.Run{{ID: 1, Collector: "record", Start: t0, End: t0.Add(2 * time.Second), Notes: []string{"a note"}}},
	}
}

// roundTrip writes p and parses it back with pprof's own parser.
func roundTrip(t *testing.T, p *profile.Profile, sym Symbolizer) *pp.Profile {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePprof(&buf, p, sym); err != nil {
		t.Fatal(err)
	}
	if buf.Len() < 2 || buf.Bytes()[0] != 0x1f || buf.Bytes()[1] != 0x8b {
		t.Fatalf("output is not gzipped")
	}
	out, err := pp.Parse(&buf)
	if err != nil {
		t.Fatalf("pprof cannot parse what we wrote: %v", err)
	}
	if err := out.CheckValid(); err != nil {
		t.Fatal(err)
	}
	return out
}

// lines returns the "function file:line" of each Line of l, innermost first.
func lines(l *pp.Location) []string {
	var s []string
	for _, ln := range l.Line {
		s = append(s, ln.Function.Name+" "+ln.Function.SystemName+" "+ln.Function.Filename+":"+strconv.FormatInt(ln.Line, 10))
	}
	return s
}

// TestRoundTrip checks every field the conversion sets, as pprof's own
// parser reads them back.
func TestRoundTrip(t *testing.T) {
	out := roundTrip(t, sampleProfile(), appFrames)

	t.Run("types", func(t *testing.T) {
		got := []string{}
		for _, st := range out.SampleType {
			got = append(got, st.Type+"/"+st.Unit)
		}
		if want := []string{"samples/count", "cpu/nanoseconds"}; !reflect.DeepEqual(got, want) {
			t.Errorf("sample types %v, want %v", got, want)
		}
		if out.PeriodType == nil || out.PeriodType.Type != "cpu" || out.Period != 1001001 || out.DefaultSampleType != "cpu" {
			t.Errorf("period %v %d default %q", out.PeriodType, out.Period, out.DefaultSampleType)
		}
		if out.TimeNanos != t0.UnixNano() || out.DurationNanos != int64(2*time.Second) {
			t.Errorf("time %d duration %d", out.TimeNanos, out.DurationNanos)
		}
		if !reflect.DeepEqual(out.Comments, []string{"a note"}) {
			t.Errorf("comments %q", out.Comments)
		}
	})
	t.Run("samples", func(t *testing.T) {
		if len(out.Sample) != 6 {
			t.Fatalf("%d samples, want 6", len(out.Sample))
		}
		s0 := out.Sample[0]
		if !reflect.DeepEqual(s0.Value, []int64{1, 3003003}) {
			t.Errorf("values %v", s0.Value)
		}
		if s0.NumLabel["pid"][0] != 10 || s0.NumLabel["tid"][0] != 11 || s0.Label["comm"][0] != "app" {
			t.Errorf("labels %v %v", s0.NumLabel, s0.Label)
		}
		// pid 12 was "a" in run 1 and "b" in run 2: no comm label
		if c, ok := out.Sample[4].Label["comm"]; ok {
			t.Errorf("ambiguous pid 12 got comm %q", c)
		}
	})
	t.Run("locations", func(t *testing.T) {
		tests := []struct {
			name   string
			loc    *pp.Location
			addr   uint64
			lines  []string
			mapped string
		}{
			{"leaf", out.Sample[0].Location[0], 0x1150, []string{"worker worker /src/w.c:22"}, "/bin/app"},
			// the caller is exported at the call, return address - 1
			{"caller", out.Sample[0].Location[1], 0x1184, []string{"dispatch_2 dispatch_2 /src/w.c:27"}, "/bin/app"},
			{"inline", out.Sample[1].Location[0], 0x1080, []string{
				"square square /src/w.c:7", "ns::sum(int) _ZN2ns3sumEi /src/w.cc:13", "main main /src/w.c:34"}, "/bin/app"},
			{"symbols only", out.Sample[2].Location[0], 0x1300, []string{"getc getc :0"}, "/bin/app"},
			{"nothing", out.Sample[3].Location[0], 0x1a2b, nil, "/lib/libnothing.so"},
			{"vdso", out.Sample[4].Location[0], 0x7ffd00000950, nil, "[vdso]"},
			{"unmapped", out.Sample[5].Location[0], 0xdead, nil, ""},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if tt.loc.Address != tt.addr {
					t.Errorf("address %#x, want %#x", tt.loc.Address, tt.addr)
				}
				if got := lines(tt.loc); !reflect.DeepEqual(got, tt.lines) {
					t.Errorf("lines %q, want %q", got, tt.lines)
				}
				file := ""
				if tt.loc.Mapping != nil {
					file = tt.loc.Mapping.File
				}
				if file != tt.mapped {
					t.Errorf("mapping %q, want %q", file, tt.mapped)
				}
			})
		}
		// one location per distinct (mapping, address): the caller 0x1185 of
		// three samples is one location
		if a, b := out.Sample[0].Location[1], out.Sample[3].Location[1]; a != b {
			t.Errorf("caller location not shared: %d and %d", a.ID, b.ID)
		}
		if len(out.Location) != 7 {
			t.Errorf("%d locations, want 7", len(out.Location))
		}
		// main, square, ns::sum, worker, dispatch_2, getc
		if len(out.Function) != 6 {
			t.Errorf("%d functions, want 6", len(out.Function))
		}
	})
	t.Run("mappings", func(t *testing.T) {
		type flags struct{ fn, file, line, inline bool }
		tests := []struct {
			file                 string
			start, limit, offset uint64
			buildID              string
			flags                flags
		}{
			// app: runtime placement shifted back by the bias; getc has no
			// file and line, worker has: every flag is set, as pprof's own
			// symbolizer sets them when some location has that much (with
			// none set, pprof would symbolize every location again)
			{"/bin/app", 0x1000, 0x2000, 0x1000, "abcd", flags{true, true, true, true}},
			// no placement and no file to read: the identity range, and
			// nothing symbolized: no flag
			{"/lib/libnothing.so", 0, ^uint64(0), 0, "", flags{}},
			{"[vdso]", 0x7ffd00000000, 0x7ffd00002000, 0, "", flags{}},
		}
		if len(out.Mapping) != len(tests) {
			t.Fatalf("%d mappings, want %d", len(out.Mapping), len(tests))
		}
		for i, tt := range tests {
			t.Run(tt.file, func(t *testing.T) {
				m := out.Mapping[i]
				if m.File != tt.file || m.Start != tt.start || m.Limit != tt.limit || m.Offset != tt.offset || m.BuildID != tt.buildID {
					t.Errorf("mapping %+v, want %+v", *m, tt)
				}
				if got := (flags{m.HasFunctions, m.HasFilenames, m.HasLineNumbers, m.HasInlineFrames}); got != tt.flags {
					t.Errorf("flags %+v, want %+v", got, tt.flags)
				}
			})
		}
	})
}

// TestCounts checks that each unit becomes one sample with its counts.
func TestCounts(t *testing.T) {
	p := &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "calls", Unit: "count"}, {Type: "ticks", Unit: "count"}},
		Mappings:   []*profile.Mapping{{Path: "/bin/app"}},
		Units: []profile.Unit{
			{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: 0, Addr: 0x1150}, Counts: []uint64{3, 40}},
			{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: 0, Addr: 0x1300}, Counts: []uint64{0, 0}},
			{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping}, Func: "helper", File: "/src/lib.c", Line: 4, Counts: []uint64{6, 1}},
		},
	}
	out := roundTrip(t, p, appFrames)
	tests := []struct {
		name   string
		values []int64
		unit   string
		lines  []string
	}{
		{"entry", []int64{3, 40}, "function", []string{"worker worker /src/w.c:22"}},
		{"zero", []int64{0, 0}, "function", []string{"getc getc :0"}},
		{"static", []int64{6, 1}, "block", []string{"helper helper /src/lib.c:4"}},
	}
	if len(out.Sample) != len(tests) {
		t.Fatalf("%d samples, want %d", len(out.Sample), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := out.Sample[i]
			if !reflect.DeepEqual(s.Value, tt.values) || s.Label["unit"][0] != tt.unit || !reflect.DeepEqual(lines(s.Location[0]), tt.lines) {
				t.Errorf("sample %v %v %q, want %v %s %q", s.Value, s.Label, lines(s.Location[0]), tt.values, tt.unit, tt.lines)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		p    func() *profile.Profile
		want string
	}{
		{"mixed", func() *profile.Profile {
			p := sampleProfile()
			p.CountTypes = []profile.ValueType{{Type: "count", Unit: "count"}}
			p.Units = []profile.Unit{{Kind: profile.UnitLine, Counts: []uint64{1}}}
			return p
		}, "pprof export: profile holds both samples and counts: export the files of one collector at a time"},
		{"bad mapping", func() *profile.Profile {
			p := sampleProfile()
			p.Samples[2].Stack[0].Mapping = 7
			return p
		}, "pprof export: location 0x1300 refers to mapping 7 of 3"},
		{"short values", func() *profile.Profile {
			p := sampleProfile()
			p.Samples[1].Values = nil
			return p
		}, "pprof export: sample 1 has 0 values for 2 sample types"},
		{"symbolizer", func() *profile.Profile {
			p := sampleProfile()
			p.Mappings[1].Path = "/broken"
			return p
		}, "pprof export: symbolize /broken 0x1a2b: broken object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WritePprof(&buf, tt.p(), appFrames)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("WritePprof() error = %v, want %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", buf.Len())
			}
		})
	}
	if err := WritePprof(new(bytes.Buffer), func() *profile.Profile {
		p := sampleProfile()
		p.Units = []profile.Unit{{Kind: profile.UnitLine}}
		return p
	}(), nil); !errors.Is(err, ErrMixed) {
		t.Errorf("mixed profile: %v does not wrap ErrMixed", err)
	}
}

// fixture is a binary built from inline.c with the addresses the tests
// need, all read with binutils (nm, objdump, readelf), not with sonde.
type fixture struct {
	path    string
	buildID string
	syms    map[string]nmSym
	// callsToWorker are the return addresses of main's calls to worker,
	// from objdump -d (the instruction after each call).
	callsToWorker []profile.Addr
	// text is the executable PT_LOAD segment (readelf -lW): vaddr, file
	// offset and size.
	textVaddr, textOff, textSize uint64
}

type nmSym struct {
	addr, size uint64
}

func buildFixture(t *testing.T, flags ...string) *fixture {
	t.Helper()
	for _, tool := range []string{"nm", "objdump", "readelf"} {
		testprog.Require(t, tool)
	}
	path := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: append([]string{"-O2", "-g"}, flags...)})
	f := &fixture{path: path, syms: make(map[string]nmSym)}
	// nm -S: "00000000000011e0 0000000000000025 T worker"
	for _, line := range strings.Split(run(t, "nm", "-S", "--defined-only", path), "\n") {
		fs := strings.Fields(line)
		if len(fs) == 4 && (fs[2] == "T" || fs[2] == "t") {
			a, _ := strconv.ParseUint(fs[0], 16, 64)
			s, _ := strconv.ParseUint(fs[1], 16, 64)
			f.syms[fs[3]] = nmSym{a, s}
		}
	}
	for _, name := range []string{"worker", "main"} {
		if _, ok := f.syms[name]; !ok {
			t.Fatalf("nm finds no %s in %s", name, path)
		}
	}
	// objdump -d: "    10a1:\tcall   11e0 <worker>" followed by the
	// instruction at the return address.
	lines := strings.Split(run(t, "objdump", "-d", "--no-show-raw-insn", path), "\n")
	for i, line := range lines {
		if strings.Contains(line, "call") && strings.HasSuffix(line, "<worker>") && i+1 < len(lines) {
			next := strings.TrimSpace(lines[i+1])
			a, err := strconv.ParseUint(strings.TrimSuffix(strings.Fields(next)[0], ":"), 16, 64)
			if err != nil {
				t.Fatalf("objdump line %q: %v", next, err)
			}
			f.callsToWorker = append(f.callsToWorker, profile.Addr(a))
		}
	}
	// readelf -lW: "  LOAD 0x001000 0x0000000000001000 0x0000000000001000 0x00022d 0x00022d R E 0x1000"
	for _, line := range strings.Split(run(t, "readelf", "-lW", path), "\n") {
		fs := strings.Fields(line)
		if len(fs) >= 8 && fs[0] == "LOAD" && strings.Contains(strings.Join(fs[6:len(fs)-1], ""), "E") {
			f.textOff, _ = strconv.ParseUint(fs[1], 0, 64)
			f.textVaddr, _ = strconv.ParseUint(fs[2], 0, 64)
			f.textSize, _ = strconv.ParseUint(fs[5], 0, 64)
		}
	}
	// readelf -n: "    Build ID: 3f2a..."
	for _, line := range strings.Split(run(t, "readelf", "-n", path), "\n") {
		if id, ok := strings.CutPrefix(strings.TrimSpace(line), "Build ID: "); ok {
			f.buildID = id
		}
	}
	if f.textSize == 0 || f.buildID == "" {
		t.Fatalf("readelf gives no text segment or build id for %s", path)
	}
	return f
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

// nmSymbolizer names an address by the nm symbol holding it: the degraded
// symbolization of an object with a symbol table and no DWARF.
type nmSymbolizer map[string]nmSym

func (n nmSymbolizer) Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error) {
	for name, s := range n {
		if uint64(addr) >= s.addr && uint64(addr) < s.addr+s.size {
			return []symbol.Frame{{Func: name, FuncAddr: s.addr}}, nil
		}
	}
	return nil, nil
}

// fixtureProfile samples the fixture as record would: 30 samples in worker
// called from main's first call, 15 from the second, 5 in main itself.
// bias is the made-up load bias (0 for a fixed executable).
func fixtureProfile(f *fixture, bias uint64) *profile.Profile {
	const page = 4096
	m := &profile.Mapping{
		Path: f.path, BuildID: f.buildID,
		Start:  bias + f.textVaddr&^(page-1),
		Limit:  bias + f.textVaddr + f.textSize,
		Offset: f.textOff &^ (page - 1),
		Bias:   bias,
	}
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Period:      1001001,
		Mappings:    []*profile.Mapping{m},
		Runs:        []profile.Run{{ID: 1, Collector: "record"}},
	}
	add := func(n int, stack ...profile.Addr) {
		for range n {
			s := profile.Sample{Values: []int64{1, 1001001}, PID: 1, TID: 1}
			for _, a := range stack {
				s.Stack = append(s.Stack, profile.Location{Mapping: 0, Addr: a})
			}
			p.Samples = append(p.Samples, s)
		}
	}
	w, mn := profile.Addr(f.syms["worker"].addr), profile.Addr(f.syms["main"].addr)
	add(30, w+4, f.callsToWorker[0])
	add(15, w+8, f.callsToWorker[len(f.callsToWorker)-1])
	add(5, mn+1)
	return p
}

// pprofTop runs the real go tool pprof -top on file and returns flat and cum
// per function name.
func pprofTop(t *testing.T, file string, args ...string) map[string][2]int64 {
	t.Helper()
	goTool := filepath.Join(strings.TrimSpace(run(t, "go", "env", "GOROOT")), "bin", "go")
	cmd := exec.Command(goTool, append(append([]string{"tool", "pprof", "-top", "-sample_index=samples"}, args...), file)...)
	cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+t.TempDir(), "PPROF_BINARY_PATH=/nonexistent")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	rows := make(map[string][2]int64)
	in := false
	for _, line := range strings.Split(string(out), "\n") {
		fs := strings.Fields(line)
		if len(fs) >= 5 && fs[0] == "flat" {
			in = true
			continue
		}
		if !in || len(fs) < 6 {
			continue
		}
		flat, err1 := strconv.ParseInt(fs[0], 10, 64)
		cum, err2 := strconv.ParseInt(fs[3], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("pprof -top line %q", line)
		}
		rows[strings.Join(fs[5:], " ")] = [2]int64{flat, cum}
	}
	if len(rows) == 0 {
		t.Fatalf("go tool pprof -top printed no rows:\n%s", out)
	}
	t.Logf("go tool pprof -top:\n%s", out)
	return rows
}

// TestGoToolPprof writes profiles of a real binary and reads them with the
// real go tool pprof. With nm's symbols the flat values are the sample
// counts we made. With no symbols at all, pprof symbolizes the addresses
// itself from the binary through our Mapping's Start/Limit/Offset, so the
// same figures prove that pprof's address math lands on our link-time
// addresses, for a fixed executable and for a PIE placed at a made-up bias.
func TestGoToolPprof(t *testing.T) {
	testprog.Require(t, "go")
	const (
		nmSyms = iota
		sondeSyms
		pprofSyms
	)
	tests := []struct {
		name  string
		flags []string
		bias  uint64
		sym   int
	}{
		{"no-pie nm", []string{"-no-pie", "-fno-pie"}, 0, nmSyms},
		{"pie nm", []string{"-pie", "-fpie"}, 0x55aa12345000, nmSyms},
		{"no-pie sonde", []string{"-no-pie", "-fno-pie"}, 0, sondeSyms},
		{"pie sonde", []string{"-pie", "-fpie"}, 0x55aa12345000, sondeSyms},
		{"no-pie pprof symbolizes", []string{"-no-pie", "-fno-pie"}, 0, pprofSyms},
		{"pie pprof symbolizes", []string{"-pie", "-fpie"}, 0x55aa12345000, pprofSyms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := buildFixture(t, tt.flags...)
			if len(f.callsToWorker) == 0 {
				t.Fatalf("objdump finds no call to worker in %s", f.path)
			}
			var sym Symbolizer
			switch tt.sym {
			case nmSyms:
				sym = nmSymbolizer(f.syms)
			case sondeSyms:
				cache := symbol.NewCache(nil)
				defer cache.Close()
				var warn strings.Builder
				defer func() {
					if warn.Len() > 0 {
						t.Errorf("symbolizer warnings: %s", warn.String())
					}
				}()
				sym = report.NewSymbolizer(cache, &warn)
			}
			file := filepath.Join(t.TempDir(), "prof.pb.gz")
			var buf bytes.Buffer
			if err := WritePprof(&buf, fixtureProfile(f, tt.bias), sym); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			rows := pprofTop(t, file)
			// worker: 30+15 leaf samples; main: 5 leaf, 50 cum (it calls worker)
			if got := rows["worker"]; got != [2]int64{45, 45} {
				t.Errorf("worker flat, cum = %v, want [45 45]", got)
			}
			switch tt.sym {
			case pprofSyms:
				// go tool pprof's own symbolizer (cmd/internal/objfile) does
				// not find gcc's main in .text.startup, so only worker
				// proves the address math there.
				return
			case sondeSyms:
				// with inline frames, main's calls to worker sit in inlined
				// dispatch_1 and dispatch_2: pprof lists those as
				// "NAME (inline)" with the cum of the calls inside them,
				// whatever llvm-symbolizer says is innermost at each call.
				calls := []uint64{uint64(f.callsToWorker[0]) - 1, uint64(f.callsToWorker[len(f.callsToWorker)-1]) - 1}
				answers, err := oracle.LLVMSymbolizer(t, f.path, calls, oracle.LLVMOptions{Inlining: true})
				if err != nil {
					t.Fatal(err)
				}
				want := make(map[string]int64)
				for i, n := range []int64{30, 15} {
					if fs := answers[i].Frames; len(fs) > 1 {
						want[fs[0].Func+" (inline)"] += n
					}
				}
				for name, cum := range want {
					if got := rows[name]; got != [2]int64{0, cum} {
						t.Errorf("%s flat, cum = %v, want [0 %d]", name, got, cum)
					}
				}
			}
			if got := rows["main"]; got != [2]int64{5, 50} {
				t.Errorf("main flat, cum = %v, want [5 50]", got)
			}
		})
	}
}

// TestAggregate checks that samples with the same stack and labels are
// written as one with summed values, and that a different stack, tid or
// expression value keeps samples apart. The truth is counted by hand from
// the samples below.
func TestAggregate(t *testing.T) {
	p := sampleProfile()
	p.Exprs = []profile.ExprDef{{Spec: "app@worker@n", Prog: "app", Func: "worker", Expr: "n"}}
	l := func(a profile.Addr) profile.Location { return profile.Location{Mapping: 0, Addr: a} }
	s := func(tid int32, v int64, n float64, st ...profile.Location) profile.Sample {
		return profile.Sample{Stack: st, Values: []int64{1, v}, PID: 10, TID: tid,
			Exprs: []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: n}}}
	}
	p.Samples = []profile.Sample{
		s(11, 1000, 1, l(0x1150), l(0x1185)),
		s(11, 2000, 1, l(0x1150), l(0x1185)),  // same as the first
		s(12, 4000, 1, l(0x1150), l(0x1185)),  // another thread
		s(11, 8000, 2, l(0x1150), l(0x1185)),  // another value of n
		s(11, 16000, 1, l(0x1150)),            // another stack
		s(11, 32000, 1, l(0x1150), l(0x1185)), // same as the first
		s(11, 64000, 1, l(0x1151), l(0x1185)), // another leaf address
	}
	out := roundTrip(t, p, appFrames)
	type key struct {
		tid, n int64
		stack  string
	}
	got := map[key][]int64{}
	for _, ps := range out.Sample {
		var st []string
		for _, loc := range ps.Location {
			st = append(st, strconv.FormatUint(loc.Address, 16))
		}
		k := key{ps.NumLabel["tid"][0], ps.NumLabel["app@worker@n"][0], strings.Join(st, ",")}
		if _, dup := got[k]; dup {
			t.Errorf("two samples %+v", k)
		}
		got[k] = ps.Value
	}
	want := map[key][]int64{
		{11, 1, "1150,1184"}: {3, 35000},
		{12, 1, "1150,1184"}: {1, 4000},
		{11, 2, "1150,1184"}: {1, 8000},
		{11, 1, "1150"}:      {1, 16000},
		{11, 1, "1151,1184"}: {1, 64000},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("samples %v, want %v", got, want)
	}
}
