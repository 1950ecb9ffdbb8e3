package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"sonde/monitor"
	"sonde/profile"
	"sonde/profile/datafile"
)

func countVerb() *verb {
	return &verb{
		name:    "count",
		summary: "exact counts by breakpoints patched into the running program (Bishop)",
		run:     runCount,
		usage: `
Usage: sonde count [--units lines|functions|blocks] [--only SPEC]... [--coverage]
                   [--engine auto|uprobe|ptrace] [--trampolines=false]
                   [-o FILE] [--duration D]
                   (-p PID | -- CMD ARGS...)

Counts exactly how often each line, function or basic block of a program
runs, by patching breakpoints (ptrace) or kernel uprobes into the running
program: no rebuild. Lines are the first address of each is_stmt row of
the DWARF line table (lines sharing an address are counted together),
functions the entries of the symbol table, blocks are found by
disassembly.

--only restricts the units and may be repeated: a source file (sort.c), a
line range (sort.c:20-30), functions by regular expression (func:^shell),
an object (obj:libfoo.so; without obj: the program's executable is
counted). --coverage records only whether each unit ran (a byte set in a
trampoline; an int3 breakpoint is removed at its first hit). --engine
auto uses uprobes and
falls back to ptrace with a one-line notice (coverage uses ptrace).
The ptrace engine patches each site with a jump to a counting trampoline
that sonde writes into the program (a few nanoseconds a hit); sites whose
bytes it cannot prove safe to displace keep an int3 breakpoint (a trap
per hit), and the report's note says how many. --trampolines=false puts
int3 breakpoints everywhere.
With -p, sonde counts until Ctrl-C or --duration, then detaches, leaving
every original byte in place.

The counts are appended to FILE (default sonde.data); read them with
'sonde report --lines' (Bishop's listing), --functions, --histogram,
--coverage. The command's exit status is sonde's; when it dies of a
signal, the counts up to that point are still written.

Examples:
  sonde count -- ./shell-sort
  sonde count --units functions --only 'func:^sort' -- ./prog input
  sonde count --coverage -o cov.data -- ./test-suite
  sonde count --units functions --only obj:libpython3.11.so.1.0 -- python3 x.py
`,
	}
}

// closeHelperFlag runs sonde count as the helper that removes uprobes.
const closeHelperFlag = "--internal-close-uprobes"

// specList is the repeatable --only flag.
type specList []monitor.Spec

func (s *specList) String() string {
	var parts []string
	for _, sp := range *s {
		parts = append(parts, sp.String())
	}
	return strings.Join(parts, ",")
}

func (s *specList) Set(v string) error {
	sp, err := monitor.ParseSpec(v)
	if err != nil {
		return err
	}
	*s = append(*s, sp)
	return nil
}

func runCount(e *env, args []string) int {
	if len(args) == 4 && args[0] == closeHelperFlag {
		// The background helper of an earlier sonde count (see
		// monitor.Options.CloseHelper): not for users.
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return exitUsage
		}
		if err := monitor.CloseInherited(n, args[2], args[3]); err != nil {
			return fail(e, "count", err)
		}
		return exitOK
	}
	fs := newFlagSet(e, "count")
	units := fs.String("units", "lines", "lines, functions or blocks")
	var only specList
	fs.Var(&only, "only", "restrict the units (repeatable)")
	coverage := fs.Bool("coverage", false, "one-shot breakpoints: what ran and what never ran")
	engine := fs.String("engine", "auto", "auto, uprobe or ptrace")
	trampolines := fs.Bool("trampolines", true, "ptrace engine: count in trampolines; false: int3 breakpoints everywhere")
	out := fs.String("o", "sonde.data", "data file to append to")
	pidArg := fs.String("p", "", "attach to process PID")
	duration := fs.Duration("duration", 0, "with -p: detach after this long")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	kind, err := profile.ParseUnitKind(*units)
	if err != nil || kind == profile.UnitAddress {
		fmt.Fprintf(e.stderr, "sonde count: --units %q: want lines, functions or blocks\n", *units)
		return exitUsage
	}
	eng, err := monitor.ParseEngine(*engine)
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde count: %v\n", err)
		return exitUsage
	}
	opts := &monitor.Options{Units: kind, Only: only, Coverage: *coverage, Engine: eng, NoTrampolines: !*trampolines, Notice: e.stderr}
	if self, err := os.Executable(); err == nil && strings.HasSuffix(self, "/sonde") {
		// Thousands of uprobes take minutes to remove: let a helper
		// remove them after sonde has written its data and exited.
		opts.CloseHelper = []string{self, "count", closeHelperFlag}
	}
	cmdArgs := fs.Args()
	if (*pidArg == "") == (len(cmdArgs) == 0) {
		fmt.Fprintln(e.stderr, "sonde count: give either -p PID or -- CMD ARGS... (see 'sonde help count')")
		return exitUsage
	}
	command := cmdArgs
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if *pidArg != "" {
		pid, err := strconv.Atoi(*pidArg)
		if err != nil || pid <= 0 {
			fmt.Fprintf(e.stderr, "sonde count: -p %q is not a process id\n", *pidArg)
			return exitUsage
		}
		opts.PID = pid
		command = []string{"-p", *pidArg}
		// Ctrl-C or --duration ends the count and detaches.
		go func() {
			var timeout <-chan time.Time
			if *duration > 0 {
				timeout = time.After(*duration)
			}
			select {
			case <-sigs:
			case <-timeout:
			case <-ctx.Done():
			}
			cancel()
		}()
	} else {
		if *duration != 0 {
			fmt.Fprintln(e.stderr, "sonde count: --duration applies to -p; a command is counted until it exits")
			return exitUsage
		}
		// Ctrl-C reaches the command through the terminal: the command
		// decides, and sonde counts until it ends.
		go func() {
			for range sigs {
			}
		}()
		path, err := exec.LookPath(cmdArgs[0])
		if err != nil {
			return fail(e, "count", err)
		}
		cmd := exec.Command(path, cmdArgs[1:]...)
		cmd.Args[0] = cmdArgs[0]
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, e.stdout, e.stderr
		if f, ok := e.stdin.(*os.File); ok {
			cmd.Stdin = f
		}
		opts.Cmd = cmd
	}
	res, err := monitor.Count(ctx, opts)
	if err != nil {
		return fail(e, "count", err)
	}
	w, err := datafile.OpenAppend(*out)
	if err != nil {
		fail(e, "count", err)
		return errorStatus(res)
	}
	err = monitor.WriteData(w, res, command)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fail(e, "count", err)
		return errorStatus(res)
	}
	n, reached := 0, 0
	for i, o := range res.Objects {
		n += len(o.Units)
		for _, c := range res.Counts[i] {
			if c > 0 {
				reached++
			}
		}
	}
	fmt.Fprintf(e.stderr, "sonde count: %d %s at %d sites (%d reached), %s engine, %.2fs; target %s; wrote %s\n",
		n, kind.String()+"s", res.Sites, reached, res.Engine, res.End.Sub(res.Start).Seconds(), res.Ended, *out)
	if res.Status.Signaled() {
		fmt.Fprintf(e.stderr, "sonde count: the target was %s; the counts up to that point are in %s\n", res.Ended, *out)
	}
	return res.ExitCode()
}

// errorStatus is the exit status when the counts could not be written: the
// target's own when it failed, else exitError.
func errorStatus(res *monitor.Result) int {
	if c := res.ExitCode(); c != 0 {
		return c
	}
	return exitError
}
