package stablesort

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSorted compares Sorted with slices.SortStableFunc (the oracle) on
// random elements with many equal keys.
func TestSorted(t *testing.T) {
	type el struct{ key, pos int }
	for _, n := range []int{0, 1, 2, 7, 100, 5000} {
		s := make([]el, n)
		for i := range s {
			s[i] = el{rand.IntN(10), i}
		}
		by := func(a, b *el) int { return cmp.Compare(a.key, b.key) }
		want := slices.Clone(s)
		slices.SortStableFunc(want, func(a, b el) int { return by(&a, &b) })
		if got := Sorted(s, by); !slices.Equal(got, want) {
			t.Errorf("n=%d: Sorted differs from slices.SortStableFunc", n)
		}
	}
}
