package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/sample"
	"sonde/sample/gdb"
	"sonde/symbol"
	"sonde/unwind"
)

func recordVerb() *verb {
	return &verb{
		name:    "record",
		summary: "sample a running process tree (perf_event CPU clock; PCT)",
		run:     runRecord,
		usage: `
Usage: sonde record [-F HZ] [-g | --call-graph fp|dwarf] [-k] [--jitter] [--off-cpu]
                    [--histogram | --ring N] [--duration D] [-o FILE]
                    [--expr PROG@FUNC@EXPR]... [--expr-exact | --gdb]
                    [--python=false]
                    (-p PID[,PID...] | -- CMD ARGS... | -a [--cgroup PATH]...)

Samples the CPU time of CMD and every process it forks, or of running
processes (-p), without rebuilding anything, and writes the raw samples to
FILE (default sonde.data). On exit it prints a summary (samples, lost,
duration, processes) and a short flat report to stderr. CMD's exit status is
sonde's exit status. The data file is readable by 'sonde report' while the
recording runs, and after sonde is killed.

Flags:
  -F HZ              samples per second of CPU time (default 999)
  -g                 call stacks: dwarf unwinding (complete even without frame
                     pointers); --call-graph fp asks for the kernel's cheaper
                     frame-pointer chains
  --call-graph M     fp or dwarf; with fp, stacks deeper than the kernel's
                     kernel.perf_event_max_stack (127 by default) are cut: as
                     root sonde raises it to 1024 for the run and puts it back,
                     and the run's note says how many stacks were cut
  -k                 sample kernel code too
  --jitter           randomize the sampling period (PCT 6.2) so that a loop in
                     step with the clock is not always sampled at one point
  --clock C          task-clock (default) or cpu-clock; wall: the ptrace
                     sampler samples every thread every 1/HZ s of wall time,
                     blocked ones too (their stack and system call from
                     /proc/TID/syscall, without stopping them), as --off-cpu
                     does where perf events are refused
  --off-cpu          also record where threads wait: every time a thread leaves
                     the CPU, its stack there and the system call it blocked in
                     (or "preempted"), weighted by the time until it ran again;
                     reports then show CPU and off-CPU time together (report
                     --cpu, --off-cpu to separate them). Implies -g. Needs root
                     or CAP_PERFMON (the sched:sched_switch trace event)
  --sampler S        auto (default: perf events, or ptrace when the kernel
                     refuses them, with a one-line notice), perf or ptrace
  --stack-size N     bytes of user stack copied per sample for dwarf unwinding
                     (default 16384; perf's default, 8192, leaves 14% of
                     python3.11's stacks unfinished here, 16384 about 3%)
  --histogram        write identical stacks once per interval with their count
                     and CPU time, instead of every sample: a bounded file for
                     long runs (--histogram-interval D, default 10s, is the
                     finest --window)
  --ring N           keep only the last N samples, written when recording stops
  --duration D       with -p: stop after D ("30s") and detach
  -o FILE            data file (default sonde.data)
  -q                 no summary and flat report on stderr at the end
  -p PID[,PID...]    attach to running processes; Ctrl-C, SIGTERM or
                     --duration detach and leave them running; the recording
                     also ends when they have all exited
  -a                 every process of the machine, on every CPU, until Ctrl-C,
                     SIGTERM or --duration; processes that start and end
                     meanwhile are named and symbolized; the report splits
                     them with --flat --by process, comm or cgroup; with
                     --off-cpu, every user thread's waits too
  --cgroup PATH      with -a: only the processes of this cgroup v2 (a path as
                     /proc/PID/cgroup spells it, "/system.slice/x.service",
                     or its directory under /sys/fs/cgroup); repeatable
  --expr PROG@FUNC@EXPR
                     in processes whose executable's name matches PROG (glob
                     or substring), evaluate the C expression EXPR in the
                     innermost frame of FUNC at each sample whose stack holds
                     FUNC (PCT's -expr; repeatable): parameters, locals,
                     globals, *p, p->f, s.f, a[i], enums, from DWARF. Implies
                     -g's stack copies. Registers and stack are the sample's;
                     other memory is read some ms later. See report --expr
  --expr-exact       evaluate with the thread stopped (the ptrace sampler):
                     every value is the sample's; dearer
  --gdb              sample through gdb's machine interface instead (one
                     process; any expression gdb can print; a few ms a
                     sample: use a low -F)
  --python=false     keep CPython 3.11-3.13's eval loop as native frames; by
                     default the Python frames it runs (function, file,
                     line, read from the thread) take their places, and a
                     stack whose Python part cannot be read is marked
                     "[python frames unreadable]" (with perf events a BPF
                     program copies them at the sample; where BPF is
                     refused they are read after it, and --sampler ptrace
                     reads them exactly)

Examples:
  sonde record -- make -j2
  sonde record -g -F 4999 -o build.data -- ./server --port 8080
  sonde record -p 1234 --duration 30s
  sonde record --off-cpu -- ./server && sonde report --off-cpu --hier
  sonde record -a -g --duration 10s && sonde report --flat --by comm
  sonde record -a --off-cpu --duration 10s && sonde report --off-cpu --flat --by process
  sonde record --expr 'hier-test@worker@n' -- ./hier-test && sonde report --expr int-avg
  sonde record -g --sampler ptrace -- python3.11 app.py && sonde report --hier
`,
	}
}

