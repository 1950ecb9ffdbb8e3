// Package stablesort sorts slices of large elements stably by moving each
// element once.
package stablesort

import (
	"cmp"
	"slices"
)

// Sorted returns the elements of s in the order of compare, equal ones in
// their order in s, in a new slice. It sorts indices (pdqsort, ties broken
// by position) and then copies each element once: moving the elements
// themselves, as slices.SortStableFunc does, costs more for elements of
// tens of bytes (symbols, FDEs) than reading the tables they come from.
func Sorted[T any](s []T, compare func(a, b *T) int) []T {
	idx := make([]int32, len(s))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(i, j int32) int {
		if c := compare(&s[i], &s[j]); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	out := make([]T, len(s))
	for k, i := range idx {
		out[k] = s[i]
	}
	return out
}
