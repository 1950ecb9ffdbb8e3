package report

import (
	"fmt"
	"math"
	"strings"
)

// The objects view (--objects) and, for samples and for counts without
// block instruction counts, the files view (--files): one line per object
// file (or source file) with its share.
//
// For samples, flat is the share of samples whose leaf is in the object
// (the innermost frame's file for --files), with two binomial standard
// deviations (PCT 6.2), and cum the share of samples whose stack passes
// through it anywhere:
//
//	 flat%     ±   cum%  object
//	 62.5%   2.1  95.0%  /usr/local/bin/app
//
// For counts: the sum of the counts of the units in it, its share, how many
// units it has and how many of them ran:
//
//	count      %  units  executed  object

// groupKey names the group (object or file) of a site.
type groupKey func(s *site) string

func objectGroup(s *site) string { return objectName(s.m) }
func fileGroup(s *site) string   { return fileName(s) }

// groupSamples prints the flat and cum shares of each group.
func groupSamples(b *strings.Builder, r *resolver, key groupKey, what string, top int) error {
	t := r.newTable()
	counts := make(map[string]int64)
	var total, n int64
	seen := make(map[string]bool)
	for i := range r.p.Samples {
		v, err := sampleValue(r.p, i)
		if err != nil {
			return err
		}
		c := sampleCount(r.p, i)
		total += v
		n += c
		st := r.p.Samples[i].Stack
		if len(st) == 0 {
			row := t.get(rowKey{name: noStack})
			row.flat += v
			row.cum += v
			counts[noStack] += c
			continue
		}
		clear(seen)
		for j, loc := range st {
			s, err := r.resolve(loc, j > 0)
			if err != nil {
				return err
			}
			names := []string{key(s)}
			if len(s.frames) > 1 && what == "file" {
				// inline frames may come from other files
				names = names[:0]
				for fi := range s.frames {
					c := *s
					c.frames = s.frames[fi:]
					names = append(names, key(&c))
				}
			}
			for k, name := range names {
				if j == 0 && k == 0 {
					t.get(rowKey{name: name}).flat += v
					counts[name] += c
				}
				if !seen[name] {
					seen[name] = true
					t.get(rowKey{name: name}).cum += v
				}
			}
		}
	}
	rows, note := cut(t.sorted(), top)
	fmt.Fprintf(b, "%6s %5s %6s  %s\n", "flat%", "±", "cum%", what)
	for _, row := range rows {
		p := frac(counts[row.name], n)
		fmt.Fprintf(b, "%5.1f%% %5.1f %5.1f%%  %s\n", percent(row.flat, total),
			200*math.Sqrt(p*(1-p)/float64(max(n, 1))), percent(row.cum, total), row.name)
	}
	b.WriteString(note)
	return nil
}

// groupCounts prints the counts of each group, zeros included.
func groupCounts(b *strings.Builder, r *resolver, key groupKey, what string, top int) error {
	kind := flatKind(r.p.Units, ByLine)
	t := r.newTable()
	units := make(map[string][2]int)
	var total int64
	for i := range r.p.Units {
		u := &r.p.Units[i]
		if u.Kind != kind {
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
		name := key(s)
		t.get(rowKey{name: name}).flat += int64(c)
		total += int64(c)
		nu := units[name]
		nu[0]++
		if c > 0 {
			nu[1]++
		}
		units[name] = nu
	}
	rows, note := cut(t.sorted(), top)
	width := len(countTypeName(r.p))
	for _, row := range rows {
		width = max(width, len(fmt.Sprint(row.flat)))
	}
	fmt.Fprintf(b, "%*s %7s %7s %9s  %s (%s units)\n", width, countTypeName(r.p), "%", "units", "executed", what, kind)
	for _, row := range rows {
		nu := units[row.name]
		fmt.Fprintf(b, "%*d %6.1f%% %7d %9d  %s\n", width, row.flat, percent(row.flat, total), nu[0], nu[1], row.name)
	}
	b.WriteString(note)
	return nil
}

// objectsView and filesView are the entry points Write calls.
func objectsView(b *strings.Builder, r *resolver, samples bool, top int) error {
	if samples {
		return groupSamples(b, r, objectGroup, "object", top)
	}
	return groupCounts(b, r, objectGroup, "object", top)
}

func filesView(b *strings.Builder, r *resolver, samples bool, top int) error {
	if samples {
		return groupSamples(b, r, fileGroup, "file", top)
	}
	return groupCounts(b, r, fileGroup, "file", top)
}
