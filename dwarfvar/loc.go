package dwarfvar

import (
	"debug/dwarf"
	"encoding/binary"
	"fmt"

	"sonde/dwarfexpr"
	"sonde/internal/binread"
	dc "sonde/internal/dwarfconst"
)

// ErrOptimizedOut says a variable has no location at the pc (no location
// attribute, no location list entry covering the pc, or an empty piece).
var ErrOptimizedOut = dwarfexpr.ErrOptimizedOut

// ErrUnavailable says a variable has a location that cannot be read here:
// a register the frame does not recover, unreadable memory, or a DWARF
// operation whose value lives elsewhere (DW_OP_entry_value,
// DW_OP_GNU_parameter_ref, thread-local storage, vector registers).
var ErrUnavailable = dwarfexpr.ErrUnavailable

// Frame is the machine state of one stack frame; it is dwarfexpr.Frame,
// the interface the expression evaluator reads through.
type Frame interface {
	// Reg returns DWARF register n (x86-64 psABI numbering: 0 rax, 1 rdx,
	// 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 16 the return
	// address/rip); ok is false when it is not recoverable in this frame.
	Reg(n int) (v uint64, ok bool)
	// CFA returns the canonical frame address (DW_OP_call_frame_cfa, gcc's
	// frame base).
	CFA() (uint64, bool)
	// ReadMemory reads runtime addresses; it fails when they are
	// unreadable.
	ReadMemory(addr uint64, buf []byte) error
}

// locEntry is one entry of a location list, in link-time addresses;
// dflt marks DW_LLE_default_location.
type locEntry struct {
	lo, hi uint64
	expr   []byte
	dflt   bool
}

// machine evaluates DWARF location expressions in one frame with
// dwarfexpr; it is the evaluator's dwarfexpr.Debug: the frame base,
// entry values, .debug_addr and base types of the unit.
type machine struct {
	f        Frame
	bias     uint64
	u        *cu
	fbVar    *variable // the function's DW_AT_frame_base
	lpc      uint64    // link-time pc, for location lists
	fb       uint64    // the frame base, once computed
	fbKnown  bool
	depth    int       // of entry values resolved through callers
	c        *compiled // the function evaluated in, for its call sites
	callerOf *compiled // always nil: the caller's own entry values stay unknown
}

func errorf(sentinel error, format string, a ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, a...))
}

// locate evaluates a location description. An empty expression is an
// optimized-out value.
func (m *machine) locate(expr []byte) (dwarfexpr.Location, error) {
	return dwarfexpr.Locate(expr, m.f, m, m.bias)
}

// read copies len(buf) bytes from location l, starting off bytes in.
func (m *machine) read(l dwarfexpr.Location, off uint64, buf []byte) error {
	return dwarfexpr.Read(l, m.f, off, buf)
}

// DebugAddr implements dwarfexpr.Debug.
func (m *machine) DebugAddr(i uint64) (uint64, error) { return m.u.debugAddr(i) }

// BaseType implements dwarfexpr.Debug.
func (m *machine) BaseType(off uint64) (int64, bool, error) { return m.u.baseType(off) }

// baseType reads the integer base type at a unit-relative offset, as the
// typed DWARF 5 operations name it (0: the generic type). Floating-point
// types are refused: the stack here holds integers.
func (u *cu) baseType(off uint64) (size int64, signed bool, err error) {
	if off == 0 {
		return 8, false, nil
	}
	n, ok := u.nodes[dwarf.Offset(u.unitOff+off)]
	if !ok || n.e.Tag != dwarf.TagBaseType {
		return 0, false, fmt.Errorf("DWARF expression: no base type at unit offset %#x", off)
	}
	size, _ = n.e.Val(dwarf.AttrByteSize).(int64)
	enc, _ := n.e.Val(dwarf.AttrEncoding).(int64)
	if enc == dc.DW_ATE_float {
		return 0, false, errorf(ErrUnavailable, "floating-point DWARF stack values")
	}
	return size, enc == dc.DW_ATE_signed || enc == dc.DW_ATE_signed_char, nil
}

// debugAddr reads entry i of the unit's .debug_addr table.
func (u *cu) debugAddr(i uint64) (uint64, error) {
	off := u.addrBase + i*8
	if off < u.addrBase || off+8 > uint64(len(u.p.addr)) || off+8 < off {
		return 0, fmt.Errorf("DW_OP_addrx %d: outside .debug_addr of %s", i, u.p.path)
	}
	return binary.LittleEndian.Uint64(u.p.addr[off:]), nil
}

// maxLocListEntries bounds the entries of one location list.
const maxLocListEntries = 1 << 16

