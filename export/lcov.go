package export

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"sonde/profile"
	"sonde/symbol"
)

// WriteLcov writes the counts of p as an lcov tracefile (geninfo(1)'s
// format: TN, SF, FN, FNDA, FNF, FNH, DA, LF, LH, end_of_record), which
// genhtml turns into an HTML coverage report.
//
// Line counts (DA) come from one kind of unit, the finest the profile has:
// line units, else blocks, else addresses. The count of a line is the
// largest count of the units on it: a line whose code the compiler split
// into several places (a loop condition, a one-line function's prologue,
// body and epilogue) has one unit per place, each run once per execution
// of the line, so adding them up would count the line several times. Each
// unit counts for its innermost frame: the line of an inlined callee
// belongs to the callee's file.
//
// Functions (FN, FNDA) come from function units, whose count is the entry
// count, at the line of the function's entry. A profile without function
// units gets one function per function its units name, at its first
// counted line, with the count of its first unit (lowest address, else
// first line) as its entry count.
//
// Units nobody can place in a source file (no DWARF) are left out; a
// profile with no units is an error.
func WriteLcov(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	if len(p.Units) == 0 {
		return fmt.Errorf("lcov export: the profile has no counts (lcov is for sonde count and sonde cc profiles)")
	}
	have := make(map[profile.UnitKind]bool)
	for i := range p.Units {
		have[p.Units[i].Kind] = true
	}
	lineKind := profile.UnitKind(0)
	for _, k := range []profile.UnitKind{profile.UnitLine, profile.UnitBlock, profile.UnitAddress} {
		if have[k] {
			lineKind = k
			break
		}
	}
	type fn struct {
		line  int
		count uint64
		set   bool
		// first is the unit whose count is the entry count when the
		// profile has no function units: lowest address, else line.
		first     profile.Addr
		firstLine int
	}
	type file struct {
		lines map[int]uint64
		funcs map[string]*fn
	}
	files := make(map[string]*file)
	get := func(name string) *file {
		f := files[name]
		if f == nil {
			f = &file{lines: make(map[int]uint64), funcs: make(map[string]*fn)}
			files[name] = f
		}
		return f
	}
	memo := make(map[profile.Location][]symbol.Frame)
	frames := func(u *profile.Unit) ([]symbol.Frame, error) {
		if u.Func != "" || u.File != "" {
			return []symbol.Frame{{Func: u.Func, File: u.File, Line: u.Line}}, nil
		}
		if u.Loc.Mapping == profile.NoMapping || sym == nil {
			return nil, nil
		}
		if fs, ok := memo[u.Loc]; ok {
			return fs, nil
		}
		if u.Loc.Mapping < 0 || int(u.Loc.Mapping) >= len(p.Mappings) {
			return nil, fmt.Errorf("lcov export: unit at %#x refers to mapping %d of %d", uint64(u.Loc.Addr), u.Loc.Mapping, len(p.Mappings))
		}
		m := p.Mappings[u.Loc.Mapping]
		fs, err := sym.Frames(m, u.Loc.Addr)
		if err != nil {
			return nil, fmt.Errorf("lcov export: symbolize %s %#x: %w", m.Path, uint64(u.Loc.Addr), err)
		}
		memo[u.Loc] = fs
		return fs, nil
	}
	for i := range p.Units {
		u := &p.Units[i]
		var c uint64
		if len(u.Counts) > 0 {
			c = u.Counts[0]
		}
		fs, err := frames(u)
		if err != nil {
			return err
		}
		if len(fs) == 0 {
			continue
		}
		switch u.Kind {
		case profile.UnitFunction:
			// an entry belongs to the out-of-line function
			f := fs[len(fs)-1]
			if f.File == "" || f.Line <= 0 || f.Func == "" {
				continue
			}
			name := symbol.Demangle(f.Func)
			e := get(f.File).funcs[name]
			if e == nil {
				e = &fn{line: f.Line}
				get(f.File).funcs[name] = e
			}
			e.count += c
			e.set = true
			e.line = min(e.line, f.Line)
		case lineKind:
			f := fs[0]
			if f.File == "" || f.Line <= 0 {
				continue
			}
			lf := get(f.File)
			lf.lines[f.Line] = max(lf.lines[f.Line], c)
			if have[profile.UnitFunction] || f.Func == "" {
				continue
			}
			name := symbol.Demangle(f.Func)
			e := lf.funcs[name]
			if e == nil {
				e = &fn{line: f.Line, count: c, first: u.Loc.Addr, firstLine: f.Line}
				lf.funcs[name] = e
			}
			e.line = min(e.line, f.Line)
			// the entry is the unit at the lowest address when units have
			// addresses, else the one on the lowest line
			if u.Loc.Mapping != profile.NoMapping && u.Loc.Addr < e.first ||
				u.Loc.Mapping == profile.NoMapping && f.Line < e.firstLine {
				e.count, e.first, e.firstLine = c, u.Loc.Addr, f.Line
			}
		}
	}
	if len(files) == 0 {
		return fmt.Errorf("lcov export: no unit could be placed in a source file (no debug information?)")
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		f := files[n]
		b.WriteString("TN:\nSF:" + n + "\n")
		fnames := make([]string, 0, len(f.funcs))
		for fname := range f.funcs {
			fnames = append(fnames, fname)
		}
		sort.Slice(fnames, func(i, j int) bool {
			a, c := f.funcs[fnames[i]], f.funcs[fnames[j]]
			if a.line != c.line {
				return a.line < c.line
			}
			return fnames[i] < fnames[j]
		})
		hit := 0
		for _, fname := range fnames {
			fmt.Fprintf(&b, "FN:%d,%s\n", f.funcs[fname].line, lcovName(fname))
		}
		for _, fname := range fnames {
			e := f.funcs[fname]
			fmt.Fprintf(&b, "FNDA:%d,%s\n", e.count, lcovName(fname))
			if e.count > 0 {
				hit++
			}
		}
		fmt.Fprintf(&b, "FNF:%d\nFNH:%d\n", len(fnames), hit)
		lines := make([]int, 0, len(f.lines))
		for l := range f.lines {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		lh := 0
		for _, l := range lines {
			fmt.Fprintf(&b, "DA:%d,%d\n", l, f.lines[l])
			if f.lines[l] > 0 {
				lh++
			}
		}
		fmt.Fprintf(&b, "LF:%d\nLH:%d\nend_of_record\n", len(lines), lh)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("lcov export: %w", err)
	}
	return nil
}

// lcovName makes a function name safe for an FN line, whose fields are
// separated by commas: demangled C++ names hold commas and spaces
// ("f(int, char)"), which lcov's own tools would split.
func lcovName(s string) string {
	return strings.NewReplacer(",", ";", "\n", " ").Replace(s)
}
