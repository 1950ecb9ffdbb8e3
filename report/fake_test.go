package report

import (
	"errors"
	"time"

	"sonde/profile"
	"sonde/symbol"
)

// fakeSymbolizer answers from a table of (object, address) -> frames and
// records what it was asked, so tests see which addresses views look up.
type fakeSymbolizer struct {
	frames map[fakeKey][]symbol.Frame
	fail   map[fakeKey]bool // addresses whose lookup fails
	asked  map[fakeKey]int
}

type fakeKey struct {
	path string
	addr profile.Addr
}

var errFake = errors.New("fake symbolizer: broken")

func (f *fakeSymbolizer) Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error) {
	k := fakeKey{m.Path, addr}
	if f.asked == nil {
		f.asked = make(map[fakeKey]int)
	}
	f.asked[k]++
	if f.fail[k] {
		return nil, errFake
	}
	return f.frames[k], nil
}

// Paths of the synthetic objects.
const (
	appPath  = "/usr/local/bin/app"              // full DWARF
	libcPath = "/lib/x86_64-linux-gnu/libc.so.6" // symbols only
	fooPath  = "/opt/foo/libfoo.so"              // nothing at all
	kernel   = "[kernel.kallsyms]"
	vdso     = "[vdso]"
)

// The synthetic objects' functions, laid out as gcc -O2 lays out the
// inline.c fixture: worker is out of line, square and sum_squares are
// inlined into main.
var fakeFrames = map[fakeKey][]symbol.Frame{
	// worker's loop
	{appPath, 0x1150}: {{Func: "worker", File: "/src/inline.c", Line: 22, Column: 3, FuncAddr: 0x1140}},
	{appPath, 0x1158}: {{Func: "worker", File: "/src/inline.c", Line: 21, Column: 9, FuncAddr: 0x1140}},
	// the call instructions in dispatch_2 and dispatch_1 (return address - 1)
	{appPath, 0x1184}: {{Func: "dispatch_2", File: "/src/inline.c", Line: 27, FuncAddr: 0x1180}},
	{appPath, 0x1174}: {{Func: "dispatch_1", File: "/src/inline.c", Line: 26, FuncAddr: 0x1170}},
	// calls in main
	{appPath, 0x10a4}: {{Func: "main", File: "/src/inline.c", Line: 35, FuncAddr: 0x1060}},
	{appPath, 0x10b4}: {{Func: "main", File: "/src/inline.c", Line: 35, FuncAddr: 0x1060}},
	{appPath, 0x10c4}: {{Func: "main", File: "/src/inline.c", Line: 36, FuncAddr: 0x1060}},
	// square inlined into sum_squares inlined into main
	{appPath, 0x1080}: {
		{Func: "square", File: "/src/inline.c", Line: 7, Inlined: true, FuncAddr: 0x1060},
		{Func: "sum_squares", File: "/src/inline.c", Line: 13, Inlined: true, FuncAddr: 0x1060},
		{Func: "main", File: "/src/inline.c", Line: 34, FuncAddr: 0x1060},
	},
	// a C++ method, mangled as DWARF's linkage name spells it
	{appPath, 0x1200}: {{Func: "_ZN3Foo3barEv", File: "/src/foo.cc", Line: 5, FuncAddr: 0x11f0}},
	// never executed
	{appPath, 0x1300}: {{Func: "unused", File: "/src/inline.c", Line: 40, FuncAddr: 0x1300}},
	{appPath, 0x1308}: {{Func: "unused", File: "/src/inline.c", Line: 41, FuncAddr: 0x1300}},
	// a static function whose name libc has too
	{appPath, 0x1400}:  {{Func: "init", File: "/src/init.c", Line: 2, FuncAddr: 0x1400}},
	{libcPath, 0x1000}: {{Func: "init", FuncAddr: 0x1000}},
	// libc has a symbol table and no DWARF
	{libcPath, 0x8a010}: {{Func: "getc", FuncAddr: 0x8a000}},
	{libcPath, 0x8a00f}: {{Func: "getc", FuncAddr: 0x8a000}}, // a call inside getc
	{libcPath, 0x29d8f}: {{Func: "__libc_start_call_main", FuncAddr: 0x29d10}},
}

func newFake() *fakeSymbolizer { return &fakeSymbolizer{frames: fakeFrames} }

var t0 = time.Date(2026, 11, 22, 11, 0, 0, 0, time.UTC)

const period = 1001001 // ns, 999 Hz

