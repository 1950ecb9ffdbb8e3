package report

import (
	"strings"
	"testing"

	"sonde/profile"
)

// listingProfile is a sonde cc profile of testdata/listing.c built by hand:
// two compilation units share the file (as a header's inline function
// would), block 1 holds line 5's code and then the for's initialization,
// block 4 the for's increment and test, and lines 7 and 8 run 99,999 and
// 10 times.
func listingProfile() *profile.Profile {
	const f = "testdata/listing.c"
	u := func(scope string, index int, line int, count uint64) profile.Unit {
		return profile.Unit{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: scope, Index: index, Func: "max", File: f, Line: line, Instrs: 2, Counts: []uint64{count}}
	}
	return &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Runs:       []profile.Run{{ID: 1, Collector: "cc"}},
		Units: []profile.Unit{
			u("a.c", 0, 3, 1),
			u("a.c", 1, 5, 1),
			u("a.c", 1, 6, 1), // for's initialization
			u("a.c", 2, 7, 99999),
			u("a.c", 3, 8, 10),
			u("a.c", 4, 6, 99999), // i++ and the test: the line's busiest unit
			u("a.c", 5, 9, 1),
			u("b.c", 0, 9, 2), // the same line compiled into another unit adds up
		},
	}
}

// Expected, by the rules in lines.go: line 1 shows line 3's count (the
// next line with code), 2 and 3 line 3's, 4 line 5's, 6 its busiest
// unit's 99999 (profile.LineTally's rule), 7 99999, 8 10, 9 1+2 (two
// compilation units, two copies), 10 (no code after it) 0.
func TestLinesView(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts *Options
	}{
		{"default", nil},
		{"lines", &Options{View: ViewLines}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, listingProfile(), nil, tt.opts); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "listing."+tt.name+".golden", b.String())
		})
	}
}

func TestLinesViewMissingSource(t *testing.T) {
	p := listingProfile()
	for i := range p.Units {
		p.Units[i].File = "testdata/no-such-file.c"
	}
	var b strings.Builder
	if err := Write(&b, p, nil, &Options{View: ViewLines}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{"(source not available:", "     99999  line 7", "         3  line 9"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

// Expected by hand from listingProfile (every unit has 2 instructions):
// unit a.c executes 2*(1+1+1+99999+10+99999+1) = 400024 instructions of 14,
// none never executed; its blocks 0..5 run 1+1+99999+10+99999+1 = 200011
// times; max's calls are block 0's count, 1. Unit b.c: 2*2 = 4 executed, 2
// instructions, 1 block run twice.
func TestBlockTables(t *testing.T) {
	for _, tt := range []struct {
		name string
		view View
	}{
		{"functions", ViewFunctions},
		{"files", ViewFiles},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, listingProfile(), nil, &Options{View: tt.view}); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "listing."+tt.name+".golden", b.String())
		})
	}
}
