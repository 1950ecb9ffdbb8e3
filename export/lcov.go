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
// line units, else blocks, else addresses. A line's count follows
// profile.LineTally's rule, as in every view: in each copy of the line's
// code (compilation unit or object, inlined instance) the count of its
// most executed unit, the copies added up; gcov's count of the line where
// the line's blocks run each time it is entered (a loop condition, a for
// header, a ?:). Each unit counts for its innermost frame: the line of an
// inlined callee belongs to the callee's file.
//
// A function (FN, FNDA) is the out-of-line function, its .cold part
// included. FNDA is its entry count: the count of the unit at its entry,
// the address of its symbol (a function unit, else the line, block or
// address unit there); for units with static positions (sonde cc), the
// count of the function's first block. FN is the line of the function's
// declaration, DW_AT_decl_line of its subprogram, in DW_AT_decl_file's
// record, as gcov and gdb's "info line FUNC" give it; where the object's
// DWARF cannot be read, the line of the entry's row; for sonde cc units,
// which carry no declaration, the line of the function's first
// instruction. A function whose entry has no unit (--only left it out) is
// not listed.
//
// Units nobody can place in a source file (no DWARF) are left out; a
// profile with no units is an error.
func WriteLcov(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	if len(p.Units) == 0 {
		return fmt.Errorf("lcov export: the profile has no counts (lcov is for sonde count and sonde cc profiles)")
	}
	lineKind := finestLineKind(p)
	// the kind whose unit at a function's entry gives the entry count
	entryKind := lineKind
	for i := range p.Units {
		if p.Units[i].Kind == profile.UnitFunction {
			entryKind = profile.UnitFunction
			break
		}
	}
	type fn struct {
		line  int
		count uint64
	}
	type file struct {
		funcs map[string]*fn
	}
	files := make(map[string]*file)
	get := func(name string) *file {
		f := files[name]
		if f == nil {
			f = &file{funcs: make(map[string]*fn)}
			files[name] = f
		}
		return f
	}
	tally := profile.NewLineTally()
	memo := make(map[profile.Location][]symbol.Frame)
	// symFrames symbolizes u's address, nil for a unit without one
	symFrames := func(u *profile.Unit) ([]symbol.Frame, error) {
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
	// frames are u's static position when the collector recorded one,
	// else its symbolized frames
	frames := func(u *profile.Unit) ([]symbol.Frame, error) {
		if u.Func != "" || u.File != "" {
			return []symbol.Frame{{Func: u.Func, File: u.File, Line: u.Line}}, nil
		}
		return symFrames(u)
	}
	// Static units (sonde cc) name their function's first block by the
	// lowest block index of the function in its compilation unit.
	type scopeFunc struct{ scope, fn string }
	firstBlock := make(map[scopeFunc]int)
	for i := range p.Units {
		u := &p.Units[i]
		if u.Kind != entryKind || u.Loc.Mapping != profile.NoMapping || u.Func == "" {
			continue
		}
		k := scopeFunc{u.Scope, u.Func}
		if b, ok := firstBlock[k]; !ok || u.Index < b {
			firstBlock[k] = u.Index
		}
	}
	entered := make(map[scopeFunc]bool)        // the first block's first piece is taken
	atEntry := make(map[profile.Location]bool) // the entry site's first unit is taken
	var decls declLines
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
		if u.Kind == lineKind && fs[0].File != "" && fs[0].Line > 0 {
			pos := make([]profile.SourcePos, len(fs))
			for i, f := range fs {
				pos[i] = profile.SourcePos{Func: f.Func, File: f.File, Line: f.Line}
			}
			object := ""
			if u.Loc.Mapping != profile.NoMapping {
				object = p.Mappings[u.Loc.Mapping].Path
			}
			tally.Add(profile.LineCopyOf(u, object, pos), c)
		}
		if u.Kind != entryKind {
			continue
		}
		// an entry belongs to the out-of-line function
		f := fs[len(fs)-1]
		if f.Func == "" || profile.OutOfLine(f.Func) != f.Func {
			continue // no name, or a .cold part, which is never an entry
		}
		declFile, declLine := f.File, f.Line
		if u.Loc.Mapping == profile.NoMapping {
			k := scopeFunc{u.Scope, u.Func}
			if u.Index != firstBlock[k] || entered[k] {
				continue
			}
			entered[k] = true
		} else {
			// a function unit is an entry; another unit is one when it is
			// at the function's symbol (one of the units of several lines
			// that share the entry's site)
			if u.Kind != profile.UnitFunction {
				sf, err := symFrames(u)
				if err != nil {
					return err
				}
				if len(sf) == 0 || sf[len(sf)-1].FuncAddr != uint64(u.Loc.Addr) || atEntry[u.Loc] {
					continue
				}
				atEntry[u.Loc] = true
			}
			if d, ok := decls.lookup(p.Mappings[u.Loc.Mapping], u.Loc.Addr); ok {
				declFile, declLine = d.file, d.line
			}
		}
		if declFile == "" || declLine <= 0 {
			continue
		}
		name := symbol.Demangle(f.Func)
		e := get(declFile).funcs[name]
		if e == nil {
			e = &fn{line: declLine}
			get(declFile).funcs[name] = e
		}
		// the same function in several objects or compilation units
		// (a header's inline function): entries add up
		e.count += c
		e.line = min(e.line, declLine)
	}
	lines := tally.Lines()
	for k := range lines {
		get(k.File)
	}
	if len(files) == 0 {
		return fmt.Errorf("lcov export: no unit could be placed in a source file (no debug information?)")
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	byFile := make(map[string][]int)
	for k := range lines {
		byFile[k.File] = append(byFile[k.File], k.Line)
	}
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
		ls := byFile[n]
		sort.Ints(ls)
		lh := 0
		for _, l := range ls {
			c := lines[profile.LineKey{File: n, Line: l}]
			fmt.Fprintf(&b, "DA:%d,%d\n", l, c)
			if c > 0 {
				lh++
			}
		}
		fmt.Fprintf(&b, "LF:%d\nLH:%d\nend_of_record\n", len(ls), lh)
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

// finestLineKind returns the finest kind of unit p holds that can stand
// for lines (lines, then blocks, then addresses), or 0: the units lcov's DA
// lines and json's lines are made of.
func finestLineKind(p *profile.Profile) profile.UnitKind {
	have := make(map[profile.UnitKind]bool)
	for i := range p.Units {
		have[p.Units[i].Kind] = true
	}
	for _, k := range []profile.UnitKind{profile.UnitLine, profile.UnitBlock, profile.UnitAddress} {
		if have[k] {
			return k
		}
	}
	return 0
}
