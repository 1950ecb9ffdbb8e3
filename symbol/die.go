package symbol

import (
	"fmt"
	"sync"

	dc "sonde/internal/dwarfconst"
)

// A small DIE reader for what symbolization needs [DWARF5 7.5]: it decodes
// the attributes of compilation units, subprograms and inlined subroutines
// and skips everything else by form, jumping over type subtrees by
// DW_AT_sibling. debug/dwarf decodes (and allocates) every attribute of
// every DIE, which made decoding libpython's 850,000 DIEs several times
// slower than llvm-symbolizer.

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
// dense from 1, so a slice. Open reads of each table only the unit DIE's
// declaration (scan); the table is parsed whole when a unit using it is
// first decoded (complete): libc's 4,000 tables (1 MB) made a fifth of the
// time of its first query.
type abbrevTable struct {
	byCode []*abbrev
	other  map[uint64]*abbrev

	sec  []byte // .debug_abbrev
	off  uint64 // the table's offset in it
	file string
	// sizes is a unit whose address and offset sizes and version every
	// unit using the table shares, for the declarations' fixed sizes;
	// nil when they differ. Set at open.
	sizes *unit
	once  sync.Once
	err   error
}

// newAbbrevTable returns the table at off in .debug_abbrev sec, not yet
// parsed.
func newAbbrevTable(sec []byte, off uint64, file string) (*abbrevTable, error) {
	if off >= uint64(len(sec)) {
		return nil, &FormatError{File: file, Off: int64(off), Msg: ".debug_abbrev: offset out of range"}
	}
	return &abbrevTable{sec: sec, off: off, file: file}, nil
}

// complete parses the whole table, once; the declarations' fixed sizes
// come from t.sizes, which must be set by then. Only get after complete.
func (t *abbrevTable) complete() error {
	t.once.Do(func() {
		full, err := parseAbbrevs(t.sec, t.off, t.file)
		if err != nil {
			t.err = err
			return
		}
		for _, a := range full.byCode {
			if a != nil {
				a.fixed = -1
				if t.sizes != nil {
					a.fixed = fixedSize(t.sizes, a)
				}
			}
		}
		for _, a := range full.other {
			a.fixed = -1
			if t.sizes != nil {
				a.fixed = fixedSize(t.sizes, a)
			}
		}
		t.byCode, t.other = full.byCode, full.other
	})
	return t.err
}

// scan returns the declaration of code, reading the table only as far as
// it and building no other declaration; nil when the table has none. Its
// fixed size is not known (-1).
func (t *abbrevTable) scan(code uint64) (*abbrev, error) {
	b := newBuf(t.sec[t.off:], t.off, t.file, ".debug_abbrev")
	for !b.Failed() && b.Len() > 0 {
		c := b.ULEB128()
		if c == 0 {
			break
		}
		tag := b.ULEB128()
		children := b.U8() != 0
		if c == code {
			a := &abbrev{tag: tag, children: children, fixed: -1}
			readAbbrevAttrs(b, a)
			return a, b.err()
		}
		for !b.Failed() {
			at, form := b.ULEB128(), b.ULEB128()
			if at == 0 && form == 0 {
				break
			}
			if form == dc.DW_FORM_implicit_const {
				b.SLEB128()
			}
		}
	}
	return nil, b.err()
}

