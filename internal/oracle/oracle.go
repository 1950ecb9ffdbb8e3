// Package oracle runs the independent tools that sonde's results are checked
// against (llvm-symbolizer, binutils addr2line and nm, go tool addr2line,
// valgrind's callgrind for per-instruction counts) and parses their output
// into plain values. Tests and benchmarks compare sonde's
// answers with these; nothing here ever calls sonde itself.
//
// Every runner takes a testing.TB: it requires the tool (a failure under
// CI=true, a skip otherwise, through testprog.Require) and logs the command
// line and the tool's version, so that a test log records which oracle gave
// the expected values.
package oracle

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"sonde/internal/testprog"
)

// Frame is one source frame as an oracle reports it. Frames of one address
// come innermost first, as in symbol.Frame.
type Frame struct {
	Func          string // as the tool printed it; "" for "??"
	File          string // "" for "??"
	Line          int    // 0 for "0" or "?"
	Column        int    // 0 when the tool does not say
	Discriminator int    // 0 when none
}

// Answer is a tool's answer for one address.
type Answer struct {
	Addr uint64
	// Frames is nil when the tool knew nothing about the address (no
	// function, no file, no line).
	Frames []Frame
}

// Symbol is one symbol-table entry as nm prints it.
type Symbol struct {
	Name string
	Addr uint64
	Size uint64 // 0 when nm printed no size
	Type byte   // nm's type letter: 'T', 't', 'W', 'D', ...
}

// IsFunc reports whether s is a defined function symbol with a size: nm
// letters T and t (text), and W (weak, which for code is how C++ inline
// functions and template instances appear).
func (s Symbol) IsFunc() bool {
	return s.Size > 0 && (s.Type == 'T' || s.Type == 't' || s.Type == 'W')
}

var versions sync.Map // tool name -> first line of its --version output

// Version returns the first line of "tool --version" (for go, "go version").
// It is cached per process.
func Version(tool string) string {
	if v, ok := versions.Load(tool); ok {
		return v.(string)
	}
	args := []string{"--version"}
	if tool == "go" {
		args = []string{"version"}
	}
	out, err := exec.Command(tool, args...).Output()
	// The first line with a digit in it: LLVM's first line is the bare
	// tool name, its second "Debian LLVM version 14.0.6".
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	v := strings.TrimSpace(lines[0])
	for _, l := range lines {
		if strings.ContainsAny(l, "0123456789") {
			v = strings.TrimSpace(l)
			break
		}
	}
	if err != nil && v == "" {
		v = fmt.Sprintf("unknown version (%v)", err)
	}
	versions.Store(tool, v)
	return v
}

// run requires tool, logs the command with the tool's version, feeds stdin
// and returns standard output. A non-zero exit is an error carrying stderr.
func run(t testing.TB, stdin string, tool string, args ...string) ([]byte, error) {
	t.Helper()
	path := testprog.Require(t, tool)
	t.Logf("oracle: %s %s  [%s]", tool, strings.Join(args, " "), Version(tool))
	cmd := exec.Command(path, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("run %s %s: %w: %s", tool, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// hexLines formats addrs one per line as "0x%x".
func hexLines(addrs []uint64) string {
	var b strings.Builder
	for _, a := range addrs {
		fmt.Fprintf(&b, "0x%x\n", a)
	}
	return b.String()
}
