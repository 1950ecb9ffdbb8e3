package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"sonde/branch"
	"sonde/profile"
	"sonde/symbol"
)

// The branches view: every conditional jump of the units sonde cc built or
// of the blocks sonde count counted,
// with how often it was taken and how often it fell through (package
// branch), by file and line, as gcov -b lists them per line:
//
//	branches: 52 of 60 ways taken (86.7%), 30 conditional jumps
//	work.c:22  quicksort    taken 112661  not taken 64316
//	work.c:24  quicksort    taken 0..176976  not taken 54896..231872
//	work.c:101 main         taken 0 (never)  not taken 1
//
// A way whose count the block counts leave open shows the range flow
// conservation allows ("0..176976"); it counts as taken when its least
// count is positive, never when its most is 0, and is left out of the
// totals otherwise. A way never taken is marked "(never)".

// branchesCounts prints the branches view.
func branchesCounts(b *strings.Builder, r *resolver, top int) error {
	res, err := branch.Of(r.p, r.sym)
	if err != nil {
		return err
	}
	for _, u := range res.Unread {
		fmt.Fprintf(b, "(no branches: %s)\n", u)
	}
	if len(res.Branches) == 0 {
		if res.NoFlow > 0 {
			fmt.Fprintf(b, "no branches: %d compilation units were built by a sonde cc that did not record their control flow (rebuild them)\n", res.NoFlow)
			return nil
		}
		b.WriteString("no branches: --branches lists the conditional jumps of programs built by sonde cc or counted by sonde count --units blocks\n")
		return nil
	}
	taken, decided, open, capped := 0, 0, 0, false
	for _, br := range res.Branches {
		capped = capped || br.Capped
		for _, r := range []branch.Range{br.Taken, br.Fall} {
			switch r.Verdict() {
			case branch.Taken:
				taken++
				decided++
			case branch.NotTaken:
				decided++
			default:
				open++
			}
		}
	}
	fmt.Fprintf(b, "branches: %d of %d ways taken (%.1f%%), %d conditional jumps", taken, decided, percent(int64(taken), int64(decided)), len(res.Branches))
	if open > 0 {
		fmt.Fprintf(b, "; %d ways not determined by the block counts", open)
	}
	if capped {
		b.WriteString("; a coverage run: which ways ran, not how often")
	}
	b.WriteString("\n")
	if res.NoFlow > 0 {
		fmt.Fprintf(b, "(%d compilation units without their control flow: rebuild them with this sonde cc)\n", res.NoFlow)
	}
	lines := branch.ByLine(res.Branches)
	w, fw := 0, 0
	for _, l := range lines {
		w = max(w, len(fmt.Sprintf("%s:%d", filepath.Base(l.File), l.Line)))
		for _, br := range l.Branches {
			fw = max(fw, len(symbol.Demangle(br.Func)))
		}
	}
	shown := 0
	for _, l := range lines {
		for _, br := range l.Branches {
			if top > 0 && shown == top {
				fmt.Fprintf(b, "(%d of %d conditional jumps shown)\n", shown, len(res.Branches))
				return nil
			}
			shown++
			fmt.Fprintf(b, "%-*s  %-*s  taken %s  not taken %s\n", w, fmt.Sprintf("%s:%d", filepath.Base(l.File), l.Line),
				fw, symbol.Demangle(br.Func), wayText(br.Taken, br.Capped), wayText(br.Fall, br.Capped))
		}
	}
	return nil
}

// wayText prints a way's count, its range when open; for a coverage run
// its verdict.
func wayText(r branch.Range, capped bool) string {
	switch {
	case capped && r.Verdict() == branch.Taken:
		return "yes"
	case capped && r.Verdict() == branch.Unknown:
		return "?"
	case !r.Known():
		return fmt.Sprintf("%d..%d", r.Lo, r.Hi)
	case r.Lo == 0:
		return "0 (never)"
	}
	return fmt.Sprint(r.Lo)
}

// branchMarks returns, for each source line with a conditional jump one
// of whose ways never ran, the mark the lines view prints after it:
// "[1/2 branches taken]", as gcov -b's per-line summary, with the ways the
// counts leave open ("[2/6 branches taken, 1 not known]"). Lines whose
// branches all ran, or whose ways are open, get none.
func branchMarks(r *resolver) (map[profile.LineKey]string, error) {
	res, err := branch.Of(r.p, r.sym)
	if err != nil {
		return nil, err
	}
	marks := make(map[profile.LineKey]string)
	for _, l := range branch.ByLine(res.Branches) {
		taken, total, open, never := 0, 0, 0, false
		for _, br := range l.Branches {
			for _, r := range []branch.Range{br.Taken, br.Fall} {
				total++
				switch r.Verdict() {
				case branch.Taken:
					taken++
				case branch.NotTaken:
					never = true
				default:
					open++
				}
			}
		}
		if !never {
			continue
		}
		m := fmt.Sprintf("[%d/%d branches taken]", taken, total)
		if open > 0 {
			m = fmt.Sprintf("[%d/%d branches taken, %d not known]", taken, total, open)
		}
		marks[profile.LineKey{File: l.File, Line: l.Line}] = m
	}
	return marks, nil
}
