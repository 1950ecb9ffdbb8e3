package symbol

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"sonde/internal/testprog"
)

// TestCache checks that a Cache opens an object once per path and
// build-id, refuses a file whose build-id changed, and remembers failures.
func TestCache(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g", "-Wl,--build-id"}})
	c := NewCache(nil)
	defer c.Close()
	o1, err := c.Object(bin, "")
	if err != nil {
		t.Fatal(err)
	}
	id := o1.BuildID()
	// The oracle for the build-id: readelf -n prints "Build ID: <hex>".
	out, err := exec.Command("readelf", "-n", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "Build ID: "+id) || id == "" {
		t.Fatalf("BuildID() = %q, not in readelf -n output:\n%s", id, out)
	}
	o2, err := c.Object(bin, "")
	if err != nil || o2 != o1 {
		t.Errorf("second Object(%s) = %p, %v; want the same object %p", bin, o2, err, o1)
	}
	o3, err := c.Object(bin, id)
	if err != nil || o3.BuildID() != id {
		t.Errorf("Object(%s, %s) = %v, %v", bin, id, o3, err)
	}
	if _, err := c.Object(bin, "00"+id[2:]); !errors.Is(err, ErrBuildIDMismatch) {
		t.Errorf("Object with a wrong build-id: %v, want ErrBuildIDMismatch", err)
	}

	missing := filepath.Join(t.TempDir(), "later")
	_, err1 := c.Object(missing, "")
	if !errors.Is(err1, os.ErrNotExist) {
		t.Fatalf("Object(missing) = %v, want ErrNotExist", err1)
	}
	copyFile(t, bin, missing)
	// The failure is remembered: the file appearing later does not change
	// the answer within this cache.
	if _, err2 := c.Object(missing, ""); err2 != err1 {
		t.Errorf("second Object(missing) = %v, want the same error %v", err2, err1)
	}

	// Concurrent first use opens once.
	c2 := NewCache(nil)
	defer c2.Close()
	var wg sync.WaitGroup
	objs := make([]*Object, 8)
	for i := range objs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			objs[i], _ = c2.Object(bin, "")
		}()
	}
	wg.Wait()
	for _, o := range objs {
		if o == nil || o != objs[0] {
			t.Fatalf("concurrent Object calls gave different objects: %v", objs)
		}
	}
}

// TestFileOffsetToAddr converts file offsets through the PT_LOAD segments
// that `readelf -lW` (binutils 2.40) lists, for a PIE, a fixed executable
// and a shared library.
func TestFileOffsetToAddr(t *testing.T) {
	for _, fx := range []fixture{
		{"pie", "inline.c", "gcc", []string{"-O2", "-g", "-pie", "-fPIE"}},
		{"no-pie", "inline.c", "gcc", []string{"-O2", "-g", "-no-pie"}},
		{"shared", "inline.c", "clang", []string{"-O2", "-g", "-shared", "-fPIC"}},
	} {
		t.Run(fx.name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
			obj, err := Open(bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("readelf", "-lW", bin).Output()
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			var maxEnd uint64
			for _, line := range strings.Split(string(out), "\n") {
				f := strings.Fields(line)
				if len(f) < 6 || f[0] != "LOAD" {
					continue
				}
				off, _ := strconv.ParseUint(f[1], 0, 64)
				vaddr, _ := strconv.ParseUint(f[2], 0, 64)
				filesz, _ := strconv.ParseUint(f[4], 0, 64)
				if filesz == 0 {
					continue
				}
				n++
				maxEnd = max(maxEnd, off+filesz)
				for _, d := range []uint64{0, filesz / 2, filesz - 1} {
					got, ok := obj.FileOffsetToAddr(off + d)
					if !ok || got != vaddr+d {
						t.Errorf("FileOffsetToAddr(%#x) = %#x, %v; want %#x (readelf -lW)", off+d, got, ok, vaddr+d)
					}
				}
			}
			if n == 0 {
				t.Fatalf("no LOAD segments in readelf -lW output:\n%s", out)
			}
			if a, ok := obj.FileOffsetToAddr(maxEnd + 0x10000); ok {
				t.Errorf("FileOffsetToAddr past every segment = %#x, true", a)
			}
		})
	}
}

// TestConcurrentFrames asks for the same addresses from many goroutines
// on a fresh object (so units are decoded concurrently, also by Prefetch's
// background workers) and checks every
// answer equals a sequential pass on another fresh object. Run with -race.
func TestConcurrentFrames(t *testing.T) {
	bin := testprog.Build(t, "classes.cc", testprog.Opts{Compiler: "clang++", Flags: []string{"-O2", "-g"}})
	addrs := funcAddrs(t, bin, 3)
	ref, err := Open(bin, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]Frame, len(addrs))
	for i, a := range addrs {
		if want[i], err = ref.Frames(a); err != nil {
			t.Fatal(err)
		}
	}
	// Prefetch decodes units in the background at the same time.
	obj, err := Open(bin, &Options{Prefetch: true})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range addrs {
				i := (k + g*len(addrs)/8) % len(addrs)
				got, err := obj.Frames(addrs[i])
				if err != nil {
					t.Error(err)
					return
				}
				if !equalFrames(got, want[i]) {
					t.Errorf("%#x: concurrent %+v, sequential %+v", addrs[i], got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

func equalFrames(a, b []Frame) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
