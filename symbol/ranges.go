package symbol

import (
	"encoding/binary"
	"fmt"

	dc "sonde/internal/dwarfconst"
)

// Address and string lookups through a unit's bases, and range lists
// [DWARF4 2.17.3, DWARF5 2.17.3, 7.25, 7.28].

// str returns the string attribute v of a DIE in unit u; "" if it cannot.
func (di *dwarfInfo) str(u *unit, v attrValue) string {
	var s string
	switch v.form {
	case dc.DW_FORM_string:
		s, _ = cstrAt(di.info, v.v)
	case dc.DW_FORM_strp:
		s, _ = cstrAt(di.secs.str, v.v)
	case dc.DW_FORM_line_strp:
		s, _ = cstrAt(di.secs.lineStr, v.v)
	case dc.DW_FORM_strx, dc.DW_FORM_strx1, dc.DW_FORM_strx2, dc.DW_FORM_strx3, dc.DW_FORM_strx4, dc.DW_FORM_GNU_str_index:
		at := u.strOffBase + v.v*uint64(u.offSize)
		if at+uint64(u.offSize) > uint64(len(di.strOff)) || at < u.strOffBase {
			return ""
		}
		var off uint64
		if u.offSize == 8 {
			off = binary.LittleEndian.Uint64(di.strOff[at:])
		} else {
			off = uint64(binary.LittleEndian.Uint32(di.strOff[at:]))
		}
		s, _ = cstrAt(di.secs.str, off)
	}
	return s
}

// addr returns the address attribute v in unit u.
func (di *dwarfInfo) addr(u *unit, v attrValue) (uint64, bool) {
	switch v.form {
	case dc.DW_FORM_addr:
		return v.v, true
	case dc.DW_FORM_addrx, dc.DW_FORM_addrx1, dc.DW_FORM_addrx2, dc.DW_FORM_addrx3, dc.DW_FORM_addrx4, dc.DW_FORM_GNU_addr_index:
		return di.addrIndex(u, v.v)
	}
	return 0, false
}

// addrIndex returns entry i of the unit's .debug_addr table.
func (di *dwarfInfo) addrIndex(u *unit, i uint64) (uint64, bool) {
	at := u.addrBase + i*uint64(u.addrSize)
	if at < u.addrBase || at+uint64(u.addrSize) > uint64(len(di.addrSec)) {
		return 0, false
	}
	if u.addrSize == 4 {
		return uint64(binary.LittleEndian.Uint32(di.addrSec[at:])), true
	}
	return binary.LittleEndian.Uint64(di.addrSec[at:]), true
}

// pcRanges appends to out the address ranges of a DIE from its low_pc,
// high_pc and ranges attributes (ranges nil when absent).
func (di *dwarfInfo) pcRanges(u *unit, low, high, ranges *attrValue, out [][2]uint64) ([][2]uint64, error) {
	if low != nil && high != nil {
		lo, ok := di.addr(u, *low)
		if ok {
			var hi uint64
			if isConst(high.form) {
				hi, ok = lo+high.v, true
			} else {
				hi, ok = di.addr(u, *high)
			}
			if ok {
				out = append(out, [2]uint64{lo, hi})
			}
		}
	}
	if ranges == nil {
		return out, nil
	}
	if u.vers < 5 {
		// DW_AT_GNU_ranges_base offsets the split unit's DW_AT_ranges,
		// not the skeleton's own (gcc -gdwarf-4 -gsplit-dwarf gives each
		// unit after the first a non-zero base).
		base := u.rangesBase
		if u.skeleton {
			base = 0
		}
		return di.ranges4(u, base+ranges.v, out)
	}
	off := ranges.v
	if ranges.form == dc.DW_FORM_rnglistx {
		at := u.rngBase + off*uint64(u.offSize)
		if at < u.rngBase || at+uint64(u.offSize) > uint64(len(di.rngLists)) {
			return out, &FormatError{File: di.secs.file, Off: int64(at), Msg: ".debug_rnglists: rnglistx index out of range"}
		}
		if u.offSize == 8 {
			off = u.rngBase + binary.LittleEndian.Uint64(di.rngLists[at:])
		} else {
			off = u.rngBase + uint64(binary.LittleEndian.Uint32(di.rngLists[at:]))
		}
	}
	return di.ranges5(u, off, out)
}

// ranges4 reads a DWARF 2-4 range list at off in .debug_ranges.
func (di *dwarfInfo) ranges4(u *unit, off uint64, out [][2]uint64) ([][2]uint64, error) {
	if off >= uint64(len(di.rangesSec)) {
		return out, &FormatError{File: di.secs.file, Off: int64(off), Msg: ".debug_ranges: offset out of range"}
	}
	b := newBuf(di.rangesSec[off:], off, di.secs.file, ".debug_ranges")
	base := u.base
	maxAddr := ^uint64(0)
	if u.addrSize == 4 {
		maxAddr = 0xffffffff
	}
	for !b.Failed() {
		lo, hi := b.Uint(u.addrSize), b.Uint(u.addrSize)
		if b.Failed() {
			break
		}
		switch {
		case lo == 0 && hi == 0:
			return out, nil
		case lo == maxAddr:
			base = hi
		default:
			out = append(out, [2]uint64{base + lo, base + hi})
		}
	}
	return out, b.err()
}

// ranges5 reads a DWARF 5 range list at off in .debug_rnglists.
func (di *dwarfInfo) ranges5(u *unit, off uint64, out [][2]uint64) ([][2]uint64, error) {
	if off >= uint64(len(di.rngLists)) {
		return out, &FormatError{File: di.secs.file, Off: int64(off), Msg: ".debug_rnglists: offset out of range"}
	}
	b := newBuf(di.rngLists[off:], off, di.secs.file, ".debug_rnglists")
	base := u.base
	bad := func() ([][2]uint64, error) {
		b.Fail("bad address index")
		return out, b.err()
	}
	for !b.Failed() {
		switch kind := b.U8(); kind {
		case dc.DW_RLE_end_of_list:
			return out, b.err()
		case dc.DW_RLE_base_addressx:
			a, ok := di.addrIndex(u, b.ULEB128())
			if !ok {
				return bad()
			}
			base = a
		case dc.DW_RLE_startx_endx:
			lo, ok1 := di.addrIndex(u, b.ULEB128())
			hi, ok2 := di.addrIndex(u, b.ULEB128())
			if !ok1 || !ok2 {
				return bad()
			}
			out = append(out, [2]uint64{lo, hi})
		case dc.DW_RLE_startx_length:
			lo, ok := di.addrIndex(u, b.ULEB128())
			if !ok {
				return bad()
			}
			out = append(out, [2]uint64{lo, lo + b.ULEB128()})
		case dc.DW_RLE_offset_pair:
			lo, hi := b.ULEB128(), b.ULEB128()
			out = append(out, [2]uint64{base + lo, base + hi})
		case dc.DW_RLE_base_address:
			base = b.Uint(u.addrSize)
		case dc.DW_RLE_start_end:
			lo, hi := b.Uint(u.addrSize), b.Uint(u.addrSize)
			out = append(out, [2]uint64{lo, hi})
		case dc.DW_RLE_start_length:
			lo := b.Uint(u.addrSize)
			out = append(out, [2]uint64{lo, lo + b.ULEB128()})
		default:
			b.Fail(fmt.Sprintf("unknown range list entry kind %d", kind))
		}
	}
	return out, b.err()
}
