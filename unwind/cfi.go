// Package unwind walks call stacks of native code: from a copy of the user
// stack and the registers at a sample (PERF_SAMPLE_STACK_USER and
// PERF_SAMPLE_REGS_USER), using each object's call frame information
// (.eh_frame, .debug_frame; DWARF 5 section 6.4), so that code built
// without frame pointers still gives complete stacks. Tables are parsed
// once per object and cached; the per-sample work reads only the stack copy.
package unwind

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"sonde/objfile"
)

// FormatError says that an object's CFI is malformed at an offset.
type FormatError struct {
	File    string
	Section string
	Off     uint64
	Msg     string
}

// Error implements error.
func (e *FormatError) Error() string {
	return fmt.Sprintf("parse %s of %s at offset %#x: %s", e.Section, e.File, e.Off, e.Msg)
}

// ErrNoFDE says that no frame description covers an address.
var ErrNoFDE = errors.New("no frame description entry for address")

// cie is a Common Information Entry [DWARF5 6.4.1].
type cie struct {
	codeAlign uint64
	dataAlign int64
	raReg     uint64
	fdeEnc    byte // pointer encoding of FDE addresses ('R' augmentation)
	signal    bool // 'S': a signal frame, its pc is not a return address
	augZ      bool // 'z': FDEs carry augmentation data
	initial   []byte
}

// fde is a Frame Description Entry: the CFA program of one address range.
type fde struct {
	lo, hi uint64
	cie    *cie
	instrs []byte
}

// Table holds the frame descriptions of one object, sorted by address. It
// is immutable after ParseTable and safe for concurrent use.
type Table struct {
	fdes []fde
}

// Pointer encodings of .eh_frame (LSB 4.1, "DWARF Exception Header
// Encoding").
const (
	pe_absptr  = 0x00
	pe_uleb128 = 0x01
	pe_udata2  = 0x02
	pe_udata4  = 0x03
	pe_udata8  = 0x04
	pe_sleb128 = 0x09
	pe_sdata2  = 0x0a
	pe_sdata4  = 0x0b
	pe_sdata8  = 0x0c
	pe_pcrel   = 0x10
	pe_datarel = 0x30
	pe_omit    = 0xff
)

