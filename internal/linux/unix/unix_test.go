package unix

import (
	"errors"
	"os"
	"testing"
	"unsafe"
)

// TestReadProcessMemory reads a buffer of this process through
// process_vm_readv and compares it with the buffer itself.
func TestReadProcessMemory(t *testing.T) {
	src := []byte("sonde reads memory through one shape")
	dst := make([]byte, len(src))
	n, err := ReadProcessMemory(os.Getpid(), dst, uint64(uintptr(unsafe.Pointer(&src[0]))))
	if err != nil || n != len(src) || string(dst) != string(src) {
		t.Errorf("read %d bytes %q, %v", n, dst, err)
	}
	if _, err := ReadProcessMemory(os.Getpid(), dst, 8); err == nil {
		t.Error("reading address 8 succeeded")
	}
}

func TestCbreakNotATerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(int(f.Fd())) {
		t.Error("a regular file is a terminal")
	}
	if _, err := Cbreak(int(f.Fd())); err == nil {
		t.Error("cbreak on a regular file succeeded")
	}
}

func TestPerfEventOpenErrors(t *testing.T) {
	// A nonsense event type: the kernel answers ENOENT (or EINVAL), and
	// the error is an Errno callers can test.
	attr := PerfEventAttr{Type: 0x7fff, Config: 1}
	_, err := PerfEventOpen(&attr, 0, -1, -1)
	var errno Errno
	if !errors.As(err, &errno) {
		t.Errorf("err = %v, want an Errno", err)
	}
}
