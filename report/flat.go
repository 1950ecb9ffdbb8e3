package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"sonde/profile"
)

// The flat view: one line a location with its share, largest first, in
// PCT's layout (Blake & Bauer 2002, section 3):
//
//	13.9% ±0.4  /u/cblake/hashfp/binPoly64.C:101
//	 7.3% ±0.3  libc.so.6:getc
//
// The ± is two binomial standard deviations of the share, 2·sqrt(p(1-p)/N)
// in percentage points with N the number of samples (PCT section 6.2), as in
// the hierarchical view: a share of sampled values is an estimate.
//
// Only the leaf of each stack counts, and of its inline frames the
// innermost: by line that is the innermost inlined callee's file:line, by
// function the innermost inlined function (pprof's flat does the same). So a
// sample in square() inlined into sum_squares() counts for square.

// flatKey names the innermost frame of s at level by.
func flatKey(s *site, by By) rowKey {
	var obj profile.MappingKey
	if s.m != nil {
		obj = s.m.Key()
	}
	switch by {
	case ByFunction:
		if len(s.frames) > 0 && s.frames[0].Func != "" {
			return rowKey{obj, funcName(s.frames[0])}
		}
		return rowKey{obj, objectOffset(s)}
	case ByFile:
		return rowKey{obj, fileName(s)}
	case ByObject:
		return rowKey{obj, objectName(s.m)}
	}
	return rowKey{obj, lineName(s)}
}

// noStack names samples that hold no address at all.
const noStack = "[no stack]"

// flatSamples prints the percentage of the total sample value per location.
func flatSamples(b *strings.Builder, r *resolver, by By, top int) error {
	if by.ofProcess() {
		return processSamples(b, r.p, by, top) // procs.go
	}
	t := r.newTable()
	counts := make(map[rowKey]int64)
	var total, n int64
	for i := range r.p.Samples {
		v, err := sampleValue(r.p, i)
		if err != nil {
			return err
		}
		total += v
		c := sampleCount(r.p, i)
		n += c
		k := rowKey{name: noStack}
		if st := r.p.Samples[i].Stack; len(st) > 0 {
			s, err := r.resolve(st[0], false)
			if err != nil {
				return err
			}
			k = flatKey(s, by)
		}
		t.get(k).flat += v
		counts[k] += c
	}
	rows, note := cut(t.sorted(), top)
	for _, row := range rows {
		p := frac(counts[row.key], n)
		pm := 200 * math.Sqrt(p*(1-p)/float64(max(n, 1)))
		fmt.Fprintf(b, "%5.1f%% ±%.1f  %s\n", percent(row.flat, total), pm, row.name)
	}
	b.WriteString(note)
	return nil
}

// flatCounts prints exact counts per location, with their share of the
// total count, for the units of the kind that suits by (see flatKind). Units
// that never ran are left out: flat says where the counts went, coverage
// says what never ran.
func flatCounts(b *strings.Builder, r *resolver, by By, top int) error {
	kind := flatKind(r.p.Units, by)
	t := r.newTable()
	var total int64
	lines := make(map[profile.MappingKey]*profile.LineTally)
	for i := range r.p.Units {
		u := &r.p.Units[i]
		if u.Kind != kind {
			continue
		}
		c, err := unitCount(r.p, i)
		if err != nil {
			return err
		}
		if c == 0 {
			continue
		}
		s, err := r.unitSite(u)
		if err != nil {
			return err
		}
		if kind == profile.UnitFunction && by != ByLine {
			s = outermost(s)
		}
		if cp, ok := lineCopy(u, s); ok && by == ByLine {
			k := flatKey(s, by)
			if lines[k.obj] == nil {
				lines[k.obj] = profile.NewLineTally()
			}
			lines[k.obj].Add(cp, c)
			continue
		}
		t.get(flatKey(s, by)).flat += int64(c)
		total += int64(c)
	}
	// by line, a line's count is profile.LineTally's (lines.go)
	objs := make([]profile.MappingKey, 0, len(lines))
	for obj := range lines {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool {
		return objs[i].Path < objs[j].Path || objs[i].Path == objs[j].Path && objs[i].BuildID < objs[j].BuildID
	})
	for _, obj := range objs {
		counts := lines[obj].Lines()
		keys := make([]profile.LineKey, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			return keys[i].File < keys[j].File || keys[i].File == keys[j].File && keys[i].Line < keys[j].Line
		})
		for _, k := range keys {
			if c := counts[k]; c > 0 {
				t.get(rowKey{obj, fmt.Sprintf("%s:%d", k.File, k.Line)}).flat += int64(c)
				total += int64(c)
			}
		}
	}
	rows, note := cut(t.sorted(), top)
	width := len(countTypeName(r.p))
	for _, row := range rows {
		width = max(width, len(fmt.Sprint(row.flat)))
	}
	fmt.Fprintf(b, "%*s %7s  %s (%s units)\n", width, countTypeName(r.p), "%", by, kind)
	for _, row := range rows {
		fmt.Fprintf(b, "%*d %6.1f%%  %s\n", width, row.flat, percent(row.flat, total), row.name)
	}
	b.WriteString(note)
	return nil
}

// flatKind picks the one unit kind that flat adds up, so that a profile with
// both line and block units does not count an execution twice: by function
// the entry counts when there are any, otherwise the finest kind present.
func flatKind(units []profile.Unit, by By) profile.UnitKind {
	order := []profile.UnitKind{profile.UnitLine, profile.UnitBlock, profile.UnitAddress, profile.UnitFunction}
	if by == ByFunction {
		order = []profile.UnitKind{profile.UnitFunction, profile.UnitBlock, profile.UnitLine, profile.UnitAddress}
	}
	have := make(map[profile.UnitKind]bool)
	for i := range units {
		have[units[i].Kind] = true
	}
	for _, k := range order {
		if have[k] {
			return k
		}
	}
	return 0
}

// outermost returns s reduced to its out-of-line function: a function unit
// counts entries of the function whose entry it is, even when the first
// instruction there belongs to an inlined callee.
func outermost(s *site) *site {
	if len(s.frames) <= 1 {
		return s
	}
	c := *s
	c.frames = s.frames[len(s.frames)-1:]
	return &c
}