// recordFlags holds one invocation's parsed flags.
type recordFlags struct {
	freq      int
	g         bool
	callGraph string
	kernel    bool
	jitter    bool
	clock     string
	duration  time.Duration
	out       string
	pids      string
	stackSize int
	sampler   string
	histogram bool
	histEvery time.Duration
	ring      int
	quiet     bool
	python    bool
	offCPU    bool
}

func (f *recordFlags) register(fs interface {
	IntVar(*int, string, int, string)
	BoolVar(*bool, string, bool, string)
	StringVar(*string, string, string, string)
	DurationVar(*time.Duration, string, time.Duration, string)
}) {
	fs.IntVar(&f.freq, "F", 999, "samples per second")
	fs.BoolVar(&f.g, "g", false, "call stacks")
	fs.StringVar(&f.callGraph, "call-graph", "", "fp or dwarf")
	fs.BoolVar(&f.kernel, "k", false, "kernel too")
	fs.BoolVar(&f.jitter, "jitter", false, "randomized period")
	fs.StringVar(&f.clock, "clock", "task-clock", "task-clock or cpu-clock")
	fs.DurationVar(&f.duration, "duration", 0, "stop after")
	fs.StringVar(&f.out, "o", "sonde.data", "data file")
	fs.StringVar(&f.pids, "p", "", "PID[,PID...]")
	fs.IntVar(&f.stackSize, "stack-size", 16384, "bytes of user stack copied per sample (dwarf)")
	fs.BoolVar(&f.histogram, "histogram", false, "aggregate identical stacks")
	fs.StringVar(&f.sampler, "sampler", "auto", "auto, perf or ptrace")
	fs.DurationVar(&f.histEvery, "histogram-interval", 10*time.Second, "aggregation interval of --histogram")
	fs.IntVar(&f.ring, "ring", 0, "keep the last N samples only")
	fs.BoolVar(&f.quiet, "q", false, "no summary")
	fs.BoolVar(&f.python, "python", true, "Python 3.11-3.13 frames in place of the interpreter's")
	fs.BoolVar(&f.offCPU, "off-cpu", false, "record off-CPU time too")
}

// options turns the flags into sampler options.
func (f *recordFlags) options() (sample.Options, []int, error) {
	o := sample.Options{Freq: f.freq, Kernel: f.kernel, Jitter: f.jitter, Python: f.python}
	if f.freq <= 0 || f.freq > 100000 {
		return o, nil, fmt.Errorf("-F %d: want 1 to 100000 samples a second", f.freq)
	}
	switch f.clock {
	case "task-clock":
	case "cpu-clock":
		o.Clock = perfevent.CPUClock
	case "wall":
		o.Wall = true
	default:
		return o, nil, fmt.Errorf("--clock %q: want task-clock, cpu-clock or wall", f.clock)
	}
	if f.g {
		// Complete stacks whatever the binaries were built with: most -O2
		// code (libpython here) has no frame pointers.
		o.CallGraph = sample.CallGraphDWARF
	}
	if f.callGraph != "" {
		cg, err := sample.ParseCallGraph(f.callGraph)
		if err != nil {
			return o, nil, err
		}
		o.CallGraph = cg
	}
	if f.offCPU {
		o.OffCPU = true
		if f.callGraph == "" {
			o.CallGraph = sample.CallGraphDWARF // a wait is known by its callers
		}
	}
	if o.CallGraph == sample.CallGraphDWARF {
		o.Unwinder = unwind.NewDWARF()
	}
	if f.stackSize < 8 || f.stackSize > 65528 || f.stackSize%8 != 0 {
		return o, nil, fmt.Errorf("--stack-size %d: want a multiple of 8 from 8 to 65528", f.stackSize)
	}
	o.StackSize = uint32(f.stackSize)
	if f.histogram && f.ring > 0 {
		return o, nil, errors.New("--histogram and --ring: choose one")
	}
	if f.ring < 0 {
		return o, nil, fmt.Errorf("--ring %d: want a positive number of samples", f.ring)
	}
	if f.histogram {
		if f.histEvery <= 0 {
			return o, nil, fmt.Errorf("--histogram-interval %v: want a positive duration", f.histEvery)
		}
		o.Histogram = f.histEvery
	}
	o.Ring = f.ring
	var pids []int
	if f.pids != "" {
		for _, s := range strings.Split(f.pids, ",") {
			pid, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || pid <= 0 {
				return o, nil, fmt.Errorf("-p %q: not a process id", s)
			}
			pids = append(pids, pid)
		}
	}
	return o, pids, nil
}

