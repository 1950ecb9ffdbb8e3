package export

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	"sonde/branch"
	"sonde/profile"
	"sonde/symbol"
)

// Coverage is a counting profile's coverage by source file: the lines,
// functions and branches that lcov, Cobertura and gcov's JSON carry and
// that thresholds judge (sonde report --fail-under-line).
type Coverage struct {
	// Files by name.
	Files []*FileCoverage
	// Unsolved counts the branches left out because the block counts do
	// not determine their ways' counts (branch.Branch.Exact).
	Unsolved int
	// Time is when the latest run ended (or started), Unix seconds, for
	// the formats that carry a timestamp; 0 when unknown.
	Time int64
	// Unplaced counts the branches left out because their jump's line
	// has no count of its own (no unit of the kind lines are counted by
	// starts there).
	Unplaced int
	// Unread says why objects counted by sonde count have no branches.
	Unread []string
	// NoFlow counts the compilation units of sonde cc whose listing lacks
	// the control flow, so that their branches are missing.
	NoFlow int
}

// FileCoverage is one source file's coverage.
type FileCoverage struct {
	Name string
	// Funcs by line, then name.
	Funcs []FuncCoverage
	// Lines by number: every line with code of its own.
	Lines []LineCoverage
}

// FuncCoverage is one function: its declaration line and entry count.
type FuncCoverage struct {
	Name  string
	Line  int
	Count uint64
	// LastLine is the last line with code of the function in the file (0
	// when its lines are not known), Units its units and Ran those that
	// ran.
	LastLine   int
	Units, Ran int
}

// LineCoverage is one line: its count (profile.LineTally's) and the
// branches whose conditional jump is on it.
type LineCoverage struct {
	Line  int
	Count uint64
	// Unexecuted says one of the line's units never ran.
	Unexecuted bool
	Branches   []BranchCoverage
}

// BranchCoverage is one conditional jump: how often it was taken and how
// often it fell through.
type BranchCoverage struct {
	// Block is the jump's block in its compilation unit; TakenTo and
	// FallTo the blocks it goes to, -1 outside the unit.
	Block, TakenTo, FallTo int
	Count, Taken, Fall     uint64
}

// CoverageOptions restricts the files of a Coverage, as gcovr's filters:
// a file is kept when it matches one of Include (or Include is empty) and
// none of Exclude. Patterns are globs over the file's path: "*" and "?"
// within a path element, "**" across elements; a pattern without a
// leading "/" matches any trailing part of the path ("gen/*.c",
// "*_test.c").
type CoverageOptions struct {
	Include, Exclude []string
}

