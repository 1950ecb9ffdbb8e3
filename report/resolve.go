package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"sonde/profile"
	"sonde/symbol"
)

// Symbolizer finds the source frames of an address in a mapped object. It is
// the seam between views and the symbol package: reports use NewSymbolizer,
// tests inject a table.
type Symbolizer interface {
	// Frames returns the frames of the link-time address addr in the object
	// m, innermost first (see symbol.Frame). It returns nil, nil when it
	// knows nothing about addr; the caller then prints object+offset. m is
	// never nil. An error aborts the report: implementations report
	// per-object problems themselves (once) and return nil frames, so that
	// one unreadable object degrades instead of failing everything.
	Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error)
}

// site is one symbolized program location as views see it.
type site struct {
	m      *profile.Mapping // nil for profile.NoMapping
	addr   profile.Addr     // as recorded (return address for callers)
	frames []symbol.Frame   // innermost first; nil when nothing is known
}

// siteKey identifies a location and whether it was seen as a return address,
// which is symbolized one byte earlier.
type siteKey struct {
	loc    profile.Location
	caller bool
}

// resolver symbolizes the locations of one profile once each. It is used by
// one view at a time and is not safe for concurrent use.
type resolver struct {
	p     *profile.Profile
	sym   Symbolizer
	sites map[siteKey]*site
	sort  SortColumn // Options.Sort, for the tables of views (sort.go)
}

func newResolver(p *profile.Profile, sym Symbolizer) *resolver {
	return &resolver{p: p, sym: sym, sites: make(map[siteKey]*site)}
}

// mapping returns the mapping of loc, nil for NoMapping, or an error for an
// index outside the profile's mapping table.
func (r *resolver) mapping(loc profile.Location) (*profile.Mapping, error) {
	if loc.Mapping == profile.NoMapping {
		return nil, nil
	}
	if loc.Mapping < 0 || int(loc.Mapping) >= len(r.p.Mappings) || r.p.Mappings[loc.Mapping] == nil {
		return nil, fmt.Errorf("location %#x refers to mapping %d of %d", uint64(loc.Addr), loc.Mapping, len(r.p.Mappings))
	}
	return r.p.Mappings[loc.Mapping], nil
}

// resolve symbolizes loc. caller says that loc is a return address (a
// non-leaf stack entry): the call instruction ends one byte before it, so
// addr-1 is looked up, as pprof, perf and gdb do.
func (r *resolver) resolve(loc profile.Location, caller bool) (*site, error) {
	k := siteKey{loc, caller}
	if s, ok := r.sites[k]; ok {
		return s, nil
	}
	m, err := r.mapping(loc)
	if err != nil {
		return nil, err
	}
	s := &site{m: m, addr: loc.Addr}
	if m != nil && r.sym != nil {
		a := loc.Addr
		if caller && a > 0 {
			a--
		}
		s.frames, err = r.sym.Frames(m, a)
		if err != nil {
			return nil, fmt.Errorf("symbolize %s %#x: %w", m.Path, uint64(a), err)
		}
	}
	r.sites[k] = s
	return s, nil
}

// unitSite symbolizes a counted unit: from its static position when the
// collector recorded one (compiler instrumentation), else from its address,
// which is the unit's own first instruction (not a return address).
func (r *resolver) unitSite(u *profile.Unit) (*site, error) {
	if u.Func != "" || u.File != "" {
		m, err := r.mapping(u.Loc)
		if err != nil {
			return nil, err
		}
		return &site{m: m, addr: u.Loc.Addr, frames: []symbol.Frame{{Func: u.Func, File: u.File, Line: u.Line}}}, nil
	}
	return r.resolve(u.Loc, false)
}

// isPseudo reports whether a mapping names memory with no file
// ("[kernel.kallsyms]", "[vdso]", "[anon]"); its addresses are runtime
// addresses.
func isPseudo(m *profile.Mapping) bool {
	return strings.HasPrefix(m.Path, "[")
}

// objectName is the object a site is in, as the object view lists it: the
// mapping's full path, or "[unmapped]".
func objectName(m *profile.Mapping) string {
	if m == nil {
		return "[unmapped]"
	}
	return m.Path
}

// objectBase is the short object name used before ":function" and
// "+offset": the file's base name, or the pseudo-name unchanged.
func objectBase(m *profile.Mapping) string {
	if m == nil {
		return "[unmapped]"
	}
	if isPseudo(m) {
		return m.Path
	}
	return filepath.Base(m.Path)
}

// objectOffset is the display of an address nothing is known about:
// "libfoo.so+0x1a2b" for a link-time address in a file, "[vdso]@0x7ffd..."
// for a runtime address in memory with no file or no mapping.
func objectOffset(s *site) string {
	if s.m == nil || isPseudo(s.m) {
		return fmt.Sprintf("%s@%#x", objectBase(s.m), uint64(s.addr))
	}
	return fmt.Sprintf("%s+%#x", objectBase(s.m), uint64(s.addr))
}

// lineName names the innermost frame of s at the finest level known:
// "/src/file.c:101", else "libc.so.6:getc", else "libfoo.so+0x1a2b".
func lineName(s *site) string {
	if len(s.frames) == 0 {
		return objectOffset(s)
	}
	f := s.frames[0]
	switch {
	case f.File != "" && f.Line > 0:
		return fmt.Sprintf("%s:%d", f.File, f.Line)
	case f.Func != "":
		return objectBase(s.m) + ":" + symbol.Demangle(f.Func)
	}
	return objectOffset(s)
}

// funcName names a frame's function, demangled; "" when it has none.
func funcName(f symbol.Frame) string {
	if f.Func == "" {
		return ""
	}
	return symbol.Demangle(f.Func)
}

// fileName names the source file of the innermost frame of s, or the object
// when no file is known.
func fileName(s *site) string {
	if len(s.frames) > 0 && s.frames[0].File != "" {
		return s.frames[0].File
	}
	return objectName(s.m)
}

// lineCopy returns the source line of unit u, symbolized as s, and the copy
// of that line's code it lies in (profile.LineTally's rule); ok is false
// when s has no file and line.
func lineCopy(u *profile.Unit, s *site) (cp profile.LineCopy, ok bool) {
	if len(s.frames) == 0 || s.frames[0].File == "" || s.frames[0].Line <= 0 {
		return cp, false
	}
	pos := make([]profile.SourcePos, len(s.frames))
	for i, f := range s.frames {
		pos[i] = profile.SourcePos{Func: f.Func, File: f.File, Line: f.Line}
	}
	return profile.LineCopyOf(u, objectName(s.m), pos), true
}
