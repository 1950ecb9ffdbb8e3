package report

import (
	"errors"

	"sonde/profile"
	"sonde/symbol"
	"sonde/symbol/jitmap"
)

// jitFrames names addr in m, a "[jit]" mapping: code a process generated,
// named by the events the data file kept for it (an Object of the
// profile, which the cache was given with AddImage).
func (s *ObjectSymbolizer) jitFrames(m *profile.Mapping, addr profile.Addr) []symbol.Frame {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := m.Key()
	data, have := s.cache.Image(m.Path, m.BuildID)
	t, ok := s.jit[k]
	// sonde top adds a longer image each time it rereads the data file:
	// the table is built again when the image changed.
	if !ok || t.size != len(data) {
		t = jitTable{size: len(data)}
		var err error
		if !have {
			err = errors.New("no names of the generated code in the data file")
		} else {
			t.t, err = jitmap.Build(data)
		}
		if err != nil {
			s.once(m, err.Error())
		}
		if s.jit == nil {
			s.jit = map[profile.MappingKey]jitTable{}
		}
		s.jit[k] = t
	}
	if t.t == nil {
		return nil
	}
	f, ok := t.t.Frame(uint64(addr))
	if !ok {
		return nil
	}
	return []symbol.Frame{{Func: f.Func, File: f.File, Line: f.Line}}
}

// jitTable is the table of a [jit] mapping built from an image of size
// bytes; t is nil when the image was missing or damaged.
type jitTable struct {
	size int
	t    *jitmap.Table
}
