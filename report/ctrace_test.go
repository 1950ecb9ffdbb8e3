package report

import (
	"strconv"
	"strings"
	"testing"

	"sonde/profile"
)

// bishopProfile is a sonde count profile of testdata/x.c, the program of
// Bishop's listing ("Profiling under UNIX by patching", 1987), with line
// units at the lines and counts his listing shows for them: each for
// statement has a second, later address (its test), run 101 times, which
// is the line's count by profile.LineTally's rule (the paper showed the
// initialization's 1).
func bishopProfile() *profile.Profile {
	const f = "testdata/x.c"
	addr := profile.Addr(0x1000)
	u := func(fn string, line int, count uint64) profile.Unit {
		addr += 4
		return profile.Unit{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: addr},
			Func: fn, File: f, Line: line, Counts: []uint64{count}}
	}
	units := []profile.Unit{
		u("main", 4, 1),
		u("main", 9, 1), // for's initialization: the line's first address, not its count
		u("main", 10, 100),
		u("main", 9, 101), // the test: a later address of line 9, its busiest unit
		u("main", 12, 1),
		u("main", 13, 1),
		u("shell", 17, 1),
		u("shell", 20, 1),
		u("shell", 21, 6),
		u("shell", 22, 503),
		u("shell", 23, 386),
		u("shell", 24, 386),
		u("shell", 25, 386),
		u("shell", 26, 386),
		u("shell", 28, 1),
	}
	return &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Mappings:   []*profile.Mapping{{Path: "/tmp/x"}},
		Runs:       []profile.Run{{ID: 1, Collector: "count"}},
		Units:      units,
	}
}

// bishopCounts is the COUNT column of Bishop's listing, lines 1 to 28 (the
// oracle: the paper's own output), except lines 5 to 9: the for statement
// on line 9 shows its test's 101 (gcov's count of the line, the rule of
// every view) where the paper showed its initialization's 1, and the
// declarations before it show the next line's count, as in the paper.
var bishopCounts = []uint64{0, 0, 0, 1, 101, 101, 101, 101, 101, 100, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 6, 503, 386, 386, 386, 386, 1, 1}

func TestCtraceListing(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts *Options
	}{
		{"lines", &Options{View: ViewLines}},
		{"histogram", &Options{View: ViewHistogram}},
		{"histogram-scaled", &Options{View: ViewHistogram, Scaled: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, bishopProfile(), nil, tt.opts); err != nil {
				t.Fatal(err)
			}
			got := b.String()
			checkGolden(t, "ctrace."+tt.name+".golden", got)
			var counts []uint64
			for _, l := range strings.Split(got, "\n") {
				f := strings.Fields(l)
				if len(f) >= 3 && f[0] == "x.c" {
					c, err := strconv.ParseUint(strings.TrimSuffix(f[2], ":"), 10, 64)
					if err != nil {
						t.Fatalf("line %q: %v", l, err)
					}
					counts = append(counts, c)
				}
			}
			if len(counts) != len(bishopCounts) {
				t.Fatalf("%d lines listed, the paper lists %d", len(counts), len(bishopCounts))
			}
			for i := range counts {
				if counts[i] != bishopCounts[i] {
					t.Errorf("line %d: count %d, the paper's listing %d", i+1, counts[i], bishopCounts[i])
				}
			}
		})
	}
}

func TestHistogramBars(t *testing.T) {
	for _, tt := range []struct {
		name     string
		c, top   uint64
		scaled   bool
		wantBars int
		wantCut  bool
	}{
		{"full-zero", 0, 0, false, 0, false},
		{"full-three", 3, 0, false, 3, false},
		{"full-cut", 503, 0, false, histogramWidth - 1, true},
		{"scaled-top", 503, 503, true, histogramWidth, false},
		{"scaled-half", 250, 500, true, histogramWidth / 2, false},
		{"scaled-tiny", 1, 503, true, 1, false},
		{"scaled-zero", 0, 503, true, 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var bar string
			if tt.scaled {
				bar = scaledBar(tt.c, tt.top)
			} else {
				bar = fullBar(tt.c)
			}
			if len(bar) != histogramWidth {
				t.Errorf("bar %q is %d wide, want %d", bar, len(bar), histogramWidth)
			}
			if n := strings.Count(bar, "*"); n != tt.wantBars {
				t.Errorf("bar %q has %d stars, want %d", bar, n, tt.wantBars)
			}
			if cut := strings.HasSuffix(bar, ">"); cut != tt.wantCut {
				t.Errorf("bar %q: cut %v, want %v", bar, cut, tt.wantCut)
			}
		})
	}
}

func TestCoverageView(t *testing.T) {
	p := bishopProfile()
	p.Units = append(p.Units, profile.Unit{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x2000},
		Func: "never", File: "testdata/x.c", Line: 27, Counts: []uint64{0}})
	var b strings.Builder
	if err := Write(&b, p, nil, &Options{View: ViewCoverage}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	checkGolden(t, "ctrace.coverage.golden", got)
	for _, want := range []string{"coverage: 15 of 16 line units ran (93.8%)", "x.c:27  never"} {
		if !strings.Contains(got, want) {
			t.Errorf("coverage view lacks %q:\n%s", want, got)
		}
	}
}
