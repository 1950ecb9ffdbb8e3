package python

import (
	"encoding/binary"
	"errors"
	"testing"
)

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

// FuzzRead reads the frames of a thread from memory that is anything (a
// running interpreter changes what the reader follows): the fuzz bytes
// are the process's memory from address 0x1000, _PyRuntime at its start,
// read with each release's layout, stopped and as a running thread's
// sample. Read must return frames or an error, never panic or loop.
func FuzzRead(f *testing.F) {
	// A chain the reader accepts with 3.12's layout: the runtime's
	// interpreter, its thread (tid 7), a _PyCFrame, one frame and its
	// shim, the code object and its strings and location table.
	const base = 0x1000
	l := Layout312
	mem := make([]byte, 0x800)
	put := func(addr uint64, v uint64) { binary.LittleEndian.PutUint64(mem[addr-base:], v) }
	interp, ts, cf, fr, shim, code, name, table := uint64(0x1100), uint64(0x1180), uint64(0x1240), uint64(0x1260), uint64(0x12c0), uint64(0x1300), uint64(0x1400), uint64(0x1480)
	put(base+uint64(l.RuntimeInterpHead), interp)
	put(interp+uint64(l.InterpThreadsHead), ts)
	put(ts+uint64(l.TstateCframe), cf)
	put(ts+uint64(l.TstateNativeTID), 7)
	put(cf+uint64(l.CframeCurrent), fr)
	put(fr+uint64(l.FrameCode), code)
	put(fr+uint64(l.FramePrevious), shim)
	put(fr+uint64(l.FramePrevInstr), code+uint64(l.CodeAdaptive)+2)
	mem[shim-base+uint64(l.FrameOwner)] = OwnedByCStack
	put(code+uint64(l.ObType), 0x1700) // PyCode_Type
	put(code+uint64(l.VarSize), 4)
	put(code+uint64(l.CodeFilename), name)
	put(code+uint64(l.CodeQualname), name)
	put(code+uint64(l.CodeLinetable), table)
	binary.LittleEndian.PutUint32(mem[code-base+uint64(l.CodeFirstlineno):], 1)
	put(name+uint64(l.ASCIILength), 1)
	binary.LittleEndian.PutUint32(mem[name-base+uint64(l.ASCIIState):], 1<<l.KindShift|1<<l.CompactBit|1<<l.ASCIIBit)
	mem[name-base+uint64(l.ASCIISize)] = 'f'
	put(table+uint64(l.VarSize), 2)
	copy(mem[table-base+uint64(l.BytesData):], []byte{0x83, 0x00}) // 4 units, line +0, column 0
	read := func(data []byte, l *Layout, st Sample) ([]Frame, error) {
		o := &Object{Layout: l, Runtime: base, CodeType: 0x1700}
		p := NewProcess(o, 0, func(b []byte, addr uint64) error {
			if addr < base || addr-base > uint64(len(data)) || uint64(len(b)) > uint64(len(data))-(addr-base) {
				return errors.New("unmapped")
			}
			copy(b, data[addr-base:])
			return nil
		})
		return p.Read(7, st, nil)
	}
	if frames, err := read(mem, &l, Sample{Stopped: true}); err != nil || len(frames) != 1 || frames[0] != (Frame{Func: "f", File: "f", Line: 1, Entry: true}) {
		f.Fatalf("seed: %+v, %v", frames, err)
	}
	f.Add(mem)
	f.Add(mem[:0x300])
	l313 := Layout{Version: 13, ShimEntry: true, InstrPtr: true, TstateCframe: -1, CframeCurrent: -1, FrameIsEntry: -1,
		TstateCurrentFrame: 0x48, TstateNext: 8, TstateNativeTID: 0xa0, FrameCode: 0, FramePrevious: 8, FramePrevInstr: 56,
		FrameOwner: 70, FrameSize: 72, CodeFilename: 0x70, CodeQualname: 0x80, CodeLinetable: 0x88, CodeFirstlineno: 0x44,
		CodeAdaptive: 0xc8, RuntimeInterpHead: 0x278, InterpNext: 0x1c60, InterpThreadsHead: 0x1cb0, ObType: 8, VarSize: 16,
		ASCIILength: 16, ASCIIState: 32, ASCIISize: 40, CompactSize: 56, KindShift: 2, CompactBit: 5, ASCIIBit: 6, BytesData: 0x20}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, l := range []*Layout{&Layout311, &Layout312, &l313} {
			read(data, l, Sample{Stopped: true})
			read(data, l, Sample{SP: base, Stack: data, NextInstr: base + 0x100, Frame: base + 0x200})
		}
	})
}
