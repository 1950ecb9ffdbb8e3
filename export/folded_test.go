package export

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/report"
	"sonde/symbol"
)

// parseFolded reads collapsed stacks back into stack -> weight, failing on
// any malformed line.
func parseFolded(t *testing.T, out string) map[string]int64 {
	t.Helper()
	got := make(map[string]int64)
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		i := strings.LastIndexByte(line, ' ')
		if i <= 0 {
			t.Fatalf("folded line %q has no weight", line)
		}
		n, err := strconv.ParseInt(line[i+1:], 10, 64)
		if err != nil {
			t.Fatalf("folded line %q: %v", line, err)
		}
		if _, dup := got[line[:i]]; dup {
			t.Fatalf("folded stack %q printed twice", line[:i])
		}
		got[line[:i]] = n
	}
	return got
}

// TestFoldedTable checks the layout on the synthetic profile, whose stacks
// are written out by hand from sampleProfile's comments and appFrames.
func TestFoldedTable(t *testing.T) {
	var b bytes.Buffer
	if err := WriteFolded(&b, sampleProfile(), appFrames); err != nil {
		t.Fatal(err)
	}
	got := parseFolded(t, b.String())
	want := map[string]int64{
		"dispatch_2;worker":               1, // 0x1185-1 = 0x1184 is dispatch_2's call
		"main;ns::sum(int);square":        1, // inline frames, demangled, root first
		"dispatch_2;getc":                 1,
		"dispatch_2;libnothing.so+0x1a2b": 1,
		"[vdso]@0x7ffd00000950":           1,
		"[unmapped]@0xdead":               1,
	}
	if len(got) != len(want) {
		t.Errorf("got %d stacks, want %d:\n%s", len(got), len(want), b.String())
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("stack %q weight %d, want %d\n%s", k, got[k], v, b.String())
		}
	}
	// sorted lines make the output deterministic
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if !sort.StringsAreSorted(lines) {
		t.Errorf("lines are not sorted:\n%s", b.String())
	}
}

// TestFoldedFixture writes the folded stacks of a profile of the real
// inline.c binary symbolized by sonde, and compares them with the stacks
// built from llvm-symbolizer --inlining's answers for the same addresses
// (leaf at its address, callers at return address - 1).
func TestFoldedFixture(t *testing.T) {
	testprog.Require(t, "llvm-symbolizer")
	f := buildFixture(t, "-no-pie", "-fno-pie")
	p := fixtureProfile(f, 0)
	cache := symbol.NewCache(nil)
	defer cache.Close()
	var b bytes.Buffer
	if err := WriteFolded(&b, p, report.NewSymbolizer(cache, nil)); err != nil {
		t.Fatal(err)
	}
	got := parseFolded(t, b.String())

	// the oracle's stacks, root first, from the same samples
	want := make(map[string]int64)
	for _, s := range p.Samples {
		var addrs []uint64
		for j, l := range s.Stack {
			a := uint64(l.Addr)
			if j > 0 {
				a--
			}
			addrs = append(addrs, a)
		}
		answers, err := oracle.LLVMSymbolizer(t, f.path, addrs, oracle.LLVMOptions{Inlining: true})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for j := len(answers) - 1; j >= 0; j-- {
			fs := answers[j].Frames
			for k := len(fs) - 1; k >= 0; k-- {
				names = append(names, fs[k].Func)
			}
		}
		want[strings.Join(names, ";")] += s.Values[0]
	}
	t.Logf("folded:\n%s", b.String())
	if len(got) != len(want) {
		t.Errorf("got %d stacks, llvm-symbolizer gives %d: %v", len(got), len(want), want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("stack %q: weight %d, want %d (llvm-symbolizer)", k, got[k], v)
		}
	}
	// 30 + 15 samples end in worker (fixtureProfile's construction)
	var worker int64
	for k, v := range got {
		if strings.HasSuffix(k, ";worker") {
			worker += v
		}
	}
	if worker != 45 {
		t.Errorf("stacks ending in worker weigh %d, want 45", worker)
	}
}

// TestFoldedCounts: a counting profile folds to one stack per unit that
// ran, weighted by its count.
func TestFoldedCounts(t *testing.T) {
	p := &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Mappings:   []*profile.Mapping{{Path: "/bin/app"}},
		Units: []profile.Unit{
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x1150}, Counts: []uint64{3000}},
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x1080}, Counts: []uint64{7}},
			{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping}, Func: "helper", File: "/src/lib.c", Line: 3, Counts: []uint64{5}},
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x1300}, Counts: []uint64{0}},
		},
	}
	var b bytes.Buffer
	if err := WriteFolded(&b, p, appFrames); err != nil {
		t.Fatal(err)
	}
	want := "helper 5\nmain;ns::sum(int);square 7\nworker 3000\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestFoldedErrors(t *testing.T) {
	p := sampleProfile()
	p.Samples[0].Stack[0].Mapping = 7
	err := WriteFolded(&bytes.Buffer{}, p, appFrames)
	if err == nil || !strings.Contains(err.Error(), "folded export: location 0x1150 refers to mapping 7 of 3") {
		t.Errorf("error = %v", err)
	}
	p = sampleProfile()
	p.Mappings = append(p.Mappings, &profile.Mapping{Path: "/broken"})
	p.Samples[0].Stack[0].Mapping = 3
	if err := WriteFolded(&bytes.Buffer{}, p, appFrames); err == nil || !strings.Contains(err.Error(), "broken object") {
		t.Errorf("error = %v, want the symbolizer's wrapped", err)
	}
}
