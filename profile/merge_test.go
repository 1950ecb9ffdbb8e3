package profile

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	pprof "github.com/google/pprof/profile"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

var cpuTypes = []ValueType{{"samples", "count"}, {"cpu", "nanoseconds"}}

// randomProfile returns a sampling profile of one run whose mappings are a
// random subset of objects, in random order, at random placements (as ASLR
// would place them), with link-time addresses drawn from a small set so that
// profiles share locations.
func randomProfile(rng *rand.Rand, run uint64) *Profile {
	objects := []Mapping{
		{Path: "/bin/prog", BuildID: "aa01"},
		{Path: "/lib/libc.so.6", BuildID: "bb02"},
		{Path: "/lib/libm.so.6", BuildID: "cc03"},
		{Path: "/lib/libc.so.6", BuildID: "dd04"}, // same path, other build: another object
		{Path: "[vdso]"},
	}
	p := &Profile{SampleTypes: cpuTypes, Period: 1000000 * int64(1+rng.IntN(3))}
	for _, i := range rng.Perm(len(objects))[:2+rng.IntN(4)] {
		m := objects[i]
		m.Bias = uint64(rng.IntN(1<<20)) << 12
		m.Start = 0x1000 + m.Bias
		m.Limit = m.Start + 0x100000
		p.Mappings = append(p.Mappings, &m)
	}
	for range 50 + rng.IntN(50) {
		var s Sample
		for range rng.IntN(6) {
			l := Location{Mapping: int32(rng.IntN(len(p.Mappings)+1)) - 1, Addr: Addr(0x1000 + 0x10*rng.IntN(8))}
			s.Stack = append(s.Stack, l)
		}
		s.Values = []int64{1, int64(rng.IntN(5000))}
		s.PID = int32(100 + rng.IntN(3))
		s.TID = s.PID
		p.Samples = append(p.Samples, s)
	}
	p.Runs = []Run{{ID: run, Collector: "record"}}
	p.Processes = []Process{{RunID: run, PID: 100}}
	return p
}

// toPprof converts a sampling profile to pprof's model, with mappings at
// [0, 2^48) so that pprof keys them by file and build ID alone (our
// addresses are link-time already) and a location per (mapping, address).
func toPprof(p *Profile) *pprof.Profile {
	out := &pprof.Profile{Period: p.Period, PeriodType: &pprof.ValueType{Type: "cpu", Unit: "nanoseconds"}}
	for _, t := range p.SampleTypes {
		out.SampleType = append(out.SampleType, &pprof.ValueType{Type: t.Type, Unit: t.Unit})
	}
	for i, m := range p.Mappings {
		out.Mapping = append(out.Mapping, &pprof.Mapping{ID: uint64(i + 1), Start: 0, Limit: 1 << 48, File: m.Path, BuildID: m.BuildID})
	}
	unmapped := &pprof.Mapping{ID: uint64(len(p.Mappings) + 1), Start: 0, Limit: 1 << 48, File: "[none]"}
	out.Mapping = append(out.Mapping, unmapped)
	locs := map[Location]*pprof.Location{}
	for _, s := range p.Samples {
		ps := &pprof.Sample{Value: append([]int64(nil), s.Values...)}
		for _, l := range s.Stack {
			pl := locs[l]
			if pl == nil {
				m := unmapped
				if l.Mapping != NoMapping {
					m = out.Mapping[l.Mapping]
				}
				pl = &pprof.Location{ID: uint64(len(out.Location) + 1), Mapping: m, Address: uint64(l.Addr)}
				locs[l] = pl
				out.Location = append(out.Location, pl)
			}
			ps.Location = append(ps.Location, pl)
		}
		out.Sample = append(out.Sample, ps)
	}
	return out
}

// stackTotals sums sample values by stack, each frame named by its
// mapping's file and build ID and its address.
func stackTotals(p *pprof.Profile) map[string][2]int64 {
	out := map[string][2]int64{}
	for _, s := range p.Sample {
		var k strings.Builder
		for _, l := range s.Location {
			fmt.Fprintf(&k, "%s@%s:%#x;", l.Mapping.File, l.Mapping.BuildID, l.Address)
		}
		v := out[k.String()]
		v[0] += s.Value[0]
		v[1] += s.Value[1]
		out[k.String()] = v
	}
	return out
}

// TestMergeAgainstPprof merges random profiles with Merge and, as an
// oracle, with pprof's profile.Merge of the same profiles converted to
// pprof's model; the totals per stack must agree, and so must the period.
func TestMergeAgainstPprof(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			var ps []*Profile
			var pps []*pprof.Profile
			for i := range 1 + rng.IntN(4) {
				p := randomProfile(rng, uint64(i+1))
				ps = append(ps, p)
				pps = append(pps, toPprof(p))
			}
			got, err := Merge(ps...)
			if err != nil {
				t.Fatal(err)
			}
			if err := got.CheckValid(); err != nil {
				t.Fatal(err)
			}
			oracle, err := pprof.Merge(pps)
			if err != nil {
				t.Fatal(err)
			}
			g, w := stackTotals(toPprof(got)), stackTotals(oracle)
			if len(g) != len(w) {
				t.Errorf("%d distinct stacks, pprof has %d", len(g), len(w))
			}
			for k, v := range w {
				if g[k] != v {
					t.Errorf("stack %s: %v, pprof %v", k, g[k], v)
				}
			}
			if got.Period != oracle.Period {
				t.Errorf("period %d, pprof %d", got.Period, oracle.Period)
			}
			// Mappings are deduplicated by key, as pprof does (pprof also
			// drops unused ones, hence <=).
			keys := map[MappingKey]bool{}
			for _, m := range got.Mappings {
				if keys[m.Key()] {
					t.Errorf("mapping %v twice", m.Key())
				}
				keys[m.Key()] = true
			}
			if n := len(got.Samples); n != sumLen(ps) {
				t.Errorf("%d samples, want the %d of the inputs", n, sumLen(ps))
			}
		})
	}
}

