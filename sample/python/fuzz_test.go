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

// FuzzDebugOffsets feeds LayoutFromDebugOffsets the _Py_DebugOffsets of a
// CPython 3.13 (a valid one built from 3.13.0's values) and mutations: it
// must return a layout that passes its checks or an error, never panic.
func FuzzDebugOffsets(f *testing.F) {
	b := make([]byte, debugSize)
	copy(b, debugCookie)
	put := func(off int, v uint64) {
		for i := 0; i < 8; i++ {
			b[off+i] = byte(v >> (8 * i))
		}
	}
	put(dbgVersion, 0x030d00f0)
	for off, v := range map[int]uint64{
		dbgRuntimeInterpsHead: 0x278, dbgInterpNext: 0x1c60, dbgInterpThreadsHead: 0x1cb0,
		dbgTstateNext: 8, dbgTstateCurrentFrame: 0x48, dbgTstateNativeTID: 0xa0,
		dbgFramePrevious: 8, dbgFrameExecutable: 0, dbgFrameInstrPtr: 56, dbgFrameLocalsplus: 72, dbgFrameOwner: 70,
		dbgCodeFilename: 0x70, dbgCodeQualname: 0x80, dbgCodeLinetable: 0x88, dbgCodeFirstlineno: 0x44, dbgCodeAdaptive: 0xc8,
		dbgObType: 8, dbgBytesObSize: 16, dbgBytesObSval: 0x20,
		dbgUnicodeState: 32, dbgUnicodeLength: 16, dbgUnicodeASCIIObjectSz: 40,
	} {
		put(off, v)
	}
	if _, err := LayoutFromDebugOffsets(b); err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:100])
	f.Fuzz(func(t *testing.T, data []byte) {
		if l, err := LayoutFromDebugOffsets(data); err == nil {
			if err := l.check(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
