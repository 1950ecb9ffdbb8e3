package report

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"sonde/profile"
)

// The ctrace view: Bishop's listing of a sonde count profile (his CTRACE
// output), every line of every counted source file with its count:
//
//	FILE      LINE      COUNT
//	shell.c      9          0: void shell(int *v, int n);
//	shell.c     12          1: {
//	shell.c     17          1: 	for (i = 0; i < MAX; i++)
//	shell.c     18        100: 		list[i] = rand();
//
// A line's count follows profile.LineTally's rule, as in every view: in
// each copy of the line's code the count of its busiest unit, the copies
// added up, which is gcov's count of the line where its blocks run each
// time it is entered. Bishop's listing showed the count of the line's first
// address instead, so a for statement showed its initialization's count,
// as the paper warns ("the 4.2 BSD C compiler puts the symbol for the line
// number at the machine instruction generated for the initialization");
// here it shows how often its test ran. Lines that share an address are
// separate units with the same count. A line with no unit of its own shows the count of the
// next line that has one when it lies inside a function (between the first
// and last counted lines of a function), and 0 outside functions, as the
// paper's listing shows declarations and blank lines. It is the --lines
// view of profiles whose collector is "count" (see isCountProfile). With
// --units blocks, a line whose conditional jump never went one way ends
// with gcov -b's summary, "[1/2 branches taken]" (branches.go).

// ctraceFile is the per-line result for one source file.
type ctraceFile struct {
	file   string
	counts map[int]uint64 // lines with units of their own
	spans  [][2]int       // first and last counted line of each function
}

// isCountProfile reports whether every run of p was written by sonde count.
func isCountProfile(p *profile.Profile) bool {
	if len(p.Runs) == 0 {
		return false
	}
	for _, r := range p.Runs {
		if r.Collector != "count" {
			return false
		}
	}
	return true
}

// ctraceLines gathers each file's line counts and function spans.
func ctraceLines(r *resolver) ([]*ctraceFile, error) {
	type unitRef struct {
		i    int
		m    profile.MappingKey
		addr profile.Addr
	}
	var refs []unitRef
	for i := range r.p.Units {
		u := &r.p.Units[i]
		var mk profile.MappingKey
		if m, err := r.mapping(u.Loc); err != nil {
			return nil, err
		} else if m != nil {
			mk = m.Key()
		}
		refs = append(refs, unitRef{i, mk, u.Loc.Addr})
	}
	sort.SliceStable(refs, func(a, b int) bool {
		if refs[a].m != refs[b].m {
			return refs[a].m.Path < refs[b].m.Path || refs[a].m.Path == refs[b].m.Path && refs[a].m.BuildID < refs[b].m.BuildID
		}
		return refs[a].addr < refs[b].addr
	})
	type funcKey struct {
		file, fn string
	}
	tally := profile.NewLineTally()
	kind := flatKind(r.p.Units, ByLine) // one kind of unit, as every view
	files := map[string]*ctraceFile{}
	spans := map[funcKey]*[2]int{}
	for _, ref := range refs {
		u := &r.p.Units[ref.i]
		c, err := unitCount(r.p, ref.i)
		if err != nil {
			return nil, err
		}
		s, err := r.unitSite(u)
		if err != nil {
			return nil, err
		}
		if len(s.frames) == 0 || s.frames[0].File == "" || s.frames[0].Line <= 0 {
			continue
		}
		f := s.frames[0]
		if sp := spans[funcKey{f.File, f.Func}]; sp == nil {
			spans[funcKey{f.File, f.Func}] = &[2]int{f.Line, f.Line}
		} else {
			sp[0], sp[1] = min(sp[0], f.Line), max(sp[1], f.Line)
		}
		if files[f.File] == nil {
			files[f.File] = &ctraceFile{file: f.File, counts: map[int]uint64{}}
		}
		if u.Kind == kind {
			cp, _ := lineCopy(u, s)
			tally.Add(cp, c) // the same line in several objects adds up
		}
	}
	for k, c := range tally.Lines() {
		files[k.File].counts[k.Line] = c
	}
	for k, sp := range spans {
		if k.fn != "" {
			files[k.file].spans = append(files[k.file].spans, *sp)
		}
	}
	out := make([]*ctraceFile, 0, len(files))
	for _, f := range files {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].file < out[j].file })
	return out, nil
}

