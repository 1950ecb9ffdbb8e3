package datafile

import (
	"encoding/binary"
	"fmt"
	"slices"

	"sonde/profile"
	"sonde/symbol/jitmap"
)

// WriteJIT writes a JIT frame: events (jitmap.AppendEvents) of process pid
// about its generated code.
func (w *Writer) WriteJIT(pid int32, events []byte) error {
	if len(events)+20 > MaxPayload {
		return fmt.Errorf("write JIT events of process %d: %d bytes, more than a frame holds", pid, len(events))
	}
	return w.frameFunc(KindJIT, func(b []byte) []byte {
		b = binary.AppendUvarint(b, uint64(uint32(pid)))
		return appendString(b, string(events))
	})
}

// anonPath is the sampler's pseudo-path for anonymous executable memory.
const anonPath = "[anon]"

// readJIT keeps the events of a JIT frame for applyJIT.
func (d *decoder) readJIT(f *rawFrame, b *buf, st *runState) {
	pid := int32(b.uint32())
	body := b.str()
	if b.Failed() {
		return
	}
	if st.jit == nil {
		st.jit = map[int32][]jitFrame{}
	}
	st.jit[pid] = append(st.jit[pid], jitFrame{off: f.off, body: []byte(body)})
}

// jitFrame is the events of one JIT frame and where the frame is.
type jitFrame struct {
	off  int64
	body []byte
}

// applyJIT translates the addresses of the samples of each process with JIT
// frames that lie in its anonymous memory (or in no mapping) into
// addresses of a "[jit]" mapping of its own, by the events and each
// sample's time, and keeps the names of that mapping as an Object. Once
// the samples are read.
func (d *decoder) applyJIT() {
	p := d.p
	for _, run := range d.runOrder() {
		st := d.runs[run]
		pids := make([]int32, 0, len(st.jit))
		for pid := range st.jit {
			pids = append(pids, pid)
		}
		slices.Sort(pids)
		batches := make([]batch, 0, len(st.batches))
		for _, bt := range st.batches {
			batches = append(batches, bt)
		}
		for _, pid := range pids {
			frames := st.jit[pid]
			bodies := make([][]byte, len(frames))
			for i, f := range frames {
				bodies[i] = f.body
			}
			t, err := jitmap.Build(bodies...)
			if err != nil {
				d.warn(frames[0].off, "JIT frames of process %d (first at offset %d): %v; its generated code stays unnamed", pid, frames[0].off, err)
				continue
			}
			if t.Len() == 0 {
				continue
			}
			m := &profile.Mapping{Path: jitmap.Path, BuildID: fmt.Sprintf("%016x-%d", run, pid)}
			g, ok := d.mappingIndex[m.Key()]
			if !ok {
				g = int32(len(p.Mappings))
				d.mappingIndex[m.Key()] = g
				p.Mappings = append(p.Mappings, m)
			}
			if p.ObjectImage(m.Path, m.BuildID) == nil {
				p.Objects = append(p.Objects, profile.ObjectImage{Path: m.Path, BuildID: m.BuildID, Data: t.Image()})
			}
			for _, bt := range batches {
				for i := bt.start; i < bt.start+bt.n; i++ {
					if s := &p.Samples[i]; s.PID == pid {
						d.translate(t, g, s)
					}
				}
			}
		}
	}
}

// translate moves the locations of s in anonymous memory that t knows
// into mapping g.
func (d *decoder) translate(t *jitmap.Table, g int32, s *profile.Sample) {
	for j := range s.Stack {
		loc := &s.Stack[j]
		if loc.Mapping != profile.NoMapping && d.p.Mappings[loc.Mapping].Path != anonPath {
			continue
		}
		addr := uint64(loc.Addr)
		look := addr
		if j > 0 && look > 0 {
			look-- // a return address: the call is before it
		}
		if a, ok := t.Translate(look, addr, s.Time); ok {
			*loc = profile.Location{Mapping: g, Addr: profile.Addr(a)}
		}
	}
}

// runOrder returns the run IDs in the order of their Run frames.
func (d *decoder) runOrder() []uint64 {
	ids := make([]uint64, 0, len(d.runs))
	for id := range d.runs {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b uint64) int { return d.runs[a].index - d.runs[b].index })
	return ids
}
