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
// object's address (f_code; 3.13's f_executable), its instruction
// pointer (prev_instr; 3.13's instr_ptr) and its is_entry (3.11; ignored
// after) and owner bytes.
type RawFrame struct {
	Code, Instr  uint64
	Entry, Owner uint8
}

// Captured appends to out the Python frames of raw, a thread's frame
// chain copied at the sample, innermost first, as Read does for a
// stopped thread: the thread was interrupted while its chain was copied,
// so each frame's prev_instr is the sample's (3.11 and 3.12 store it at
// every instruction's start, 3.13 its instr_ptr). The version's entry
// rules are Read's: 3.11's is_entry; 3.12's and 3.13's shim frames,
// owned by the C stack, skipped, the frame before each marked as its
// eval call's entry. Only the code objects are read now; they do not
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
		if p.obj.Layout.FrameIsEntry < 0 {
			r.Entry = 0 // a byte the copy holds for none
		}
		shim, err := p.link(out, n0, r.Entry, r.Owner)
		if err != nil {
			return out[:n0], fmt.Errorf("frame %d: %w", i, err)
		}
		if shim {
			continue
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
		if out, err = p.readFrom(next, len(raw), n0, out); err != nil {
			return out[:n0], err
		}
	}
	if len(out) == n0 || !out[len(out)-1].Entry {
		return out[:n0], fmt.Errorf("%w: the outermost frame is not an entry frame", ErrBadFrame)
	}
	return out, nil
}

// readFrom appends the frames of the chain from the frame at f outwards,
// read from memory; seen frames came before, out[n0:] the chain's frames
// so far.
func (p *Process) readFrom(f uint64, seen, n0 int, out []Frame) ([]Frame, error) {
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
		var entry byte
		if l.FrameIsEntry >= 0 {
			entry = fb[l.FrameIsEntry]
		}
		if prev == f {
			return out, fmt.Errorf("%w: frame %#x is its own previous", ErrBadFrame, f)
		}
		shim, err := p.link(out, n0, entry, fb[l.FrameOwner])
		if err != nil {
			return out, fmt.Errorf("frame %#x: %w", f, err)
		}
		if !shim {
			fr, err := p.frame(codeAddr, instr, 0)
			if err != nil {
				return out, fmt.Errorf("frame %#x: %w", f, err)
			}
			fr.Entry = entry == 1
			out = append(out, fr)
		}
		f = prev
	}
	return out, nil
}

// link applies the version's entry rules to a frame with is_entry byte
// entry (0 where the version has none) and owner byte owner, which
// follows the chain's frames out[n0:]: shim reports a shim frame of
// 3.12 or 3.13 (owned by the C stack: no Python function, not read), and
// the frame before it is then marked as its eval call's entry. As Read,
// a shim innermost (the sample's eval call starting or returning) or
// right after an entry (an eval call without frames) wraps ErrShim.
func (p *Process) link(out []Frame, n0 int, entry, owner byte) (shim bool, err error) {
	l := p.obj.Layout
	if entry > 1 || owner > OwnedByCStack || owner == OwnedByCStack && !l.ShimEntry {
		return false, fmt.Errorf("%w: is_entry %d, owner %d", ErrBadFrame, entry, owner)
	}
	if owner != OwnedByCStack {
		return false, nil
	}
	switch {
	case len(out) == n0:
		return true, fmt.Errorf("%w: the innermost frame is an eval call's shim", ErrShim)
	case out[len(out)-1].Entry:
		return true, fmt.Errorf("%w: eval call without frames", ErrShim)
	}
	out[len(out)-1].Entry = true
	return true, nil
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
