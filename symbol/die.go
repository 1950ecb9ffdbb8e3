package symbol

import (
	"fmt"
)

// A small DIE reader for what symbolization needs [DWARF5 7.5]: it decodes
// the attributes of compilation units, subprograms and inlined subroutines
// and skips everything else by form, jumping over type subtrees by
// DW_AT_sibling. debug/dwarf decodes (and allocates) every attribute of
// every DIE, which made decoding libpython's 850,000 DIEs several times
// slower than llvm-symbolizer.

// DWARF tags, attributes and forms used here [DWARF5 7.5.3-7.5.6].
const (
	DW_TAG_array_type         = 0x01
	DW_TAG_class_type         = 0x02
	DW_TAG_enumeration_type   = 0x04
	DW_TAG_structure_type     = 0x13
	DW_TAG_subroutine_type    = 0x15
	DW_TAG_union_type         = 0x17
	DW_TAG_compile_unit       = 0x11
	DW_TAG_inlined_subroutine = 0x1d
	DW_TAG_subprogram         = 0x2e
	DW_TAG_partial_unit       = 0x3c
	DW_TAG_skeleton_unit      = 0x4a

	DW_AT_sibling           = 0x01
	DW_AT_name              = 0x03
	DW_AT_stmt_list         = 0x10
	DW_AT_low_pc            = 0x11
	DW_AT_high_pc           = 0x12
	DW_AT_comp_dir          = 0x1b
	DW_AT_abstract_origin   = 0x31
	DW_AT_specification     = 0x47
	DW_AT_ranges            = 0x55
	DW_AT_call_column       = 0x57
	DW_AT_call_file         = 0x58
	DW_AT_call_line         = 0x59
	DW_AT_linkage_name      = 0x6e
	DW_AT_str_offsets_base  = 0x72
	DW_AT_addr_base         = 0x73
	DW_AT_rnglists_base     = 0x74
	DW_AT_dwo_name          = 0x76
	DW_AT_GNU_dwo_name      = 0x2130
	DW_AT_GNU_dwo_id        = 0x2131
	DW_AT_GNU_ranges_base   = 0x2132
	DW_AT_GNU_addr_base     = 0x2133
	DW_AT_MIPS_linkage_name = 0x2007
	DW_AT_GNU_discriminator = 0x2136

	DW_FORM_addr           = 0x01
	DW_FORM_flag           = 0x0c
	DW_FORM_ref_addr       = 0x10
	DW_FORM_ref1           = 0x11
	DW_FORM_ref2           = 0x12
	DW_FORM_ref4           = 0x13
	DW_FORM_ref8           = 0x14
	DW_FORM_ref_udata      = 0x15
	DW_FORM_indirect       = 0x16
	DW_FORM_sec_offset     = 0x17
	DW_FORM_exprloc        = 0x18
	DW_FORM_flag_present   = 0x19
	DW_FORM_addrx          = 0x1b
	DW_FORM_ref_sup4       = 0x1c
	DW_FORM_strp_sup       = 0x1d
	DW_FORM_ref_sig8       = 0x20
	DW_FORM_implicit_const = 0x21
	DW_FORM_loclistx       = 0x22
	DW_FORM_rnglistx       = 0x23
	DW_FORM_ref_sup8       = 0x24
	DW_FORM_addrx1         = 0x29
	DW_FORM_addrx2         = 0x2a
	DW_FORM_addrx3         = 0x2b
	DW_FORM_addrx4         = 0x2c
	DW_FORM_GNU_addr_index = 0x1f01
	DW_FORM_GNU_str_index  = 0x1f02
	DW_FORM_GNU_ref_alt    = 0x1f20
	DW_FORM_GNU_strp_alt   = 0x1f21
)

// abbrev is one abbreviation declaration [DWARF5 7.5.3].
type abbrev struct {
	tag      uint64
	children bool
	attrs    []abbrevAttr
	// fixed is the size of all attributes when every form has a fixed
	// size in the unit, -1 otherwise: such DIEs are skipped in one step.
	fixed int
	// sibling says the DIE carries DW_AT_sibling.
	sibling bool
}