func runRecord(e *env, args []string) int {
	fs := newFlagSet(e, "record")
	f := &recordFlags{}
	f.register(fs)
	x := &recordExprFlags{}
	x.register(fs) // record_expr.go: --expr, --expr-exact, --gdb
	sys := &systemFlags{}
	sys.register(fs) // record_system.go: -a, --cgroup
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	opts, pids, err := f.options()
	if err == nil {
		err = x.apply(f, &opts)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde record: %v\n", err)
		return exitUsage
	}
	cmdArgs := fs.Args()
	if sys.wanted() {
		return runRecordSystem(e, f, x, sys, opts, pids, cmdArgs) // record_system.go
	}
	if (len(pids) == 0) == (len(cmdArgs) == 0) {
		fmt.Fprintln(e.stderr, "sonde record: give either -p PID or -- CMD ARGS... (see 'sonde help record')")
		return exitUsage
	}
	if f.duration != 0 && len(pids) == 0 {
		fmt.Fprintln(e.stderr, "sonde record: --duration applies to -p; a command is recorded until it exits")
		return exitUsage
	}
	if x.gdb {
		rec, code := gdbRecording(e, f, x, pids, cmdArgs) // record_gdb.go
		if rec == nil {
			return code
		}
		return rec.run()
	}
	sampler, err := chooseTimeSampler(e, "record", f.sampler, &opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde record: %v\n", err)
		return exitUsage
	}
	rec := &recording{e: e, opts: opts, out: f.out, pids: pids, cmd: cmdArgs, duration: f.duration, sampler: sampler, quiet: f.quiet}
	if len(x.exprs) > 0 {
		if rec.exprs, err = prepareExprs(x, &rec.opts, cmdArgs, pids); err != nil {
			fmt.Fprintf(e.stderr, "sonde record: %v\n", err)
			return exitUsage
		}
		rec.exprDefs = x.exprs
	}
	return rec.run()
}

// recording is one run of sonde record.
type recording struct {
	e        *env
	opts     sample.Options
	out      string
	pids     []int
	cmd      []string
	duration time.Duration
	// live, when set, is called every second while recording (sonde top).
	live func(s *sample.Sampler)
	// quiet suppresses the final summary (sonde top prints its own).
	quiet bool
	// quit, when closed, ends the recording: -p detaches, a command is
	// sent SIGTERM.
	quit <-chan struct{}
	// verb names the verb in messages ("record" when empty).
	verb string
	// cmdStdin replaces the command's standard input when set.
	cmdStdin io.Reader
	// rate is the achieved-rate note, "" when unknown.
	rate string
	// sampler is "perf", "ptrace" or "gdb" (chosen, never "auto").
	sampler string
	// exprs evaluates --expr at the samples (nil without --expr);
	// exprDefs are the expressions, run-local index = position.
	exprs    *sample.Exprs
	exprDefs []profile.ExprDef
	// all and cgroups are record -a's: every process of the machine, or
	// of these cgroups (record_system.go).
	all     bool
	cgroups []string
	// onStart, when set, is called once the events are attached (for -a:
	// open on every CPU, the running processes read): what runs from then
	// on is recorded. Tests start their fixtures after it.
	onStart func()
}

