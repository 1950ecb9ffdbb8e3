package uprobes

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// TestLdCache reads this machine's /etc/ld.so.cache and compares it with
// what ldconfig -p prints of it (oracle: glibc's ldconfig; its x86-64
// lines "	NAME (libc6,x86-64) => PATH", in the same order).
func TestLdCache(t *testing.T) {
	ldconfig := testprog.Require(t, "ldconfig")
	if _, err := os.Stat("/etc/ld.so.cache"); err != nil {
		t.Skip("no /etc/ld.so.cache")
	}
	out, err := exec.Command(ldconfig, "-p").Output()
	if err != nil {
		t.Fatal(err)
	}
	var want []ldCacheEntry
	for _, l := range strings.Split(string(out), "\n") {
		name, rest, ok := strings.Cut(strings.TrimSpace(l), " (")
		tags, path, ok2 := strings.Cut(rest, ") => ")
		if ok && ok2 && tags == "libc6,x86-64" {
			want = append(want, ldCacheEntry{name: name, path: path})
		}
	}
	got, err := readLdCache("/etc/ld.so.cache")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(got) == 0 {
		t.Fatalf("%d entries, ldconfig -p lists %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("entry %d: %+v, ldconfig -p says %+v", i, got[i], want[i])
		}
	}
}

func FuzzParseLdCache(f *testing.F) {
	if data, err := os.ReadFile("/etc/ld.so.cache"); err == nil && len(data) < 1<<20 {
		f.Add(data)
	}
	f.Add([]byte(ldCacheMagic + "\x01\x00\x00\x00\x10\x00\x00\x00" + strings.Repeat("\x00", 20) + "\x03\x03\x00\x00\x48\x00\x00\x00\x4c\x00\x00\x00" + strings.Repeat("\x00", 12) + "a.so\x00/a\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		parseLdCache(data, "fuzz")
	})
}
