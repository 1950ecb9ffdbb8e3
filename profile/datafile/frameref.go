package datafile

import (
	"encoding/binary"
	"fmt"

	"sonde/internal/binread"
)

// Frames returns the whole, intact frames of a data file's bytes in file
// order, skipping damaged ones as readers do; their payloads are data's.
func Frames(data []byte) []FrameRef {
	var refs []FrameRef
	for off := 0; off < len(data); {
		st, size, _ := checkFrame(data, off)
		if st != frameOK {
			next := resync(data, off+1)
			if next < 0 {
				break
			}
			off = next
			continue
		}
		refs = append(refs, FrameRef{Off: int64(off), Kind: Kind(data[off+5]), Run: binary.LittleEndian.Uint64(data[off+8:]),
			payload: data[off+HeaderSize : off+size : off+size]})
		off += size
	}
	return refs
}

// PID returns the process a Process, ProcessEnd or JIT frame is about;
// ok is false for other frames and damaged payloads.
func (f FrameRef) PID() (pid int32, ok bool) {
	if f.Kind != KindProcess && f.Kind != KindProcessEnd && f.Kind != KindJIT {
		return 0, false
	}
	b := &buf{binread.New(f.payload)}
	pid = int32(b.uint32())
	return pid, !b.Failed()
}

// Mapping returns the run-local index, path and build ID of a Mapping
// frame; ok is false for other frames and damaged payloads.
func (f FrameRef) Mapping() (index uint64, path, buildID string, ok bool) {
	if f.Kind != KindMapping {
		return 0, "", "", false
	}
	b := &buf{binread.New(f.payload)}
	index = b.Uvarint()
	path, buildID = b.str(), b.str()
	return index, path, buildID, !b.Failed()
}

// Object returns the path and build ID of an Object frame; ok is false
// for other frames and damaged payloads.
func (f FrameRef) Object() (path, buildID string, ok bool) {
	if f.Kind != KindObject {
		return "", "", false
	}
	b := &buf{binread.New(f.payload)}
	path, buildID = b.str(), b.str()
	return path, buildID, !b.Failed()
}

// SampleRefs calls pid for the process of every sample of a Samples
// frame and mapping for the run-local index of every mapping its stacks
// use (repeatedly: the caller keeps a set), walking the payload without
// decoding the samples. It returns an error for a damaged payload (what
// was called before stands) and nil for other frames.
func (f FrameRef) SampleRefs(pid func(int32), mapping func(uint64)) error {
	if f.Kind != KindSamples {
		return nil
	}
	b := &buf{binread.New(f.payload)}
	nv := b.Uvarint()
	ns := b.count(5) // a sample takes at least 5 bytes
	if b.Failed() || nv > MaxStackDepth {
		return fmt.Errorf("Samples frame at offset %d: bad header", f.Off)
	}
	prevDepth := uint64(0)
	for range ns {
		b.skipVarints(1) // time
		p := b.uint32()
		b.skipVarints(1 + int(nv)) // tid, values
		depth, shared := b.Uvarint(), b.Uvarint()
		if b.Failed() || depth > MaxStackDepth || shared > depth || shared > prevDepth {
			return fmt.Errorf("Samples frame at offset %d: damaged sample", f.Off)
		}
		pid(int32(p))
		for range depth - shared {
			m := b.Uvarint()
			b.skipVarints(1) // address
			if m > 0 {
				mapping(m - 1)
			}
		}
		prevDepth = depth
	}
	if b.Failed() {
		return fmt.Errorf("Samples frame at offset %d: %v", f.Off, b.err())
	}
	return nil
}

// FlushedSize writes the buffered samples and returns the size of the
// file the Writer opened, with its generation: 0 for the file opened,
// then one more at each Rewrite. Every frame written from now on starts
// at or after size, in that file or (Rewritten.Moved) its replacement.
func (w *Writer) FlushedSize() (size int64, gen int, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.file == nil {
		return 0, 0, fmt.Errorf("data file size: the writer did not open it")
	}
	if err := w.flushSamplesLocked(); err != nil {
		return 0, 0, err
	}
	fi, err := w.file.Stat()
	if err != nil {
		return 0, 0, fmt.Errorf("data file size: %w", err)
	}
	return fi.Size(), w.gen, nil
}
