package report

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"sonde/profile"
	"sonde/symbol"
	"sonde/symbol/jitmap"
)

// ObjectSymbolizer is the Symbolizer reports use: it opens each mapping's
// object once through a symbol.Cache, answers each (object, address) once,
// and degrades instead of failing. An object that cannot be opened, or that
// lacks debug information, is reported once on the warnings writer, pprof
// style ("sonde: /usr/bin/git: no DWARF: function names from .dynsym only"),
// and its addresses get what the object still offers: function names from
// the symbol table, or nothing (object+offset).
//
// Memory with no file ("[vdso]", "[kernel.kallsyms]", "[anon]") is not
// symbolized. An ObjectSymbolizer is safe for concurrent use; it does not
// own the cache.
type ObjectSymbolizer struct {
	cache *symbol.Cache
	warn  io.Writer

	mu       sync.Mutex
	memo     map[memoKey][]symbol.Frame
	reported map[profile.MappingKey]bool
	kernel   kallsyms                        // [kernel.kallsyms] addresses (kallsyms.go)
	jit      map[profile.MappingKey]jitTable // [jit] mappings (jit.go)
}

type memoKey struct {
	obj  profile.MappingKey
	addr profile.Addr
}

// NewSymbolizer returns an ObjectSymbolizer over cache that prints one line
// per unusable object to warnings (nil: print nothing).
func NewSymbolizer(cache *symbol.Cache, warnings io.Writer) *ObjectSymbolizer {
	if warnings == nil {
		warnings = io.Discard
	}
	return &ObjectSymbolizer{
		cache:    cache,
		warn:     warnings,
		memo:     make(map[memoKey][]symbol.Frame),
		reported: make(map[profile.MappingKey]bool),
	}
}

// vdsoPath is the pseudo-path of the vDSO's mappings, perf's name.
const vdsoPath = "[vdso]"

// Frames implements Symbolizer. It never returns an error: problems with an
// object are warnings, and the address degrades.
func (s *ObjectSymbolizer) Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error) {
	if m.Path == profile.WaitPath {
		// The wait frame of an off-CPU sample: why the thread waited.
		return []symbol.Frame{{Func: profile.WaitName(addr)}}, nil
	}
	if m.Path == kernelPath {
		f, err := s.kernel.frames(uint64(addr))
		if err != nil {
			s.mu.Lock()
			s.once(m, err.Error())
			s.mu.Unlock()
		}
		return f, nil
	}
	if m.Path == profile.InterpPath {
		// Python frames: named by the profile's Interp table.
		return s.cache.Interp(uint64(profile.InterpKey(addr))), nil
	}
	if m.Path == jitmap.Path {
		return s.jitFrames(m, addr), nil // jit.go
	}
	// The vDSO is symbolized from the copy of it that the data file
	// keeps (symbol.Cache.AddImage); other pseudo-paths have no object.
	if isPseudo(m) && m.Path != vdsoPath || m.Path == "" {
		return nil, nil
	}
	k := memoKey{m.Key(), addr}
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := s.memo[k]; ok {
		return f, nil
	}
	var frames []symbol.Frame
	obj, err := s.cache.Object(m.Path, m.BuildID)
	switch {
	case errors.Is(err, symbol.ErrNoImage):
		// A vDSO recorded before data files kept its bytes: its
		// addresses are runtime ones, nothing to name them with.
	case err != nil:
		s.once(m, err.Error())
	default:
		if msg := obj.Info().Missing; msg != "" {
			s.once(m, msg)
		}
		frames, err = obj.Frames(uint64(addr))
		if err != nil {
			s.once(m, fmt.Sprintf("symbolize %#x: %v", uint64(addr), err))
			frames = nil
		}
	}
	s.memo[k] = frames
	return frames, nil
}

// once prints "sonde: PATH: msg" the first time an object has a problem;
// msg is printed alone when it names the path already.
func (s *ObjectSymbolizer) once(m *profile.Mapping, msg string) {
	if s.reported[m.Key()] {
		return
	}
	s.reported[m.Key()] = true
	if strings.Contains(msg, m.Path) {
		fmt.Fprintf(s.warn, "sonde: %s\n", msg)
		return
	}
	fmt.Fprintf(s.warn, "sonde: %s: %s\n", m.Path, msg)
}
