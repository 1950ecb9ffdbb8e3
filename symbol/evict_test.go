package symbol

import (
	"testing"

	"sonde/internal/testprog"
)

// TestCacheEvict checks that Evict forgets exactly the objects keep
// refuses, that a forgotten object is opened again when asked for (a new
// Object, with the same frames), and that kept ones stay the same.
func TestCacheEvict(t *testing.T) {
	a := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	b := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O0", "-g"}})
	c := NewCache(nil)
	defer c.Close()
	oa, err := c.Object(a, "")
	if err != nil {
		t.Fatal(err)
	}
	ob, err := c.Object(b, "")
	if err != nil {
		t.Fatal(err)
	}
	if n := c.Evict(func(path, _ string) bool { return path == a }); n != 1 || c.Len() != 1 {
		t.Fatalf("Evict = %d, Len = %d; want 1 forgotten, 1 left", n, c.Len())
	}
	if o, _ := c.Object(a, ""); o != oa {
		t.Errorf("kept object %s opened again", a)
	}
	ob2, err := c.Object(b, "")
	if err != nil {
		t.Fatal(err)
	}
	if ob2 == ob {
		t.Fatalf("evicted object %s still cached", b)
	}
	addr := ob.loads[0].Vaddr
	for _, l := range ob.loads {
		if l.Flags&1 != 0 { // PF_X
			addr = l.Vaddr
		}
	}
	for d := uint64(0); d < 0x200; d += 0x10 {
		f1, _ := ob.Frames(addr + d)
		f2, _ := ob2.Frames(addr + d)
		if len(f1) != len(f2) || len(f1) > 0 && f1[0] != f2[0] {
			t.Errorf("%#x: reopened object answers %v, first %v", addr+d, f2, f1)
		}
	}
}
