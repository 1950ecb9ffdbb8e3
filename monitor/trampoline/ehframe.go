package trampoline

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
)

// Exception landing pads: code that the C++ unwinder (the personality
// routine) jumps to in the middle of a function, named nowhere but in the
// call-site tables of .gcc_except_table, which the FDEs of .eh_frame point
// to. A trampoline window may not cover one.

// ehReader reads the pointer encodings of .eh_frame and the LSDA (the
// DW_EH_PE_* values of the LSB, "Exception Frames").
type ehReader struct {
	data []byte
	base uint64 // link-time address of data[0]
	off  int
	err  error
}

var errEHShort = errors.New("truncated")

func (r *ehReader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("offset %#x: %w", r.off, errEHShort)
	}
}

func (r *ehReader) bytes(n int) []byte {
	if r.err != nil || n < 0 || r.off+n > len(r.data) {
		r.fail()
		return nil
	}
	b := r.data[r.off : r.off+n]
	r.off += n
	return b
}

func (r *ehReader) u8() byte {
	b := r.bytes(1)
	if b == nil {
		return 0
	}
	return b[0]
}

func (r *ehReader) uleb() uint64 {
	var v uint64
	for shift := 0; ; shift += 7 {
		b := r.u8()
		if r.err != nil {
			return 0
		}
		if shift < 64 {
			v |= uint64(b&0x7f) << shift
		}
		if b&0x80 == 0 {
			return v
		}
	}
}

func (r *ehReader) sleb() int64 {
	var v int64
	shift := 0
	for {
		b := r.u8()
		if r.err != nil {
			return 0
		}
		if shift < 64 {
			v |= int64(b&0x7f) << shift
		}
		shift += 7
		if b&0x80 == 0 {
			if shift < 64 && b&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}

func (r *ehReader) cstring() string {
	for i := r.off; i < len(r.data); i++ {
		if r.data[i] == 0 {
			s := string(r.data[r.off:i])
			r.off = i + 1
			return s
		}
	}
	r.fail()
	return ""
}

// ptr reads a value of encoding enc (DW_EH_PE_*); indirect values are
// returned as the address they are stored at, which is all the callers
// need (they only use direct ones).
func (r *ehReader) ptr(enc byte) uint64 {
	if enc == 0xff {
		return 0
	}
	at := r.base + uint64(r.off)
	var v uint64
	switch enc & 0x0f {
	case 0x00, 0x04, 0x0c:
		if b := r.bytes(8); b != nil {
			v = binary.LittleEndian.Uint64(b)
		}
	case 0x01:
		v = r.uleb()
	case 0x09:
		v = uint64(r.sleb())
	case 0x02:
		if b := r.bytes(2); b != nil {
			v = uint64(binary.LittleEndian.Uint16(b))
		}
	case 0x0a:
		if b := r.bytes(2); b != nil {
			v = uint64(int16(binary.LittleEndian.Uint16(b)))
		}
	case 0x03:
		if b := r.bytes(4); b != nil {
			v = uint64(binary.LittleEndian.Uint32(b))
		}
	case 0x0b:
		if b := r.bytes(4); b != nil {
			v = uint64(int32(binary.LittleEndian.Uint32(b)))
		}
	default:
		if r.err == nil {
			r.err = fmt.Errorf("offset %#x: unknown pointer encoding %#x", r.off, enc)
		}
		return 0
	}
	if enc&0x70 == 0x10 {
		v += at
	}
	return v
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
	r := &ehReader{data: eh, base: ehAddr}
	for r.off+4 <= len(eh) {
		start := r.off
		length := uint64(binary.LittleEndian.Uint32(r.bytes(4)))
		if length == 0 {
			break // terminator
		}
		if length == 0xffffffff {
			b := r.bytes(8)
			if b == nil {
				return pads, fmt.Errorf(".eh_frame: record at %#x: %w", start, r.err)
			}
			length = binary.LittleEndian.Uint64(b)
		}
		body := r.off
		if length > uint64(len(eh)-body) {
			return pads, fmt.Errorf(".eh_frame: record at %#x: length %d runs past the section", start, length)
		}
		end := body + int(length)
		if length < 4 {
			return pads, fmt.Errorf(".eh_frame: record at %#x: length %d too short", start, length)
		}
		idAt := r.off
		id := binary.LittleEndian.Uint32(r.bytes(4))
		rec := &ehReader{data: eh[:end], base: ehAddr, off: r.off}
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
			rec.ptr(c.fdeEnc & 0x0f) // range
			if c.z {
				rec.uleb()
			}
			var lsda uint64
			if c.hasL {
				lsda = rec.ptr(c.lsdaEnc)
			}
			if rec.err != nil {
				return pads, fmt.Errorf(".eh_frame: FDE at %#x: %w", start, rec.err)
			}
			if lsda != 0 && c.lsdaEnc&0x80 == 0 {
				if lsda < gxAddr || lsda >= gxAddr+uint64(len(gx)) {
					return pads, fmt.Errorf(".eh_frame: FDE at %#x: LSDA %#x outside .gcc_except_table", start, lsda)
				}
				p, err := parseLSDA(&ehReader{data: gx, base: gxAddr, off: int(lsda - gxAddr)}, fnStart)
				if err != nil {
					return pads, fmt.Errorf(".gcc_except_table: LSDA at %#x: %w", lsda, err)
				}
				pads = append(pads, p...)
			}
		}
		r.off = end
	}
	return pads, nil
}

// parseCIE reads a CIE from after its id.
func parseCIE(r *ehReader) (cieInfo, error) {
	var c cieInfo
	version := r.u8()
	aug := r.cstring()
	if len(aug) >= 2 && aug[:2] == "eh" {
		r.bytes(8)
	}
	r.uleb() // code alignment
	r.sleb() // data alignment
	if version == 1 {
		r.u8()
	} else {
		r.uleb()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.z = true
		r.uleb()
		for _, ch := range aug[1:] {
			switch ch {
			case 'L':
				c.lsdaEnc = r.u8()
				c.hasL = true
			case 'P':
				r.ptr(r.u8() &^ 0x80)
			case 'R':
				c.fdeEnc = r.u8()
			case 'S', 'B', 'G':
			default:
				return c, fmt.Errorf("unknown augmentation %q", aug)
			}
		}
	}
	return c, r.err
}

// parseLSDA returns the landing pads of the call-site table of one LSDA
// of the function starting at fnStart.
func parseLSDA(r *ehReader, fnStart uint64) ([]uint64, error) {
	lpStart := fnStart
	if enc := r.u8(); enc != 0xff {
		lpStart = r.ptr(enc)
	}
	if enc := r.u8(); enc != 0xff {
		r.uleb()
	}
	csEnc := r.u8()
	n := r.uleb()
	if r.err != nil {
		return nil, r.err
	}
	if n > uint64(len(r.data)-r.off) {
		return nil, fmt.Errorf("call-site table of %d bytes runs past the section", n)
	}
	end := r.off + int(n)
	var pads []uint64
	for r.off < end && r.err == nil {
		r.ptr(csEnc) // start
		r.ptr(csEnc) // length
		lp := r.ptr(csEnc)
		r.uleb() // action
		if lp != 0 {
			pads = append(pads, lpStart+lp)
		}
	}
	return pads, r.err
}
