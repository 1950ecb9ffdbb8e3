package ptracer

import (
	"bytes"
	"os"
	"testing"
	"unsafe"
)

// TestTextImage patches a buffer of this process through /proc/self/mem
// with a textImage: the bytes put land, pages not put are not written
// (bytes changed there behind the image's back survive its flush), and a
// range outside the image is refused.
func TestTextImage(t *testing.T) {
	mem, err := os.OpenFile("/proc/self/mem", os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	ps := os.Getpagesize()
	raw := make([]byte, 7*ps)
	// Page-aligned, so that the test's pages are the image's.
	skip := (ps - int(uintptr(unsafe.Pointer(&raw[0])))%ps) % ps
	buf := raw[skip : skip+6*ps]
	for i := range buf {
		buf[i] = byte(i % 251)
	}
	base := uint64(uintptr(unsafe.Pointer(&buf[0])))
	sp := &space{mem: procMemory{mem}, pid: os.Getpid()}
	img := sp.readText([]span{{base + 10, base + uint64(2*ps)}, {base + uint64(3*ps), base + uint64(5*ps) + 7}})
	if len(img.runs) != 2 {
		t.Fatalf("%d runs read, want 2", len(img.runs))
	}
	if got := img.at(base+100, 4); !bytes.Equal(got, buf[100:104]) {
		t.Fatalf("at: %x, want %x", got, buf[100:104])
	}
	for _, r := range []struct{ a, n uint64 }{{base, 4}, {base + uint64(2*ps) - 2, 4}, {base + uint64(5*ps) + 5, 4}} {
		if img.at(r.a, r.n) != nil || img.put(r.a, make([]byte, r.n)) {
			t.Errorf("[%#x, +%d) outside the image was accepted", r.a-base, r.n)
		}
	}
	want := append([]byte(nil), buf...)
	puts := []struct {
		off int
		b   []byte
	}{{20, []byte{0xe9, 1, 2, 3, 4}}, {ps - 2, []byte{0xcc, 0xcc, 0xcc, 0xcc}}, {4*ps + 9, []byte{0xeb, 0x10}}}
	for _, p := range puts {
		if !img.put(base+uint64(p.off), p.b) {
			t.Fatalf("put at %d refused", p.off)
		}
		copy(want[p.off:], p.b)
	}
	// Page 3 holds no patch: a change made there after the read must
	// survive the flush.
	buf[3*ps+1] ^= 0xff
	want[3*ps+1] = buf[3*ps+1]
	if err := img.flush(sp.mem); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf, want) {
		for i := range buf {
			if buf[i] != want[i] {
				t.Fatalf("byte %d is %#x, want %#x", i, buf[i], want[i])
			}
		}
	}
}