func (r *recording) run() int {
	e := r.e
	w, err := datafile.Create(r.out)
	if err != nil {
		return fail(e, r.verbName(), err)
	}
	start := time.Now()
	command := r.cmd
	if len(command) == 0 {
		command = []string{"-p", joinInts(r.pids)}
	}
	if r.all {
		command = systemCommand(r.cgroups)
	}
	var stackNote string
	if r.opts.CallGraph == sample.CallGraphFP && r.sampler != "ptrace" {
		var restore func() string
		stackNote, restore = r.raiseMaxStack()
		if restore != nil {
			defer func() {
				if msg := restore(); msg != "" && !r.quiet {
					fmt.Fprintf(e.stderr, "sonde record: %s\n", msg)
				}
			}()
		}
	}
	s, err := sample.New(w, r.opts)
	if err != nil {
		w.Close()
		return fail(e, r.verbName(), err)
	}
	defer s.Close()
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "record", Command: command, Start: start, SampleTypes: s.SampleTypes(), Period: s.Period()}); err != nil {
		w.Close()
		return fail(e, r.verbName(), err)
	}
	if err := writeExprDefs(w, r.exprDefs); err != nil {
		w.Close()
		return fail(e, r.verbName(), err)
	}
	var col sample.Collector
	switch r.sampler {
	case "ptrace":
		col = s.Ptrace()
		if r.opts.Wall {
			w.WriteNote(fmt.Sprintf("sampler: ptrace at %d Hz of wall time, every thread (running ones interrupted, blocked ones read from /proc/TID/syscall), call graph %s", 1000000000/s.Period(), r.opts.CallGraph))
		} else {
			w.WriteNote(fmt.Sprintf("sampler: ptrace interrupts at %d Hz of wall time (running threads only), call graph %s", 1000000000/s.Period(), r.opts.CallGraph))
		}
	case "gdb":
		col = gdb.New(s, r.exprDefs)
		w.WriteNote(fmt.Sprintf("sampler: gdb (GDB/MI) interrupts the process every %v of wall time; threads that ran since the last sample, weighed by their CPU time", time.Duration(s.Period())))
	default:
		col = s.Perf()
		w.WriteNote(fmt.Sprintf("sampler: perf_event %s at %d Hz, call graph %s", r.clockName(), 1000000000/s.Period(), r.opts.CallGraph))
	}
	c := r.collect(col, s, w)
	if c.startFail >= 0 {
		w.Close()
		return c.startFail
	}
	status, err := c.status, c.err
	st := s.Stats()
	if c.haveCPU && st.Samples > 0 && !r.opts.Wall {
		// The command tree's CPU time (wait4's rusage covers the
		// descendants it waited for); kernel time only counts with -k,
		// since kernel-mode ticks are not sampled otherwise.
		cpu := c.user
		if r.opts.Kernel {
			cpu += c.sys
		}
		if cpu > 0 {
			r.rate = rateNote(st.Samples, cpu, s.Period(), r.opts.Kernel)
			w.WriteNote(r.rate)
		}
	}
	if r.opts.CallGraph == sample.CallGraphFP && r.opts.MaxStack > 0 && st.Samples > 0 {
		w.WriteNote(fmt.Sprintf("call graph fp: %d of %d stacks (%.1f%%) cut at the kernel's limit of %d frames%s",
			st.Cut, st.Samples, 100*float64(st.Cut)/float64(st.Samples), r.opts.MaxStack, stackNote))
	}
	if stacks := st.Samples + st.OffCPUStacks; r.opts.CallGraph == sample.CallGraphDWARF && stacks > 0 {
		// Off-CPU stacks are unwound too, and counted in Incomplete.
		w.WriteNote(fmt.Sprintf("unwinder: dwarf CFI; %d of %d stacks (%.1f%%) not unwound to the end", st.Incomplete, stacks, 100*float64(st.Incomplete)/float64(stacks)))
	}
	var missed []string
	if r.exprs != nil {
		w.WriteNote(exprNote(r.exprs, r.sampler, st))
		missed = r.exprs.Missed()
		for _, m := range missed {
			w.WriteNote(m)
		}
	}
	if r.opts.OffCPU {
		w.WriteNote(offCPUNote(st))
	}
	if n := st.Python.Note(r.sampler == "ptrace"); n != "" {
		w.WriteNote(n)
	}
	for _, n := range c.notes {
		w.WriteNote(n)
	}
	end := time.Now()
	w.WriteRunEnd(end)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fail(e, r.verbName(), err)
		if status == exitOK {
			status = exitError
		}
	}
	// An expression that gave nothing is said even under -q: silence
	// would read as "the function never ran".
	for _, m := range missed {
		fmt.Fprintf(e.stderr, "sonde record: %s\n", m)
	}
	if !r.quiet {
		if r.sampler == "gdb" {
			fmt.Fprintf(e.stderr, "sonde record: %d samples through gdb in %.2fs; %s\n", st.Samples, end.Sub(start).Seconds(), strings.Join(c.notes, "; "))
		} else {
			r.summary(st, end.Sub(start))
		}
	}
	return status
}

