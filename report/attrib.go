package report

import (
	"fmt"
	"sort"
	"strings"

	"sonde/profile"
)

// UnprofiledName is the function unit of the attrib runtime that holds the
// time charged while no profiled function was current.
const UnprofiledName = "(unprofiled)"

// isAttrib reports whether p holds the counts of sonde cc
// --sonde-mode=attrib: calls and CPU time per function unit.
func isAttrib(p *profile.Profile) bool {
	return len(p.CountTypes) == 2 && p.CountTypes[0] == (profile.ValueType{Type: "calls", Unit: "count"}) &&
		p.CountTypes[1] == (profile.ValueType{Type: "cpu", Unit: "nanoseconds"})
}

// attribFunctions prints Appel, Duba and MacQueen's table, prof's layout:
//
//	%time  cumsecs    #call  ms/call  name
//	 90.4     3.52    78189    0.045  isPrime.test
//	  0.7     3.88        0           (unprofiled)
//
// one row per function name (the units of one name in several modules
// add up: inline functions instantiated in each), sorted by time, then
// calls, then name; cumsecs adds up the seconds of this row and those
// above it. A function never called and never charged prints with 0.
func attribFunctions(b *strings.Builder, p *profile.Profile, top int) error {
	type row struct {
		name  string
		calls uint64
		ns    uint64
	}
	rows := map[string]*row{}
	var order []*row
	var total uint64
	for i := range p.Units {
		u := &p.Units[i]
		if u.Kind != profile.UnitFunction {
			continue
		}
		if len(u.Counts) != 2 {
			return fmt.Errorf("report: unit %d has %d counts for 2 count types", i, len(u.Counts))
		}
		name := u.Func
		if name == "" {
			name = fmt.Sprintf("%s#%d", u.Scope, u.Index)
		}
		r := rows[name]
		if r == nil {
			r = &row{name: name}
			rows[name] = r
			order = append(order, r)
		}
		r.calls += u.Counts[0]
		r.ns += u.Counts[1]
		total += u.Counts[1]
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, c := order[i], order[j]
		if a.ns != c.ns {
			return a.ns > c.ns
		}
		if a.calls != c.calls {
			return a.calls > c.calls
		}
		return a.name < c.name
	})
	if top > 0 && len(order) > top {
		order = order[:top]
	}
	fmt.Fprintf(b, "%6s %8s %9s %8s  %s\n", "%time", "cumsecs", "#call", "ms/call", "name")
	var cum uint64
	for _, r := range order {
		cum += r.ns
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(r.ns) / float64(total)
		}
		per := ""
		if r.calls > 0 {
			per = fmt.Sprintf("%.3f", float64(r.ns)/1e6/float64(r.calls))
		}
		fmt.Fprintf(b, "%6.1f %8.2f %9d %8s  %s\n", pct, float64(cum)/1e9, r.calls, per, r.name)
	}
	return nil
}
