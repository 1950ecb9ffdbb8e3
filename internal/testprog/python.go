package testprog

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Python311 returns pyenv's python3.11 executable and its
// libpython3.11.so (full DWARF, -O3), under $PYENV_ROOT or /root/.pyenv,
// the interpreter sonde's Python frame reading and dwarfvar's tests
// know. Under -short it skips the test; when they are missing the test
// fails under CI=true and is skipped otherwise.
func Python311(t testing.TB) (py, lib string) {
	t.Helper()
	SkipShort(t, "runs python3.11")
	root := os.Getenv("PYENV_ROOT")
	if root == "" {
		root = "/root/.pyenv"
	}
	py = filepath.Join(root, "versions", "3.11.7", "bin", "python3.11")
	lib = filepath.Join(root, "versions", "3.11.7", "lib", "libpython3.11.so.1.0")
	for _, f := range []string{py, lib} {
		if _, err := os.Stat(f); err != nil {
			msg := fmt.Sprintf("testprog: pyenv's python 3.11.7: %v", err)
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	return py, lib
}