// ctraceRow is one printed line of a listing.
type ctraceRow struct {
	line  int
	count uint64
	text  string
}

// rows returns the file's listing rows, reading the source; ok is false
// when the source cannot be read (then only lines with units are given,
// with an empty text).
func (f *ctraceFile) rows() (rows []ctraceRow, note string) {
	lines := make([]int, 0, len(f.counts))
	for l := range f.counts {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	data, err := os.ReadFile(f.file)
	if err != nil {
		for _, l := range lines {
			rows = append(rows, ctraceRow{l, f.counts[l], ""})
		}
		return rows, fmt.Sprintf("(source not available: %v)", err)
	}
	src := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	inFunc := func(l int) bool {
		for _, sp := range f.spans {
			if l >= sp[0] && l <= sp[1] {
				return true
			}
		}
		return false
	}
	next := 0
	for i, text := range src {
		l := i + 1
		for next < len(lines) && lines[next] < l {
			next++
		}
		var c uint64
		if next < len(lines) && (lines[next] == l || inFunc(l)) {
			c = f.counts[lines[next]]
		}
		rows = append(rows, ctraceRow{l, c, strings.TrimRight(text, "\r")})
	}
	if len(lines) > 0 && lines[len(lines)-1] > len(src) {
		note = "(counts for lines past the end of the file: the source changed since the build)"
	}
	return rows, note
}

// displayNames returns the name printed in the FILE column for each file:
// its base name, or the whole path when two files share a base name.
func displayNames(files []*ctraceFile) map[string]string {
	n := map[string]int{}
	for _, f := range files {
		n[filepath.Base(f.file)]++
	}
	out := map[string]string{}
	for _, f := range files {
		if n[filepath.Base(f.file)] > 1 {
			out[f.file] = f.file
		} else {
			out[f.file] = filepath.Base(f.file)
		}
	}
	return out
}

// ctraceCounts prints the listing, of everything or of what only names
// (restrict.go).
func ctraceCounts(b *strings.Builder, r *resolver, only string) error {
	lf, err := newLineFilter(r, only)
	if err != nil {
		return err
	}
	return ctraceListing(b, r, nil, lf)
}

// ctraceListing prints the listing of what lf keeps; bar, when not nil,
// draws a histogram bar for each count between the count and the source
// text.
func ctraceListing(b *strings.Builder, r *resolver, bar func(uint64) string, lf *lineFilter) error {
	all, err := ctraceLines(r)
	if err != nil {
		return err
	}
	var files []*ctraceFile
	for _, f := range all {
		if lf.keepFile(f.file) {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		b.WriteString("no units with source lines (build with -g, or count --units functions)\n")
		return nil
	}
	names := displayNames(files)
	w := len("FILE")
	for _, f := range files {
		w = max(w, len(names[f.file]))
	}
	var marks map[profile.LineKey]string
	if bar == nil {
		if marks, err = branchMarks(r); err != nil { // --units blocks (branches.go)
			return err
		}
	}
	fmt.Fprintf(b, "%-*s  %5s  %9s\n", w, "FILE", "LINE", "COUNT")
	for _, f := range files {
		rows, note := f.rows()
		if note != "" {
			fmt.Fprintf(b, "%s %s\n", f.file, note)
		}
		for _, row := range rows {
			if !lf.keepLine(f.file, row.line) {
				continue
			}
			text := row.text
			if bar != nil {
				text = bar(row.count) + " " + text
			}
			if m := marks[profile.LineKey{File: f.file, Line: row.line}]; m != "" {
				text = strings.TrimRight(text, " ") + "  " + m
			}
			fmt.Fprintf(b, "%-*s  %5d  %9d: %s\n", w, names[f.file], row.line, row.count, strings.TrimRight(text, " "))
		}
	}
	return nil
}
