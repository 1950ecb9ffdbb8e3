package testprog

import (
	"debug/elf"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"sonde/objfile"
)

// DebugLayout says where SeparateDebug puts a program's debug file.
type DebugLayout int

const (
	// DebugLink puts it next to the program, NAME.debug, named by the
	// program's .gnu_debuglink (objcopy --add-gnu-debuglink).
	DebugLink DebugLayout = iota
	// BuildIDDir puts it at DIR/.build-id/xx/rest.debug, as Debian's
	// -dbgsym packages do under /usr/lib/debug, with no debug link.
	BuildIDDir
)

// String names the layout for subtests.
func (l DebugLayout) String() string {
	if l == BuildIDDir {
		return "build-id"
	}
	return "debuglink"
}

// SeparateDebug copies the program bin into a new directory under the same
// base name, moves its debug information to a separate file as a
// distribution does (objcopy --only-keep-debug, strip -g, and, for
// DebugLink, objcopy --add-gnu-debuglink) and returns the stripped copy and
// the debug directory to search (for BuildIDDir; for DebugLink an empty
// one, so that nothing of the machine's /usr/lib/debug is found).
func SeparateDebug(t testing.TB, bin string, layout DebugLayout) (exe, debugDir string) {
	t.Helper()
	objcopy := Require(t, "objcopy")
	strip := Require(t, "strip")
	dir := t.TempDir()
	debugDir = t.TempDir()
	exe = filepath.Join(dir, filepath.Base(bin))
	copyFile(t, bin, exe)
	run := func(name string, args ...string) {
		t.Helper()
		if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	debug := exe + ".debug"
	if layout == BuildIDDir {
		id := buildID(t, bin)
		debug = filepath.Join(debugDir, ".build-id", id[:2], id[2:]+".debug")
		if err := os.MkdirAll(filepath.Dir(debug), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run(objcopy, "--only-keep-debug", bin, debug)
	run(strip, "-g", exe)
	if layout == DebugLink {
		// objcopy names the link after the debug file's base name and
		// computes its CRC from the file.
		run(objcopy, "--add-gnu-debuglink="+debug, exe)
	}
	return exe, debugDir
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// buildID returns the GNU build-id of the ELF file at path in hex.
func buildID(t testing.TB, path string) string {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	id := objfile.BuildID(f)
	if len(id) < 3 {
		t.Fatalf("%s has no build-id", path)
	}
	return id
}
