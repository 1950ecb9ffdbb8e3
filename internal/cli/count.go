package cli

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"sonde/monitor"
	"sonde/monitor/plancache"
	"sonde/monitor/units"
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
                   [--engine auto|uprobe|ptrace] [--trampolines=false] [--plan-cache=false]
                   [-o FILE] [--duration D]
                   (-p PID | -- CMD ARGS...)

Counts exactly how often each line, function or basic block of a program
runs, by patching breakpoints (ptrace) or kernel uprobes into the running
program: no rebuild. Lines are the first address of each is_stmt row of
the DWARF line table (lines sharing an address are counted together),
functions the entries of the symbol table, blocks are found by
disassembly.

--only restricts the units and may be repeated: a source file (sort.c), a
line range (sort.c:20-30), functions by regular expression (func:^shell;
matched against the names reports show, 'ns::Class::f(int)', 'ns::Class::f'
and a Rust 'crate::f' without its hash, and against the symbol), an object
(obj:libfoo.so, as the traced processes map it; without obj: the
program's executable is counted). A spec that matches nothing is said on
stderr; when nothing at all is counted sonde count says why and exits
non-zero (the target's status if that is not 0, else 1). A command that
cannot be run exits 127 (not found) or 126 (not executable), as in sh.
--coverage records only whether each unit ran (a byte set in a
trampoline; an int3 breakpoint is removed at its first hit).
--engine auto (the default) counts with ptrace wherever sonde can trace
the target: always for a command it starts; with -p unless the process
is already traced (a debugger: TracerPid in /proc/PID/status), or Yama's
ptrace_scope, seccomp or permissions forbid it; then it counts with
uprobes and says why in one line. --engine uprobe and --engine ptrace
force one. The ptrace engine patches each site with a jump to a counting
trampoline that sonde writes into the program (a few nanoseconds a hit;
a uprobe costs 0.4-28 µs); sites whose bytes it cannot prove safe to
displace keep an int3 breakpoint (a trap per hit), and the report's note
says how many. --trampolines=false puts int3 breakpoints everywhere.
A process attached with -p must survive sonde, even killed by SIGKILL:
sonde writes no int3 into it. Its sites without a trampoline are counted
by uprobes (which the kernel removes when sonde dies), --trampolines=false
counts every site with uprobes, libraries it loads later are counted only
when obj: names them, and a process of it that execs another program is
let go. The trampolines stay in the process and keep counting.
Programs that use SIGTRAP themselves (raise(SIGTRAP), an int3 of their
own) get every trap as without sonde: sonde plants nothing on an int3,
and counts a site that is one when the program's trap comes from it.
The units, sites and trampolines of each object file are kept between
runs in $SONDE_CACHE/plans (default ~/.cache/sonde/plans; at most 1 GiB,
least recently used first out), named by the file's device, inode, size
and times and by sonde's own build: a second run of a program starts in
milliseconds instead of re-reading its line table and disassembling it.
--plan-cache=false plans afresh and keeps nothing.
With -p, sonde counts until Ctrl-C or --duration, then detaches, leaving
every original byte in place.

The counts are appended to FILE (default sonde.data), every 0.1 s while
the target runs and at its end (each write supersedes the last, so a
sonde killed by SIGKILL leaves the counts up to a fraction of a second
before); read them with 'sonde report --lines' (Bishop's listing),
--functions, --histogram, --coverage. The command's exit status is
sonde's; when it dies of a signal, the counts up to that point are still
written.

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
type specList []units.Spec

func (s *specList) String() string {
	var parts []string
	for _, sp := range *s {
		parts = append(parts, sp.String())
	}
	return strings.Join(parts, ",")
}

func (s *specList) Set(v string) error {
	sp, err := units.ParseSpec(v)
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
	engine := fs.String("engine", "auto", "auto (ptrace where sonde can trace the target, else uprobes), uprobe or ptrace")
	trampolines := fs.Bool("trampolines", true, "ptrace engine: count in trampolines; false: int3 breakpoints everywhere")
	planCache := fs.Bool("plan-cache", true, "keep each object's units and trampolines between runs ($SONDE_CACHE/plans, default ~/.cache/sonde/plans)")
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
	// Planning an object allocates its units and trampolines once and
	// keeps them to the end: collections would only rescan them (about a
	// tenth of a cold libpython plan's CPU at the default 100).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	opts := &monitor.Options{Units: kind, Only: only, Coverage: *coverage, Engine: eng, NoTrampolines: !*trampolines, Notice: e.stderr}
	if *planCache {
		opts.PlanCache = plancache.Dir()
	}
	if e.getenv("SONDE_DEBUG") != "" {
		// Timings for sonde's developers, on sonde's stderr.
		opts.Debug = log.New(e.stderr, "", 0)
	}
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
	waitOutput := func() {}
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
		go cancelOn(ctx, cancel, sigs, *duration)
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
			return failCommand(e, "count", err)
		}
		cmd := exec.Command(path, cmdArgs[1:]...)
		cmd.Args[0] = cmdArgs[0]
		cmd.Stdin = os.Stdin
		if f, ok := e.stdin.(*os.File); ok {
			cmd.Stdin = f
		}
		notice, wait, err := targetOutputs(e, cmd)
		if err != nil {
			return fail(e, "count", err)
		}
		opts.Notice, waitOutput = notice, wait
		opts.Cmd = cmd
	}
	// The counts go to the file every monitor.CheckpointEvery while the
	// target runs: a sonde killed by SIGKILL leaves them up to then.
	w, err := datafile.OpenAppend(*out)
	if err != nil {
		return failCommand(e, "count", err)
	}
	dw := monitor.NewDataWriter(w, command)
	var checkErr error
	opts.Checkpoint = func(snap *monitor.Result) {
		if checkErr == nil {
			checkErr = dw.Checkpoint(snap)
		}
	}
	res, err := monitor.Count(ctx, opts)
	waitOutput()
	if err != nil {
		w.Close()
		return failCommand(e, "count", err)
	}
	err = dw.Finish(res)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fail(e, "count", err)
		return errorStatus(res)
	}
	n, reached := 0, 0
	for i, o := range res.Objects {
		n += o.NumUnits()
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
	for _, sp := range res.Unmatched(only) {
		fmt.Fprintf(e.stderr, "sonde count: --only %s matched nothing%s\n", sp, inObjects(res))
	}
	unused := res.UnusedOnDisk()
	for _, p := range unused {
		fmt.Fprintf(e.stderr, "sonde count: %s was probed on disk (no traced process had mapped it at the start) and none of its units ran: the program may have loaded another copy, or none\n", p)
	}
	if reached == 0 && len(unused) > 0 {
		fmt.Fprintf(e.stderr, "sonde count: nothing was counted\n")
		return errorStatus(res)
	}
	if n == 0 {
		// Silent zeros would read as "nothing ran": say why there was
		// nothing to count, and fail.
		for _, why := range res.WhyEmpty(kind) {
			fmt.Fprintf(e.stderr, "sonde count: %s\n", why)
		}
		fmt.Fprintf(e.stderr, "sonde count: nothing was counted\n")
		return errorStatus(res)
	}
	return res.ExitCode()
}

// inObjects names the objects of res for a message: " in a, b" ("" when
// there are none).
func inObjects(res *monitor.Result) string {
	var names []string
	for _, o := range res.Objects {
		names = append(names, o.Path)
	}
	if len(names) == 0 {
		return ""
	}
	if len(names) > 3 {
		names = append(names[:3], fmt.Sprintf("%d more", len(names)-3))
	}
	return " in " + strings.Join(names, ", ")
}

// errorStatus is the exit status when the counts could not be written: the
// target's own when it failed, else exitError.
func errorStatus(res *monitor.Result) int {
	if c := res.ExitCode(); c != 0 {
		return c
	}
	return exitError
}

// outputDrain bounds how long sonde waits, once the target has ended, for
// the pipes carrying its output to reach end of file: a process it left
// running (a daemon) may hold them open for ever. Like exec.Cmd.WaitDelay.
const outputDrain = 5 * time.Second

// targetOutputs sets cmd's stdout and stderr to e's for a command that
// sonde reaps itself (ptrace), so that nobody calls cmd.Wait. exec's own
// copying goroutines for a writer that is not a file would then never be
// awaited: one still copying the target's stderr when sonde writes its
// summary races with it (bytes.Buffer.ReadFrom truncates the buffer back to
// its length when the read began, erasing the summary), and output still
// in the pipe when sonde returns is lost. Writers that are not files get
// pipes of sonde's own instead; wait returns once the target's output is
// all copied (after the target has ended). notice is the writer for sonde's
// own messages to stderr while the target runs.
func targetOutputs(e *env, cmd *exec.Cmd) (notice io.Writer, wait func(), err error) {
	stdout, stderr := e.stdout, e.stderr
	if _, ok := stdout.(*os.File); !ok {
		stdout = &lockedWriter{w: stdout}
	}
	if _, ok := stderr.(*os.File); !ok {
		stderr = &lockedWriter{w: stderr}
	}
	var waitOut, waitErr func()
	if cmd.Stdout, waitOut, err = pipeTo(stdout); err != nil {
		return nil, nil, err
	}
	if cmd.Stderr, waitErr, err = pipeTo(stderr); err != nil {
		waitOut()
		return nil, nil, err
	}
	return stderr, func() { waitOut(); waitErr() }, nil
}

// pipeTo returns the file to give a target as its stdout or stderr for w,
// and a function that returns once everything the target wrote is in w. A
// *os.File is given as it is; any other writer gets a pipe and a goroutine
// copying from it.
func pipeTo(w io.Writer) (*os.File, func(), error) {
	if f, ok := w.(*os.File); ok {
		return f, func() {}, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("pipe for the target's output: %w", err)
	}
	done := make(chan struct{})
	go func() {
		io.Copy(w, pr)
		close(done)
	}()
	var once sync.Once
	return pw, func() {
		once.Do(func() {
			// The target holds its own copy of pw: the pipe ends when
			// the target and every process it shares it with are gone.
			pw.Close()
			select {
			case <-done:
			case <-time.After(outputDrain):
				// Unblocks the copy's Read; what the survivors write
				// afterwards is dropped.
				pr.Close()
				<-done
			}
			pr.Close()
		})
	}, nil
}

// lockedWriter serialises writes to w: the copy of the target's output
// and sonde's notices reach the same writer from different goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// cancelOn calls cancel at the first signal on sigs, after d when d > 0,
// or when ctx ends: what ends a run that has no end of its own (-p, the
// agent).
func cancelOn(ctx context.Context, cancel func(), sigs <-chan os.Signal, d time.Duration) {
	var timeout <-chan time.Time
	if d > 0 {
		timeout = time.After(d)
	}
	select {
	case <-sigs:
	case <-timeout:
	case <-ctx.Done():
	}
	cancel()
}
