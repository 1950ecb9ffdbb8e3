package report

import (
	"fmt"
	"sort"
)

// SortColumn names the column a listing is sorted by (--sort). Every
// column sorts largest first, except name, which sorts in byte order; ties
// fall back to the view's own order.
type SortColumn uint8

// The columns --sort accepts. SortDefault keeps each view's own order:
// flat, then cum, then name for the flat, functions and hier views; delta
// for the diff view.
const (
	SortDefault SortColumn = iota
	SortFlat               // flat value: samples' value or count
	SortCum                // cum of the functions view of samples
	SortName               // the row's name (function, file:line, path)
	SortDelta              // diff: the difference new - base
	SortBase               // diff: the base profile's value
	SortNew                // diff: the new profile's value
)

var sortNames = [...]string{SortDefault: "default", SortFlat: "flat", SortCum: "cum", SortName: "name",
	SortDelta: "delta", SortBase: "base", SortNew: "new"}

// String returns the column's name as --sort spells it.
func (c SortColumn) String() string {
	if int(c) < len(sortNames) {
		return sortNames[c]
	}
	return fmt.Sprintf("SortColumn(%d)", uint8(c))
}

// ParseSort parses --sort's argument. "count", "value" and "self" are
// other names of flat; "function", "line", "file" and "object" of name.
func ParseSort(s string) (SortColumn, error) {
	switch s {
	case "count", "value", "self":
		return SortFlat, nil
	case "function", "line", "file", "object":
		return SortName, nil
	}
	for c, name := range sortNames {
		if s == name {
			return SortColumn(c), nil
		}
	}
	return 0, fmt.Errorf("unknown --sort %q (want flat, cum, name, delta, base or new)", s)
}

// sortRows orders rows by c; the default order (flat, cum, name) breaks
// ties. A column a view does not have (delta outside the diff view) keeps
// the default order.
func sortRows(rows []*row, c SortColumn) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		switch c {
		case SortCum:
			if a.cum != b.cum {
				return a.cum > b.cum
			}
		case SortName:
			if a.name != b.name {
				return a.name < b.name
			}
		}
		if a.flat != b.flat {
			return a.flat > b.flat
		}
		if a.cum != b.cum {
			return a.cum > b.cum
		}
		return a.name < b.name
	})
}

// newTable returns a table whose rows sort by the report's --sort column.
func (r *resolver) newTable() *table {
	t := newTable()
	t.col = r.sort
	return t
}
