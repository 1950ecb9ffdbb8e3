package trampoline

import (
	"debug/elf"
	"fmt"

	"sonde/internal/binread"
	dc "sonde/internal/dwarfconst"
)

// Exception landing pads: code that the C++ unwinder (the personality
// routine) jumps to in the middle of a function, named nowhere but in the
// call-site tables of .gcc_except_table, which the FDEs of .eh_frame point
// to. A trampoline window may not cover one.

// ehReader reads .eh_frame and the LSDA (binread's reader) at link-time
// address base of its data[0], for pc-relative pointers.
type ehReader struct {
	binread.Reader
	base uint64
}

// ptr reads a value of encoding enc (DW_EH_PE_*); indirect values are
// returned as the address they are stored at, which is all the callers
// need (they only use direct ones).
func (r *ehReader) ptr(enc byte) uint64 {
	return r.EHPointer(enc, r.base)
}

// landingPads returns the link-time addresses of every landing pad named
// by the LSDAs that the FDEs of f's .eh_frame point to. An object without
// .eh_frame or .gcc_except_table has none.
func landingPads(f *elf.File) ([]uint64, error) {
	eh := f.Section(".eh_frame")
	gx := f.Section(".gcc_except_table")
	if eh == nil || gx == nil || eh.Type == elf.SHT_NOBITS || gx.Type == elf.SHT_NOBITS {
		return nil, nil
	}
	ehData, err := eh.Data()
	if err != nil {
		return nil, fmt.Errorf("read .eh_frame: %w", err)
	}
	gxData, err := gx.Data()
	if err != nil {
		return nil, fmt.Errorf("read .gcc_except_table: %w", err)
	}
	return parseLandingPads(ehData, eh.Addr, gxData, gx.Addr)
}

// cieInfo is what an FDE needs from its CIE.
type cieInfo struct {
	fdeEnc, lsdaEnc byte
	z, hasL         bool
}

// parseLandingPads does landingPads on the bytes of .eh_frame (at
// link-time address ehAddr) and .gcc_except_table (at gxAddr).
func parseLandingPads(eh []byte, ehAddr uint64, gx []byte, gxAddr uint64) ([]uint64, error) {
	cies := map[int]cieInfo{}
	var pads []uint64
	r := &ehReader{binread.New(eh), ehAddr}
	for r.Len() >= 4 {
		start := r.Off()
		length := uint64(r.U32())
		if length == 0 {
			break // terminator
		}
		if length == 0xffffffff {
			length = r.U64()
			if r.Failed() {
				return pads, fmt.Errorf(".eh_frame: record at %#x: %w", start, r.Err())
			}
		}
		body := r.Off()
		if length > uint64(len(eh)-body) {
			return pads, fmt.Errorf(".eh_frame: record at %#x: length %d runs past the section", start, length)
		}
		end := body + int(length)
		if length < 4 {
			return pads, fmt.Errorf(".eh_frame: record at %#x: length %d too short", start, length)
		}
		idAt := r.Off()
		id := r.U32()
		rec := &ehReader{binread.NewAt(eh[:end], r.Off()), ehAddr}
		if id == 0 {
			c, err := parseCIE(rec)
			if err != nil {
				return pads, fmt.Errorf(".eh_frame: CIE at %#x: %w", start, err)
			}
			cies[start] = c
		} else {
			c, ok := cies[idAt-int(id)]
			if !ok {
				return pads, fmt.Errorf(".eh_frame: FDE at %#x: no CIE at %#x", start, idAt-int(id))
			}
			fnStart := rec.ptr(c.fdeEnc)
			rec.ptr(c.fdeEnc & dc.DW_EH_PE_format) // range
			if c.z {
				rec.ULEB128()
			}
			var lsda uint64
			if c.hasL {
				lsda = rec.ptr(c.lsdaEnc)
			}
			if err := rec.Err(); err != nil {
				return pads, fmt.Errorf(".eh_frame: FDE at %#x: %w", start, err)
			}
			if lsda != 0 && c.lsdaEnc&dc.DW_EH_PE_indirect == 0 {
				if lsda < gxAddr || lsda >= gxAddr+uint64(len(gx)) {
					return pads, fmt.Errorf(".eh_frame: FDE at %#x: LSDA %#x outside .gcc_except_table", start, lsda)
				}
				p, err := parseLSDA(&ehReader{binread.NewAt(gx, int(lsda-gxAddr)), gxAddr}, fnStart)
				if err != nil {
					return pads, fmt.Errorf(".gcc_except_table: LSDA at %#x: %w", lsda, err)
				}
				pads = append(pads, p...)
			}
		}
		r.Seek(end)
	}
	return pads, nil
}

// parseCIE reads a CIE from after its id.
func parseCIE(r *ehReader) (cieInfo, error) {
	var c cieInfo
	version := r.U8()
	aug := r.CString()
	if len(aug) >= 2 && aug[:2] == "eh" {
		r.Skip(8)
	}
	r.ULEB128() // code alignment
	r.SLEB128() // data alignment
	if version == 1 {
		r.U8()
	} else {
		r.ULEB128()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.z = true
		r.ULEB128()
		for _, ch := range aug[1:] {
			switch ch {
			case 'L':
				c.lsdaEnc = r.U8()
				c.hasL = true
			case 'P':
				r.ptr(r.U8() &^ dc.DW_EH_PE_indirect)
			case 'R':
				c.fdeEnc = r.U8()
			case 'S', 'B', 'G':
			default:
				return c, fmt.Errorf("unknown augmentation %q", aug)
			}
		}
	}
	return c, r.Err()
}

// parseLSDA returns the landing pads of the call-site table of one LSDA
// of the function starting at fnStart.
func parseLSDA(r *ehReader, fnStart uint64) ([]uint64, error) {
	lpStart := fnStart
	if enc := r.U8(); enc != dc.DW_EH_PE_omit {
		lpStart = r.ptr(enc)
	}
	if enc := r.U8(); enc != dc.DW_EH_PE_omit {
		r.ULEB128()
	}
	csEnc := r.U8()
	n := r.ULEB128()
	if err := r.Err(); err != nil {
		return nil, err
	}
	if n > uint64(r.Len()) {
		return nil, fmt.Errorf("call-site table of %d bytes runs past the section", n)
	}
	end := r.Off() + int(n)
	var pads []uint64
	for r.Off() < end && !r.Failed() {
		r.ptr(csEnc) // start
		r.ptr(csEnc) // length
		lp := r.ptr(csEnc)
		r.ULEB128() // action
		if lp != 0 {
			pads = append(pads, lpStart+lp)
		}
	}
	return pads, r.Err()
}
