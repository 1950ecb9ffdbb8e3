package report

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"sonde/profile"
)

// The lines view: every line of every source file that has counted code,
// with its count, as Weinberger's lprint printed it by default:
//
//	/src/max.c
//	         1  int max(int *v, int n)
//	         1  {
//	         1  	int i, j;
//	         1  	j = 0;
//	         1  	for (i = 1; i < n; i++)
//	     99999  		if (v[i] > v[j])
//	         4  			j = i;
//
// A line's count follows profile.LineTally's rule, the one every view and
// export uses: in each copy of the line's code (each compilation unit or
// object, each inlined instance) the count of its most executed unit, the
// copies added up; gcov's count of the line wherever the line's blocks run
// each time it is entered (a loop condition, a for header, a ?:). A line
// with no instruction of its own (a declaration, a blank
// line, a brace) shows the count of the next line that has one, the
// paper's rule; lines after the last such line show 0. A unit's file and
// line come from the unit itself when the collector recorded them
// (compiler instrumentation) or else from symbolizing its address, the
// innermost inline frame. A line with a conditional jump that never went
// one of its ways ends with gcov -b's summary of it,
// "[1/2 branches taken]" (branches.go).

// lineCounts is the per-line result for one file.
type lineCounts struct {
	file   string
	counts map[int]uint64 // lines with instructions of their own
}

// countLines gathers, for every file, each line's count.
func countLines(r *resolver) ([]*lineCounts, error) {
	tally := profile.NewLineTally()
	kind := flatKind(r.p.Units, ByLine) // one kind of unit, as flat and lcov
	for i := range r.p.Units {
		u := &r.p.Units[i]
		if u.Kind != kind {
			continue
		}
		c, err := unitCount(r.p, i)
		if err != nil {
			return nil, err
		}
		s, err := r.unitSite(u)
		if err != nil {
			return nil, err
		}
		if cp, ok := lineCopy(u, s); ok {
			tally.Add(cp, c)
		}
	}
	files := make(map[string]*lineCounts)
	for k, c := range tally.Lines() {
		lc := files[k.File]
		if lc == nil {
			lc = &lineCounts{file: k.File, counts: make(map[int]uint64)}
			files[k.File] = lc
		}
		lc.counts[k.Line] = c
	}
	out := make([]*lineCounts, 0, len(files))
	for _, lc := range files {
		out = append(out, lc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].file < out[j].file })
	return out, nil
}

// linesCounts prints the annotated listing of every file, or of what only
// names (restrict.go). A source file that cannot be read is listed as "line
// count" pairs after a note.
func linesCounts(b *strings.Builder, r *resolver, only string) error {
	files, err := countLines(r)
	if err != nil {
		return err
	}
	lf, err := newLineFilter(r, only)
	if err != nil {
		return err
	}
	kept := files[:0]
	for _, lc := range files {
		if lf.keepFile(lc.file) {
			kept = append(kept, lc)
		}
	}
	files = kept
	if len(files) == 0 {
		b.WriteString("no units with source lines (build with -g)\n")
		return nil
	}
	marks, err := branchMarks(r)
	if err != nil {
		return err
	}
	for n, lc := range files {
		if n > 0 {
			b.WriteString("\n")
		}
		b.WriteString(lc.file + "\n")
		lines := make([]int, 0, len(lc.counts))
		for l := range lc.counts {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		data, err := os.ReadFile(lc.file)
		if err != nil {
			fmt.Fprintf(b, "(source not available: %v)\n", err)
			for _, l := range lines {
				if lf.keepLine(lc.file, l) {
					fmt.Fprintf(b, "%10d  line %d\n", lc.counts[l], l)
				}
			}
			continue
		}
		src := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		next := 0 // index into lines of the next line with instructions
		for i, text := range src {
			l := i + 1
			for next < len(lines) && lines[next] < l {
				next++
			}
			var c uint64
			if next < len(lines) {
				c = lc.counts[lines[next]]
			}
			if lf.keepLine(lc.file, l) {
				text = strings.TrimRight(text, "\r")
				if m := marks[profile.LineKey{File: lc.file, Line: l}]; m != "" {
					text += "  " + m // a branch on the line never went one way
				}
				fmt.Fprintf(b, "%10d  %s\n", c, text)
			}
		}
		if next < len(lines) && lines[len(lines)-1] > len(src) {
			fmt.Fprintf(b, "(counts for lines past the end of the file: the source changed since the build)\n")
		}
	}
	return nil
}

// hasSourceUnits reports whether the profile holds basic-block counts of
// "sonde cc" with their own source positions, for which the lines view is
// the default (lprint's); other counting profiles default to functions.
func hasSourceUnits(r *resolver) bool {
	cc := false
	for _, run := range r.p.Runs {
		cc = cc || run.Collector == "cc"
	}
	if !cc {
		return false
	}
	for i := range r.p.Units {
		if r.p.Units[i].File != "" {
			return true
		}
	}
	return false
}
