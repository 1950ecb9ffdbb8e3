package jitmap

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParsePerfMap checks that no perf map makes the parser panic, and
// that what it reads stays inside the input.
func FuzzParsePerfMap(f *testing.F) {
	f.Add([]byte("3f2a1c040 80 JS:*hotLoop /t/hot.js:1:17\n7f00 0x10 Builtin:Call\n"), false)
	f.Add([]byte("zz 20 a\n1000\n1000 20 \nffffffffffffffff 2 wrap\n3000 8 ok\r\n2000 2"), true)
	f.Fuzz(func(t *testing.T, data []byte, final bool) {
		_, used, _ := ParsePerfMap(data, final)
		if used < 0 || used > len(data) || final && used != len(data) {
			t.Fatalf("used %d of %d bytes (final %v)", used, len(data), final)
		}
	})
}

// FuzzJitDump reads any bytes as a jitdump file, through a Source, and
// builds the table of what it gave: errors, never a panic.
func FuzzJitDump(f *testing.F) {
	d := newDump(0)
	d.debug(100, 0x5000, DebugEntry{Addr: 0x5000, Line: 3, File: "a.js"}, DebugEntry{Addr: 0x5010, Line: 4, File: "\xff"})
	d.load(110, 0x5000, 0x40, 7, "f")
	d.move(200, 0x5000, 0x7000, 0x40, 7)
	d.record(JitCodeClose, 300, nil)
	f.Add(d.b)
	f.Add(d.b[:len(d.b)-20])
	f.Add(newDump(DumpFlagArchTimestamp).b)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "jit-1.dump")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		id := uint64(0)
		src := NewSource(path, JitDump, 0)
		evs, err := src.Poll(true, func() uint64 { id++; return id })
		if err != nil {
			t.Fatal(err)
		}
		tab := FromEvents(evs)
		for _, e := range evs {
			tab.Translate(e.Addr, e.Addr, e.Time)
		}
		if _, err := Build(tab.Image()); err != nil {
			t.Fatalf("image does not decode: %v", err)
		}
	})
}

// FuzzBuild decodes any bytes as events (a data file's JIT frame or a
// profile's [jit] object) and looks addresses up in what it built.
func FuzzBuild(f *testing.F) {
	f.Add(AppendEvents(nil, []Event{
		{Kind: EventLoad, ID: 1, Addr: 0x1000, Size: 0x100, Name: "a", Time: 5,
			Lines: []Line{{Off: 0, File: "x.js", Line: 1}}},
		{Kind: EventMove, ID: 1, Addr: 0x2000, Time: 9},
	}))
	f.Add([]byte{0, 1, 3, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Build(data)
		if err != nil {
			return
		}
		for _, a := range []uint64{0, 0x1000, 0x1080, 0x2000, 1 << 63} {
			if s, ok := tab.Translate(a, a, 7); ok {
				tab.Frame(s)
			}
			tab.Frame(a)
		}
	})
}
