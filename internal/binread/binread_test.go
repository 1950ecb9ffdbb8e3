package binread

import (
	"encoding/binary"
	"errors"
	"testing"
)

// TestLEB128 decodes the examples of [DWARF5 7.6, tables 7.5 and 7.6]
// and padded and over-long encodings.
func TestLEB128(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
		u    uint64
		s    int64
	}{
		{"2", []byte{2}, 2, 2},
		{"127", []byte{0x7f}, 127, -1},
		{"128", []byte{0x80, 1}, 128, 128},
		{"129", []byte{0x81, 1}, 129, 129},
		{"130", []byte{0x82, 1}, 130, 130},
		{"12857", []byte{0xb9, 0x64}, 12857, 12857 - 16384},
		{"-2", []byte{0x7e}, 126, -2},
		{"signed 127", []byte{0xff, 0}, 127, 127},
		{"-127", []byte{0x81, 0x7f}, 16257, -127},
		{"-128", []byte{0x80, 0x7f}, 16256, -128},
		{"-129", []byte{0xff, 0x7e}, 16255, -129},
		{"padded 1", []byte{0x81, 0x80, 0x80, 0}, 1, 1},
		{"max uint64", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1}, ^uint64(0), -1},
		{"min int64", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f}, 1 << 63, -1 << 63},
		{"bits past 64 dropped", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 1}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New(append(tc.in, 0xaa))
			if v := r.ULEB128(); v != tc.u || r.Off() != len(tc.in) || r.Failed() {
				t.Errorf("ULEB128 = %#x at %d (%v), want %#x at %d", v, r.Off(), r.Err(), tc.u, len(tc.in))
			}
			r = New(append(tc.in, 0xaa))
			if v := r.SLEB128(); v != tc.s || r.Off() != len(tc.in) || r.Failed() {
				t.Errorf("SLEB128 = %d at %d (%v), want %d at %d", v, r.Off(), r.Err(), tc.s, len(tc.in))
			}
		})
	}
}

// TestSticky checks that the first failure is kept with its offset and
// that every later read returns zero.
func TestSticky(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		read func(r *Reader)
		off  int
		msg  string
	}{
		{"u32 short", []byte{1, 2, 3, 4}, func(r *Reader) { r.U8(); r.U32() }, 1, "truncated: need 4 bytes, have 3"},
		{"u64 short", []byte{1, 2, 3}, func(r *Reader) { r.U64() }, 0, "truncated: need 8 bytes, have 3"},
		{"leb short", []byte{1, 0x80, 0x80}, func(r *Reader) { r.U8(); r.ULEB128() }, 1, "truncated LEB128"},
		{"sleb short", []byte{0xff}, func(r *Reader) { r.SLEB128() }, 0, "truncated LEB128"},
		{"string", []byte{'a', 'b'}, func(r *Reader) { r.CString() }, 0, "unterminated string"},
		{"bytes", []byte{1, 2}, func(r *Reader) { r.Bytes(3) }, 0, "truncated: need 3 bytes, have 2"},
		{"negative", []byte{1, 2}, func(r *Reader) { r.Bytes(-1) }, 0, "read of an impossible size"},
		{"bytesU huge", []byte{1, 2}, func(r *Reader) { r.BytesU(1 << 63) }, 0, "truncated: need 4611686018427387904 bytes, have 2"},
		{"varint overflow", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, func(r *Reader) { r.Uvarint() }, 0, "varint overflows 64 bits"},
		{"fail", []byte{1, 2, 3}, func(r *Reader) { r.U16(); r.Fail("bad version") }, 2, "bad version"},
		{"first kept", []byte{1, 2, 3}, func(r *Reader) { r.U16(); r.Failf("first %d", 1); r.Fail("second") }, 2, "first 1"},
		{"seek", []byte{1, 2, 3}, func(r *Reader) { r.Seek(4) }, 0, "seek to 0x4 outside 3 bytes"},
		{"limit", []byte{1, 2, 3}, func(r *Reader) { r.U16(); r.Limit(1) }, 2, "record end 0x1 outside 0x2..0x3"},
		{"limited read", []byte{1, 2, 3}, func(r *Reader) { r.Limit(2); r.U8(); r.U16() }, 1, "truncated: need 2 bytes, have 1"},
		{"uint3", []byte{1, 2}, func(r *Reader) { r.Uint(3) }, 0, "truncated: need 3 bytes, have 2"},
		{"uint9", []byte{1, 2}, func(r *Reader) { r.Uint(9) }, 0, "unsupported integer size 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New(tc.data)
			tc.read(&r)
			var e *Error
			if err := r.Err(); !errors.As(err, &e) || e.Off != tc.off || e.Msg != tc.msg {
				t.Fatalf("Err = %v, want offset %#x: %s", err, tc.off, tc.msg)
			}
			if r.Len() != 0 || r.U8() != 0 || r.ULEB128() != 0 || r.U64() != 0 || r.CString() != "" || r.Bytes(1) != nil {
				t.Errorf("reads after the failure return data")
			}
			r.Seek(0)
			if r.Off() != len(r.Data()) {
				t.Errorf("Seek after a failure moved the reader")
			}
		})
	}
}