// locList decodes the location list at off (an offset into .debug_loc for
// units before DWARF 5, into .debug_loclists from DWARF 5 on) into
// link-time address ranges.
func (u *cu) locList(off uint64) ([]locEntry, error) {
	if u.version < 5 {
		return decodeLoc(u.p.loc, off, u.base)
	}
	return decodeLoclists(u.p.loclists, off, u.base, u.debugAddr)
}

// locListx resolves a DW_FORM_loclistx index through the unit's
// DW_AT_loclists_base offset table.
func (u *cu) locListx(i uint64) ([]locEntry, error) {
	base := u.loclistsBase
	if base == 0 {
		base = 12 // the first table's offsets start after its header
	}
	p := base + i*4
	if p < base || p+4 > uint64(len(u.p.loclists)) {
		return nil, fmt.Errorf("DW_FORM_loclistx %d: outside .debug_loclists", i)
	}
	return u.locList(base + uint64(binary.LittleEndian.Uint32(u.p.loclists[p:])))
}

// decodeLoc decodes a DWARF 2-4 .debug_loc list.
func decodeLoc(sec []byte, off, base uint64) ([]locEntry, error) {
	b := binread.NewAt(sec, int(off))
	if off > uint64(len(sec)) {
		return nil, fmt.Errorf(".debug_loc offset %#x: outside the section", off)
	}
	var es []locEntry
	for n := 0; n < maxLocListEntries; n++ {
		lo, hi := b.U64(), b.U64()
		if b.Failed() {
			return nil, fmt.Errorf(".debug_loc list at %#x: %w", off, b.Err())
		}
		if lo == 0 && hi == 0 {
			return es, nil
		}
		if lo == ^uint64(0) {
			base = hi
			continue
		}
		n := uint64(b.U16())
		e := b.BytesU(n)
		if b.Failed() {
			return nil, fmt.Errorf(".debug_loc list at %#x: %w", off, b.Err())
		}
		es = append(es, locEntry{lo: base + lo, hi: base + hi, expr: e})
	}
	return nil, fmt.Errorf(".debug_loc list at %#x: too long", off)
}

// decodeLoclists decodes a DWARF 5 .debug_loclists list.
func decodeLoclists(sec []byte, off, base uint64, addr func(uint64) (uint64, error)) ([]locEntry, error) {
	if off > uint64(len(sec)) {
		return nil, fmt.Errorf(".debug_loclists offset %#x: outside the section", off)
	}
	b := binread.NewAt(sec, int(off))
	var es []locEntry
	fail := func(err error) ([]locEntry, error) {
		return nil, fmt.Errorf(".debug_loclists list at %#x: %w", off, err)
	}
	for n := 0; n < maxLocListEntries; n++ {
		kind := b.U8()
		var lo, hi uint64
		var err error
		dflt := false
		switch kind {
		case dc.DW_LLE_end_of_list:
			if b.Failed() {
				return fail(b.Err())
			}
			return es, nil
		case dc.DW_LLE_base_addressx:
			if base, err = addr(b.ULEB128()); err != nil {
				return fail(err)
			}
			continue
		case dc.DW_LLE_base_address:
			base = b.U64()
			continue
		case dc.DW_LLE_startx_endx:
			i, j := b.ULEB128(), b.ULEB128()
			if lo, err = addr(i); err == nil {
				hi, err = addr(j)
			}
		case dc.DW_LLE_startx_length:
			i, l := b.ULEB128(), b.ULEB128()
			if lo, err = addr(i); err == nil {
				hi = lo + l
			}
		case dc.DW_LLE_offset_pair:
			lo, hi = base+b.ULEB128(), base+b.ULEB128()
		case dc.DW_LLE_default_location:
			dflt = true
		case dc.DW_LLE_start_end:
			lo, hi = b.U64(), b.U64()
		case dc.DW_LLE_start_length:
			lo = b.U64()
			hi = lo + b.ULEB128()
		default:
			return fail(fmt.Errorf("unknown entry kind %#x", kind))
		}
		if err != nil {
			return fail(err)
		}
		e := b.BytesU(b.ULEB128())
		if b.Failed() {
			return fail(b.Err())
		}
		es = append(es, locEntry{lo: lo, hi: hi, expr: e, dflt: dflt})
	}
	return fail(fmt.Errorf("too long"))
}

// exprAt picks the expression of a location list for link-time pc.
func exprAt(es []locEntry, pc uint64) ([]byte, bool) {
	var d []byte
	found := false
	for _, e := range es {
		if e.dflt {
			d, found = e.expr, true
			continue
		}
		if pc >= e.lo && pc < e.hi {
			return e.expr, true
		}
	}
	return d, found
}
