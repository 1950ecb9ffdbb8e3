// Package unwind walks call stacks of native code: from a copy of the user
// stack and the registers at a sample (PERF_SAMPLE_STACK_USER and
// PERF_SAMPLE_REGS_USER), using each object's call frame information
// (.eh_frame, .debug_frame; DWARF 5 section 6.4), so that code built
// without frame pointers still gives complete stacks. Tables are parsed
// once per object and cached; the per-sample work reads only the stack copy.
package unwind

import (
	"cmp"
	"debug/elf"
	"errors"
	"fmt"
	"sort"

	"sonde/internal/binread"
	dc "sonde/internal/dwarfconst"
	"sonde/internal/stablesort"
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
	rows rowCache
}

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
	// Stably, in the order of their addresses (stablesort.Sorted says
	// why not slices.SortStableFunc).
	t.fdes = stablesort.Sorted(t.fdes, func(a, b *fde) int { return cmp.Compare(a.lo, b.lo) })
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

// failure returns the reason of r's failure, "" when it has none.
func failure(r *binread.Reader) string {
	var e *binread.Error
	if errors.As(r.Err(), &e) {
		return e.Msg
	}
	return ""
}

// add parses the entries of one section into t.
func (t *Table) add(data []byte, secAddr uint64, eh bool, file, section string) error {
	cies := make(map[int]*cie)
	off := 0
	for off < len(data) {
		b := binread.NewAt(data, off)
		start := off
		length := uint64(b.U32())
		if b.Failed() {
			return &FormatError{file, section, uint64(off), failure(&b)}
		}
		if length == 0 {
			if eh {
				break // the terminator of .eh_frame
			}
			off = b.Off()
			continue
		}
		is64 := false
		if length == 0xffffffff {
			length = b.U64()
			is64 = true
		}
		end := uint64(b.Off()) + length
		if b.Failed() || end > uint64(len(data)) || end < uint64(b.Off()) {
			return &FormatError{file, section, uint64(start), fmt.Sprintf("entry length %d past the section's end", length)}
		}
		idPos := b.Off()
		var id uint64
		if is64 {
			id = b.U64()
		} else {
			id = uint64(b.U32())
		}
		body := binread.NewAt(data[:end], b.Off())
		isCIE := (eh && id == 0) || (!eh && (id == 0xffffffff || is64 && id == ^uint64(0)))
		if isCIE {
			c, err := parseCIE(&body, eh, secAddr)
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
				if cieOff < 0 || cieOff >= len(data) {
					return &FormatError{file, section, uint64(start), fmt.Sprintf("FDE refers to CIE at %#x outside the section", cieOff)}
				}
				cb := binread.NewAt(data, cieOff)
				l := uint64(cb.U32())
				ce := uint64(cb.Off()) + l
				cb.U32()
				if cb.Failed() || ce > uint64(len(data)) {
					return &FormatError{file, section, uint64(start), "FDE refers to a bad CIE"}
				}
				var err string
				cr := binread.NewAt(data[:ce], cb.Off())
				c, err = parseCIE(&cr, eh, secAddr)
				if err != "" {
					return &FormatError{file, section, uint64(cieOff), "CIE: " + err}
				}
				cies[cieOff] = c
			}
			enc := c.fdeEnc
			if !eh {
				enc = dc.DW_EH_PE_absptr
			}
			lo := body.EHPointer(enc, secAddr)
			n := body.EHPointer(enc&dc.DW_EH_PE_format, secAddr)
			if eh && c.hasAug() {
				body.BytesU(body.ULEB128()) // augmentation data (LSDA)
			}
			if body.Failed() {
				return &FormatError{file, section, uint64(start), "FDE: " + failure(&body)}
			}
			if n > 0 && lo != 0 {
				t.fdes = append(t.fdes, fde{lo: lo, hi: lo + n, cie: c, instrs: data[body.Off():end]})
			}
		}
		off = int(end)
	}
	return nil
}

// hasAug says whether FDEs of this CIE carry augmentation data ('z').
func (c *cie) hasAug() bool { return c.augZ }

func parseCIE(b *binread.Reader, eh bool, secAddr uint64) (*cie, string) {
	c := &cie{fdeEnc: dc.DW_EH_PE_absptr}
	version := b.U8()
	aug := b.CString()
	if !eh && version >= 4 {
		b.U8() // address size
		b.U8() // segment selector size
	}
	c.codeAlign = b.ULEB128()
	c.dataAlign = b.SLEB128()
	if version == 1 {
		c.raReg = uint64(b.U8())
	} else {
		c.raReg = b.ULEB128()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.augZ = true
		ab := binread.New(b.BytesU(b.ULEB128()))
		for _, ch := range aug[1:] {
			switch ch {
			case 'R':
				c.fdeEnc = ab.U8()
			case 'L':
				ab.U8()
			case 'P':
				enc := ab.U8()
				ab.EHPointer(enc&^dc.DW_EH_PE_indirect, secAddr)
			case 'S':
				c.signal = true
			}
		}
	} else if aug != "" && aug != "eh" {
		return nil, fmt.Sprintf("unknown augmentation %q", aug)
	}
	if b.Failed() {
		return nil, failure(b)
	}
	c.initial = b.Rest()
	return c, ""
}