// TestReads reads each kind once from a known layout.
func TestReads(t *testing.T) {
	data := []byte{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 'h', 'i', 0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0xab, 0xcd, 0xef, 3, 0x85, 0x01}
	r := New(data)
	if v := r.U8(); v != 1 {
		t.Errorf("U8 = %#x", v)
	}
	if v := r.U16(); v != 0x0302 {
		t.Errorf("U16 = %#x", v)
	}
	if v := r.U32(); v != 0x07060504 {
		t.Errorf("U32 = %#x", v)
	}
	if v := r.CString(); v != "hi" {
		t.Errorf("CString = %q", v)
	}
	if v := r.U64(); v != 0x8877665544332211 {
		t.Errorf("U64 = %#x", v)
	}
	if v := r.Uint(3); v != 0xefcdab {
		t.Errorf("Uint(3) = %#x", v)
	}
	if v := r.Varint(); v != -2 {
		t.Errorf("Varint = %d", v)
	}
	if v := r.Uvarint(); v != 0x85 {
		t.Errorf("Uvarint = %#x", v)
	}
	if r.Len() != 0 || r.Failed() {
		t.Errorf("Len %d, Err %v at the end", r.Len(), r.Err())
	}
}

// refULEB is a plain ULEB128 decoder, the reference of the fuzz target.
func refULEB(b []byte) (uint64, int, bool) {
	var v uint64
	for i, c := range b {
		if i < 10 {
			v |= uint64(c&0x7f) << (7 * i)
		}
		if c&0x80 == 0 {
			return v, i + 1, true
		}
	}
	return 0, 0, false
}

// FuzzReader runs a sequence of reads chosen by the input over the rest
// of the input: no panic, offsets stay in range, a failure sticks, and
// ULEB128 and Uvarint agree with their references.
func FuzzReader(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add([]byte{0x15, 0x80, 0x80, 0x01, 0x7f, 'a', 0, 0xff})
	f.Add([]byte{0x3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		ops, data := in[:1+len(in)/4], in[1+len(in)/4:]
		r := New(data)
		failedAt := -1
		for _, op := range ops {
			before := r.Off()
			switch op % 12 {
			case 0:
				r.U8()
			case 1:
				r.U16()
			case 2:
				r.U32()
			case 3:
				r.U64()
			case 4:
				want, n, ok := refULEB(r.Rest())
				v := r.ULEB128()
				if !r.Failed() && (!ok || v != want || r.Off() != before+n) {
					t.Fatalf("ULEB128 = %#x at %d, want %#x at %d (%v)", v, r.Off(), want, before+n, ok)
				}
			case 5:
				r.SLEB128()
			case 6:
				wasFailed := r.Failed()
				want, n := binary.Uvarint(r.Rest())
				v := r.Uvarint()
				if !wasFailed && (n > 0 && (r.Failed() || v != want || r.Off() != before+n) || n <= 0 && !r.Failed()) {
					t.Fatalf("Uvarint = %#x at %d (%v), want %#x, %d", v, r.Off(), r.Err(), want, n)
				}
			case 7:
				r.CString()
			case 8:
				r.Bytes(int(op>>4) - 2)
			case 9:
				r.Uint(int(op >> 4))
			case 10:
				r.Seek(int(op>>4) - 1)
			case 11:
				r.Limit(r.Off() + int(op>>4))
			}
			if r.Off() < 0 || r.Off() > len(r.Data()) {
				t.Fatalf("offset %d outside %d bytes", r.Off(), len(r.Data()))
			}
			if r.Failed() {
				var e *Error
				if !errors.As(r.Err(), &e) {
					t.Fatalf("Err = %v", r.Err())
				}
				if failedAt < 0 {
					failedAt = e.Off
				} else if e.Off != failedAt {
					t.Fatalf("failure moved from %d to %d", failedAt, e.Off)
				}
				if r.Off() != len(r.Data()) {
					t.Fatalf("failed reader at %d, not at the end", r.Off())
				}
			}
		}
	})
}
