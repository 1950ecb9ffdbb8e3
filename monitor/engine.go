package monitor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/monitor/ptracer"
	"sonde/monitor/units"
	"sonde/monitor/uprobes"
	"sonde/proc"
	"sonde/profile"
)

// An engine plants probes in a target and counts how often they run.
// monitor drives both engines (ptraceEngine, uprobeEngine) the same way:
// count starts the target's counting and returns when it is over, with
// ctx ending an attached count; which engine counts is decided once, by
// count (the --engine auto fallback included, with its notice).
type engine interface {
	// count plants the probes at the sites t.plan gives, lets the target
	// run and counts until it ends (a command) or ctx is done (an
	// attached process), removes the probes and fills res (Engine,
	// Processes, Ended, the counts). When it fails, the target has been
	// killed (a command sonde started) or let go (an attached process).
	count(ctx context.Context, t *target, res *Result) error
}

// engineByKind are the engines by kind.
var engineByKind = map[EngineKind]engine{EnginePtrace: ptraceEngine{}, EngineUprobe: uprobeEngine{}}

// target is what an engine counts: a command sonde started, stopped at
// its start point, or a running process sonde attached to.
type target struct {
	opts   *Options
	tracer *ptracer.Tracer
	pid    int
	// launched says sonde started the target (Options.Cmd): it is traced
	// and stopped at its start point (launch).
	launched bool
	// threads are an attached process's threads; seized says sonde
	// attached to and stopped each (ptracer.SeizeAll), else they run untraced.
	threads []int
	seized  bool
	// plan loads the units of every wanted object mapped in a process.
	plan func(pid int) ([]counting.Placed, error)
}

// abort lets the target go after a failure: a command sonde started is
// killed and reaped, a seized process detached from.
func (t *target) abort() {
	switch {
	case t.launched:
		unix.Kill(t.pid, unix.SIGKILL)
		for {
			if _, ws, err := unix.Wait4(t.pid, false); err != nil || ws.Exited() || ws.Signaled() {
				return
			}
		}
	case t.seized:
		t.letGo()
	}
}

// letGo detaches from the target's stopped threads, which the uprobes
// count without a tracer.
func (t *target) letGo() error {
	if t.launched {
		tr := t.tracer.Tracee(t.pid)
		if tr == nil {
			return fmt.Errorf("process %d is not traced", t.pid)
		}
		return t.tracer.Detach(tr, 0)
	}
	if t.seized {
		t.tracer.DetachAll(time.Second, nil)
	}
	return nil
}

// rootProcess describes the target's process as it is now.
func (t *target) rootProcess() profile.Process {
	root := profile.Process{PID: int32(t.pid), Exe: proc.Exe(t.pid)}
	if st, err := proc.ReadStat(t.pid); err == nil {
		root.Comm, root.PPID = st.Comm, int32(st.PPID)
	}
	return root
}

// startTarget starts opts.Cmd, stopped at its start point, or attaches to
// opts.PID, and returns it with the engine that will count it: kind, or,
// when ptrace cannot count an attached process, uprobes (fallBack).
func startTarget(tracer *ptracer.Tracer, opts *Options, kind EngineKind, res *Result) (*target, EngineKind, error) {
	if opts.Cmd != nil {
		pid, err := ptracer.Launch(tracer, opts.Cmd)
		if err != nil {
			return nil, kind, err
		}
		return &target{opts: opts, tracer: tracer, pid: pid, launched: true}, kind, nil
	}
	pid := opts.PID
	threads, err := ptracer.SeizeAll(tracer, pid)
	if err != nil && opts.Engine == EngineAuto && (errors.Is(err, unix.EPERM) || errors.Is(err, ptracer.ErrTraced)) {
		// Auto: what sonde cannot trace, the kernel's uprobes count.
		why := ptracer.WhyNoPtrace(pid)
		if threads, err = proc.Threads(pid); err != nil {
			return nil, kind, fmt.Errorf("threads of process %d: %w", pid, err)
		}
		fallBack(opts, res, fmt.Sprintf("cannot trace process %d (%s): counting with uprobes", pid, why),
			fmt.Sprintf("engine auto: uprobes, since ptrace cannot attach (%s)", why))
		return &target{opts: opts, tracer: tracer, pid: pid, threads: threads}, EngineUprobe, nil
	}
	if err != nil {
		return nil, kind, err
	}
	t := &target{opts: opts, tracer: tracer, pid: pid, threads: threads, seized: true}
	if kind == EnginePtrace && opts.NoTrampolines {
		// Breakpoints everywhere would be int3s that nothing removes if
		// sonde dies: the kernel's uprobes count instead.
		fallBack(opts, res, "--trampolines=false with -p: counting every site with uprobes (no breakpoint of sonde's in a process it did not start)",
			"--trampolines=false with -p: every site counted by uprobes (sonde writes no int3 into a process it did not start)")
		return t, EngineUprobe, nil
	}
	return t, kind, nil
}

