package sample

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/proc"
)

func TestMatchProg(t *testing.T) {
	for _, tt := range []struct {
		pattern, exe string
		want         bool
	}{
		{"hier-test", "/tmp/x/hier-test", true},
		{"hier-test", "/tmp/x/hier-test-1a2b", true}, // substring, as PCT's patterns
		{"hier*", "/tmp/hier-test", true},            // glob on the base name
		{"python3.*", "/usr/bin/python3.11", true},
		{"test", "/tmp/hier-test/bin/server", false}, // the directory does not count
		{"[", "/tmp/[", true},                        // a bad glob is a substring
		{"x", "", false},
	} {
		t.Run(tt.pattern+" "+tt.exe, func(t *testing.T) {
			if got := MatchProg(tt.pattern, tt.exe); got != tt.want {
				t.Errorf("MatchProg(%q, %q) = %v, want %v", tt.pattern, tt.exe, got, tt.want)
			}
		})
	}
}

// TestSampleMemory: bytes inside the stack copy come from it (not from the
// process: the copy holds what the stack was at the sample), others from
// the live process through process_vm_readv, and unreadable ones are an
// error naming the address, never zeros.
func TestSampleMemory(t *testing.T) {
	// The test binary's own first mapping starts with its ELF header
	// (/proc/self/maps, offset 0 of the executable): "\x7fELF".
	maps, err := proc.Maps(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	var elfAt uint64
	for _, m := range maps {
		if m.Offset == 0 && m.Path == exe {
			elfAt = m.Start
			break
		}
	}
	if elfAt == 0 {
		t.Fatalf("no mapping of %s at offset 0 in /proc/self/maps", exe)
	}
	reads := 0
	stack := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	const sp = 0x1000 // below vm.mmap_min_addr: never mapped
	m := &sampleMemory{tid: os.Getpid(), stack: stack, sp: sp, reads: &reads}
	for _, tt := range []struct {
		name  string
		addr  uint64
		n     int
		want  []byte
		err   string
		reads int
	}{
		{"inside the copy", sp + 2, 4, []byte{3, 4, 5, 6}, "", 0},
		{"the whole copy", sp, 8, stack, "", 0},
		{"live memory", elfAt, 4, []byte("\x7fELF"), "", 1},
		{"past the copy's end", sp + 6, 4, nil, "cannot read memory at 0x1006", 2},
		{"unmapped", 0, 8, nil, "cannot read memory at 0x0", 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			buf := make([]byte, tt.n)
			err := m.read(tt.addr, buf)
			switch {
			case tt.err != "":
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("read %#x: error %v, want %q", tt.addr, err, tt.err)
				}
			case err != nil:
				t.Errorf("read %#x: %v", tt.addr, err)
			case !slices.Equal(buf, tt.want):
				t.Errorf("read %#x = %v, want %v", tt.addr, buf, tt.want)
			}
			if reads != tt.reads {
				t.Errorf("%d live reads so far, want %d", reads, tt.reads)
			}
		})
	}
}

// TestNeededLibraries: the libraries found for a program are the ones
// readelf -d lists as NEEDED, at the paths ldd resolves them to.
func TestNeededLibraries(t *testing.T) {
	readelf := testprog.Require(t, "readelf")
	ldd := testprog.Require(t, "ldd")
	bin := testprog.Build(t, "expr/req.c", testprog.Opts{Flags: []string{"-O2", "-g", "-Wl,--no-as-needed", "-lm"}})
	dyn, err := exec.Command(readelf, "-d", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	var needed []string
	for _, m := range regexp.MustCompile(`\(NEEDED\)\s+Shared library: \[([^\]]+)\]`).FindAllSubmatch(dyn, -1) {
		needed = append(needed, string(m[1]))
	}
	resolved, err := exec.Command(ldd, bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // base name -> path, from ldd
	for _, m := range regexp.MustCompile(`(?m)^\s*(\S+) => (\S+)`).FindAllSubmatch(resolved, -1) {
		want[string(m[1])] = string(m[2])
	}
	got := neededLibraries(bin)
	if !slices.Contains(needed, "libm.so.6") || len(got) != len(needed) {
		t.Fatalf("found %v for NEEDED %v", got, needed)
	}
	for i, p := range got {
		base := filepath.Base(p)
		if base != needed[i] {
			t.Errorf("library %d: %s, NEEDED says %s", i, p, needed[i])
		}
		// ldd may name the same file through another directory
		// (/lib is a link to /usr/lib here): compare the files.
		a, errA := os.Stat(p)
		b, errB := os.Stat(want[base])
		if errA != nil || errB != nil || !os.SameFile(a, b) {
			t.Errorf("%s: found %s, ldd resolves %s", base, p, want[base])
		}
	}
}
