// Package binread reads little-endian binary data with bounds checks and a
// sticky error, in the manner of debug/dwarf's buf: fixed-size integers,
// LEB128 [DWARF5 7.6], Go varints, NUL-terminated strings and byte runs.
// It is the one reader of sonde's parsers of untrusted bytes (DWARF, CFI,
// .eh_frame, perf records, sonde.data, the plan cache).
//
// A read past the end, or a Fail, records the first failure (its offset
// and reason), moves the reader to the end, and makes every later read
// return zero, so a parser checks Failed or Err once after a run of reads
// instead of after each. The reader never panics on any input and
// allocates only for the strings and errors it returns.
//
//	r := binread.New(sec)
//	length := r.U32()
//	version := r.U16()
//	if err := r.Err(); err != nil {
//		return fmt.Errorf("parse header: %w", err)
//	}
//
// U8, U16, U32, U64, Bytes, Skip and ULEB128 are small enough for the
// compiler to inline into a parser's loop: the hot parsers (DWARF units,
// CFA programs) pay no call per field.
package binread

import (
	"encoding/binary"
	"fmt"
)

// Error says where and why a read failed. Off is the offset in the
// reader's data (callers add their section's base) at which the failing
// read started.
type Error struct {
	Off int
	Msg string
}

// Error implements error.
func (e *Error) Error() string { return fmt.Sprintf("offset %#x: %s", e.Off, e.Msg) }

// Reasons of a failure, in Reader.errN; a positive errN is the size of a
// read that ran past the end.
const (
	errMsg    = 0  // the caller's Fail, or a seek: errMsg holds the text
	errLEB    = -1 // a LEB128 or varint ran past the end
	errString = -2 // a string has no NUL before the end
	errBig    = -3 // a varint overflows 64 bits
	errSize   = -4 // a read of a negative or impossible size
)

// Reader is a cursor over a byte slice. The zero value reads an empty
// slice. A Reader is a small value: copy it to read ahead without moving
// the original. It is not safe for concurrent use; the slices it returns
// alias its data.
type Reader struct {
	data []byte
	off  int // 0 <= off <= len(data); off == len(data) once failed

	// The first failure, formatted by Err only when asked for.
	failed bool
	errOff int
	errN   int
	msg    string
}

// New returns a reader at the start of data.
func New(data []byte) Reader { return Reader{data: data} }

// NewAt returns a reader of data at offset off; an off outside data is
// a failure at once.
func NewAt(data []byte, off int) Reader {
	r := Reader{data: data}
	r.Seek(off)
	return r
}

// Failed says whether a read has failed.
func (r *Reader) Failed() bool { return r.failed }

// Err returns nil or the first failure, an *Error.
func (r *Reader) Err() error {
	if !r.failed {
		return nil
	}
	msg := r.msg
	switch n := r.errN; {
	case n > 0:
		msg = fmt.Sprintf("truncated: need %d bytes, have %d", n, len(r.data)-r.errOff)
	case n == errLEB:
		msg = "truncated LEB128"
	case n == errString:
		msg = "unterminated string"
	case n == errBig:
		msg = "varint overflows 64 bits"
	case n == errSize:
		msg = "read of an impossible size"
	}
	return &Error{Off: r.errOff, Msg: msg}
}

// Off returns the offset of the next read in the data.
func (r *Reader) Off() int { return r.off }

// Len returns the number of bytes left to read.
func (r *Reader) Len() int { return len(r.data) - r.off }

// Data returns all of the reader's data, read or not.
func (r *Reader) Data() []byte { return r.data }

// Rest returns the bytes left to read without consuming them.
func (r *Reader) Rest() []byte { return r.data[r.off:] }

// Seek moves to offset off of the data. After a failure it does nothing:
// the failure sticks.
func (r *Reader) Seek(off int) {
	if r.failed {
		return
	}
	if off < 0 || off > len(r.data) {
		r.Failf("seek to %#x outside %d bytes", off, len(r.data))
		return
	}
	r.off = off
}

// Limit cuts the data to its first end bytes, so that a reader of one
// record cannot run into the next: a read past end fails. An end before
// the current offset or past the data is a failure.
func (r *Reader) Limit(end int) {
	if r.failed {
		return
	}
	if end < r.off || end > len(r.data) {
		r.Failf("record end %#x outside %#x..%#x", end, r.off, len(r.data))
		return
	}
	r.data = r.data[:end]
}

// Fail records a failure of the caller's own (a bad version, an unknown
// form) at the current offset, with the same stickiness as a short read.
func (r *Reader) Fail(msg string) {
	if !r.failed {
		r.failed, r.errOff, r.errN, r.msg = true, r.off, errMsg, msg
	}
	r.off = len(r.data)
}

// Failf is Fail with a format.
func (r *Reader) Failf(format string, a ...any) {
	if !r.failed {
		r.Fail(fmt.Sprintf(format, a...))
	}
}

