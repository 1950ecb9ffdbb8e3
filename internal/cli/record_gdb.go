package cli

import (
	"fmt"

	"sonde/sample"
)

// gdbRecording checks record --gdb's flags and returns its recording, or
// nil and the exit status. --gdb is PCT's debugger collector (package
// sample/gdb): gdb interrupts one process every 1/F s of wall time, lists
// every thread's stack and evaluates the --expr expressions in their
// function's innermost frame. What a sample costs is written in a run note
// and printed at the end.
func gdbRecording(e *env, f *recordFlags, x *recordExprFlags, pids []int, cmdArgs []string) (*recording, int) {
	if len(pids) > 1 {
		fmt.Fprintln(e.stderr, "sonde record: --gdb samples one process: give one -p PID")
		return nil, exitUsage
	}
	if f.histogram || f.callGraph != "" || f.kernel || f.jitter {
		fmt.Fprintln(e.stderr, "sonde record: --gdb takes whole stacks from gdb: not with --histogram, --call-graph, -k or --jitter")
		return nil, exitUsage
	}
	return &recording{
		e: e, opts: sample.Options{Freq: f.freq, Ring: f.ring}, out: f.out, pids: pids, cmd: cmdArgs,
		duration: f.duration, sampler: "gdb", quiet: f.quiet, exprDefs: x.exprs,
	}, 0
}
