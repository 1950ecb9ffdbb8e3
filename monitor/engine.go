package monitor

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"sonde/internal/linux/unix"
	"sonde/proc"
	"sonde/profile"
)

// launchAndCount starts opts.Cmd, runs it to its entry point and counts it
// with the chosen engine.
func launchAndCount(ctx context.Context, opts *Options, engine EngineKind, plan func(int) ([]placed, error), res *Result) error {
	pid, err := launch(opts.Cmd, seizeOptions|unix.PTRACE_O_EXITKILL)
	if err != nil {
		return err
	}
	kill := func() {
		unix.Kill(pid, unix.SIGKILL)
		for {
			if _, ws, err := unix.Wait4(pid, false); err != nil || ws.Exited() || ws.Signaled() {
				return
			}
		}
	}
	if engine == EngineUprobe {
		if err := followScript(opts, pid); err != nil { // a shim: plant in the program it execs
			kill()
			return err
		}
	}
	objs, err := plan(pid)
	if err != nil {
		kill()
		return err
	}
	root := profile.Process{PID: int32(pid), Exe: proc.Exe(pid)}
	if st, err := proc.ReadStat(pid); err == nil {
		root.Comm, root.PPID = st.Comm, int32(st.PPID)
	}
	if engine == EngineUprobe {
		set, err := openUprobes(opts, []int{pid}, objs, res)
		if err != nil {
			kill()
			return err
		}
		if set.nrefused() == 0 {
			res.Engine = EngineUprobe
			err = countUprobesLaunched(pid, set, res, opts)
			root.Ended = res.Ended
			res.Processes = []profile.Process{root}
			res.Notes = append(res.Notes, "uprobe engine: threads and children are counted (programs they exec only where they run the probed objects); per-process counts are not kept")
			return err
		}
		// Some instructions cannot be uprobed: count those sites
		// with breakpoints, the others with uprobes, in one run.
		defer set.finish(opts.CloseHelper, res)
		res.Engine = EngineHybrid
		res.Notes = append(res.Notes, fmt.Sprintf("%d sites the kernel's uprobes refuse (segment-prefixed instructions) were counted with ptrace breakpoints", set.nrefused()))
		only := func(pid int) ([]placed, error) {
			objs, err := plan(pid)
			var out []placed
			for _, p := range objs {
				if m := set.refused[p.obj]; m != nil {
					p.only = m
					out = append(out, p)
				}
			}
			return out, err
		}
		if err := countPtraceLaunched(ctx, opts, res, only, pid, &root, set.read); err != nil {
			return err
		}
		return set.read(res)
	}
	res.Engine = EnginePtrace
	return countPtraceLaunched(ctx, opts, res, plan, pid, &root, nil)
}

// countPtraceLaunched counts the launched process pid, stopped at its entry
// point, with breakpoints at the sites plan gives; extra, when not nil,
// adds the counts of uprobes beside them to checkpoints.
func countPtraceLaunched(ctx context.Context, opts *Options, res *Result, plan func(int) ([]placed, error), pid int, root *profile.Process, extra func(*Result) error) error {
	r := newPtraceRun(opts, res, plan)
	r.extra = extra
	r.root = pid
	sp, err := r.newSpace(pid)
	if err != nil {
		unix.Kill(pid, unix.SIGKILL)
		return err
	}
	sp.refs = 1
	th := &thread{pid: pid, sp: sp, seen: true}
	r.threads[pid] = th
	r.procs[pid] = root
	if err := r.arm(pid, sp); err != nil {
		unix.Kill(pid, unix.SIGKILL)
		return err
	}
	r.armRtld(pid, sp)
	r.cont(pid, th, 0)
	err = r.loop(ctx)
	res.Processes = r.processes()
	return err
}

