package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/profile"
	"sonde/profile/datafile"
)

// branchProfile is max.c as sonde cc counts it, with its listing's flow
// (the same shape as export's): b1 (line 5) taken once and not taken
// 99999 times, b2 (line 6) taken 99995 and not taken 4 times, and a
// function never() whose jump on line 12 never ran; b8 (line 20) enters
// the one-block loop b9 (line 21) or jumps past it to b10, so that the
// ports of b9 and b10 make a cycle and the split is left open (only b9's
// taken way, at least 2, is decided).
func branchProfile(src string) *profile.Profile {
	type b struct {
		fn    string
		line  int
		count uint64
		flow  profile.BlockFlow
	}
	blocks := []b{
		{"max", 3, 1, profile.BlockFlow{Jump: -1, Fall: 1, Entered: true}},
		{"max", 5, 100000, profile.BlockFlow{Jump: 4, Fall: 2, Cond: true}},
		{"max", 6, 99999, profile.BlockFlow{Jump: 1, Fall: 3, Cond: true}},
		{"max", 7, 4, profile.BlockFlow{Jump: 1, Fall: -1}},
		{"max", 8, 1, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}},
		{"never", 12, 0, profile.BlockFlow{Jump: 7, Fall: 6, Cond: true, Entered: true}},
		{"never", 13, 0, profile.BlockFlow{Jump: -1, Fall: 7}},
		{"never", 14, 0, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}},
		{"open", 20, 10, profile.BlockFlow{Jump: 10, Fall: 9, Cond: true, Entered: true}},
		{"open", 21, 12, profile.BlockFlow{Jump: 9, Fall: 10, Cond: true}},
		{"open", 22, 10, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}},
	}
	p := &profile.Profile{CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Runs: []profile.Run{{ID: 1, Collector: "cc"}}}
	l := profile.Listing{}
	for i, bl := range blocks {
		p.Units = append(p.Units, profile.Unit{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: src, Index: i, Func: bl.fn, File: src, Line: bl.line, Instrs: 1, Counts: []uint64{bl.count}})
		bl.flow.HasFlow = true
		l.Blocks = append(l.Blocks, profile.ListingBlock{Func: bl.fn, Flow: bl.flow,
			Instrs: []profile.ListingInstr{{File: src, Line: bl.line, Text: "x"}}})
	}
	l.Hash = datafile.UnitsHash(p.Units)
	p.Listings = []profile.Listing{l}
	return p
}

// TestBranchesView: the --branches view and the marks of --lines, written
// out by hand from branchProfile's comment.
func TestBranchesView(t *testing.T) {
	src := filepath.Join(t.TempDir(), "max.c")
	var text []string
	for i := 1; i <= 22; i++ {
		text = append(text, "l"+string(rune('a'+i-1)))
	}
	if err := os.WriteFile(src, []byte(strings.Join(text, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := branchProfile(src)
	var b bytes.Buffer
	if err := Write(&b, p, nil, &Options{View: ViewBranches}); err != nil {
		t.Fatal(err)
	}
	got := b.String()[strings.Index(b.String(), "branches:"):]
	want := `branches: 5 of 7 ways taken (71.4%), 5 conditional jumps; 3 ways not determined by the block counts
max.c:5   max    taken 1  not taken 99999
max.c:6   max    taken 99995  not taken 4
max.c:12  never  taken 0 (never)  not taken 0 (never)
max.c:20  open   taken 0..10  not taken 0..10
max.c:21  open   taken 2..12  not taken 0..10
`
	if got != want {
		t.Errorf("--branches\n got:\n%s\nwant:\n%s", got, want)
	}
	b.Reset()
	if err := Write(&b, p, nil, &Options{View: ViewLines}); err != nil {
		t.Fatal(err)
	}
	// line 12 (text "ll") is the one whose branch did not run both ways
	if n := strings.Count(b.String(), "branches taken]"); n != 1 {
		t.Errorf("--lines marks %d lines, want 1:\n%s", n, b.String())
	}
	if !strings.Contains(b.String(), "ll  [0/2 branches taken]") {
		t.Errorf("--lines does not mark line 12:\n%s", b.String())
	}
}