// readAbbrevAttrs reads the attribute specifications of a declaration
// into a.
func readAbbrevAttrs(b *buf, a *abbrev) {
	for !b.Failed() {
		at, form := b.ULEB128(), b.ULEB128()
		if at == 0 && form == 0 {
			break
		}
		aa := abbrevAttr{attr: at, form: form}
		if form == dc.DW_FORM_implicit_const {
			aa.implicit = b.SLEB128()
		}
		if at == dc.DW_AT_sibling {
			a.sibling = true
		}
		a.attrs = append(a.attrs, aa)
	}
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
	b := newBuf(sec[off:], off, file, ".debug_abbrev")
	t := &abbrevTable{}
	for !b.Failed() && b.Len() > 0 {
		code := b.ULEB128()
		if code == 0 {
			break
		}
		a := &abbrev{tag: b.ULEB128(), children: b.U8() != 0}
		readAbbrevAttrs(b, a)
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
	case dc.DW_FORM_flag_present, dc.DW_FORM_implicit_const:
		return 0
	case dc.DW_FORM_data1, dc.DW_FORM_ref1, dc.DW_FORM_flag, dc.DW_FORM_strx1, dc.DW_FORM_addrx1:
		return 1
	case dc.DW_FORM_data2, dc.DW_FORM_ref2, dc.DW_FORM_strx2, dc.DW_FORM_addrx2:
		return 2
	case dc.DW_FORM_strx3, dc.DW_FORM_addrx3:
		return 3
	case dc.DW_FORM_data4, dc.DW_FORM_ref4, dc.DW_FORM_strx4, dc.DW_FORM_addrx4, dc.DW_FORM_ref_sup4:
		return 4
	case dc.DW_FORM_data8, dc.DW_FORM_ref8, dc.DW_FORM_ref_sig8, dc.DW_FORM_ref_sup8:
		return 8
	case dc.DW_FORM_data16:
		return 16
	case dc.DW_FORM_addr:
		return u.addrSize
	case dc.DW_FORM_ref_addr:
		if u.vers <= 2 {
			return u.addrSize
		}
		return u.offSize
	case dc.DW_FORM_strp, dc.DW_FORM_line_strp, dc.DW_FORM_sec_offset, dc.DW_FORM_strp_sup, dc.DW_FORM_GNU_ref_alt, dc.DW_FORM_GNU_strp_alt:
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
	case dc.DW_FORM_indirect:
		return u.readAttr(b, b.ULEB128(), implicit)
	case dc.DW_FORM_implicit_const:
		return attrValue{form, uint64(implicit)}
	case dc.DW_FORM_flag_present:
		return attrValue{form, 1}
	case dc.DW_FORM_string:
		at := b.base + uint64(b.Off())
		for !b.Failed() {
			if b.U8() == 0 {
				break
			}
		}
		return attrValue{form, at}
	case dc.DW_FORM_udata, dc.DW_FORM_strx, dc.DW_FORM_addrx, dc.DW_FORM_loclistx, dc.DW_FORM_rnglistx, dc.DW_FORM_GNU_addr_index, dc.DW_FORM_GNU_str_index:
		return attrValue{form, b.ULEB128()}
	case dc.DW_FORM_ref_udata:
		return attrValue{form, u.off + b.ULEB128()}
	case dc.DW_FORM_sdata:
		return attrValue{form, uint64(b.SLEB128())}
	case dc.DW_FORM_block, dc.DW_FORM_exprloc:
		b.Skip(int(b.ULEB128()))
		return attrValue{form, 0}
	case dc.DW_FORM_block1:
		b.Skip(int(b.U8()))
		return attrValue{form, 0}
	case dc.DW_FORM_block2:
		b.Skip(int(b.U16()))
		return attrValue{form, 0}
	case dc.DW_FORM_block4:
		b.Skip(int(b.U32()))
		return attrValue{form, 0}
	case dc.DW_FORM_ref1, dc.DW_FORM_ref2, dc.DW_FORM_ref4, dc.DW_FORM_ref8:
		return attrValue{form, u.off + b.Uint(u.formSize(form))}
	case dc.DW_FORM_strx3, dc.DW_FORM_addrx3:
		lo := uint64(b.U16())
		return attrValue{form, lo | uint64(b.U8())<<16}
	case dc.DW_FORM_data16:
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
	case dc.DW_FORM_ref1, dc.DW_FORM_ref2, dc.DW_FORM_ref4, dc.DW_FORM_ref8, dc.DW_FORM_ref_udata, dc.DW_FORM_ref_addr:
		return true
	}
	return false
}

// isConst reports whether form is of the constant class (high_pc as an
// offset from low_pc [DWARF5 2.17.2]).
func isConst(form uint64) bool {
	switch form {
	case dc.DW_FORM_data1, dc.DW_FORM_data2, dc.DW_FORM_data4, dc.DW_FORM_data8, dc.DW_FORM_udata, dc.DW_FORM_sdata, dc.DW_FORM_implicit_const:
		return true
	}
	return false
}
