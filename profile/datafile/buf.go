package datafile

import (
	"errors"
	"fmt"
	"math"

	"sonde/internal/binread"
	"sonde/profile"
)

// buf reads a frame's payload with binread's bounds checks and sticky
// error, and adds the payload's own fields: varints bounded to 32 and 31
// bits, counts checked against the bytes left, length-prefixed strings.
type buf struct {
	binread.Reader
}

// err returns nil or the first failure, at its payload offset.
func (b *buf) err() error {
	err := b.Err()
	if err == nil {
		return nil
	}
	var e *binread.Error
	if errors.As(err, &e) {
		return fmt.Errorf("payload offset %d: %s", e.Off, e.Msg)
	}
	return err
}

// skipVarints skips n varints.
func (b *buf) skipVarints(n int) {
	for ; n > 0 && !b.Failed(); n-- {
		rest := b.Rest()
		i := 0
		for i < len(rest) && rest[i] >= 0x80 {
			i++
		}
		if i >= len(rest) {
			b.Fail("truncated varint")
			return
		}
		b.Skip(i + 1)
	}
}

func (b *buf) uint32() uint32 {
	v := b.Uvarint()
	if v > math.MaxUint32 {
		b.Failf("value %d exceeds 32 bits", v)
		return 0
	}
	return uint32(v)
}

func (b *buf) int31() int {
	v := b.Uvarint()
	if v > math.MaxInt32 {
		b.Failf("value %d exceeds 31 bits", v)
		return 0
	}
	return int(v)
}

// count reads a number of elements that each take at least min bytes, and
// checks that the rest of the payload can hold them: no length in the file
// makes the reader allocate more than the file's size.
func (b *buf) count(min int) int {
	v := b.Uvarint()
	if v > uint64(b.Len()/min) {
		b.Failf("count %d exceeds the %d bytes left", v, b.Len())
		return 0
	}
	return int(v)
}

func (b *buf) str() string {
	n := b.Uvarint()
	if b.Failed() {
		return ""
	}
	if n > uint64(b.Len()) {
		b.Failf("string of %d bytes exceeds the %d bytes left", n, b.Len())
		return ""
	}
	return string(b.Bytes(int(n)))
}

func (b *buf) types() []profile.ValueType {
	n := b.count(2)
	var ts []profile.ValueType
	for range n {
		ts = append(ts, profile.ValueType{Type: b.str(), Unit: b.str()})
	}
	return ts
}
