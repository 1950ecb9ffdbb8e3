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
	t, ok := s.jit[k]
	if !ok {
		data, have := s.cache.Image(m.Path, m.BuildID)
		var err error
		if !have {
			err = errors.New("no names of the generated code in the data file")
		} else {
			t, err = jitmap.Build(data)
		}
		if err != nil {
			s.once(m, err.Error())
		}
		if s.jit == nil {
			s.jit = map[profile.MappingKey]*jitmap.Table{}
		}
		s.jit[k] = t
	}
	if t == nil {
		return nil
	}
	f, ok := t.Frame(uint64(addr))
	if !ok {
		return nil
	}
	return []symbol.Frame{{Func: f.Func, File: f.File, Line: f.Line}}
}
