package units

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/ianlancetaylor/demangle"

	"sonde/profile"
	"sonde/symbol"
)

// SpecKind says what an --only SPEC restricts.
type SpecKind uint8

// The kinds of --only specs.
const (
	SpecFile   SpecKind = iota + 1 // sort.c: units whose source file is sort.c
	SpecLines                      // sort.c:20-30: units on those lines of sort.c
	SpecFunc                       // func:^shell: units in functions matching the expression
	SpecObject                     // obj:libfoo.so: the units of that object
)

// Spec is one parsed --only argument, as Bishop's second version let the
// user name "what lines, source files, blocks, and functions are to be
// profiled".
type Spec struct {
	Kind SpecKind
	// File is the source file of SpecFile and SpecLines: a base name
	// ("sort.c"), a path suffix ("src/sort.c") or an absolute path.
	File string
	// From and To bound SpecLines, both included.
	From, To int
	// Func matches function names (SpecFunc): the symbol's own name
	// (mangled) or the names reports show for it (see funcNames).
	Func *regexp.Regexp
	// Object is the object of SpecObject: a base name ("libc.so.6"), a
	// base name without its version suffix ("libc"), or a path.
	Object string
}

// String returns the spec as the command line spells it.
func (s Spec) String() string {
	switch s.Kind {
	case SpecFile:
		return s.File
	case SpecLines:
		if s.From == s.To {
			return fmt.Sprintf("%s:%d", s.File, s.From)
		}
		return fmt.Sprintf("%s:%d-%d", s.File, s.From, s.To)
	case SpecFunc:
		return "func:" + s.Func.String()
	case SpecObject:
		return "obj:" + s.Object
	}
	return fmt.Sprintf("Spec(%d)", s.Kind)
}

// ParseSpec parses one --only argument: FILE, FILE:LINE, FILE:FROM-TO,
// func:REGEXP or obj:NAME.
func ParseSpec(arg string) (Spec, error) {
	switch {
	case arg == "":
		return Spec{}, fmt.Errorf("parse --only %q: empty", arg)
	case strings.HasPrefix(arg, "func:"):
		expr := strings.TrimPrefix(arg, "func:")
		if expr == "" {
			return Spec{}, fmt.Errorf("parse --only %q: no regular expression after func:", arg)
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return Spec{}, fmt.Errorf("parse --only %q: %w", arg, err)
		}
		return Spec{Kind: SpecFunc, Func: re}, nil
	case strings.HasPrefix(arg, "obj:"):
		name := strings.TrimPrefix(arg, "obj:")
		if name == "" {
			return Spec{}, fmt.Errorf("parse --only %q: no object name after obj:", arg)
		}
		return Spec{Kind: SpecObject, Object: name}, nil
	}
	file, lines, ok := cutLast(arg, ":")
	if !ok || !isLineRange(lines) {
		return Spec{Kind: SpecFile, File: arg}, nil
	}
	if file == "" {
		return Spec{}, fmt.Errorf("parse --only %q: no file before the line range", arg)
	}
	fromS, toS, isRange := strings.Cut(lines, "-")
	from, err := strconv.Atoi(fromS)
	if err != nil || from <= 0 {
		return Spec{}, fmt.Errorf("parse --only %q: line %q is not a positive number", arg, fromS)
	}
	to := from
	if isRange {
		if to, err = strconv.Atoi(toS); err != nil || to <= 0 {
			return Spec{}, fmt.Errorf("parse --only %q: line %q is not a positive number", arg, toS)
		}
	}
	if to < from {
		return Spec{}, fmt.Errorf("parse --only %q: range %d-%d ends before it starts", arg, from, to)
	}
	return Spec{Kind: SpecLines, File: file, From: from, To: to}, nil
}

// cutLast splits s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// isLineRange reports whether s looks like N or N-M (digits and one dash),
// so that a file name with a colon in it is still a file.
func isLineRange(s string) bool {
	if s == "" {
		return false
	}
	dashes := 0
	for _, c := range s {
		switch {
		case c == '-':
			dashes++
		case c < '0' || c > '9':
			return false
		}
	}
	return dashes <= 1 && s[0] != '-'
}

// Selector applies a list of specs: obj: specs choose the objects (the main
// executable when there is none), and the other specs, when there are any,
// keep the units that at least one of them accepts.
type Selector struct {
	objects []string
	units   []Spec
	// names caches funcNames by symbol name.
	mu    sync.Mutex
	names map[string][]string
}

