package python

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
)

// CPython 3.13 publishes the offsets an out-of-process reader needs at the
// start of _PyRuntime, a struct _Py_DebugOffsets (Include/internal/
// pycore_runtime.h) filled by the static initializer, so it is in the
// file's .data: a cookie "xdebugpy", the version (PY_VERSION_HEX), whether
// the build is free-threaded, then one group a structure, each a size
// and the offsets of members, 8 bytes each. The groups' layout is
// 3.13's own ("NOT backwards compatible between minor versions"): the
// positions below are those of 3.13.0's header, and a version other than
// 3.13 is refused.
const (
	debugCookie = "xdebugpy"
	// debugSize is sizeof(struct _Py_DebugOffsets) in 3.13.
	debugSize = 584
)

// The positions in 3.13's _Py_DebugOffsets (gdb `ptype/o struct
// _Py_DebugOffsets` on pyenv's libpython3.13.so.1.0) of the offsets used.
const (
	dbgVersion              = 8
	dbgFreeThreaded         = 16
	dbgRuntimeInterpsHead   = 40
	dbgInterpNext           = 64
	dbgInterpThreadsHead    = 72
	dbgTstateNext           = 168
	dbgTstateCurrentFrame   = 184
	dbgTstateNativeTID      = 200
	dbgFramePrevious        = 232
	dbgFrameExecutable      = 240
	dbgFrameInstrPtr        = 248
	dbgFrameLocalsplus      = 256
	dbgFrameOwner           = 264
	dbgCodeFilename         = 280
	dbgCodeQualname         = 296
	dbgCodeLinetable        = 304
	dbgCodeFirstlineno      = 312
	dbgCodeAdaptive         = 344
	dbgObType               = 360
	dbgBytesObSize          = 520
	dbgBytesObSval          = 528
	dbgUnicodeState         = 544
	dbgUnicodeLength        = 552
	dbgUnicodeASCIIObjectSz = 560
)

// LayoutFromDebugOffsets returns the layout of a CPython 3.13 from the
// _Py_DebugOffsets at the start of its _PyRuntime (data, at least
// debugSize bytes), for a libpython without DWARF. What the structure
// does not give is constant across 3.11-3.13 on x86-64 and checked
// against the DWARF in the tests: PyCompactUnicodeObject is
// PyASCIIObject and two words (utf8_length, utf8), and the state bits
// kind (from bit 2), compact (5) and ascii (6).
func LayoutFromDebugOffsets(data []byte) (*Layout, error) {
	if len(data) < debugSize || string(data[:8]) != debugCookie {
		return nil, fmt.Errorf("%w: _PyRuntime does not begin with _Py_DebugOffsets", ErrNoLayout)
	}
	u := func(off int) int64 { return int64(binary.LittleEndian.Uint64(data[off:])) }
	if v := uint64(u(dbgVersion)); v>>16 != 0x030d {
		return nil, fmt.Errorf("%w: _Py_DebugOffsets of version %#x, not 3.13", ErrNoLayout, v)
	}
	if u(dbgFreeThreaded) != 0 {
		return nil, fmt.Errorf("%w: a free-threaded build (its object header differs)", ErrNoLayout)
	}
	l := &Layout{
		Version: 13, ShimEntry: true, InstrPtr: true,
		TstateCframe: -1, CframeCurrent: -1, FrameIsEntry: -1,
		TstateCurrentFrame: u(dbgTstateCurrentFrame),
		TstateNext:         u(dbgTstateNext),
		TstateNativeTID:    u(dbgTstateNativeTID),
		FrameCode:          u(dbgFrameExecutable),
		FramePrevious:      u(dbgFramePrevious),
		FramePrevInstr:     u(dbgFrameInstrPtr),
		FrameOwner:         u(dbgFrameOwner),
		FrameSize:          u(dbgFrameLocalsplus),
		CodeFilename:       u(dbgCodeFilename),
		CodeQualname:       u(dbgCodeQualname),
		CodeLinetable:      u(dbgCodeLinetable),
		CodeFirstlineno:    u(dbgCodeFirstlineno),
		CodeAdaptive:       u(dbgCodeAdaptive),
		RuntimeInterpHead:  u(dbgRuntimeInterpsHead),
		InterpNext:         u(dbgInterpNext),
		InterpThreadsHead:  u(dbgInterpThreadsHead),
		ObType:             u(dbgObType),
		VarSize:            u(dbgBytesObSize),
		ASCIILength:        u(dbgUnicodeLength),
		ASCIIState:         u(dbgUnicodeState),
		ASCIISize:          u(dbgUnicodeASCIIObjectSz),
		CompactSize:        u(dbgUnicodeASCIIObjectSz) + 16,
		KindShift:          2, CompactBit: 5, ASCIIBit: 6,
		BytesData: u(dbgBytesObSval),
	}
	// Offsets the reader indexes buffers with: bounded, so that a
	// corrupt file cannot make it allocate or index wildly.
	for _, o := range []int64{l.TstateCurrentFrame, l.TstateNext, l.TstateNativeTID, l.FrameCode, l.FramePrevious, l.FramePrevInstr, l.FrameOwner, l.FrameSize, l.CodeFilename, l.CodeQualname, l.CodeLinetable, l.CodeFirstlineno, l.CodeAdaptive, l.RuntimeInterpHead, l.InterpNext, l.InterpThreadsHead, l.ObType, l.VarSize, l.ASCIILength, l.ASCIIState, l.ASCIISize, l.BytesData} {
		if o < 0 || o > 1<<16 {
			return nil, fmt.Errorf("%w: _Py_DebugOffsets holds offset %d", ErrNoLayout, o)
		}
	}
	if err := l.check(); err != nil {
		return nil, err
	}
	return l, nil
}

// runtimeData returns n bytes of the initialized data at link-time
// address addr of f (_PyRuntime's static initializer).
func runtimeData(f *elf.File, addr uint64, n int) ([]byte, error) {
	for _, s := range f.Sections {
		if s.Type != elf.SHT_PROGBITS || s.Flags&elf.SHF_ALLOC == 0 || addr < s.Addr || addr+uint64(n) > s.Addr+s.Size {
			continue
		}
		b := make([]byte, n)
		if _, err := s.ReadAt(b, int64(addr-s.Addr)); err != nil {
			return nil, fmt.Errorf("%w: read _PyRuntime: %w", ErrNoLayout, err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("%w: _PyRuntime at %#x is in no data section", ErrNoLayout, addr)
}
