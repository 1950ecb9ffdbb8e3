package report

import (
	"strings"
	"testing"

	"sonde/profile"
)

// attribProfile is the paper's table (Appel, Duba and MacQueen 1988,
// section 2) as an attrib profile: seconds and calls from the paper, so
// that the view must print its rows back (percentages recomputed from the
// seconds: 3.52/3.89 = 90.5%, where the paper's raw ticks gave 90.4).
func attribProfile() *profile.Profile {
	u := func(scope string, i int, name string, calls, ms uint64) profile.Unit {
		return profile.Unit{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: scope, Index: i, Func: name, File: "/src/primes.cc", Line: 10 + i, Counts: []uint64{calls, ms * 1e6}}
	}
	return &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "calls", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Runs:       []profile.Run{{ID: 1, Collector: "attrib", Command: []string{"./primes"}}},
		Units: []profile.Unit{
			u("/src/primes.cc", 0, "subset", 1, 0),
			u("/src/primes.cc", 1, "subset.f", 1001, 10),
			u("/src/primes.cc", 2, "isPrime", 600, 200),
			u("/src/primes.cc", 3, "isPrime.test", 78189, 3520),
			// The same (inline) function in a second module adds up.
			u("/src/other.cc", 0, "isPrime", 400, 130),
			u("", 0, UnprofiledName, 0, 30),
		},
	}
}

func TestAttribFunctions(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts *Options
	}{
		{"attrib-functions", &Options{View: ViewFunctions}},
		{"attrib-default", nil},
		{"attrib-top2", &Options{View: ViewFunctions, Top: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, attribProfile(), nil, tc.opts); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tc.name+".txt", b.String())
		})
	}
}

// staticProfile has same-named static functions: helper in static1.c and
// static2.c, init in two files named util.c, and an inline function (same
// DWARF file) in two modules, which adds up.
func staticProfile() *profile.Profile {
	u := func(scope, file string, i int, name string, calls, ms uint64) profile.Unit {
		return profile.Unit{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: scope, Index: i, Func: name, File: file, Line: 1 + i, Counts: []uint64{calls, ms * 1e6}}
	}
	return &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "calls", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Runs:       []profile.Run{{ID: 1, Collector: "attrib", Command: []string{"./static"}}},
		Units: []profile.Unit{
			u("/src/static1.c", "/src/static1.c", 0, "helper", 3, 30),
			u("/src/static1.c", "/src/static1.c", 1, "main", 1, 10),
			u("/src/static1.c", "/src/inc.h", 2, "square", 2, 5),
			u("/src/static2.c", "/src/static2.c", 0, "helper", 5, 50),
			u("/src/static2.c", "/src/inc.h", 1, "square", 4, 5),
			u("/src/a/util.c", "/src/a/util.c", 0, "init", 1, 1),
			u("/src/b/util.c", "/src/b/util.c", 0, "init", 1, 2),
			u("", "", 0, UnprofiledName, 0, 0),
		},
	}
}

// TestAttribStaticNames: the table keeps same-named functions of
// different files apart and names their file (golden, by hand: helper 3
// and 5 calls, init 1 and 1 under their paths, square 2+4 in one row).
func TestAttribStaticNames(t *testing.T) {
	var b strings.Builder
	if err := Write(&b, staticProfile(), nil, &Options{View: ViewFunctions}); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "attrib-static.txt", b.String())
}

func TestAttribFunctionsBadCounts(t *testing.T) {
	p := attribProfile()
	p.Units[0].Counts = []uint64{1}
	var b strings.Builder
	if err := Write(&b, p, nil, nil); err == nil {
		t.Fatal("a unit with one count for two count types: no error")
	}
}
