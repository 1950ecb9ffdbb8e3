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
	compiler := e.getenv("SONDE_CC")
	if compiler == "" {
		compiler = e.getenv("CC")
	}
	if compiler == "" {
		compiler = "cc"
	}
	opt := "-O2"
	if ex.File == "max.c" {
		// At -O2 gcc and clang turn "j = i" into a conditional move: the
		// assignment then has no block of its own, and the listing shows
		// the next line's count for it, as the paper's section 10.1
		// explains. -O0 keeps the paper's question answerable.
		opt = "-O0"
	}
	return ccDemo{
		name:     "cc",
		command:  "sonde cc",
		compiler: compiler,
		mode:     &ccdriver.BlocksMode{},
		flags:    []string{opt, "-g"},
		views:    []demoView{{"--lines", report.ViewLines}, {"--functions", report.ViewFunctions}},
	}.run(ex, bin)
}

// A ccDemo is a demo step of one of sonde cc's modes: build the example
// with the driver, run it with $SONDE_OUT in a temporary directory, read
// the data file and render views of it.
type ccDemo struct {
	name     string        // of the temporary directory: sonde-demo-NAME-*
	command  string        // as the user types it, before the compiler's arguments
	envShown string        // environment shown before command ("SONDE_CC=clang "), or ""
	compiler string        // the real compiler
	mode     ccdriver.Mode // how the driver instruments
	flags    []string      // the compiler's flags before the example's CFlags
	views    []demoView    // rendered in order, each after its "$ sonde report FLAG" line
}

// A demoView is one report view of a demo step and its command-line flag.
type demoView struct {
	flag string
	view report.View
}

// run builds ex (the source bin+".c") as c says, runs it with the
// example's arguments and returns the commands and their output.
func (c ccDemo) run(ex examples.Example, bin string) (string, error) {
	src := bin + ".c"
	dir, err := os.MkdirTemp("", "sonde-demo-"+c.name+"-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	prog := filepath.Join(dir, filepath.Base(bin))
	args := append(append(append([]string(nil), c.flags...), ex.CFlags...), "-o", prog, src)
	var msgs bytes.Buffer
	d := &ccdriver.Driver{Compiler: c.compiler, Mode: c.mode, Stdout: &msgs, Stderr: &msgs}
	if err := d.Run(args); err != nil {
		return "", fmt.Errorf("%s %s: %w\n%s", c.command, strings.Join(args, " "), err, msgs.String())
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
	fmt.Fprintf(&b, "$ %s%s %s\n$ ./%s %s\n", c.envShown, c.command, strings.Join(args, " "), filepath.Base(prog), strings.Join(ex.Args, " "))
	for _, v := range c.views {
		fmt.Fprintf(&b, "$ sonde report %s\n", v.flag)
		if err := report.Write(&b, p, nil, &report.Options{View: v.view}); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}
