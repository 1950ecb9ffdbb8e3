package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"sonde/examples"
	"sonde/instrument/ccdriver"
	"sonde/profile/datafile"
	"sonde/report"
)

// demoCC rebuilds one example (the source demoBuild wrote next to bin)
// with sonde cc -O2 -g (max.c at -O0), runs it with the example's arguments, and returns
// Weinberger's listing (sonde report --lines) and lprint's table by
// function (--functions). It is the demo's "sonde cc" step. The compiler is
// $SONDE_CC, else $CC, else cc.
func demoCC(e *env, ex examples.Example, bin string) (string, error) {
	src := bin + ".c"
	dir, err := os.MkdirTemp("", "sonde-demo-cc-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	compiler := e.getenv("SONDE_CC")
	if compiler == "" {
		compiler = e.getenv("CC")
	}
	if compiler == "" {
		compiler = "cc"
	}
	prog := filepath.Join(dir, filepath.Base(bin))
	opt := "-O2"
	if ex.File == "max.c" {
		// At -O2 gcc and clang turn "j = i" into a conditional move: the
		// assignment then has no block of its own, and the listing shows
		// the next line's count for it, as the paper's section 10.1
		// explains. -O0 keeps the paper's question answerable.
		opt = "-O0"
	}
	args := append(append([]string{opt, "-g"}, ex.CFlags...), "-o", prog, src)
	var msgs bytes.Buffer
	d := &ccdriver.Driver{Compiler: compiler, Mode: &ccdriver.BlocksMode{}, Stdout: &msgs, Stderr: &msgs}
	if err := d.Run(args); err != nil {
		return "", fmt.Errorf("sonde cc %s: %w\n%s", strings.Join(args, " "), err, msgs.String())
	}
	data := filepath.Join(dir, "sonde.data")
	run := exec.Command(prog, ex.Args...)
	run.Env = append(os.Environ(), "SONDE_OUT="+data)
	var exit *exec.ExitError
	if err := run.Run(); err != nil && !errors.As(err, &exit) {
		return "", fmt.Errorf("run %s: %w", prog, err)
	}
	p, _, err := datafile.ReadFile(data)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "$ sonde cc %s\n$ ./%s %s\n$ sonde report --lines\n", strings.Join(args, " "), filepath.Base(prog), strings.Join(ex.Args, " "))
	if err := report.Write(&b, p, nil, &report.Options{View: report.ViewLines}); err != nil {
		return "", err
	}
	b.WriteString("$ sonde report --functions\n")
	if err := report.Write(&b, p, nil, &report.Options{View: report.ViewFunctions}); err != nil {
		return "", err
	}
	return b.String(), nil
}
