package unwind

import (
	"reflect"
	"testing"

	"sonde/internal/testprog"
)

// TestRowCache checks that a table's cached rows are the rows its CFA
// programs give (computed afresh, uncached) at the start, middle and last
// byte of every FDE, asked twice (the second answer from the cache), and
// that two objects' tables asked about the same addresses each answer
// with their own rows: the cache is the table's, never another file's.
// Unwinding itself is checked against gdb (gdb_test.go).
func TestRowCache(t *testing.T) {
	a := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O0", "-g"}})
	b := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	ta, err := OpenTable(a)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := OpenTable(b)
	if err != nil {
		t.Fatal(err)
	}
	n, differ := 0, 0
	for _, tab := range []*Table{ta, tb, ta} {
		for i := range tab.fdes {
			f := &tab.fdes[i]
			for _, pc := range []uint64{f.lo, f.lo + (f.hi-f.lo)/2, f.hi - 1} {
				want, werr := f.rowAt(pc)
				for range 2 {
					gf, got, err := tab.frameAt(pc)
					if gf != f || (err != nil) != (werr != nil) || err == nil && !reflect.DeepEqual(got.row, want) {
						t.Fatalf("%#x: cached FDE %p row %+v, %v; want %p %+v, %v", pc, gf, got, err, f, want, werr)
					}
					n++
				}
				// The other table at the same address, if it has a row
				// there, must give its own.
				other := tb
				if tab == tb {
					other = ta
				}
				if g := other.find(pc); g != nil {
					ow, _ := g.rowAt(pc)
					_, og, err := other.frameAt(pc)
					if err == nil && !reflect.DeepEqual(og.row, ow) {
						t.Fatalf("%#x: the other table answered %+v, its own row is %+v", pc, og.row, ow)
					}
					if !reflect.DeepEqual(ow, want) {
						differ++
					}
				}
			}
		}
	}
	if differ == 0 {
		t.Errorf("no address where the two objects' rows differ: the test cannot tell them apart")
	}
	t.Logf("%d rows compared, %d addresses where the two objects' rows differ", n, differ)
}