// NewSelector returns the selector of specs.
func NewSelector(specs []Spec) *Selector {
	s := &Selector{}
	for _, sp := range specs {
		if sp.Kind == SpecObject {
			s.objects = append(s.objects, sp.Object)
		} else {
			s.units = append(s.units, sp)
		}
	}
	return s
}

// Objects returns the object names of the obj: specs.
func (s *Selector) Objects() []string {
	if s == nil {
		return nil
	}
	return s.objects
}

// UnitSpecs returns the specs that restrict units (all but obj: ones).
func (s *Selector) UnitSpecs() []Spec {
	if s == nil {
		return nil
	}
	return s.units
}

// WantsObject reports whether the object at path is to be counted; main
// says it is the program's executable, counted when no obj: spec is given.
func (s *Selector) WantsObject(path string, main bool) bool {
	if s == nil || len(s.objects) == 0 {
		return main
	}
	for _, name := range s.objects {
		if ObjectMatches(name, path) {
			return true
		}
	}
	return false
}

// ObjectMatches reports whether obj:name names the object at path: its
// path, base name, or base name up to a "." or "-" (libfoo.so.1).
func ObjectMatches(name, path string) bool {
	base := filepath.Base(path)
	return path == name || base == name || strings.HasPrefix(base, name+".") || strings.HasPrefix(base, name+"-")
}

func (s *Selector) accepts(u *profile.Unit) bool {
	if s == nil || len(s.units) == 0 {
		return true
	}
	for _, sp := range s.units {
		if s.Accepts(sp, u) {
			return true
		}
	}
	return false
}

// Accepts reports whether spec sp alone accepts unit u: an obj: spec
// accepts every unit.
func (s *Selector) Accepts(sp Spec, u *profile.Unit) bool {
	switch sp.Kind {
	case SpecFile:
		return fileMatches(sp.File, u.File)
	case SpecLines:
		return fileMatches(sp.File, u.File) && u.Line >= sp.From && u.Line <= sp.To
	case SpecFunc:
		return s.funcMatches(sp.Func, u.Func)
	case SpecObject:
		return true
	}
	return false
}

// funcMatches reports whether re matches one of the names of function
// symbol name.
func (s *Selector) funcMatches(re *regexp.Regexp, name string) bool {
	if name == "" {
		return false
	}
	if re.MatchString(name) {
		return true
	}
	if len(name) < 2 || name[0] != '_' || (name[1] != 'Z' && name[1] != 'R') {
		return false // not mangled: its only name
	}
	var names []string
	if s == nil {
		names = funcNames(name)
	} else {
		s.mu.Lock()
		var ok bool
		if names, ok = s.names[name]; !ok {
			names = funcNames(name)
			if s.names == nil {
				s.names = map[string][]string{}
			}
			s.names[name] = names
		}
		s.mu.Unlock()
	}
	for _, n := range names {
		if re.MatchString(n) {
			return true
		}
	}
	return false
}

// funcNames returns the names of mangled function symbol name that
// func: specs match besides the symbol itself: the name the reports show
// (symbol.Demangle: "tinyxml2::XMLUtil::ToStr(int, char*, int)",
// "rprog::collatz::h42ce5f6268beea91"), a Rust name without its hash
// ("rprog::collatz"), and a C++ name without its parameters
// ("tinyxml2::XMLUtil::ToStr"), so that ^ and $ anchor where the user
// sees the name start and end.
func funcNames(name string) []string {
	d := symbol.Demangle(name)
	if d == name {
		return nil
	}
	out := []string{d}
	if t, ok := trimRustHash(d); ok {
		return append(out, t)
	}
	if name[1] == 'Z' {
		func() {
			defer func() { recover() }() // see symbol.Demangle
			if np, err := demangle.ToString(name, demangle.NoParams); err == nil && np != d {
				out = append(out, np)
			}
		}()
	}
	return out
}

// trimRustHash returns a demangled Rust legacy name without its final
// "::h" and 16 hex digits.
func trimRustHash(d string) (string, bool) {
	const n = len("::h0123456789abcdef")
	if len(d) <= n || d[len(d)-n:len(d)-16] != "::h" {
		return "", false
	}
	for _, c := range d[len(d)-16:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", false
		}
	}
	return d[:len(d)-n], true
}

// fileMatches reports whether the spec's file names the source file file.
func fileMatches(spec, file string) bool {
	if file == "" {
		return false
	}
	return file == spec || filepath.Base(file) == spec || strings.HasSuffix(file, "/"+strings.TrimPrefix(spec, "./"))
}
