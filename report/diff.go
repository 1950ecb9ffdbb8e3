package report

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"sonde/profile"
)

// The diff view (sonde report --diff BASE.data FILE...): what got dearer or
// cheaper between two profiles of the same program, one line per function
// (or per --by level), dearest first:
//
//	 base%   new%    delta        function
//	 33.4%  50.1%  +16.7% ±2.1    heavy
//	 66.6%  49.9%  -16.7% ±2.1    steady
//
// For samples the columns are each profile's flat share (the leaf's
// innermost function, as in the flat view), so that profiles of different
// lengths compare; the ± is two binomial standard deviations of the
// difference of two independent shares, 2·sqrt(p1(1-p1)/N1 + p2(1-p2)/N2),
// in percentage points (PCT 6.2). For counts the columns are the exact
// counts, their difference and the ratio new/base.

// diffRow is one key of the diff with its value in each profile.
type diffRow struct {
	name      string
	base, cur int64 // value (share numerator or count)
	nb, nc    int64 // samples behind base and cur (for ±)
}

// WriteDiff prints the diff view of cur against base. Both must hold
// samples, or both counts. opts.By chooses the level (default function);
// opts.Top cuts the listing; opts.Sort may be SortBase, SortNew or SortName
// instead of the default, the delta.
func WriteDiff(w io.Writer, base, cur *profile.Profile, sym Symbolizer, opts *Options) error {
	by := ByFunction
	if opts != nil && opts.By != 0 {
		by = opts.By
	}
	sampled := len(base.Samples) > 0 || len(cur.Samples) > 0
	counted := len(base.Units) > 0 || len(cur.Units) > 0
	if sampled && (len(base.Samples) == 0 || len(cur.Samples) == 0) {
		return fmt.Errorf("report: --diff: one profile has samples and the other none (compare profiles of one collector)")
	}
	if !sampled && !counted {
		return fmt.Errorf("report: --diff: both profiles are empty")
	}
	rows := make(map[string]*diffRow)
	get := func(name string) *diffRow {
		r := rows[name]
		if r == nil {
			r = &diffRow{name: name}
			rows[name] = r
		}
		return r
	}
	var totals [2]int64
	var ns [2]int64
	for side, p := range []*profile.Profile{base, cur} {
		r := newResolver(p, sym)
		vals, counts, total, n, err := diffValues(r, by, sampled)
		if err != nil {
			return err
		}
		totals[side], ns[side] = total, n
		for name, v := range vals {
			row := get(name)
			if side == 0 {
				row.base, row.nb = v, counts[name]
			} else {
				row.cur, row.nc = v, counts[name]
			}
		}
	}
	list := make([]*diffRow, 0, len(rows))
	for _, r := range rows {
		list = append(list, r)
	}
	delta := func(r *diffRow) float64 {
		if sampled {
			return percent(r.cur, totals[1]) - percent(r.base, totals[0])
		}
		return float64(r.cur - r.base)
	}
	share := func(v, total int64) float64 {
		if sampled {
			return percent(v, total)
		}
		return float64(v)
	}
	col := SortDelta
	if opts != nil && opts.Sort != SortDefault && opts.Sort != SortFlat {
		col = opts.Sort
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		switch col {
		case SortBase:
			if x, y := share(a.base, totals[0]), share(b.base, totals[0]); x != y {
				return x > y
			}
		case SortNew:
			if x, y := share(a.cur, totals[1]), share(b.cur, totals[1]); x != y {
				return x > y
			}
		case SortName:
			return a.name < b.name
		}
		if di, dj := delta(a), delta(b); di != dj {
			return di > dj
		}
		return a.name < b.name
	})
	top := opts.top()
	var b strings.Builder
	if sampled {
		fmt.Fprintf(&b, "diff of %d samples against %d base samples, %s\n", ns[1], ns[0], by)
		fmt.Fprintf(&b, "%6s %6s %8s %5s  %s\n", "base%", "new%", "delta", "±", by)
	} else {
		fmt.Fprintf(&b, "diff of counts (%s): new total %d against base total %d\n", by, totals[1], totals[0])
		fmt.Fprintf(&b, "%12s %12s %12s %8s  %s\n", "base", "new", "delta", "ratio", by)
	}
	for i, r := range list {
		if top > 0 && i == top {
			fmt.Fprintf(&b, "(%d of %d rows shown)\n", top, len(list))
			break
		}
		if sampled {
			p1, p2 := frac(r.nb, ns[0]), frac(r.nc, ns[1])
			v := 0.0
			if ns[0] > 0 {
				v += p1 * (1 - p1) / float64(ns[0])
			}
			if ns[1] > 0 {
				v += p2 * (1 - p2) / float64(ns[1])
			}
			fmt.Fprintf(&b, "%5.1f%% %5.1f%% %+7.1f%% %5.1f  %s\n",
				percent(r.base, totals[0]), percent(r.cur, totals[1]), delta(r), 200*math.Sqrt(v), r.name)
			continue
		}
		ratio := "new"
		switch {
		case r.base != 0:
			ratio = fmt.Sprintf("%.2fx", float64(r.cur)/float64(r.base))
		case r.cur == 0:
			ratio = "-"
		}
		fmt.Fprintf(&b, "%12d %12d %+12d %8s  %s\n", r.base, r.cur, r.cur-r.base, ratio, r.name)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func frac(a, n int64) float64 {
	if n == 0 {
		return 0
	}
	return float64(a) / float64(n)
}

// diffValues adds up one profile by key: the samples' values by their
// leaf's key (and how many samples that is), or the units' counts of the
// kind flat adds up for by.
func diffValues(r *resolver, by By, sampled bool) (vals, counts map[string]int64, total, n int64, err error) {
	vals, counts = make(map[string]int64), make(map[string]int64)
	if sampled {
		for i := range r.p.Samples {
			v, err := sampleValue(r.p, i)
			if err != nil {
				return nil, nil, 0, 0, err
			}
			c := sampleCount(r.p, i)
			name := noStack
			if st := r.p.Samples[i].Stack; len(st) > 0 {
				s, err := r.resolve(st[0], false)
				if err != nil {
					return nil, nil, 0, 0, err
				}
				name = flatKey(s, by).name
			}
			vals[name] += v
			counts[name] += c
			total += v
			n += c
		}
		return vals, counts, total, n, nil
	}
	kind := flatKind(r.p.Units, by)
	tally := profile.NewLineTally()
	for i := range r.p.Units {
		u := &r.p.Units[i]
		if u.Kind != kind {
			continue
		}
		c, err := unitCount(r.p, i)
		if err != nil {
			return nil, nil, 0, 0, err
		}
		s, err := r.unitSite(u)
		if err != nil {
			return nil, nil, 0, 0, err
		}
		if kind == profile.UnitFunction && by != ByLine {
			s = outermost(s)
		}
		if cp, ok := lineCopy(u, s); ok && by == ByLine {
			tally.Add(cp, c)
			continue
		}
		name := flatKey(s, by).name
		vals[name] += int64(c)
		total += int64(c)
	}
	// by line, a line's count is profile.LineTally's, as in every view
	for k, c := range tally.Lines() {
		vals[fmt.Sprintf("%s:%d", k.File, k.Line)] += int64(c)
		total += int64(c)
	}
	return vals, counts, total, 0, nil
}