// fallBack says that the uprobe engine counts instead of the ptrace
// engine: notice on Options.Notice, note in the result, in place of the
// auto engine's note that ptrace would.
func fallBack(opts *Options, res *Result, notice, note string) {
	if opts.Notice != nil {
		fmt.Fprintf(opts.Notice, "sonde count: %s\n", notice)
	}
	if n := len(res.Notes); n > 0 && strings.HasPrefix(res.Notes[n-1], "engine auto: ptrace") {
		res.Notes = res.Notes[:n-1]
	}
	res.Notes = append(res.Notes, note)
}

// ptraceEngine counts with trampolines and breakpoints written through
// ptrace (package ptracer). In a process it did not start, the
// sites it cannot give a trampoline are counted by uprobes.
type ptraceEngine struct{}

func (ptraceEngine) count(ctx context.Context, t *target, res *Result) error {
	opts, pid, threads := t.opts, t.pid, t.threads
	// The target's own objects must plan; later plans (arm's, and those
	// of what it execs and loads) skip what does not.
	if _, err := t.plan(pid); err != nil {
		t.abort()
		return err
	}
	root := t.rootProcess()
	res.Engine = EnginePtrace
	if t.launched {
		return ptracer.CountLaunched(ctx, t.tracer, opts, res, t.plan, pid, &root, nil)
	}
	a, err := ptracer.Attach(t.tracer, opts, res, t.plan, pid, &root)
	if err != nil {
		t.abort()
		return err
	}
	// The sites left without a jump are counted by uprobes, which the
	// kernel removes when sonde's descriptors close, however it ends.
	var set *uprobes.Set
	untrapped := a.Untrapped()
	if len(untrapped) > 0 || len(units.NewSelector(opts.Only).Objects()) > 0 {
		n := 0
		for _, p := range untrapped {
			n += len(p.Only)
		}
		set, err = uprobes.Open(opts, threads, untrapped, res)
		switch {
		case err != nil:
			res.Notes = append(res.Notes, fmt.Sprintf("%d sites left without a trampoline were not counted: uprobes failed (%v), and sonde writes no int3 into a process it did not start", n, err))
			set = nil
		case n > 0:
			res.Engine = EngineHybrid
			res.Notes = append(res.Notes, fmt.Sprintf("%d sites left without a trampoline were counted with uprobes (sonde writes no int3 into a process it did not start)", n-set.NRefused()))
			if k := set.NRefused(); k > 0 {
				res.Notes = append(res.Notes, fmt.Sprintf("%d sites were not counted: no trampoline, and the kernel's uprobes refuse their instruction", k))
			}
		}
	}
	var extra func(*Result) error
	if set != nil {
		defer set.Finish(opts.CloseHelper, res)
		extra = set.Read
	}
	err = a.Run(ctx, extra)
	if err == nil && set != nil {
		err = set.Read(res)
	}
	return err
}

// uprobeEngine counts with the kernel's uprobes (package uprobes), opened in
// counting mode or with BPF. In a command sonde started, the sites whose
// instruction the kernel refuses are counted by ptrace breakpoints.
type uprobeEngine struct{}

func (uprobeEngine) count(ctx context.Context, t *target, res *Result) error {
	opts, pid := t.opts, t.pid
	if t.launched {
		if err := followScript(t.tracer, opts, pid); err != nil { // a shim: plant in the program it execs
			t.abort()
			return err
		}
	}
	objs, err := t.plan(pid)
	if err != nil {
		t.abort()
		return err
	}
	root := t.rootProcess()
	tids := t.threads
	if t.launched {
		tids = []int{pid}
	}
	set, err := uprobes.Open(opts, tids, objs, res)
	if err != nil {
		t.abort()
		return err
	}
	res.Engine = EngineUprobe
	if !t.launched {
		if n := set.NRefused(); n > 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("%d sites the kernel's uprobes refuse were not counted (an attached process gets no breakpoint of sonde's)", n))
		}
		var detach func()
		if t.seized {
			detach = func() { t.letGo() }
		}
		err = uprobes.CountAttached(ctx, pid, detach, set, res, opts)
		root.Ended = res.Ended
		res.Processes = []profile.Process{root}
		return err
	}
	if set.NRefused() == 0 {
		err = uprobes.CountLaunched(pid, t.letGo, set, res, opts)
		root.Ended = res.Ended
		res.Processes = []profile.Process{root}
		res.Notes = append(res.Notes, "uprobe engine: threads and children are counted (programs they exec only where they run the probed objects); per-process counts are not kept")
		return err
	}
	// Some instructions cannot be uprobed: count those sites with
	// breakpoints, the others with uprobes, in one run.
	defer set.Finish(opts.CloseHelper, res)
	res.Engine = EngineHybrid
	res.Notes = append(res.Notes, fmt.Sprintf("%d sites the kernel's uprobes refuse (segment-prefixed instructions) were counted with ptrace breakpoints", set.NRefused()))
	only := func(pid int) ([]counting.Placed, error) {
		objs, err := t.plan(pid)
		var out []counting.Placed
		for _, p := range objs {
			if m := set.Refused(p.Obj); m != nil {
				p.Only = m
				out = append(out, p)
			}
		}
		return out, err
	}
	if err := ptracer.CountLaunched(ctx, t.tracer, opts, res, only, pid, &root, set.Read); err != nil {
		return err
	}
	return set.Read(res)
}