// collected is what a collection hands back to run.
type collected struct {
	status    int   // the command's exit status as sonde's (exitOK for -p)
	err       error // a sampler or write error
	startFail int   // >= 0: starting or attaching failed, run returns this code
	// user and sys are the command tree's CPU time, when haveCPU.
	user, sys time.Duration
	haveCPU   bool
	notes     []string // the collector's notes for the run
}

// collect runs col until the target ends. Ctrl-C goes to the whole
// foreground process group: a command handles it itself, and sonde
// records until the command exits; SIGTERM is passed on to it, and so is
// q (sonde top) as a SIGTERM. With -p, SIGINT, SIGTERM, --duration and q
// end the recording: the collector lets the processes go.
func (r *recording) collect(col sample.Collector, s *sample.Sampler, w *datafile.Writer) collected {
	e := r.e
	c := collected{startFail: -1}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)

	target := sample.Target{PIDs: r.pids, All: r.all, Cgroups: r.cgroups}
	notice := e.stderr
	waitOutput := func() {}
	if len(r.cmd) > 0 {
		cmd := exec.Command(r.cmd[0], r.cmd[1:]...)
		cmd.Stdin = e.stdin
		if r.cmdStdin != nil {
			cmd.Stdin = r.cmdStdin
		}
		// The ptrace collector reaps the command itself, never with
		// cmd.Wait: its output goes through pipes that are awaited (see
		// targetOutputs).
		n, wait, err := targetOutputs(e, cmd)
		if err != nil {
			c.startFail = r.failPerm(err)
			return c
		}
		notice, waitOutput, target.Cmd = n, wait, cmd
	}
	started := make(chan struct{})
	target.Started = func() { close(started) }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		res sample.Result
		err error
	}
	out := make(chan result, 1)
	go func() {
		res, err := col.Run(ctx, target)
		out <- result{res, err}
	}()

	var timeout <-chan time.Time
	if r.duration > 0 {
		timeout = time.After(r.duration)
	}
	var liveTick <-chan time.Time
	if r.live != nil {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		liveTick = t.C
	}
	// Signals for the command, held until it runs.
	running := false
	var held []os.Signal
	pass := func(sig os.Signal) {
		if running {
			target.Cmd.Process.Signal(sig)
		} else {
			held = append(held, sig)
		}
	}
	quit := r.quit
	var x result
loop:
	for {
		select {
		case x = <-out:
			break loop
		case <-started:
			started, running = nil, true
			if r.onStart != nil {
				r.onStart()
			}
			if s.KernelRefused != nil {
				msg := fmt.Sprintf("-k: kernel frames not allowed here (%v); user frames only (see sonde doctor)", s.KernelRefused)
				fmt.Fprintf(notice, "sonde %s: %s\n", r.verbName(), msg)
				w.WriteNote(msg)
			}
			for _, sig := range held {
				target.Cmd.Process.Signal(sig)
			}
		case <-timeout:
			cancel()
		case sig := <-sigs:
			if target.Cmd == nil {
				cancel()
			} else if sig == syscall.SIGTERM {
				pass(sig) // Ctrl-C's SIGINT has already reached the group
			}
		case <-liveTick:
			r.live(s)
		case <-quit:
			quit = nil
			if target.Cmd == nil {
				cancel()
			} else {
				pass(syscall.SIGTERM)
			}
		}
	}
	waitOutput() // the command has ended: its output is all in e's writers
	var se *sample.StartError
	if errors.As(x.err, &se) {
		c.startFail = r.failStart(se)
		return c
	}
	c.err, c.notes = x.err, x.res.Notes
	if target.Cmd != nil {
		c.status = sample.ExitCode(x.res.Status)
		c.user, c.sys, c.haveCPU = x.res.User, x.res.Sys, x.res.HaveCPU
	}
	return c
}

func (r *recording) clockName() string { return r.opts.Clock.String() }

// flagT is flag.Flag, for FlagSet.Visit callbacks.
type flagT = flag.Flag

func (r *recording) verbName() string {
	if r.verb == "" {
		return "record"
	}
	return r.verb
}

