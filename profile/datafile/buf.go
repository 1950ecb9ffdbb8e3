package datafile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"sonde/profile"
)

// buf is a bounds-checked reader of a frame's payload with a sticky error,
// in the manner of debug/dwarf's buf.
type buf struct {
	data []byte
	off  int
	err  error
}

func (b *buf) fail(err error) {
	if b.err == nil {
		b.err = fmt.Errorf("payload offset %d: %w", b.off, err)
	}
}

func (b *buf) remaining() int { return len(b.data) - b.off }

func (b *buf) uvarint() uint64 {
	if b.err != nil {
		return 0
	}
	v, n := binary.Uvarint(b.data[b.off:])
	if n <= 0 {
		if n == 0 {
			b.fail(errors.New("truncated uvarint"))
		} else {
			b.fail(errors.New("uvarint overflows 64 bits"))
		}
		return 0
	}
	b.off += n
	return v
}

// skipVarints skips n varints.
func (b *buf) skipVarints(n int) {
	for ; n > 0 && b.err == nil; n-- {
		i := b.off
		for i < len(b.data) && b.data[i] >= 0x80 {
			i++
		}
		if i >= len(b.data) {
			b.fail(errors.New("truncated varint"))
			return
		}
		b.off = i + 1
	}
}

func (b *buf) svarint() int64 {
	u := b.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

func (b *buf) u64() uint64 {
	if b.err != nil {
		return 0
	}
	if b.remaining() < 8 {
		b.fail(errors.New("truncated u64"))
		return 0
	}
	v := binary.LittleEndian.Uint64(b.data[b.off:])
	b.off += 8
	return v
}

func (b *buf) uint32() uint32 {
	v := b.uvarint()
	if v > math.MaxUint32 {
		b.fail(fmt.Errorf("value %d exceeds 32 bits", v))
		return 0
	}
	return uint32(v)
}

func (b *buf) int31() int {
	v := b.uvarint()
	if v > math.MaxInt32 {
		b.fail(fmt.Errorf("value %d exceeds 31 bits", v))
		return 0
	}
	return int(v)
}

// count reads a number of elements that each take at least min bytes, and
// checks that the rest of the payload can hold them: no length in the file
// makes the reader allocate more than the file's size.
func (b *buf) count(min int) int {
	v := b.uvarint()
	if v > uint64(b.remaining()/min) {
		b.fail(fmt.Errorf("count %d exceeds the %d bytes left", v, b.remaining()))
		return 0
	}
	return int(v)
}

func (b *buf) str() string {
	n := b.uvarint()
	if b.err != nil {
		return ""
	}
	if n > uint64(b.remaining()) {
		b.fail(fmt.Errorf("string of %d bytes exceeds the %d bytes left", n, b.remaining()))
		return ""
	}
	s := string(b.data[b.off : b.off+int(n)])
	b.off += int(n)
	return s
}

func (b *buf) types() []profile.ValueType {
	n := b.count(2)
	var ts []profile.ValueType
	for range n {
		ts = append(ts, profile.ValueType{Type: b.str(), Unit: b.str()})
	}
	return ts
}

func (b *buf) u32() uint32 {
	if b.err != nil {
		return 0
	}
	if b.remaining() < 4 {
		b.fail(errors.New("truncated u32"))
		return 0
	}
	v := binary.LittleEndian.Uint32(b.data[b.off:])
	b.off += 4
	return v
}

func (b *buf) byte() byte {
	if b.err != nil {
		return 0
	}
	if b.remaining() < 1 {
		b.fail(errors.New("truncated byte"))
		return 0
	}
	v := b.data[b.off]
	b.off++
	return v
}