// CoverageOf gathers the coverage of a counting profile.
//
// Line counts come from one kind of unit, the finest the profile has:
// line units, else blocks, else addresses. A line's count follows
// profile.LineTally's rule, as in every view: in each copy of the line's
// code (compilation unit or object, inlined instance) the count of its
// most executed unit, the copies added up; gcov's count of the line where
// the line's blocks run each time it is entered (a loop condition, a for
// header, a ?:). Each unit counts for its innermost frame: the line of an
// inlined callee belongs to the callee's file.
//
// A function is the out-of-line function, its .cold part included. Its
// count is its entry count: the count of the unit at its entry, the
// address of its symbol (a function unit, else the line, block or address
// unit there); for units with static positions (sonde cc), the count of
// the function's first block. Its line is the line of the function's
// declaration, DW_AT_decl_line of its subprogram, in DW_AT_decl_file's
// record, as gcov and gdb's "info line FUNC" give it; where the object's
// DWARF cannot be read, the line of the entry's row; for sonde cc units,
// which carry no declaration, the line of the function's first
// instruction. A function whose entry has no unit (--only left it out) is
// not listed.
//
// Branches are package branch's: each conditional jump of sonde cc's
// units, or of sonde count's blocks, whose two ways' counts the block counts
// determine (for a coverage run, whose verdicts they decide: counts 0 or
// 1, as its lines); the others are counted in Unsolved.
//
// Units nobody can place in a source file (no DWARF) are left out; a
// profile with no units is an error.
func CoverageOf(p *profile.Profile, sym Symbolizer, opts *CoverageOptions) (*Coverage, error) {
	keep, err := opts.matcher()
	if err != nil {
		return nil, err
	}
	if len(p.Units) == 0 {
		return nil, fmt.Errorf("the profile has no counts (coverage is for sonde count and sonde cc profiles)")
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
	type funcStat struct {
		units, ran int
		last       map[string]int // file -> last line
	}
	stats := make(map[string]*funcStat)
	zero := make(map[profile.LineKey]bool) // lines with a unit that never ran
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
			return nil, fmt.Errorf("unit at %#x refers to mapping %d of %d", uint64(u.Loc.Addr), u.Loc.Mapping, len(p.Mappings))
		}
		m := p.Mappings[u.Loc.Mapping]
		fs, err := sym.Frames(m, u.Loc.Addr)
		if err != nil {
			return nil, fmt.Errorf("symbolize %s %#x: %w", m.Path, uint64(u.Loc.Addr), err)
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
			return nil, err
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
			if c == 0 {
				zero[profile.LineKey{File: fs[0].File, Line: fs[0].Line}] = true
			}
			// the out-of-line function's units and last line in its file
			out := fs[len(fs)-1]
			if out.Func != "" {
				st := stats[symbol.Demangle(profile.OutOfLine(out.Func))]
				if st == nil {
					st = &funcStat{last: make(map[string]int)}
					stats[symbol.Demangle(profile.OutOfLine(out.Func))] = st
				}
				st.units++
				if c > 0 {
					st.ran++
				}
				if out.File != "" {
					st.last[out.File] = max(st.last[out.File], out.Line)
				}
			}
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
					return nil, err
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
		return nil, fmt.Errorf("no unit could be placed in a source file (no debug information?)")
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
	cov := &Coverage{}
	for _, r := range p.Runs {
		for _, t := range []time.Time{r.Start, r.End} {
			if !t.IsZero() {
				cov.Time = max(cov.Time, t.Unix())
			}
		}
	}
	var bsym branch.Symbolizer
	if sym != nil {
		bsym = sym
	}
	br, err := branch.Of(p, bsym)
	if err != nil {
		return nil, err
	}
	cov.NoFlow = br.NoFlow
	cov.Unread = br.Unread
	branches := make(map[profile.LineKey][]BranchCoverage)
	for _, b := range br.Branches {
		if b.File == "" || b.Line <= 0 || !keep(b.File) {
			continue
		}
		if !b.Decided() {
			cov.Unsolved++
			continue
		}
		k := profile.LineKey{File: b.File, Line: b.Line}
		if _, ok := lines[k]; !ok {
			cov.Unplaced++ // a jump on a line no unit of the line kind has
			continue
		}
		branches[k] = append(branches[k], BranchCoverage{Block: b.Block, TakenTo: b.TakenTo, FallTo: b.FallTo,
			Count: b.Count, Taken: b.Taken.Lo, Fall: b.Fall.Lo})
	}
	for _, n := range names {
		if !keep(n) {
			continue
		}
		f := files[n]
		fc := &FileCoverage{Name: n}
		ls := byFile[n]
		sort.Ints(ls)
		for _, l := range ls {
			k := profile.LineKey{File: n, Line: l}
			fc.Lines = append(fc.Lines, LineCoverage{Line: l, Count: lines[k], Unexecuted: zero[k], Branches: branches[k]})
		}
		for fname, e := range f.funcs {
			fcov := FuncCoverage{Name: fname, Line: e.line, Count: e.count}
			if st := stats[fname]; st != nil {
				fcov.Units, fcov.Ran, fcov.LastLine = st.units, st.ran, st.last[n]
			}
			fc.Funcs = append(fc.Funcs, fcov)
		}
		sort.Slice(fc.Funcs, func(i, j int) bool {
			a, c := fc.Funcs[i], fc.Funcs[j]
			if a.Line != c.Line {
				return a.Line < c.Line
			}
			return a.Name < c.Name
		})
		cov.Files = append(cov.Files, fc)
	}
	return cov, nil
}

// Check reports a pattern that is not a glob.
func (o *CoverageOptions) Check() error {
	_, err := o.matcher()
	return err
}

// matcher returns the test of a file name against the options' globs.
func (o *CoverageOptions) matcher() (func(string) bool, error) {
	if o == nil || len(o.Include) == 0 && len(o.Exclude) == 0 {
		return func(string) bool { return true }, nil
	}
	compile := func(globs []string) ([]*regexp.Regexp, error) {
		var res []*regexp.Regexp
		for _, g := range globs {
			re, err := globRegexp(g)
			if err != nil {
				return nil, err
			}
			res = append(res, re)
		}
		return res, nil
	}
	inc, err := compile(o.Include)
	if err != nil {
		return nil, err
	}
	exc, err := compile(o.Exclude)
	if err != nil {
		return nil, err
	}
	any := func(res []*regexp.Regexp, name string) bool {
		for _, re := range res {
			if re.MatchString(name) {
				return true
			}
		}
		return false
	}
	return func(name string) bool {
		name = path.Clean(name)
		return (len(inc) == 0 || any(inc, name)) && !any(exc, name)
	}, nil
}

// globRegexp turns a glob into a regular expression over a whole path
// (or any trailing part of it, for a pattern not starting with "/").
func globRegexp(g string) (*regexp.Regexp, error) {
	if g == "" {
		return nil, fmt.Errorf("empty file pattern")
	}
	var b strings.Builder
	if strings.HasPrefix(g, "/") {
		b.WriteString("^")
	} else {
		b.WriteString("(^|/)")
	}
	for i := 0; i < len(g); i++ {
		switch c := g[i]; c {
		case '*':
			if i+1 < len(g) && g[i+1] == '*' {
				b.WriteString(".*")
				i++
				if i+1 < len(g) && g[i+1] == '/' {
					b.WriteString("/?")
					i++
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("file pattern %q: %w", g, err)
	}
	return re, nil
}

// Totals are a Coverage's covered-of-total counts, as gcovr sums them: a
// line is covered when its count is positive, a function when it was
// entered, a branch (each way of a conditional jump) when it was taken.
type Totals struct {
	Lines, LinesCovered         int
	Functions, FunctionsCovered int
	Branches, BranchesCovered   int
}

// Totals sums c's files.
func (c *Coverage) Totals() Totals {
	var t Totals
	for _, f := range c.Files {
		ls, bs := lineStats(f.Lines)
		t.Lines += ls.total
		t.LinesCovered += ls.covered
		t.Branches += bs.total
		t.BranchesCovered += bs.covered
		for _, fn := range f.Funcs {
			t.Functions++
			if fn.Count > 0 {
				t.FunctionsCovered++
			}
		}
	}
	return t
}
