package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"sonde/instrument/ccdriver"
)

func ccVerb(name string) *verb {
	compiler := "$SONDE_CC, else cc"
	lang := "C"
	if name == "c++" {
		compiler = "$SONDE_CXX, else c++"
		lang = "C++"
	}
	return &verb{
		name:    name,
		summary: "compiler driver that counts basic blocks (Weinberger)",
		run:     func(e *env, args []string) int { return runCC(e, name, args) },
		usage: `
Usage: sonde ` + name + ` [--sonde-NAME[=VALUE]]... COMPILER-ARGS...

A drop-in ` + lang + ` compiler (make CC="sonde cc") that counts how often every
basic block runs, as Weinberger's bb/lcomp did: each C, C++ or assembly
source is compiled to assembly with your own flags (plus -g when no -g is
given; the optimization level is never changed), a counter increment is
inserted at the start of every basic block, and the result is assembled;
every link adds sonde's runtime. The real compiler is ` + compiler + `.
Everything else (-E, -S, -M, -flto, -m32, queries) passes through unchanged.

The instrumented program adds its counts to $SONDE_OUT (default sonde.data
in its working directory) when it exits, when it dies of SIGSEGV, SIGBUS,
SIGFPE, SIGILL or SIGABRT (then dies of the signal as before), and whenever
it receives the signal $SONDE_SIGNAL names (USR1, USR2, HUP or a number),
for programs that never exit; 'sonde report -p PID' reads a running
program's counters from its memory without its help. Several runs add up;
a forked child writes a run of its own. A program that leaves by _exit or
exec writes nothing. Read the counts with 'sonde report': --lines (the
default: every source line with its count), --functions, --files,
--instructions (every instruction with its count).

sonde's own options (removed before the compiler sees the line; each also
reads an environment variable):
  --sonde-atomic       lock-prefixed increments (SONDE_ATOMIC=1). Without it,
                       threads that run the same block at once can lose counts.
  --sonde-mode=MODE    blocks (default; SONDE_MODE), or attrib: call counts
                       and CPU time per function set in clang's IR before
                       optimization (Appel, Duba and MacQueen; needs clang)
  --sonde-unprofiled=REGEXP  attrib: leave matching functions
                       uninstrumented, so their time goes to their callers
                       (SONDE_UNPROFILED)
  --sonde-keep         keep the intermediate assembly and print where
                       (SONDE_KEEP=1)

Examples:
  sonde ` + name + ` -O2 -o max max.c && ./max && sonde report --lines sonde.data
  make CC="sonde cc"
  SONDE_SIGNAL=USR1 ./server & kill -USR1 $! && sonde report
`,
	}
}

func runCC(e *env, name string, args []string) int {
	mode := e.getenv("SONDE_MODE")
	atomic := envTrue(e.getenv("SONDE_ATOMIC"))
	keep := envTrue(e.getenv("SONDE_KEEP"))
	unprofiled := e.getenv("SONDE_UNPROFILED")
	var rest []string
	for _, a := range args {
		if !strings.HasPrefix(a, "--sonde-") {
			rest = append(rest, a)
			continue
		}
		opt, val, hasVal := strings.Cut(strings.TrimPrefix(a, "--sonde-"), "=")
		switch opt {
		case "atomic":
			atomic = !hasVal || envTrue(val)
		case "keep":
			keep = !hasVal || envTrue(val)
		case "mode":
			mode = val
		case "unprofiled":
			unprofiled = val
		default:
			fmt.Fprintf(e.stderr, "sonde %s: unknown option %s (see 'sonde help %s')\n", name, a, name)
			return exitUsage
		}
	}
	d := &ccdriver.Driver{Compiler: "cc", CXX: name == "c++", Stdout: e.stdout, Stderr: e.stderr, Keep: keep}
	if name == "c++" {
		d.Compiler = "c++"
		if c := e.getenv("SONDE_CXX"); c != "" {
			d.Compiler = c
		}
	} else if c := e.getenv("SONDE_CC"); c != "" {
		d.Compiler = c
	}
	switch mode {
	case "", "blocks":
		d.Mode = &ccdriver.BlocksMode{Atomic: atomic}
	case "attrib":
		m, err := attribMode(atomic, unprofiled)
		if err != nil {
			fmt.Fprintf(e.stderr, "sonde %s: %v\n", name, err)
			return exitUsage
		}
		d.Mode = m
	default:
		fmt.Fprintf(e.stderr, "sonde %s: --sonde-mode=%s: unknown mode (want blocks or attrib)\n", name, mode)
		return exitUsage
	}
	if keep {
		dir, err := os.MkdirTemp("", "sonde-cc-")
		if err != nil {
			return fail(e, name, err)
		}
		d.TempDir = dir
		fmt.Fprintf(e.stderr, "sonde %s: keeping intermediate files in %s\n", name, dir)
	}
	err := d.Run(rest)
	var xe *ccdriver.ExitError
	if errors.As(err, &xe) {
		// The compiler has said what went wrong; its status is ours.
		return xe.Code
	}
	if err != nil {
		return fail(e, name, err)
	}
	return exitOK
}

// envTrue reads a boolean option value: "1", "true", "yes", "on".
func envTrue(s string) bool {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}
