package datafile

import (
	"encoding/binary"

	"sonde/profile"
)

// WriteInterp writes an Interp frame naming interpreted code locations
// (format.go); frames is at most a few thousand locations, well under a
// frame's payload.
func (w *Writer) WriteInterp(frames []profile.InterpFrame) error {
	if len(frames) == 0 {
		return nil
	}
	return w.frameFunc(KindInterp, func(b []byte) []byte {
		b = binary.AppendUvarint(b, uint64(len(frames)))
		for _, f := range frames {
			b = binary.LittleEndian.AppendUint64(b, uint64(f.ID))
			b = appendString(b, f.Func)
			b = appendString(b, f.File)
			b = binary.AppendUvarint(b, uint64(max(f.Line, 0)))
		}
		return b
	})
}

// decodeInterp reads an Interp frame's payload into p, keeping the first
// location of each ID.
func decodeInterp(b *buf, p *profile.Profile, seen map[profile.Addr]bool) {
	n := b.count(11) // an entry takes at least 8+1+1+1 bytes
	for i := 0; i < n && !b.Failed(); i++ {
		f := profile.InterpFrame{ID: profile.Addr(b.U64()), Func: b.str(), File: b.str(), Line: b.int31()}
		if b.Failed() {
			return
		}
		if !seen[f.ID] {
			seen[f.ID] = true
			p.Interp = append(p.Interp, f)
		}
	}
}
