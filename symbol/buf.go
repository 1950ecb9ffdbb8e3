package symbol

import (
	"encoding/binary"
	"fmt"
)

// buf is a bounds-checked little-endian reader over one section with a
// sticky error, after debug/dwarf's buf: after the first error every read
// returns zero and err keeps the first offending offset.
type buf struct {
	data []byte
	off  int    // read position in data
	base uint64 // section offset of data[0], for error messages
	file string
	sec  string
	err  error
}

func (b *buf) fail(msg string) {
	if b.err == nil {
		b.err = &FormatError{File: b.file, Off: int64(b.base) + int64(b.off), Msg: b.sec + ": " + msg}
	}
	b.off = len(b.data)
}

func (b *buf) need(n int) bool {
	if b.err != nil {
		return false
	}
	if n < 0 || len(b.data)-b.off < n {
		b.fail(fmt.Sprintf("truncated: need %d bytes", n))
		return false
	}
	return true
}

func (b *buf) u8() uint8 {
	if !b.need(1) {
		return 0
	}
	v := b.data[b.off]
	b.off++
	return v
}

func (b *buf) u16() uint16 {
	if !b.need(2) {
		return 0
	}
	v := binary.LittleEndian.Uint16(b.data[b.off:])
	b.off += 2
	return v
}

func (b *buf) u32() uint32 {
	if !b.need(4) {
		return 0
	}
	v := binary.LittleEndian.Uint32(b.data[b.off:])
	b.off += 4
	return v
}

func (b *buf) u64() uint64 {
	if !b.need(8) {
		return 0
	}
	v := binary.LittleEndian.Uint64(b.data[b.off:])
	b.off += 8
	return v
}

// uintN reads an n-byte unsigned integer (n is 1, 2, 4 or 8).
func (b *buf) uintN(n int) uint64 {
	switch n {
	case 1:
		return uint64(b.u8())
	case 2:
		return uint64(b.u16())
	case 4:
		return uint64(b.u32())
	case 8:
		return b.u64()
	}
	b.fail(fmt.Sprintf("unsupported integer size %d", n))
	return 0
}

func (b *buf) uleb() uint64 {
	var v uint64
	var shift uint
	for {
		c := b.u8()
		if b.err != nil {
			return 0
		}
		if shift < 64 {
			v |= uint64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			return v
		}
	}
}

func (b *buf) sleb() int64 {
	var v int64
	var shift uint
	var c uint8
	for {
		c = b.u8()
		if b.err != nil {
			return 0
		}
		if shift < 64 {
			v |= int64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			break
		}
	}
	if shift < 64 && c&0x40 != 0 {
		v |= -1 << shift
	}
	return v
}

// cstr reads a NUL-terminated string.
func (b *buf) cstr() string {
	if b.err != nil {
		return ""
	}
	for i := b.off; i < len(b.data); i++ {
		if b.data[i] == 0 {
			s := string(b.data[b.off:i])
			b.off = i + 1
			return s
		}
	}
	b.fail("unterminated string")
	return ""
}

func (b *buf) skip(n int) {
	if b.need(n) {
		b.off += n
	}
}

// cstrAt returns the NUL-terminated string at off in sec, "" if off is out of
// range.
func cstrAt(sec []byte, off uint64) (string, bool) {
	if off >= uint64(len(sec)) {
		return "", false
	}
	for i := off; i < uint64(len(sec)); i++ {
		if sec[i] == 0 {
			return string(sec[off:i]), true
		}
	}
	return "", false
}
