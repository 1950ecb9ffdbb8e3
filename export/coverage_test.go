package export

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"sonde/profile"
	"sonde/profile/datafile"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// branchProfile is max.c as sonde cc counts it, with its listing's flow:
//
//	b0 line 3   entry, falls into the loop test             1
//	b1 line 5   for (i < n): jumps out to b4, falls to b2   100000
//	b2 line 6   if (v[i] > v[j]): jumps back to b1, falls   99999
//	b3 line 7   j = i; jumps back to b1                     4
//	b4 line 8   return j                                    1
//	b5 line 12  never(): if, jumps to b7 or falls to b6     0
//	b6 line 13                                              0
//	b7 line 14  return                                      0
//
// so b1 was taken once and fell through 99999 times, b2 taken 99995 and
// fell through 4 times, b5 never ran.
func branchProfile() *profile.Profile {
	type b struct {
		fn         string
		line       int
		count      uint64
		flow       profile.BlockFlow
		lastInstrs string
	}
	blocks := []b{
		{"max", 3, 1, profile.BlockFlow{Jump: -1, Fall: 1, Entered: true}, "movl\t$0, %eax"},
		{"max", 5, 100000, profile.BlockFlow{Jump: 4, Fall: 2, Cond: true}, "jge\t.L4"},
		{"max", 6, 99999, profile.BlockFlow{Jump: 1, Fall: 3, Cond: true}, "jle\t.L2"},
		{"max", 7, 4, profile.BlockFlow{Jump: 1, Fall: -1}, "jmp\t.L2"},
		{"max", 8, 1, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}, "ret"},
		{"never", 12, 0, profile.BlockFlow{Jump: 7, Fall: 6, Cond: true, Entered: true}, "je\t.L9"},
		{"never", 13, 0, profile.BlockFlow{Jump: -1, Fall: 7}, "addl\t$1, %eax"},
		{"never", 14, 0, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}, "ret"},
	}
	p := &profile.Profile{CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}}}
	l := profile.Listing{}
	for i, bl := range blocks {
		p.Units = append(p.Units, profile.Unit{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: "/src/max.c", Index: i, Func: bl.fn, File: "/src/max.c", Line: bl.line, Instrs: 1, Counts: []uint64{bl.count}})
		bl.flow.HasFlow = true
		l.Blocks = append(l.Blocks, profile.ListingBlock{Func: bl.fn, Flow: bl.flow,
			Instrs: []profile.ListingInstr{{File: "/src/max.c", Line: bl.line, Text: bl.lastInstrs}}})
	}
	l.Hash = datafile.UnitsHash(p.Units)
	p.Listings = []profile.Listing{l}
	return p
}

// TestCoverageFormats writes branchProfile in the three coverage formats
// and compares them with their golden files (checked by hand against the
// profile's comment: BRDA 5,1,0,1 and 5,1,1,99999; 6,2,0,99995 and
// 6,2,1,4; 12,5 never ran, "-"). Rewrite them with -update.
func TestCoverageFormats(t *testing.T) {
	c, err := CoverageOf(branchProfile(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		golden string
		write  func(*bytes.Buffer) error
	}{
		{"coverage.info", func(b *bytes.Buffer) error { return c.WriteLcov(b) }},
		{"coverage.xml", func(b *bytes.Buffer) error { return c.WriteCobertura(b) }},
		{"coverage.json", func(b *bytes.Buffer) error { return c.WriteGcovJSON(b, "/work") }},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.write(&b); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tt.golden)
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s differs (go test -update rewrites it):\n got:\n%s\nwant:\n%s", tt.golden, b.Bytes(), want)
			}
		})
	}
	tot := c.Totals()
	want := Totals{Lines: 8, LinesCovered: 5, Functions: 2, FunctionsCovered: 1, Branches: 6, BranchesCovered: 4}
	if tot != want {
		t.Errorf("totals %+v, want %+v", tot, want)
	}
}

// TestCoverageFilters: --include and --exclude globs, as gcovr's filters.
func TestCoverageFilters(t *testing.T) {
	files := []string{"/src/max.c", "/src/gen/parse.c", "/usr/include/stdlib.h", "/src/max_test.c"}
	for _, tt := range []struct {
		name             string
		include, exclude []string
		want             []bool
	}{
		{"none", nil, nil, []bool{true, true, true, true}},
		{"exclude headers", nil, []string{"*.h"}, []bool{true, true, false, true}},
		{"exclude a tree", nil, []string{"/usr/**"}, []bool{true, true, false, true}},
		{"exclude generated and tests", nil, []string{"gen/*.c", "*_test.c"}, []bool{true, false, true, false}},
		{"include src", []string{"/src/**"}, nil, []bool{true, true, false, true}},
		{"include one name", []string{"max.c"}, nil, []bool{true, false, false, false}},
		{"include and exclude", []string{"/src/**/*.c"}, []string{"**/gen/**"}, []bool{true, false, false, true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			keep, err := (&CoverageOptions{Include: tt.include, Exclude: tt.exclude}).matcher()
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range files {
				if got := keep(f); got != tt.want[i] {
					t.Errorf("%s: kept %v, want %v", f, got, tt.want[i])
				}
			}
		})
	}
}
