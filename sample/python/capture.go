package python

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"

	"sonde/objfile"
)

// RawFrame is one _PyInterpreterFrame as copied at the sample, by a BPF
// program on the sampling event (package sample's pybpf.go): its code
// object's address, its instruction pointer (3.11's prev_instr) and its
// is_entry and owner bytes.
type RawFrame struct {
	Code, Instr  uint64
	Entry, Owner uint8
}

// Captured appends to out the Python frames of raw, a thread's frame
// chain copied at the sample, innermost first, as Read does for a
// stopped thread: the thread was interrupted while its chain was copied,
// so each frame's prev_instr is the sample's (3.11 stores it at every
// instruction's start). Only the code objects are read now; they do not
// change, and their headers are kept per code address for the rest of
// generation gen (the caller's drain), read again in a later one (a code
// object freed and another made at its address is then seen). The same
// checks as Read's apply; on error out is returned unchanged.
func (p *Process) Captured(raw []RawFrame, gen uint64, out []Frame) ([]Frame, error) {
	return p.CapturedFrom(raw, 0, gen, out)
}

// CapturedFrom is Captured for a chain whose copy was cut: next, when
// not 0, is the address of the frame after the last one copied, and the
// frames from there outwards are read now, from memory, as Read reads a
// stopped thread's (the outer frames of a deep chain are the ones that
// change least).
func (p *Process) CapturedFrom(raw []RawFrame, next, gen uint64, out []Frame) ([]Frame, error) {
	n0 := len(out)
	if len(raw) == 0 {
		return out, fmt.Errorf("%w: no frame", ErrBadFrame)
	}
	if len(raw) > maxFrames {
		return out, fmt.Errorf("%w: more than %d frames", ErrBadFrame, maxFrames)
	}
	for i, r := range raw {
		if r.Entry > 1 || r.Owner > 2 {
			return out[:n0], fmt.Errorf("%w: frame %d: is_entry %d, owner %d", ErrBadFrame, i, r.Entry, r.Owner)
		}
		hdr, err := p.header(r.Code, gen)
		if err != nil {
			return out[:n0], err
		}
		fr, err := p.codeFrame(r.Code, r.Instr, hdr)
		if err != nil {
			return out[:n0], fmt.Errorf("frame %d: %w", i, err)
		}
		fr.Entry = r.Entry == 1
		out = append(out, fr)
	}
	if next != 0 {
		var err error
		if out, err = p.readFrom(next, len(raw), out); err != nil {
			return out[:n0], err
		}
	}
	if !out[len(out)-1].Entry {
		return out[:n0], fmt.Errorf("%w: the outermost frame is not an entry frame", ErrBadFrame)
	}
	return out, nil
}

// readFrom appends the frames of the chain from the frame at f outwards,
// read from memory; seen frames came before.
func (p *Process) readFrom(f uint64, seen int, out []Frame) ([]Frame, error) {
	l := p.obj.Layout
	fb := make([]byte, l.FrameSize)
	for f != 0 {
		if seen++; seen > maxFrames {
			return out, fmt.Errorf("%w: more than %d frames", ErrBadFrame, maxFrames)
		}
		if err := p.mem(fb, f); err != nil {
			return out, fmt.Errorf("%w: frame %#x: %w", ErrRead, f, err)
		}
		codeAddr := binary.LittleEndian.Uint64(fb[l.FrameCode:])
		prev := binary.LittleEndian.Uint64(fb[l.FramePrevious:])
		instr := binary.LittleEndian.Uint64(fb[l.FramePrevInstr:])
		entry, owner := fb[l.FrameIsEntry], fb[l.FrameOwner]
		if entry > 1 || owner > 2 {
			return out, fmt.Errorf("%w: frame %#x: is_entry %d, owner %d", ErrBadFrame, f, entry, owner)
		}
		fr, err := p.frame(codeAddr, instr, 0)
		if err != nil {
			return out, fmt.Errorf("frame %#x: %w", f, err)
		}
		fr.Entry = entry == 1
		out = append(out, fr)
		if prev == f {
			return out, fmt.Errorf("%w: frame %#x is its own previous", ErrBadFrame, f)
		}
		f = prev
	}
	return out, nil
}

// codeHeader is a code object's header as read in generation gen.
type codeHeader struct {
	gen uint64
	b   []byte
}

// header returns the header of the code object at addr, read once per
// generation.
func (p *Process) header(addr, gen uint64) ([]byte, error) {
	if p.headers == nil {
		p.headers = map[uint64]*codeHeader{}
	}
	h := p.headers[addr]
	if h != nil && h.gen == gen {
		return h.b, nil
	}
	if h == nil {
		if len(p.headers) > 1<<16 {
			clear(p.headers)
		}
		h = &codeHeader{b: make([]byte, p.obj.Layout.CodeAdaptive)}
		p.headers[addr] = h
	}
	if err := p.mem(h.b, addr); err != nil {
		delete(p.headers, addr)
		return nil, fmt.Errorf("%w: code %#x: %w", ErrRead, addr, err)
	}
	h.gen = gen
	return h.b, nil
}

// OpenQuick reads only the symbols of the interpreter object at path,
// with the layout its version has without DWARF (Open's: CPython 3.11's
// or 3.12's documented offsets, 3.13's _Py_DebugOffsets), in a few ms
// where Open reads the DWARF for 0.1-0.3 s: enough to copy and read
// frames at once; what it reads is checked as Open's object's is, so
// where the DWARF would disagree the frames fail the checks, never pass
// wrong. Its NoDWARF says that the layout is provisional. It returns nil
// and no error for an object that is not x86-64, or whose version has no
// layout without DWARF.
func OpenQuick(path string) (*Object, error) {
	f, err := objfile.Open(path, nil)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if f.ELF.Machine != elf.EM_X86_64 {
		return nil, nil
	}
	o, err := symbolsOf(f, path)
	if err != nil {
		return nil, err
	}
	if err := o.withoutDWARF(f, path, errProvisional); err != nil {
		return nil, nil
	}
	o.NoDWARF = "provisional: " + o.NoDWARF
	return o, nil
}

// errProvisional is why OpenQuick's layout is not the DWARF's.
var errProvisional = errors.New("the DWARF not read yet")
