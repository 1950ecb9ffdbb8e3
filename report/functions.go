package report

import (
	"fmt"
	"math"
	"strings"

	"sonde/profile"
	"sonde/symbol"
)

// The functions view: one line per function.
//
// For samples it is pprof -top's table:
//
//	      flat  flat%     ±   sum%        cum   cum%
//	     2.50s 62.50%  1.53 62.50%      2.50s 62.50%  worker
//
// with, after flat%, two binomial standard deviations of the flat share,
// 2·sqrt(p(1-p)/N) in percentage points with N the number of samples (PCT
// section 6.2), as in the hierarchical view.
//
// flat is the value of samples whose leaf is in the function (the innermost
// inlined function, as in the flat view); cum is the value of samples whose
// stack holds the function anywhere, inline frames included, each sample
// counted once per function however often the function recurs in it.
//
// For counts it is the count per function with its share: the entry count
// where the profile has function units, otherwise the sum of the function's
// block, line or address counts (the first kind present). Functions the
// universe holds but that never ran are listed with 0.

// functionKey names the function of frame f in site s; a site nothing is
// known about names itself by object+offset.
func functionKey(s *site, f *symbol.Frame) rowKey {
	var obj profile.MappingKey
	if s.m != nil {
		obj = s.m.Key()
	}
	if f != nil && f.Func != "" {
		return rowKey{obj, funcName(*f)}
	}
	return rowKey{obj, objectOffset(s)}
}

// functionsSamples prints pprof -top's table for the samples.
func functionsSamples(b *strings.Builder, r *resolver, top int) error {
	t := r.newTable()
	var total int64
	// Each distinct site's rows, innermost first, looked up once: hashing
	// row keys (object path, build-id, name) per frame per sample is what
	// a million samples would otherwise spend their time on.
	siteRows := make(map[*site][]*row)
	rowsOf := func(s *site) []*row {
		if rs, ok := siteRows[s]; ok {
			return rs
		}
		var rs []*row
		if len(s.frames) == 0 {
			rs = []*row{t.get(functionKey(s, nil))}
		}
		for fi := range s.frames {
			rs = append(rs, t.get(functionKey(s, &s.frames[fi])))
		}
		siteRows[s] = rs
		return rs
	}
	seen := make(map[*row]bool)
	counts := make(map[*row]int64) // samples whose leaf is the row's function
	var n int64
	for i := range r.p.Samples {
		v, err := sampleValue(r.p, i)
		if err != nil {
			return err
		}
		total += v
		c := sampleCount(r.p, i)
		n += c
		st := r.p.Samples[i].Stack
		if len(st) == 0 {
			row := t.get(rowKey{name: noStack})
			row.flat += v
			row.cum += v
			counts[row] += c
			continue
		}
		clear(seen)
		for j, loc := range st {
			s, err := r.resolve(loc, j > 0)
			if err != nil {
				return err
			}
			for fi, row := range rowsOf(s) {
				if j == 0 && fi == 0 {
					row.flat += v
					counts[row] += c
				}
				if !seen[row] {
					seen[row] = true
					row.cum += v
				}
			}
		}
	}
	rows, note := cut(t.sorted(), top)
	unit := sampleType(r.p).Unit
	fmt.Fprintf(b, "%10s %7s %5s %7s %10s %7s  %s\n", "flat", "flat%", "±", "sum%", "cum", "cum%", "function")
	var sum int64
	for _, row := range rows {
		sum += row.flat
		p := frac(counts[row], n)
		pm := 200 * math.Sqrt(p*(1-p)/float64(max(n, 1)))
		fmt.Fprintf(b, "%10s %6.2f%% %5.2f %6.2f%% %10s %6.2f%%  %s\n",
			formatValue(row.flat, unit), percent(row.flat, total), pm, percent(sum, total),
			formatValue(row.cum, unit), percent(row.cum, total), row.name)
	}
	b.WriteString(note)
	return nil
}

// functionsCounts prints the count per function, zeros included.
func functionsCounts(b *strings.Builder, r *resolver, top int) error {
	type acc struct {
		sums [len(unitKindSlots)]int64
		have [len(unitKindSlots)]bool
	}
	accs := make(map[rowKey]*acc)
	t := r.newTable()
	for i := range r.p.Units {
		u := &r.p.Units[i]
		slot := kindSlot(u.Kind)
		if slot < 0 {
			continue
		}
		c, err := unitCount(r.p, i)
		if err != nil {
			return err
		}
		s, err := r.unitSite(u)
		if err != nil {
			return err
		}
		var f *symbol.Frame
		if len(s.frames) > 0 {
			f = &s.frames[0] // a line or block belongs to the innermost function
			if u.Kind == profile.UnitFunction {
				f = &s.frames[len(s.frames)-1] // an entry is the out-of-line function's
			}
		}
		k := functionKey(s, f)
		t.get(k)
		a := accs[k]
		if a == nil {
			a = new(acc)
			accs[k] = a
		}
		a.sums[slot] += int64(c)
		a.have[slot] = true
	}
	var total int64
	used := make(map[profile.UnitKind]bool)
	for _, row := range t.rows {
		a := accs[row.key]
		for s, kind := range unitKindSlots {
			if a.have[s] {
				row.flat = a.sums[s]
				used[kind] = true
				break
			}
		}
		total += row.flat
	}
	rows, note := cut(t.sorted(), top)
	var what []string
	for _, kind := range unitKindSlots {
		if used[kind] {
			if kind == profile.UnitFunction {
				what = append(what, "entries")
			} else {
				what = append(what, "sum of "+kind.String()+" counts")
			}
		}
	}
	width := len(countTypeName(r.p))
	for _, row := range rows {
		width = max(width, len(fmt.Sprint(row.flat)))
	}
	fmt.Fprintf(b, "%*s %7s  function (%s)\n", width, countTypeName(r.p), "%", strings.Join(what, ", else "))
	for _, row := range rows {
		fmt.Fprintf(b, "%*d %6.1f%%  %s\n", width, row.flat, percent(row.flat, total), row.name)
	}
	b.WriteString(note)
	return nil
}

// unitKindSlots lists the unit kinds in the order of their accumulator
// slots, which is also the preference for a function's count: entries
// first, then the finest kind that covers the function.
var unitKindSlots = [...]profile.UnitKind{profile.UnitFunction, profile.UnitBlock, profile.UnitLine, profile.UnitAddress}

// kindSlot returns k's accumulator slot, -1 for an unknown kind.
func kindSlot(k profile.UnitKind) int {
	for i, s := range unitKindSlots {
		if s == k {
			return i
		}
	}
	return -1
}
