package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"sonde/examples"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/sample"
	"sonde/symbol"
	"sonde/unwind"
)

// demoRecord samples one built example with sonde record (--call-graph
// dwarf, so that -O2 code without frame pointers gives whole stacks) and
// returns PCT's views of it: --hier for hier-test (its point is the call
// paths, and PCT's -expr: the mean of worker's n, sampled in worker's
// frame), --flat by line for the others. It is the demo's "sonde record"
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
	recordFlags := "-g"
	if ex.File == "hier-test.c" {
		// PCT section 3: profile -gdb -expr 'hier-test@worker@n' 'int-avg'.
		d, err := profile.ParseExprSpec(filepath.Base(bin) + "@worker@n")
		if err != nil {
			return "", err
		}
		x := &recordExprFlags{exprs: exprList{d}}
		if rec.exprs, err = prepareExprs(x, &rec.opts, rec.cmd, nil); err != nil {
			return "", err
		}
		rec.exprDefs = x.exprs
		recordFlags = "-g --expr '" + d.Spec + "'"
	}
	if code := rec.run(); code != 0 {
		return "", fmt.Errorf("sonde record %s -- %s: exit %d: %s", recordFlags, filepath.Base(bin), code, strings.TrimSpace(stderr.String()))
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
	fmt.Fprintf(&b, "$ sonde record %s -- %s %s\n$ %s\n", recordFlags, filepath.Base(bin), strings.Join(ex.Args, " "), view)
	if err := report.Write(&b, p, report.NewSymbolizer(cache, &b), opts); err != nil {
		return "", err
	}
	if len(p.Exprs) > 0 {
		b.WriteString("$ sonde report --expr int-avg\n")
		if err := report.WriteExprs(&b, p, report.ExprOptions{Format: report.ExprIntAvg}); err != nil {
			return "", err
		}
		// worker(q) then worker(2q), n counting down: the time-weighted
		// mean is (q·q/2 + 2q·2q/2)/3q = 5q/6.
		q := 250000000.0 // hier-test's default
		if len(ex.Args) > 0 {
			if v, err := strconv.ParseFloat(ex.Args[0], 64); err == nil {
				q = v
			}
		}
		fmt.Fprintf(&b, "(the program's truth: worker(%.0f) then worker(%.0f) count n down, so the mean is 5·%.0f/6 = %.3g; PCT printed 8.38e+06 for 10000000)\n", q, 2*q, q, 5*q/6)
	}
	return b.String(), nil
}