type abbrevAttr struct {
	attr, form uint64
	implicit   int64 // the value of a DW_FORM_implicit_const
}

// abbrevTable maps abbreviation codes to declarations; codes are usually
// dense from 1, so a slice.
type abbrevTable struct {
	byCode []*abbrev
	other  map[uint64]*abbrev
}

func (t *abbrevTable) get(code uint64) *abbrev {
	if code < uint64(len(t.byCode)) {
		return t.byCode[code]
	}
	return t.other[code]
}

// parseAbbrevs reads the abbreviation table at off in .debug_abbrev.
func parseAbbrevs(sec []byte, off uint64, file string) (*abbrevTable, error) {
	if off >= uint64(len(sec)) {
		return nil, &FormatError{File: file, Off: int64(off), Msg: ".debug_abbrev: offset out of range"}
	}
	b := newBuf(sec[off:], 0, off, file, ".debug_abbrev")
	t := &abbrevTable{}
	for !b.Failed() && b.Len() > 0 {
		code := b.ULEB128()
		if code == 0 {
			break
		}
		a := &abbrev{tag: b.ULEB128(), children: b.U8() != 0}
		for !b.Failed() {
			at, form := b.ULEB128(), b.ULEB128()
			if at == 0 && form == 0 {
				break
			}
			aa := abbrevAttr{attr: at, form: form}
			if form == DW_FORM_implicit_const {
				aa.implicit = b.SLEB128()
			}
			if at == DW_AT_sibling {
				a.sibling = true
			}
			a.attrs = append(a.attrs, aa)
		}
		if code < 1<<16 {
			for uint64(len(t.byCode)) <= code {
				t.byCode = append(t.byCode, nil)
			}
			t.byCode[code] = a
		} else {
			if t.other == nil {
				t.other = map[uint64]*abbrev{}
			}
			t.other[code] = a
		}
	}
	return t, b.err()
}

// unit is one compilation unit's header and the CU DIE's attributes that
// decoding its other DIEs needs.
type unit struct {
	off      uint64 // offset of the unit header in .debug_info
	die      uint64 // offset of the CU DIE
	end      uint64 // offset just past the unit
	vers     uint16
	addrSize int
	offSize  int
	abbrevs  *abbrevTable

	strOffBase, addrBase, rngBase uint64
	base                          uint64 // base address for range lists: the CU's low_pc
	compDir                       string
	lineOff                       int64 // DW_AT_stmt_list, -1 if none
	ranges                        [][2]uint64
	// skeleton is set for a split-DWARF skeleton unit, whose functions
	// are in a .dwo file (dwoName, relative to compDir).
	skeleton bool
	dwoName  string
	dwoID    uint64 // the unit ID of a skeleton or split unit
	// rangesBase is added to DW_AT_ranges offsets of a DWARF 4 GNU split
	// unit (the skeleton's DW_AT_GNU_ranges_base).
	rangesBase uint64
}

// formSize returns the size of a fixed-size form in unit u, -1 for forms
// whose size depends on the data.
func (u *unit) formSize(form uint64) int {
	switch form {
	case DW_FORM_flag_present, DW_FORM_implicit_const:
		return 0
	case DW_FORM_data1, DW_FORM_ref1, DW_FORM_flag, DW_FORM_strx1, DW_FORM_addrx1:
		return 1
	case DW_FORM_data2, DW_FORM_ref2, DW_FORM_strx2, DW_FORM_addrx2:
		return 2
	case DW_FORM_strx3, DW_FORM_addrx3:
		return 3
	case DW_FORM_data4, DW_FORM_ref4, DW_FORM_strx4, DW_FORM_addrx4, DW_FORM_ref_sup4:
		return 4
	case DW_FORM_data8, DW_FORM_ref8, DW_FORM_ref_sig8, DW_FORM_ref_sup8:
		return 8
	case DW_FORM_data16:
		return 16
	case DW_FORM_addr:
		return u.addrSize
	case DW_FORM_ref_addr:
		if u.vers <= 2 {
			return u.addrSize
		}
		return u.offSize
	case DW_FORM_strp, DW_FORM_line_strp, DW_FORM_sec_offset, DW_FORM_strp_sup, DW_FORM_GNU_ref_alt, DW_FORM_GNU_strp_alt:
		return u.offSize
	}
	return -1
}

