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

// demoAttrib rebuilds one example (the source demoBuild wrote next to bin,
// bin+".c") with sonde cc --sonde-mode=attrib -O2 -g, runs it with the
// example's arguments, and returns Appel, Duba and MacQueen's table
// (sonde report --functions: %time cumsecs #call ms/call name). It is the
// demo's "sonde cc --sonde-mode=attrib" step. The compiler is $SONDE_CC
// when it is clang, else clang: the mode rewrites LLVM IR.
func demoAttrib(e *env, ex examples.Example, bin string) (string, error) {
	src := bin + ".c"
	dir, err := os.MkdirTemp("", "sonde-demo-attrib-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	compiler := e.getenv("SONDE_CC")
	if compiler == "" || !strings.Contains(filepath.Base(compiler), "clang") {
		compiler = "clang"
	}
	prog := filepath.Join(dir, filepath.Base(bin))
	args := append(append([]string{"-O2", "-g"}, ex.CFlags...), "-o", prog, src)
	var msgs bytes.Buffer
	d := &ccdriver.Driver{Compiler: compiler, Mode: &ccdriver.AttribMode{}, Stdout: &msgs, Stderr: &msgs}
	if err := d.Run(args); err != nil {
		return "", fmt.Errorf("sonde cc --sonde-mode=attrib %s: %w\n%s", strings.Join(args, " "), err, msgs.String())
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
	fmt.Fprintf(&b, "$ SONDE_CC=%s sonde cc --sonde-mode=attrib %s\n$ ./%s %s\n$ sonde report --functions\n",
		compiler, strings.Join(args, " "), filepath.Base(prog), strings.Join(ex.Args, " "))
	if err := report.Write(&b, p, nil, &report.Options{View: report.ViewFunctions}); err != nil {
		return "", err
	}
	return b.String(), nil
}