// fail records the failure of a read of kind n (a size, or one of the
// err constants) at the current offset.
func (r *Reader) fail(n int) {
	if !r.failed {
		r.failed, r.errOff, r.errN = true, r.off, n
	}
	r.off = len(r.data)
}

// failSize records the failure of a read of n bytes, n maybe negative.
func (r *Reader) failSize(n int) {
	if n < 0 {
		n = errSize
	}
	r.fail(n)
}

// U8 reads a byte.
func (r *Reader) U8() uint8 {
	if off := uint(r.off); off < uint(len(r.data)) {
		r.off++
		return r.data[off]
	}
	r.fail(1)
	return 0
}

// U16 reads a little-endian uint16.
func (r *Reader) U16() uint16 {
	if off := uint(r.off); off+2 <= uint(len(r.data)) {
		r.off += 2
		return binary.LittleEndian.Uint16(r.data[off:])
	}
	r.fail(2)
	return 0
}

// U32 reads a little-endian uint32.
func (r *Reader) U32() uint32 {
	if off := uint(r.off); off+4 <= uint(len(r.data)) {
		r.off += 4
		return binary.LittleEndian.Uint32(r.data[off:])
	}
	r.fail(4)
	return 0
}

// U64 reads a little-endian uint64.
func (r *Reader) U64() uint64 {
	if off := uint(r.off); off+8 <= uint(len(r.data)) {
		r.off += 8
		return binary.LittleEndian.Uint64(r.data[off:])
	}
	r.fail(8)
	return 0
}

// Uint reads an n-byte little-endian unsigned integer, n from 1 to 8
// (DWARF's 3-byte strx3 and addrx3 included). Other sizes fail.
func (r *Reader) Uint(n int) uint64 {
	switch n {
	case 1:
		return uint64(r.U8())
	case 2:
		return uint64(r.U16())
	case 4:
		return uint64(r.U32())
	case 8:
		return r.U64()
	}
	if n < 1 || n > 8 {
		r.Failf("unsupported integer size %d", n)
		return 0
	}
	b := r.Bytes(n)
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// Bytes reads n bytes; the slice aliases the data (its capacity ends
// with it). A negative n fails.
func (r *Reader) Bytes(n int) []byte {
	if off := r.off; n >= 0 && n <= len(r.data)-off {
		r.off = off + n
		return r.data[off : off+n : off+n]
	}
	r.failSize(n)
	return nil
}

// BytesU is Bytes with a length read from the data, which may exceed the
// int range.
func (r *Reader) BytesU(n uint64) []byte {
	if n > uint64(len(r.data)-r.off) {
		r.fail(int(min(n, 1<<62)))
		return nil
	}
	return r.Bytes(int(n))
}

// Skip moves n bytes ahead.
func (r *Reader) Skip(n int) {
	if n >= 0 && n <= len(r.data)-r.off {
		r.off += n
		return
	}
	r.failSize(n)
}

// ULEB128 reads an unsigned LEB128 number [DWARF5 7.6]. Padded encodings
// of any length are read; bits past the 64th are dropped, as debug/dwarf
// does.
func (r *Reader) ULEB128() (v uint64) {
	for i, c := range r.data[r.off:] {
		v |= uint64(c&0x7f) << (7 * uint(i)) // 0 once the shift passes 63
		if c < 0x80 {
			r.off += i + 1
			return v
		}
	}
	r.fail(errLEB)
	return 0
}

// SLEB128 reads a signed LEB128 number [DWARF5 7.6], sign-extended to 64
// bits; bits past the 64th are dropped.
func (r *Reader) SLEB128() (v int64) {
	for i, c := range r.data[r.off:] {
		shift := 7 * uint(i)
		v |= int64(c&0x7f) << shift
		if c < 0x80 {
			if c&0x40 != 0 {
				v |= -1 << (shift + 7) // 0 once the shift passes 63
			}
			r.off += i + 1
			return v
		}
	}
	r.fail(errLEB)
	return 0
}

// Uvarint reads a varint of encoding/binary (the bytes of ULEB128, at
// most 10 of them, whose value fits 64 bits): a longer or overflowing
// one fails, as binary.Uvarint says.
func (r *Reader) Uvarint() (v uint64) {
	for i, c := range r.data[r.off:] {
		if i == binary.MaxVarintLen64-1 && c > 1 {
			r.fail(errBig)
			return 0
		}
		v |= uint64(c&0x7f) << (7 * uint(i))
		if c < 0x80 {
			r.off += i + 1
			return v
		}
	}
	r.fail(errLEB)
	return 0
}

// Varint reads a zig-zag signed varint of encoding/binary.
func (r *Reader) Varint() int64 {
	u := r.Uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// CString reads a NUL-terminated string and its NUL.
func (r *Reader) CString() string {
	for i := r.off; i < len(r.data); i++ {
		if r.data[i] == 0 {
			s := string(r.data[r.off:i])
			r.off = i + 1
			return s
		}
	}
	r.fail(errString)
	return ""
}