// failStart reports a collector's failure to start or attach: as
// failPerm, but the shell's exit statuses only when it was the command
// that could not be started.
func (r *recording) failStart(se *sample.StartError) int {
	if !se.Command && !errors.Is(se, perfevent.ErrPermission) {
		return fail(r.e, r.verbName(), se.Err)
	}
	return r.failPerm(se.Err)
}

// failPerm reports err and, when the kernel refused permission, points at
// sonde doctor.
func (r *recording) failPerm(err error) int {
	if errors.Is(err, perfevent.ErrPermission) {
		fmt.Fprintf(r.e.stderr, "sonde %s: %v\nsonde %[1]s: run 'sonde doctor' to see what this machine allows and how to change it\n", r.verbName(), err)
		return exitError
	}
	// A command that cannot be run ends as the shell says: 127 when it is
	// not found, 126 when it cannot be executed.
	return failCommand(r.e, r.verbName(), err)
}

// wantMaxStack is the call chain limit sonde asks of the kernel for
// --call-graph fp: perf_event_max_stack's default of 127 cuts deep
// recursions, where the outer frames are what a hierarchical profile is
// for.
const wantMaxStack = 1024

// raiseMaxStack reads the kernel's call chain limit into r.opts.MaxStack
// and, where it is below wantMaxStack and sonde may write the sysctl
// (root), raises it for the run. note is what the run's note adds about
// the limit; restore, when not nil, puts the old value back at the end and
// returns a message if it could not.
func (r *recording) raiseMaxStack() (note string, restore func() string) {
	limit, err := perfevent.MaxStack()
	if err != nil {
		return "", nil
	}
	r.opts.MaxStack = limit
	if limit >= wantMaxStack {
		return " (kernel.perf_event_max_stack)", nil
	}
	if err := perfevent.SetMaxStack(wantMaxStack); err != nil {
		if errors.Is(err, syscall.EBUSY) {
			// The kernel refuses the change while any perf event with
			// call chains is open, another tool's or another sonde's.
			return fmt.Sprintf(" (kernel.perf_event_max_stack; sonde could not raise it to %d: other perf events with call chains were open)", wantMaxStack), nil
		}
		return fmt.Sprintf(" (kernel.perf_event_max_stack; as root, sysctl kernel.perf_event_max_stack=%d raises it)", wantMaxStack), nil
	}
	r.opts.MaxStack = wantMaxStack
	return fmt.Sprintf(" (sonde raised kernel.perf_event_max_stack from %d to %d for the run, and put %d back after it)", limit, wantMaxStack, limit),
		func() string {
			// Only if no one changed it meanwhile; EBUSY while another
			// tool's call-chain events are open.
			if cur, err := perfevent.MaxStack(); err != nil || cur != wantMaxStack {
				return ""
			}
			if err := perfevent.SetMaxStack(limit); err != nil {
				return fmt.Sprintf("could not put kernel.perf_event_max_stack back to %d: %v", limit, err)
			}
			return ""
		}
}

// summary prints the samples, lost records, duration, processes and the
// ten hottest lines on stderr.
func (r *recording) summary(st sample.Stats, d time.Duration) {
	e := r.e
	fmt.Fprintf(e.stderr, "sonde record: %d samples, %d lost, %.2fs, %d processes, call graph %s; data in %s\n",
		st.Samples, st.Lost, d.Seconds(), st.Processes, r.opts.CallGraph, r.out)
	if r.rate != "" {
		fmt.Fprintf(e.stderr, "sonde %s: %s\n", r.verbName(), r.rate)
	}
	if r.opts.OffCPU {
		fmt.Fprintf(e.stderr, "sonde %s: %s\n", r.verbName(), offCPUNote(st))
	}
	p, _, err := datafile.ReadFile(r.out)
	if err != nil || len(p.Samples) == 0 {
		return
	}
	cache := symbol.NewCache(nil)
	defer cache.Close()
	addImages(cache, p)
	warn := e.stderr
	if r.all {
		warn = io.Discard // a line for every object of the machine without DWARF
	}
	report.Write(e.stderr, p, report.NewSymbolizer(cache, warn), &report.Options{View: report.ViewFlat, Top: 10})
}

// addImages gives cache the objects p kept (the vDSO, deleted files), so
// that their mappings are symbolized from those bytes, and the names of
// p's Python frames.
func addImages(cache *symbol.Cache, p *profile.Profile) {
	for _, o := range p.Objects {
		cache.AddImage(o.Path, o.BuildID, o.Data)
	}
	for _, f := range p.Interp {
		cache.AddInterp(uint64(f.ID), symbol.Frame{Func: f.Func, File: f.File, Line: f.Line})
	}
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
