package report

import (
	"fmt"
	"strings"

	"sonde/symbol"
)

// The restricting argument of --lines FILE|FUNC and --instructions FUNC
// (Options.Only): a source file, matched by path suffix at a "/" boundary
// ("shell.c", "src/shell.c", or the whole path), or a function, matched by
// its name as the symbol table spells it or demangled. A file wins over a
// function of the same name; an argument that matches nothing is an error,
// never an empty listing, so that a typo is not mistaken for code that
// never ran.

// matchFile reports whether path is the file arg names.
func matchFile(path, arg string) bool {
	return path == arg || strings.HasSuffix(path, "/"+arg)
}

// matchFunc reports whether the function name fn (mangled or not) is arg.
func matchFunc(fn, arg string) bool {
	return fn != "" && (fn == arg || symbol.Demangle(fn) == arg)
}

// lineFilter is what a restricted source listing keeps: whole files, or
// the line spans of one function in the files its code comes from. A nil
// *lineFilter keeps everything.
type lineFilter struct {
	files map[string]bool
	spans map[string][][2]int // file -> first and last counted line
}

// keepFile reports whether the listing of file is printed at all.
func (lf *lineFilter) keepFile(file string) bool {
	return lf == nil || lf.files[file] || len(lf.spans[file]) > 0
}

// keepLine reports whether line of file is printed.
func (lf *lineFilter) keepLine(file string, line int) bool {
	if lf == nil || lf.files[file] {
		return true
	}
	for _, sp := range lf.spans[file] {
		if line >= sp[0] && line <= sp[1] {
			return true
		}
	}
	return false
}

// newLineFilter resolves arg against the source positions of the profile's
// units: the files whose path ends in arg, else the lines of the function
// named arg (the innermost frame of each unit, so an inlined copy counts
// where its code is). arg "" keeps everything.
func newLineFilter(r *resolver, arg string) (*lineFilter, error) {
	if arg == "" {
		return nil, nil
	}
	lf := &lineFilter{files: map[string]bool{}, spans: map[string][][2]int{}}
	span := map[string]*[2]int{}
	for i := range r.p.Units {
		s, err := r.unitSite(&r.p.Units[i])
		if err != nil {
			return nil, err
		}
		if len(s.frames) == 0 || s.frames[0].File == "" || s.frames[0].Line <= 0 {
			continue
		}
		f := s.frames[0]
		if matchFile(f.File, arg) {
			lf.files[f.File] = true
		}
		if matchFunc(f.Func, arg) {
			if sp := span[f.File]; sp == nil {
				span[f.File] = &[2]int{f.Line, f.Line}
			} else {
				sp[0], sp[1] = min(sp[0], f.Line), max(sp[1], f.Line)
			}
		}
	}
	if len(lf.files) > 0 {
		return lf, nil
	}
	if len(span) == 0 {
		return nil, fmt.Errorf("--lines %s: no source file or function of that name has counted lines", arg)
	}
	for file, sp := range span {
		lf.spans[file] = [][2]int{*sp}
	}
	return lf, nil
}
