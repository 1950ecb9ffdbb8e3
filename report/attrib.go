package report

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"sonde/profile"
	"sonde/symbol"
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
// one row per function, sorted by time, then calls, then name; cumsecs
// adds up the seconds of this row and those above it. A function never
// called and never charged prints with 0. A function is its unit name (the
// linkage name: each C++ overload and template instance its own) and the
// file that defines it (its DWARF file, else its module's source): the
// units of an inline function instantiated in several modules add up,
// while two static functions of one name in two files stay apart, printed
// "name (file.c)" as gprof prints "name [file]" (with the path where the
// base names agree too). Names are demangled with their parameters, as
// gprof and perf print them: "ToStr(int, char*, int)".
func attribFunctions(b *strings.Builder, p *profile.Profile, top int) error {
	type key struct{ name, file string }
	type row struct {
		key
		label string
		calls uint64
		ns    uint64
	}
	rows := map[key]*row{}
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
		k := key{u.Func, u.File}
		if k.file == "" {
			k.file = u.Scope
		}
		if k.name == "" {
			k.name = fmt.Sprintf("%s#%d", u.Scope, u.Index)
		}
		r := rows[k]
		if r == nil {
			r = &row{key: k, label: symbol.Demangle(k.name)}
			rows[k] = r
			order = append(order, r)
		}
		r.calls += u.Counts[0]
		r.ns += u.Counts[1]
		total += u.Counts[1]
	}
	// Name the file where a name has several rows: its base name, or its
	// path when base names agree too.
	files := map[string][]*row{}
	for _, r := range order {
		files[r.label] = append(files[r.label], r)
	}
	for _, rs := range files {
		if len(rs) < 2 {
			continue
		}
		bases := map[string]int{}
		for _, r := range rs {
			bases[path.Base(r.file)]++
		}
		for _, r := range rs {
			f := path.Base(r.file)
			if bases[f] > 1 {
				f = r.file
			}
			r.label = fmt.Sprintf("%s (%s)", r.label, f)
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, c := order[i], order[j]
		if a.ns != c.ns {
			return a.ns > c.ns
		}
		if a.calls != c.calls {
			return a.calls > c.calls
		}
		return a.label < c.label
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
		fmt.Fprintf(b, "%6.1f %8.2f %9d %8s  %s\n", pct, float64(cum)/1e9, r.calls, per, r.label)
	}
	return nil
}