// loc is a shorthand for a Location.
func loc(m int32, a profile.Addr) profile.Location { return profile.Location{Mapping: m, Addr: a} }

// samplesProfile is a record profile over five mappings and unmapped
// memory: 20 samples of 1001001 ns.
//
// Leaves: worker 0x1150 ×6 (4 via dispatch_2, 2 via dispatch_1), worker
// 0x1158 ×2 (via dispatch_2), inlined square ×4, getc ×3, libfoo ×2,
// kernel ×1, vdso ×1, unmapped ×1; total 20.
func samplesProfile() *profile.Profile {
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Period:      period,
		Mappings: []*profile.Mapping{
			{Path: appPath, BuildID: "aa01", Start: 0x401000, Limit: 0x402000, Offset: 0x1000, Bias: 0x400000},
			{Path: libcPath, BuildID: "cc02", Start: 0x7f0000028000, Limit: 0x7f000017d000, Offset: 0x28000, Bias: 0x7f0000000000},
			{Path: fooPath, Start: 0x7f1000001000, Limit: 0x7f1000002000, Offset: 0x1000, Bias: 0x7f1000000000},
			{Path: kernel},
			{Path: vdso, Start: 0x7ffd00000000, Limit: 0x7ffd00002000},
		},
		Runs:      []profile.Run{{ID: 1, Collector: "record", Command: []string{"app"}, Start: t0, End: t0.Add(time.Second), Lost: 2}},
		Processes: []profile.Process{{RunID: 1, PID: 100, Comm: "app", Exe: appPath, Ended: "exit 0"}},
	}
	add := func(n int, stack ...profile.Location) {
		for range n {
			p.Samples = append(p.Samples, profile.Sample{
				Stack: stack, Values: []int64{1, period}, PID: 100, TID: 100,
				Time: t0.Add(time.Duration(len(p.Samples)) * 10 * time.Millisecond).UnixNano(),
			})
		}
	}
	start := loc(1, 0x29d90) // return address into __libc_start_call_main
	add(4, loc(0, 0x1150), loc(0, 0x1185), loc(0, 0x10c5), start)
	add(2, loc(0, 0x1150), loc(0, 0x1175), loc(0, 0x10b5), start)
	add(2, loc(0, 0x1158), loc(0, 0x1185), loc(0, 0x10c5), start)
	add(4, loc(0, 0x1080), start)
	add(3, loc(1, 0x8a010), loc(0, 0x10a5), start)
	add(2, loc(2, 0x1a2b), loc(0, 0x10a5), start)
	add(1, loc(3, 0xffffffff81000100), loc(1, 0x8a010), loc(0, 0x10a5), start)
	add(1, loc(4, 0x7ffd00000950), loc(0, 0x10a5), start)
	add(1, loc(profile.NoMapping, 0x7f00deadbeef))
	return p
}

// mergedProfile is two record runs merged by profile.Merge, as the reader
// merges files: run 1 is samplesProfile's first 12 samples (two processes),
// run 2 has 6 samples of C++ code and 2 with no stack, from two processes
// (one reusing pid 100), with app at another mapping index and placement.
func mergedProfile() *profile.Profile {
	p1 := samplesProfile()
	p1.Samples = p1.Samples[:12]
	p1.Runs[0].Notes = []string{"no frame pointers in app: used dwarf unwinding"}
	p1.Processes = append(p1.Processes, profile.Process{RunID: 1, PID: 101, PPID: 100, Comm: "app"})
	p2 := &profile.Profile{
		SampleTypes: p1.SampleTypes,
		Period:      period,
		Mappings: []*profile.Mapping{
			{Path: libcPath, BuildID: "cc02", Start: 0x7f1100028000, Limit: 0x7f110017d000, Offset: 0x28000, Bias: 0x7f1100000000},
			{Path: appPath, BuildID: "aa01", Start: 0x55aa00001000, Limit: 0x55aa00002000, Offset: 0x1000, Bias: 0x55aa00000000},
		},
		Runs: []profile.Run{{ID: 2, Collector: "record", Start: t0.Add(time.Hour), End: t0.Add(time.Hour + time.Second), Lost: 3,
			Notes: []string{"no frame pointers in app: used dwarf unwinding"}}},
		Processes: []profile.Process{
			{RunID: 2, PID: 100, Comm: "app"}, // pid reused by the second run
			{RunID: 2, PID: 102, PPID: 100, Comm: "app"},
		},
	}
	for i := range 6 {
		p2.Samples = append(p2.Samples, profile.Sample{Stack: []profile.Location{loc(1, 0x1200), loc(1, 0x10a5)},
			Values: []int64{1, period}, PID: 102, TID: 103, Time: t0.Add(time.Hour + time.Duration(i)*time.Millisecond).UnixNano()})
	}
	for range 2 {
		p2.Samples = append(p2.Samples, profile.Sample{Values: []int64{1, period}, PID: 100, TID: 100, Time: t0.Add(time.Hour).UnixNano()})
	}
	p, err := profile.Merge(p1, p2)
	if err != nil {
		panic(err) // the fixtures are fixed: a failure is a bug in Merge
	}
	return p
}

