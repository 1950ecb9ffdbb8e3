package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sonde/examples"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/sample"
	"sonde/symbol"
	"sonde/unwind"
)

// demoRecord samples one built example with sonde record (--call-graph
// dwarf, so that -O2 code without frame pointers gives whole stacks) and
// returns PCT's views of it: --hier for hier-test (its point is the call
// paths), --flat by line for the others. It is the demo's "sonde record"
// step.
//
// hier-test built with plain -O2 shows "worker <- main" only: gcc and
// clang turn dispatch_N's call into a jump (a tail call), so no stack holds
// dispatch_N; build it with -fno-optimize-sibling-calls to see PCT's split.
func demoRecord(e *env, ex examples.Example, bin string) (string, error) {
	dir, err := os.MkdirTemp("", "sonde-demo-record-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "sonde.data")
	var stdout, stderr bytes.Buffer
	sub := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: e.getenv}
	rec := &recording{
		e:     sub,
		opts:  sample.Options{Freq: 999, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 16 << 10},
		out:   out,
		cmd:   append([]string{bin}, ex.Args...),
		quiet: true,
	}
	if code := rec.run(); code != 0 {
		return "", fmt.Errorf("sonde record -g -- %s: exit %d: %s", filepath.Base(bin), code, strings.TrimSpace(stderr.String()))
	}
	p, _, err := datafile.ReadFile(out)
	if err != nil {
		return "", err
	}
	cache := symbol.NewCache(nil)
	defer cache.Close()
	opts := &report.Options{View: report.ViewFlat, Top: 10}
	view := "sonde report --flat --top 10"
	if ex.File == "hier-test.c" {
		opts = &report.Options{View: report.ViewHier, Top: 10}
		view = "sonde report --hier --top 10"
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "$ sonde record -g -- %s %s\n$ %s\n", filepath.Base(bin), strings.Join(ex.Args, " "), view)
	if err := report.Write(&b, p, report.NewSymbolizer(cache, &b), opts); err != nil {
		return "", err
	}
	return b.String(), nil
}