// attrValue is one decoded attribute: for most forms the number itself;
// for DW_FORM_string the .debug_info offset of the string; for references
// the absolute .debug_info offset.
type attrValue struct {
	form uint64
	v    uint64
}

// readAttr decodes one attribute of form form in unit u at b's position,
// skipping blocks.
func (u *unit) readAttr(b *buf, form uint64, implicit int64) attrValue {
	switch form {
	case DW_FORM_indirect:
		return u.readAttr(b, b.ULEB128(), implicit)
	case DW_FORM_implicit_const:
		return attrValue{form, uint64(implicit)}
	case DW_FORM_flag_present:
		return attrValue{form, 1}
	case DW_FORM_string:
		at := b.base + uint64(b.Off())
		for !b.Failed() {
			if b.U8() == 0 {
				break
			}
		}
		return attrValue{form, at}
	case DW_FORM_udata, DW_FORM_strx, DW_FORM_addrx, DW_FORM_loclistx, DW_FORM_rnglistx, DW_FORM_GNU_addr_index, DW_FORM_GNU_str_index:
		return attrValue{form, b.ULEB128()}
	case DW_FORM_ref_udata:
		return attrValue{form, u.off + b.ULEB128()}
	case DW_FORM_sdata:
		return attrValue{form, uint64(b.SLEB128())}
	case DW_FORM_block, DW_FORM_exprloc:
		b.Skip(int(b.ULEB128()))
		return attrValue{form, 0}
	case DW_FORM_block1:
		b.Skip(int(b.U8()))
		return attrValue{form, 0}
	case DW_FORM_block2:
		b.Skip(int(b.U16()))
		return attrValue{form, 0}
	case DW_FORM_block4:
		b.Skip(int(b.U32()))
		return attrValue{form, 0}
	case DW_FORM_ref1, DW_FORM_ref2, DW_FORM_ref4, DW_FORM_ref8:
		return attrValue{form, u.off + b.Uint(u.formSize(form))}
	case DW_FORM_strx3, DW_FORM_addrx3:
		lo := uint64(b.U16())
		return attrValue{form, lo | uint64(b.U8())<<16}
	case DW_FORM_data16:
		b.Skip(16)
		return attrValue{form, 0}
	}
	n := u.formSize(form)
	if n < 0 {
		b.Fail(fmt.Sprintf("unknown attribute form %#x", form))
		return attrValue{}
	}
	return attrValue{form, b.Uint(n)}
}

// skipAttrs skips the attributes of a DIE with abbreviation a.
func (u *unit) skipAttrs(b *buf, a *abbrev) {
	if a.fixed >= 0 {
		b.Skip(a.fixed)
		return
	}
	for i := range a.attrs {
		u.readAttr(b, a.attrs[i].form, a.attrs[i].implicit)
	}
}

// isRef reports whether form is a reference into .debug_info that
// readAttr turned into an absolute offset.
func isRef(form uint64) bool {
	switch form {
	case DW_FORM_ref1, DW_FORM_ref2, DW_FORM_ref4, DW_FORM_ref8, DW_FORM_ref_udata, DW_FORM_ref_addr:
		return true
	}
	return false
}

// isConst reports whether form is of the constant class (high_pc as an
// offset from low_pc [DWARF5 2.17.2]).
func isConst(form uint64) bool {
	switch form {
	case DW_FORM_data1, DW_FORM_data2, DW_FORM_data4, DW_FORM_data8, DW_FORM_udata, DW_FORM_sdata, DW_FORM_implicit_const:
		return true
	}
	return false
}
