package report

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// The coverage view: what ran and what never ran, for any counting profile
// (sonde count, with or without --coverage, and sonde cc). It needs the
// static universe of units, zero counts included, which counting profiles
// carry:
//
//	coverage: 45 of 48 line units ran (93.8%)
//	FILE           RAN  UNITS       %
//	shell.c         45     48   93.8%
//
//	never ran:
//	shell.c:23  main
//	shell.c:41  shell
//
// Units are grouped by the file of their innermost frame; units with no
// file are listed under their object. Never-run units are listed once per
// (file, line, function), in file and line order.

// coverageCounts prints the coverage view.
func coverageCounts(b *strings.Builder, r *resolver, top int) error {
	type fileStat struct {
		name       string
		ran, units int
	}
	type missKey struct {
		file string
		line int
		fn   string
	}
	stats := map[string]*fileStat{}
	missed := map[missKey]bool{}
	ran, total := 0, 0
	kinds := map[string]bool{}
	for i := range r.p.Units {
		u := &r.p.Units[i]
		c, err := unitCount(r.p, i)
		if err != nil {
			return err
		}
		s, err := r.unitSite(u)
		if err != nil {
			return err
		}
		kinds[u.Kind.String()] = true
		file, line, fn := "", 0, ""
		if len(s.frames) > 0 {
			file, line, fn = s.frames[0].File, s.frames[0].Line, s.frames[0].Func
		}
		group := file
		if group == "" {
			group = objectName(s.m)
		}
		st := stats[group]
		if st == nil {
			st = &fileStat{name: group}
			stats[group] = st
		}
		st.units++
		total++
		if c > 0 {
			st.ran++
			ran++
			continue
		}
		if fn == "" && file == "" {
			fn = fmt.Sprintf("%s+%#x", objectBase(s.m), uint64(u.Loc.Addr))
		}
		missed[missKey{file, line, fn}] = true
	}
	var kindNames []string
	for k := range kinds {
		kindNames = append(kindNames, k)
	}
	sort.Strings(kindNames)
	fmt.Fprintf(b, "coverage: %d of %d %s units ran (%.1f%%)\n", ran, total, strings.Join(kindNames, "/"), percent(int64(ran), int64(total)))
	var rows []*fileStat
	w := len("FILE")
	for _, st := range stats {
		rows = append(rows, st)
		w = max(w, len(filepath.Base(st.name)))
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].name < rows[j].name })
	fmt.Fprintf(b, "%-*s  %5s  %5s  %6s\n", w, "FILE", "RAN", "UNITS", "%")
	for _, st := range rows {
		fmt.Fprintf(b, "%-*s  %5d  %5d  %5.1f%%\n", w, filepath.Base(st.name), st.ran, st.units, percent(int64(st.ran), int64(st.units)))
	}
	if len(missed) == 0 {
		b.WriteString("\nevery unit ran\n")
		return nil
	}
	keys := make([]missKey, 0, len(missed))
	for k := range missed {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, c := keys[i], keys[j]
		if a.file != c.file {
			return a.file < c.file
		}
		if a.line != c.line {
			return a.line < c.line
		}
		return a.fn < c.fn
	})
	b.WriteString("\nnever ran:\n")
	shown := keys
	if top > 0 && top < len(keys) {
		shown = keys[:top]
	}
	for _, k := range shown {
		switch {
		case k.file != "" && k.line > 0:
			fmt.Fprintf(b, "%s:%d  %s\n", filepath.Base(k.file), k.line, k.fn)
		case k.file != "":
			fmt.Fprintf(b, "%s  %s\n", filepath.Base(k.file), k.fn)
		default:
			fmt.Fprintf(b, "%s\n", k.fn)
		}
	}
	if len(shown) < len(keys) {
		fmt.Fprintf(b, "(%d of %d never-run units shown)\n", len(shown), len(keys))
	}
	return nil
}
