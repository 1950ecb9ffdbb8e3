package testprog

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Python311 returns pyenv's python3.11 executable and its
// libpython3.11.so (full DWARF, -O3), under $PYENV_ROOT or /root/.pyenv,
// the interpreter sonde's Python frame reading and dwarfvar's tests
// know. Under -short it skips the test; when they are missing the test
// fails under CI=true and is skipped otherwise.
func Python311(t testing.TB) (py, lib string) { return Pyenv(t, "3.11.7") }

// Python312 is Python311 for pyenv's CPython 3.12.1.
func Python312(t testing.TB) (py, lib string) { return Pyenv(t, "3.12.1") }

// Python313 is Python311 for pyenv's CPython 3.13.0.
func Python313(t testing.TB) (py, lib string) { return Pyenv(t, "3.13.0") }

// PythonVersions are the CPython releases (pyenv's, with full DWARF)
// that the Python frame reader is tested on, oldest first.
var PythonVersions = []string{"3.11.7", "3.12.1", "3.13.0"}

// Pyenv returns pyenv's pythonX.Y executable of release version (as
// "3.12.1") and its libpythonX.Y.so.1.0, under $PYENV_ROOT or
// /root/.pyenv. Under -short it skips the test; when they are missing
// the test fails under CI=true and is skipped otherwise.
func Pyenv(t testing.TB, version string) (py, lib string) {
	t.Helper()
	minor := version
	if i := strings.LastIndexByte(version, '.'); i > 0 {
		minor = version[:i]
	}
	SkipShort(t, "runs python"+minor)
	root := os.Getenv("PYENV_ROOT")
	if root == "" {
		root = "/root/.pyenv"
	}
	py = filepath.Join(root, "versions", version, "bin", "python"+minor)
	lib = filepath.Join(root, "versions", version, "lib", "libpython"+minor+".so.1.0")
	for _, f := range []string{py, lib} {
		if _, err := os.Stat(f); err != nil {
			msg := fmt.Sprintf("testprog: pyenv's python %s: %v", version, err)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	return py, lib
}