// OpenTable reads the CFI of the ELF file path: .eh_frame, and .debug_frame
// (of the object, else of its separate debug file on this machine: see
// package objfile) for addresses .eh_frame does not cover. It asks no
// debuginfod server: .eh_frame, always in the object, is what unwinding
// mostly needs, and a profile should not wait on the network for it.
func OpenTable(path string) (*Table, error) {
	of, err := objfile.Open(path, &objfile.Options{NoDebuginfod: true})
	if err != nil {
		return nil, err
	}
	defer of.Close()
	type section struct {
		name string
		data []byte
		addr uint64
		file string
	}
	var secs []section
	err = objfile.Safe(path, func() error {
		for _, name := range []string{".eh_frame", ".debug_frame"} {
			f, file := of.ELF, path
			if s := f.Section(name); (s == nil || s.Type == elf.SHT_NOBITS) && name == ".debug_frame" && of.Separate() {
				f, file = of.Debug, of.DebugPath
			}
			s := f.Section(name)
			if s == nil || s.Type == elf.SHT_NOBITS {
				continue
			}
			data, err := s.Data()
			if err != nil {
				return fmt.Errorf("read %s of %s: %w", name, file, err)
			}
			secs = append(secs, section{name, data, s.Addr, file})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	t := &Table{}
	for _, s := range secs {
		if err := t.add(s.data, s.addr, s.name == ".eh_frame", s.file, s.name); err != nil {
			return nil, err
		}
	}
	t.sort()
	return t, nil
}

// ParseTable parses one CFI section: data is its contents, addr its
// link-time address (for pc-relative pointers), eh says .eh_frame rather
// than .debug_frame. file and section name the bytes in errors.
func ParseTable(data []byte, addr uint64, eh bool, file, section string) (*Table, error) {
	t := &Table{}
	if err := t.add(data, addr, eh, file, section); err != nil {
		return nil, err
	}
	t.sort()
	return t, nil
}

func (t *Table) sort() {
	sort.SliceStable(t.fdes, func(i, j int) bool { return t.fdes[i].lo < t.fdes[j].lo })
}

// find returns the FDE covering pc.
func (t *Table) find(pc uint64) *fde {
	i := sort.Search(len(t.fdes), func(i int) bool { return t.fdes[i].lo > pc })
	// Ranges do not overlap in practice; look back a few in case they do.
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		if f := &t.fdes[j]; pc >= f.lo && pc < f.hi {
			return f
		}
	}
	return nil
}

// cbuf is a bounds-checked reader with a sticky error.
type cbuf struct {
	b   []byte
	off int
	err string
}

func (b *cbuf) need(n int) bool {
	if b.err != "" {
		return false
	}
	if n < 0 || len(b.b)-b.off < n {
		b.err = fmt.Sprintf("want %d bytes, have %d", n, len(b.b)-b.off)
		return false
	}
	return true
}

func (b *cbuf) u8() byte {
	if !b.need(1) {
		return 0
	}
	v := b.b[b.off]
	b.off++
	return v
}

func (b *cbuf) u16() uint16 {
	if !b.need(2) {
		return 0
	}
	v := binary.LittleEndian.Uint16(b.b[b.off:])
	b.off += 2
	return v
}

func (b *cbuf) u32() uint32 {
	if !b.need(4) {
		return 0
	}
	v := binary.LittleEndian.Uint32(b.b[b.off:])
	b.off += 4
	return v
}

func (b *cbuf) u64() uint64 {
	if !b.need(8) {
		return 0
	}
	v := binary.LittleEndian.Uint64(b.b[b.off:])
	b.off += 8
	return v
}

func (b *cbuf) uleb() uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		c := b.u8()
		if b.err != "" {
			return 0
		}
		if shift < 64 {
			v |= uint64(c&0x7f) << shift
		}
		if c&0x80 == 0 {
			return v
		}
		if shift > 70 {
			b.err = "LEB128 too long"
			return 0
		}
	}
}

func (b *cbuf) sleb() int64 {
	var v int64
	var shift uint
	var c byte
	for {
		c = b.u8()
		if b.err != "" {
			return 0
		}
		if shift < 64 {
			v |= int64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			break
		}
		if shift > 70 {
			b.err = "LEB128 too long"
			return 0
		}
	}
	if shift < 64 && c&0x40 != 0 {
		v |= -1 << shift
	}
	return v
}

func (b *cbuf) cstr() string {
	start := b.off
	for b.need(1) {
		if b.b[b.off] == 0 {
			s := string(b.b[start:b.off])
			b.off++
			return s
		}
		b.off++
	}
	return ""
}

func (b *cbuf) bytes(n int) []byte {
	if !b.need(n) {
		return nil
	}
	v := b.b[b.off : b.off+n]
	b.off += n
	return v
}

// pointer reads a pointer of encoding enc; secAddr is the section's
// link-time address, for pc-relative encodings.
func (b *cbuf) pointer(enc byte, secAddr uint64) uint64 {
	if enc == pe_omit {
		return 0
	}
	pos := secAddr + uint64(b.off)
	var v uint64
	switch enc & 0x0f {
	case pe_absptr, pe_udata8, pe_sdata8:
		v = b.u64()
	case pe_uleb128:
		v = b.uleb()
	case pe_udata2:
		v = uint64(b.u16())
	case pe_sdata2:
		v = uint64(int64(int16(b.u16())))
	case pe_udata4:
		v = uint64(b.u32())
	case pe_sdata4:
		v = uint64(int64(int32(b.u32())))
	case pe_sleb128:
		v = uint64(b.sleb())
	default:
		b.err = fmt.Sprintf("unknown pointer encoding %#x", enc)
		return 0
	}
	switch enc & 0x70 {
	case 0:
	case pe_pcrel:
		v += pos
	default:
		if b.err == "" {
			b.err = fmt.Sprintf("unsupported pointer application %#x", enc&0x70)
		}
	}
	return v
}

