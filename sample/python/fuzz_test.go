package python

import "testing"

// FuzzLine feeds the location table decoder tables CPython 3.11 wrote and
// mutations of them (a table is read from a running process, and may be
// anything): it must return a line or an error, never panic or loop.
func FuzzLine(f *testing.F) {
	// co_linetable of `def g(x):\n    y = x + 1\n    return y` (first
	// line 1), printed by python3.11: RESUME, then the statements.
	f.Add([]byte{0x80, 0x00, 0xd8, 0x08, 0x09, 0x88, 0x41, 0x85, 0x05, 0x80, 0x41, 0xd8, 0x0b, 0x0c, 0x80, 0x48}, 1, 6)
	f.Add([]byte{0xf8, 0xf0, 0x03, 0x00, 0x00, 0x00, 0xe8, 0x01}, 10, 4)
	f.Add([]byte{}, 1, 0)
	f.Fuzz(func(t *testing.T, table []byte, first, lasti int) {
		Line(table, first, lasti)
	})
}
