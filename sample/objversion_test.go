package sample

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"

	"sonde/internal/testprog"
)

// readelfBuildID is the oracle of a file's build ID: readelf -n (binutils
// 2.40) prints "Build ID: <hex>".
func readelfBuildID(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("readelf", "-n", path).Output()
	if err != nil {
		t.Fatalf("readelf -n %s: %v", path, err)
	}
	m := regexp.MustCompile(`Build ID: ([0-9a-f]+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("readelf -n %s: no build ID:\n%s", path, out)
	}
	return string(m[1])
}

// TestObjectVersions checks that the sampler's object cache, keyed by path,
// never answers for a path with another file's data: a program rebuilt at
// the same path (a new inode, as linkers write) and a file copied over in
// place (the same inode) are each read again, under a name of their own
// whose bytes are that version's, while an unchanged file is read once and
// shared. Build IDs are compared with readelf -n's.
func TestObjectVersions(t *testing.T) {
	testprog.Require(t, "readelf")
	a := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O0", "-g", "-DWHO=a"}})
	b := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O2", "-g", "-DWHO=b"}})
	dataA, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	dataB, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	idA, idB := readelfBuildID(t, a), readelfBuildID(t, b)
	if idA == idB || len(dataA) == len(dataB) {
		t.Fatalf("fixtures not distinct: build IDs %s %s, sizes %d %d", idA, idB, len(dataA), len(dataB))
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog")
	if err := os.WriteFile(prog, dataA, 0o755); err != nil {
		t.Fatal(err)
	}
	s := &Sampler{objects: make(map[string]*object)}
	defer s.keepVanished() // closes the descriptors current opened
	first := readVersioned(prog)
	s.objects[prog] = first
	check := func(step string, o *object, key, wantID string, want []byte) {
		t.Helper()
		if o.err != nil {
			t.Fatalf("%s: %v", step, o.err)
		}
		if o.buildID != wantID {
			t.Errorf("%s: build ID %s, want (readelf -n) %s", step, o.buildID, wantID)
		}
		if s.objects[key] != o {
			t.Errorf("%s: s.objects[%s] is not the object returned", step, key)
		}
		got, err := os.ReadFile(key)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the bytes at %s are not this version's", step, key)
		}
	}
	o, key := s.current(prog, first)
	if o != first || key != prog {
		t.Fatalf("unchanged file: got a new object (%s), want the one read once", key)
	}
	check("unchanged", o, key, idA, dataA)

	// Rebuilt: a new file renamed over the path, as a linker does.
	tmp := filepath.Join(dir, "prog.new")
	if err := os.WriteFile(tmp, dataB, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, prog); err != nil {
		t.Fatal(err)
	}
	rebuilt, key2 := s.current(prog, first)
	if key2 == prog {
		t.Fatalf("rebuilt file: answered under the path, whose first version the unwinder may hold")
	}
	check("rebuilt", rebuilt, key2, idB, dataB)
	if again, k := s.current(prog, first); again != rebuilt || k != key2 {
		t.Errorf("rebuilt file asked again: read again (%s), want the shared object %s", k, key2)
	}
	if first.buildID != idA {
		t.Errorf("first version's object changed: build ID %s, want %s", first.buildID, idA)
	}

	// The same inode rewritten in place with other bytes.
	var st syscall.Stat_t
	if err := syscall.Stat(prog, &st); err != nil {
		t.Fatal(err)
	}
	ino := st.Ino
	f, err := os.OpenFile(prog, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(dataA); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := syscall.Stat(prog, &st); err != nil || st.Ino != ino {
		t.Fatalf("the rewrite made a new inode (%v): the test needs the same one", err)
	}
	inPlace, key3 := s.current(prog, first)
	if key3 == prog || key3 == key2 {
		t.Fatalf("file rewritten in place: answered under %s, another version's name", key3)
	}
	check("rewritten in place", inPlace, key3, idA, dataA)
}
