// Package testprog compiles the C, C++ and Go fixture programs that tests run
// and symbolize. Each fixture is built once per test binary and reused; the
// tools it needs are required, not optional, when CI=true.
//
// It is also the gate of the fast loop: under "go test -short" Require (and
// so Build, and every oracle runner of package oracle) skips its test, as
// do RequireRoot and SkipShort, so that the short run holds only the pure
// tests (parsers, the model, views, exports, planning, fuzz seeds) and
// passes with no compiler, no oracle and no privilege.
package testprog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Opts says how to build a fixture.
type Opts struct {
	// Compiler is the compiler command: "gcc", "clang", "g++", "clang++" or
	// "go". Empty means "gcc".
	Compiler string
	// Flags are passed to the compiler before the source ("-O2", "-g").
	// For "go" they are passed to "go build" ("-ldflags=-w").
	Flags []string
	// Name is the output file's base name; empty means one derived from the
	// source and the options.
	Name string
}

var (
	buildMu  sync.Mutex
	built    = map[string]string{} // key -> path of the built binary
	buildDir string
)

// Dir returns the directory holding the fixture sources
// (internal/testprog/testdata).
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata")
}

// Path returns the path of the fixture source src (relative to Dir unless
// absolute).
func Path(src string) string {
	if filepath.IsAbs(src) {
		return src
	}
	return filepath.Join(Dir(), src)
}

// Build compiles the fixture src (a file or, for "go", a directory, relative
// to Dir) and returns the path of the binary. It is built once per test
// binary and options; a build failure fails the test.
func Build(t testing.TB, src string, o Opts) string {
	t.Helper()
	if o.Compiler == "" {
		o.Compiler = "gcc"
	}
	Require(t, o.Compiler)
	key := o.Compiler + "\x00" + src + "\x00" + strings.Join(o.Flags, "\x00") + "\x00" + o.Name
	buildMu.Lock()
	defer buildMu.Unlock()
	if p, ok := built[key]; ok {
		return p
	}
	if buildDir == "" {
		d, err := os.MkdirTemp("", "sonde-fixtures-")
		if err != nil {
			t.Fatalf("testprog: %v", err)
		}
		buildDir = d
	}
	name := o.Name
	if name == "" {
		h := sha256.Sum256([]byte(key))
		base := strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))
		name = base + "-" + hex.EncodeToString(h[:4])
	}
	out := filepath.Join(buildDir, name)
	var cmd *exec.Cmd
	if o.Compiler == "go" {
		args := append([]string{"build", "-o", out}, o.Flags...)
		args = append(args, ".")
		cmd = exec.Command("go", args...)
		cmd.Dir = Path(src)
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GO111MODULE=auto")
	} else {
		args := append(append([]string{}, o.Flags...), "-o", out, Path(src))
		cmd = exec.Command(o.Compiler, args...)
	}
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("testprog: build %s with %s %v: %v\n%s", src, o.Compiler, o.Flags, err, msg)
	}
	built[key] = out
	return out
}

// Require returns the path of the program tool. Under -short it skips the
// test, tool or not: the short run needs no compiler and no oracle. When
// the tool is missing the test fails under CI=true (a missing tool is a
// broken machine there) and is skipped otherwise.
func Require(t testing.TB, tool string) string {
	t.Helper()
	SkipShort(t, "runs "+tool)
	p, err := exec.LookPath(tool)
	if err == nil {
		return p
	}
	msg := fmt.Sprintf("testprog: %s not found on PATH (./test.sh installs it)", tool)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// SkipShort skips the test under -short, saying why it is not a pure test
// ("runs gcc", "needs ptrace"). Tests that run compilers, oracles or
// sonde's collectors on real processes call it (Require and Build do).
func SkipShort(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: %s", why)
	}
}

// RequireRoot skips the test under -short, and when the process is not
// root fails it under CI=true and skips it otherwise: what it tests needs
// privileges (perf events of other users, tracefs, BPF, sysctls).
func RequireRoot(t testing.TB, why string) {
	t.Helper()
	SkipShort(t, why)
	if os.Geteuid() == 0 {
		return
	}
	msg := fmt.Sprintf("testprog: %s needs root", why)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// Cleanup removes the fixtures built by this test binary. Call it from
// TestMain after m.Run.
func Cleanup() {
	buildMu.Lock()
	defer buildMu.Unlock()
	if buildDir != "" {
		os.RemoveAll(buildDir)
		buildDir = ""
		built = map[string]string{}
	}
}
