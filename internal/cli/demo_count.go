package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"sonde/examples"
	"sonde/monitor"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/symbol"
)

// demoCount counts one built example with sonde count and returns Bishop's
// views of it: the line listing (his CTRACE output) for shell.c, the
// paper's own program, and the function counts for the others. It is the
// demo's "sonde count" step; the integrator wires it into demo.go.
func demoCount(e *env, ex examples.Example, bin string) (string, error) {
	dir, err := os.MkdirTemp("", "sonde-demo-count-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "sonde.data")
	kind, view, opts := profile.UnitFunction, "--functions", &report.Options{View: report.ViewFunctions, Top: 10}
	if ex.File == "shell.c" {
		kind, view, opts = profile.UnitLine, "--lines", &report.Options{View: report.ViewLines}
	}
	var stdout, notices bytes.Buffer
	cmd := exec.Command(bin, ex.Args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stdout
	res, err := monitor.Count(context.Background(), &monitor.Options{Units: kind, Cmd: cmd, Notice: &notices})
	if err != nil {
		return "", fmt.Errorf("sonde count -- %s: %w", filepath.Base(bin), err)
	}
	w, err := datafile.Create(out)
	if err != nil {
		return "", err
	}
	err = monitor.WriteData(w, res, append([]string{bin}, ex.Args...))
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	p, _, err := datafile.ReadFile(out)
	if err != nil {
		return "", err
	}
	cache := symbol.NewCache(nil)
	defer cache.Close()
	var b bytes.Buffer
	fmt.Fprintf(&b, "$ sonde count --units %ss -- %s %s\n", kind, filepath.Base(bin), strings.Join(ex.Args, " "))
	b.Write(notices.Bytes())
	fmt.Fprintf(&b, "(%s engine, %d sites, target %s)\n$ sonde report %s\n", res.Engine, res.Sites, res.Ended, view)
	if err := report.Write(&b, p, report.NewSymbolizer(cache, &b), opts); err != nil {
		return "", err
	}
	return b.String(), nil
}