// attachAndCount attaches to every thread of opts.PID, counts until ctx is
// done or the process ends, and detaches. *engine is the engine (plan
// reads it); under --engine auto, a process that ptrace cannot attach to
// is counted with uprobes instead and *engine says so.
func attachAndCount(ctx context.Context, opts *Options, engineP *EngineKind, plan func(int) ([]placed, error), res *Result) error {
	pid := opts.PID
	engine := *engineP
	threads, err := seizeAll(pid)
	if err != nil && opts.Engine == EngineAuto && (errors.Is(err, unix.EPERM) || errors.Is(err, ErrTraced)) {
		// Auto: what sonde cannot trace, the kernel's uprobes count.
		why := whyNoPtrace(pid)
		if opts.Notice != nil {
			fmt.Fprintf(opts.Notice, "sonde count: cannot trace process %d (%s): counting with uprobes\n", pid, why)
		}
		if n := len(res.Notes); n > 0 && strings.HasPrefix(res.Notes[n-1], "engine auto: ptrace") {
			res.Notes = res.Notes[:n-1]
		}
		res.Notes = append(res.Notes, fmt.Sprintf("engine auto: uprobes, since ptrace cannot attach (%s)", why))
		*engineP = EngineUprobe
		threads, err = proc.Threads(pid)
		if err != nil {
			return fmt.Errorf("threads of process %d: %w", pid, err)
		}
		return attachUprobes(ctx, opts, plan, res, pid, threads, false)
	}
	if err != nil {
		return err
	}
	if engine == EnginePtrace && opts.NoTrampolines {
		// Breakpoints everywhere would be int3s that nothing removes if
		// sonde dies: the kernel's uprobes count instead.
		res.Notes = append(res.Notes, "--trampolines=false with -p: every site counted by uprobes (sonde writes no int3 into a process it did not start)")
		if opts.Notice != nil {
			fmt.Fprintln(opts.Notice, "sonde count: --trampolines=false with -p: counting every site with uprobes (no breakpoint of sonde's in a process it did not start)")
		}
		engine, *engineP = EngineUprobe, EngineUprobe
	}
	if engine == EngineUprobe {
		return attachUprobes(ctx, opts, plan, res, pid, threads, true)
	}
	detach := func() {
		for _, t := range threads {
			unix.PtraceDetachSignal(t, 0)
		}
	}
	if _, err := plan(pid); err != nil {
		detach()
		return err
	}
	root := profile.Process{PID: int32(pid), Exe: proc.Exe(pid)}
	if st, err := proc.ReadStat(pid); err == nil {
		root.Comm, root.PPID = st.Comm, int32(st.PPID)
	}
	res.Engine = EnginePtrace
	r := newPtraceRun(opts, res, plan)
	r.attached = true
	sp, err := r.newSpace(pid)
	if err != nil {
		detach()
		return err
	}
	for _, t := range threads {
		r.threads[t] = &thread{pid: pid, sp: sp, seen: true}
		sp.refs++
	}
	r.procs[pid] = &root
	if err := r.arm(pid, sp); err != nil {
		r.removeAll(sp)
		detach()
		return err
	}
	// The sites left without a jump are counted by uprobes, which the
	// kernel removes when sonde's descriptors close, however it ends.
	var set *uprobeSet
	if len(r.untrapped) > 0 || len(NewSelector(opts.Only).Objects()) > 0 {
		var objs []placed
		n := 0
		for _, p := range r.untrapped {
			objs = append(objs, *p)
			n += len(p.only)
		}
		set, err = openUprobes(opts, threads, objs, res)
		switch {
		case err != nil:
			res.Notes = append(res.Notes, fmt.Sprintf("%d sites left without a trampoline were not counted: uprobes failed (%v), and sonde writes no int3 into a process it did not start", n, err))
			set = nil
		case n > 0:
			res.Engine = EngineHybrid
			res.Notes = append(res.Notes, fmt.Sprintf("%d sites left without a trampoline were counted with uprobes (sonde writes no int3 into a process it did not start)", n-set.nrefused()))
			if k := set.nrefused(); k > 0 {
				res.Notes = append(res.Notes, fmt.Sprintf("%d sites were not counted: no trampoline, and the kernel's uprobes refuse their instruction", k))
			}
		}
	}
	if set != nil {
		defer set.finish(opts.CloseHelper, res)
		r.extra = set.read
	}
	for _, t := range threads {
		r.cont(t, r.threads[t], 0)
	}
	err = r.loop(ctx)
	if res.Ended == "" {
		res.Ended = "detached"
	}
	root.Ended = res.Ended
	res.Processes = r.processes()
	if err == nil && set != nil {
		err = set.read(res)
	}
	return err
}

// attachUprobes counts running process pid, whose threads are threads
// (stopped by sonde when seized), with uprobes until ctx is done or the
// process is gone.
func attachUprobes(ctx context.Context, opts *Options, plan func(int) ([]placed, error), res *Result, pid int, threads []int, seized bool) error {
	detach := func() {
		if seized {
			for _, t := range threads {
				unix.PtraceDetachSignal(t, 0)
			}
		}
	}
	objs, err := plan(pid)
	if err != nil {
		detach()
		return err
	}
	root := profile.Process{PID: int32(pid), Exe: proc.Exe(pid)}
	if st, err := proc.ReadStat(pid); err == nil {
		root.Comm, root.PPID = st.Comm, int32(st.PPID)
	}
	set, err := openUprobes(opts, threads, objs, res)
	if err != nil {
		detach()
		return err
	}
	res.Engine = EngineUprobe
	if n := set.nrefused(); n > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d sites the kernel's uprobes refuse were not counted (an attached process gets no breakpoint of sonde's)", n))
	}
	if !seized {
		threads = nil
	}
	err = countUprobesAttached(ctx, pid, threads, set, res, opts)
	root.Ended = res.Ended
	res.Processes = []profile.Process{root}
	return err
}

// whyNoPtrace says why process pid cannot be traced: another tracer
// (TracerPid in /proc/PID/status), Yama's ptrace_scope, or permission.
func whyNoPtrace(pid int) string {
	if who, ok := tracerOf(pid); ok {
		return "already traced by " + who
	}
	if data, err := os.ReadFile("/proc/sys/kernel/yama/ptrace_scope"); err == nil {
		if v := strings.TrimSpace(string(data)); v != "0" {
			return fmt.Sprintf("Yama ptrace_scope is %s", v)
		}
	}
	return "no permission (seccomp, or another user's process)"
}

// seizeAll attaches to every thread of pid and stops each (PTRACE_SEIZE,
// PTRACE_INTERRUPT), repeating until no new thread appears.
func seizeAll(pid int) ([]int, error) {
	seized := map[int]bool{}
	var order []int
	for {
		tids, err := proc.Threads(pid)
		if err != nil {
			return order, fmt.Errorf("threads of process %d: %w", pid, err)
		}
		added := false
		for _, t := range tids {
			if seized[t] {
				continue
			}
			if err := unix.PtraceSeize(t, seizeOptions); err != nil {
				if errors.Is(err, unix.ESRCH) {
					continue
				}
				for _, s := range order {
					unix.PtraceDetachSignal(s, 0)
				}
				return nil, seizeError(pid, t, err)
			}
			unix.PtraceInterrupt(t)
			for {
				_, ws, err := unix.Wait4(t, false)
				if err != nil || ws.Stopped() || ws.Exited() || ws.Signaled() {
					break
				}
			}
			seized[t] = true
			order = append(order, t)
			added = true
		}
		if !added {
			return order, nil
		}
	}
}

// waitBriefly is the polling interval of an attached run's event loop.
func waitBriefly() { time.Sleep(time.Millisecond) }