// add parses the entries of one section into t.
func (t *Table) add(data []byte, secAddr uint64, eh bool, file, section string) error {
	cies := make(map[int]*cie)
	off := 0
	for off < len(data) {
		b := &cbuf{b: data, off: off}
		start := off
		length := uint64(b.u32())
		if b.err != "" {
			return &FormatError{file, section, uint64(off), b.err}
		}
		if length == 0 {
			if eh {
				break // the terminator of .eh_frame
			}
			off = b.off
			continue
		}
		is64 := false
		if length == 0xffffffff {
			length = b.u64()
			is64 = true
		}
		end := uint64(b.off) + length
		if b.err != "" || end > uint64(len(data)) || end < uint64(b.off) {
			return &FormatError{file, section, uint64(start), fmt.Sprintf("entry length %d past the section's end", length)}
		}
		idPos := b.off
		var id uint64
		if is64 {
			id = b.u64()
		} else {
			id = uint64(b.u32())
		}
		body := &cbuf{b: data[:end], off: b.off}
		isCIE := (eh && id == 0) || (!eh && (id == 0xffffffff || is64 && id == ^uint64(0)))
		if isCIE {
			c, err := parseCIE(body, eh, secAddr)
			if err != "" {
				return &FormatError{file, section, uint64(start), "CIE: " + err}
			}
			cies[start] = c
		} else {
			var cieOff int
			if eh {
				cieOff = idPos - int(id) // relative to the CIE pointer field
			} else {
				cieOff = int(id)
			}
			c, ok := cies[cieOff]
			if !ok {
				// A CIE after its FDE, or shared across a section: parse it.
				cb := &cbuf{b: data, off: cieOff}
				if cieOff < 0 || cieOff >= len(data) {
					return &FormatError{file, section, uint64(start), fmt.Sprintf("FDE refers to CIE at %#x outside the section", cieOff)}
				}
				l := uint64(cb.u32())
				ce := uint64(cb.off) + l
				cb.u32()
				if cb.err != "" || ce > uint64(len(data)) {
					return &FormatError{file, section, uint64(start), "FDE refers to a bad CIE"}
				}
				var err string
				c, err = parseCIE(&cbuf{b: data[:ce], off: cb.off}, eh, secAddr)
				if err != "" {
					return &FormatError{file, section, uint64(cieOff), "CIE: " + err}
				}
				cies[cieOff] = c
			}
			enc := c.fdeEnc
			if !eh {
				enc = pe_absptr
			}
			lo := body.pointer(enc, secAddr)
			n := body.pointer(enc&0x0f, secAddr)
			if eh && c.hasAug() {
				body.bytes(int(body.uleb())) // augmentation data (LSDA)
			}
			if body.err != "" {
				return &FormatError{file, section, uint64(start), "FDE: " + body.err}
			}
			if n > 0 && lo != 0 {
				t.fdes = append(t.fdes, fde{lo: lo, hi: lo + n, cie: c, instrs: data[body.off:end]})
			}
		}
		off = int(end)
	}
	return nil
}

// hasAug says whether FDEs of this CIE carry augmentation data ('z').
func (c *cie) hasAug() bool { return c.augZ }

func parseCIE(b *cbuf, eh bool, secAddr uint64) (*cie, string) {
	c := &cie{fdeEnc: pe_absptr}
	version := b.u8()
	aug := b.cstr()
	if !eh && version >= 4 {
		b.u8() // address size
		b.u8() // segment selector size
	}
	c.codeAlign = b.uleb()
	c.dataAlign = b.sleb()
	if version == 1 {
		c.raReg = uint64(b.u8())
	} else {
		c.raReg = b.uleb()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.augZ = true
		n := int(b.uleb())
		ab := &cbuf{b: b.bytes(n)}
		for _, ch := range aug[1:] {
			switch ch {
			case 'R':
				c.fdeEnc = ab.u8()
			case 'L':
				ab.u8()
			case 'P':
				enc := ab.u8()
				ab.pointer(enc&0x7f, secAddr)
			case 'S':
				c.signal = true
			}
		}
	} else if aug != "" && aug != "eh" {
		return nil, fmt.Sprintf("unknown augmentation %q", aug)
	}
	if b.err != "" {
		return nil, b.err
	}
	c.initial = b.b[b.off:]
	return c, ""
}