func sumLen(ps []*Profile) int {
	n := 0
	for _, p := range ps {
		n += len(p.Samples)
	}
	return n
}

// countingProfile is a profile of an instrumented program: units of a.c
// (no address) and of a mapped object (with address).
func countingProfile(run uint64, pid int32, counts ...uint64) *Profile {
	p := &Profile{
		CountTypes: []ValueType{{"count", "count"}},
		Mappings:   []*Mapping{{Path: "/tmp/a.out", BuildID: "0011", Start: 0x555500000000 + uint64(pid)<<12}},
		Runs:       []Run{{ID: run, Collector: "cc", Start: time.Unix(1700000000+int64(run), 0).UTC()}},
		Processes:  []Process{{RunID: run, PID: pid, Comm: "a.out"}},
	}
	for i, c := range counts {
		u := Unit{Kind: UnitLine, Loc: Location{Mapping: NoMapping}, Scope: "a.c", Index: i, Func: "main", File: "a.c", Line: 3 + i, Counts: []uint64{c}}
		if i == len(counts)-1 {
			u = Unit{Kind: UnitFunction, Loc: Location{Mapping: 0, Addr: 0x1139}, Func: "worker", Counts: []uint64{c}}
		}
		p.Units = append(p.Units, u)
	}
	return p
}

func TestMerge(t *testing.T) {
	rec := func(run uint64) *Profile {
		return &Profile{SampleTypes: cpuTypes, Period: 1000,
			Mappings: []*Mapping{{Path: "/tmp/a.out", BuildID: "0011"}},
			Samples:  []Sample{{Stack: []Location{{Mapping: 0, Addr: 0x1139}}, Values: []int64{1, 1000}, PID: 7}},
			Runs:     []Run{{ID: run, Collector: "record"}}}
	}
	tests := []struct {
		name    string
		in      []*Profile
		golden  string // file under testdata/ with the String dump
		wantErr string
	}{
		// Unit counts: 1+10 = 11, 2+20 = 22, 3+30 = 33 (arithmetic).
		{name: "counts add by unit key", in: []*Profile{countingProfile(1, 10, 1, 2, 3), countingProfile(2, 11, 10, 20, 30)}, golden: "merge_counts.golden"},
		// The same run merged twice is listed once, but its counts add, as
		// samples would: Merge cannot tell a duplicate from a repeat.
		{name: "same run twice", in: []*Profile{countingProfile(1, 10, 1, 2, 3), countingProfile(1, 10, 1, 2, 3)}, golden: "merge_same_run.golden"},
		{name: "sampling and counting", in: []*Profile{rec(5), countingProfile(1, 10, 1, 2, 3), nil}, golden: "merge_mixed.golden"},
		{name: "sample types differ", in: []*Profile{rec(1), {SampleTypes: []ValueType{{"ticks", "count"}}}},
			wantErr: "merge profiles: sample types differ: profile 0 has [samples/count cpu/nanoseconds], profile 1 has [ticks/count]"},
		{name: "count types differ", in: []*Profile{countingProfile(1, 1, 1), {CountTypes: []ValueType{{"calls", "count"}}}},
			wantErr: "merge profiles: count types differ: profile 0 has [count/count], profile 1 has [calls/count]"},
		{name: "bad mapping index", in: []*Profile{{SampleTypes: cpuTypes, Samples: []Sample{{Stack: []Location{{Mapping: 3}}, Values: []int64{1, 1}}}}},
			wantErr: "merge profiles: profile 0: mapping index 3 out of range [0,0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := make([]string, len(tt.in))
			for i, p := range tt.in {
				if p != nil {
					before[i] = p.String()
				}
			}
			got, err := Merge(tt.in...)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := got.CheckValid(); err != nil {
				t.Error(err)
			}
			for i, p := range tt.in {
				if p != nil && p.String() != before[i] {
					t.Errorf("Merge modified input %d", i)
				}
			}
			checkGolden(t, "testdata/"+tt.golden, got.String())
		})
	}
}

// checkGolden compares got with the golden file (go test -update
// rewrites it).
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- want\n%s--- got\n%s", path, want, got)
	}
}

// BenchmarkMerge2x500k merges two profiles of 500,000 samples with
// 10-frame stacks, as ReadFiles does for two data files.
func BenchmarkMerge2x500k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	mk := func() *Profile {
		p := &Profile{SampleTypes: cpuTypes, Mappings: []*Mapping{{Path: "/bin/a"}, {Path: "/lib/libc.so.6"}}}
		locs := make([]Location, 500_000*10)
		vals := make([]int64, 500_000*2)
		p.Samples = make([]Sample, 500_000)
		for i := range p.Samples {
			st := locs[i*10 : i*10+10]
			for j := range st {
				st[j] = Location{Mapping: int32(rng.IntN(2)), Addr: Addr(rng.IntN(1 << 16))}
			}
			p.Samples[i] = Sample{Stack: st, Values: vals[i*2 : i*2+2]}
		}
		return p
	}
	a, c := mk(), mk()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Merge(a, c); err != nil {
			b.Fatal(err)
		}
	}
}
