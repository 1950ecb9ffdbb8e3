package units

import (
	"testing"

	"sonde/proc"
	"sonde/profile"
)

// TestRuntimeAddr: lld's layout (readelf -lW of a gcc -fuse-ld=lld
// work.c: R at offset 0, R E at offset 0x720, vaddr 0x1720) mapped at
// 0x555555554000 as ld.so maps it; the text resolves in the executable
// mapping of the shared file page, never in the read-only one.
func TestRuntimeAddr(t *testing.T) {
	o := &Object{Segments: []Segment{
		{Vaddr: 0, Off: 0, Filesz: 0x71c, Memsz: 0x71c},
		{Vaddr: 0x1720, Off: 0x720, Filesz: 0x360, Memsz: 0x360, Exec: true},
		{Vaddr: 0x2a80, Off: 0xa80, Filesz: 0x1d8, Memsz: 0x1d8},
	}}
	const base = 0x555555554000
	maps := []proc.Mapping{
		{Start: base, Limit: base + 0x1000, Perms: "r--p", Offset: 0},
		{Start: base + 0x1000, Limit: base + 0x2000, Perms: "r-xp", Offset: 0},
		{Start: base + 0x2000, Limit: base + 0x3000, Perms: "r--p", Offset: 0},
	}
	for _, c := range []struct {
		addr profile.Addr
		want uint64
		ok   bool
	}{
		{0x1720, base + 0x1720, true},
		{0x1a7f, base + 0x1a7f, true},
		{0x100, base + 0x100, true},   // read-only data
		{0x2a80, base + 0x2a80, true}, // RELRO, mapped read-only
		{0x1a80, 0, false},            // past the text
		{0x3000, 0, false},            // in no segment
	} {
		got, ok := o.RuntimeAddr(maps, c.addr)
		if got != c.want || ok != c.ok {
			t.Errorf("RuntimeAddr(%#x) = %#x, %v; want %#x, %v", c.addr, got, ok, c.want, c.ok)
		}
	}
	// Without the executable mapping the text is nowhere.
	if a, ok := o.RuntimeAddr(maps[:1], 0x1720); ok {
		t.Errorf("text resolved to %#x in the read-only mapping alone", a)
	}
}