// linesProfile is a count profile of line units in app and libfoo: worker's
// lines ran 3000 and 3001 times, main's line 35 twice, unused's two lines
// never, and a libfoo address with no symbols 7 times.
func linesProfile() *profile.Profile {
	u := func(a profile.Addr, m int32, c uint64) profile.Unit {
		return profile.Unit{Kind: profile.UnitLine, Loc: loc(m, a), Counts: []uint64{c}}
	}
	return &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Mappings: []*profile.Mapping{
			{Path: appPath, BuildID: "aa01"},
			{Path: fooPath},
		},
		Units: []profile.Unit{
			u(0x1150, 0, 3000), u(0x1158, 0, 3001), u(0x10a4, 0, 2), u(0x1080, 0, 1000),
			u(0x1300, 0, 0), u(0x1308, 0, 0), u(0x1a2b, 1, 7),
		},
		Runs:      []profile.Run{{ID: 7, Collector: "count", Start: t0, End: t0.Add(time.Second)}},
		Processes: []profile.Process{{RunID: 7, PID: 200, Comm: "app"}},
	}
}

// functionsProfile is a count profile with function units (entry counts)
// and block units in app, and static positions from compiler
// instrumentation with no address: worker entered 3 times, dispatch_1 and
// dispatch_2 once each, unused never; blocks of worker sum to 3003.
func functionsProfile() *profile.Profile {
	fn := func(a profile.Addr, c uint64) profile.Unit {
		return profile.Unit{Kind: profile.UnitFunction, Loc: loc(0, a), Counts: []uint64{c, 0}}
	}
	return &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "calls", Unit: "count"}, {Type: "ticks", Unit: "count"}},
		Mappings:   []*profile.Mapping{{Path: appPath, BuildID: "aa01"}},
		Units: []profile.Unit{
			fn(0x1150, 3), fn(0x1174, 1), fn(0x1184, 1), fn(0x1300, 0),
			// the entry of main is the first instruction of inlined square
			fn(0x1080, 1),
			{Kind: profile.UnitBlock, Loc: loc(0, 0x1150), Counts: []uint64{3000, 0}},
			{Kind: profile.UnitBlock, Loc: loc(0, 0x1158), Counts: []uint64{3, 0}},
			// compiler-instrumented units with static positions only
			{Kind: profile.UnitBlock, Loc: loc(profile.NoMapping, 0), Scope: "lib.c", Index: 0, Func: "helper", File: "/src/lib.c", Line: 3, Counts: []uint64{5, 9}},
			{Kind: profile.UnitBlock, Loc: loc(profile.NoMapping, 0), Scope: "lib.c", Index: 1, Func: "helper", File: "/src/lib.c", Line: 4, Counts: []uint64{6, 1}},
			{Kind: profile.UnitBlock, Loc: loc(profile.NoMapping, 0), Scope: "lib.c", Index: 2, Func: "cold", File: "/src/lib.c", Line: 9, Counts: []uint64{0, 0}},
		},
		Runs: []profile.Run{
			{ID: 1, Collector: "attrib", Start: t0, End: t0.Add(time.Second)},
			{ID: 2, Collector: "attrib", Start: t0.Add(time.Minute), End: t0.Add(time.Minute + time.Second)},
		},
		Processes: []profile.Process{{RunID: 1, PID: 300, Comm: "app"}, {RunID: 2, PID: 301, Comm: "app"}},
	}
}

// twoInitsProfile has 3 samples in app's init and 1 in libc's init.
func twoInitsProfile() *profile.Profile {
	p := &profile.Profile{Mappings: []*profile.Mapping{{Path: appPath}, {Path: libcPath}}}
	for _, l := range []profile.Location{loc(0, 0x1400), loc(0, 0x1400), loc(0, 0x1400), loc(1, 0x1000)} {
		p.Samples = append(p.Samples, profile.Sample{Stack: []profile.Location{l}})
	}
	return p
}
