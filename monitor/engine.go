package monitor

import (
	"context"
	"errors"
	"fmt"
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
	if engine != EnginePtrace {
		set, err := openUprobes(opts, []int{pid}, objs, res)
		if err == nil && set.nrefused() == 0 {
			res.Engine = EngineUprobe
			err = countUprobesLaunched(pid, set, res, opts.CloseHelper)
			root.Ended = res.Ended
			res.Processes = []profile.Process{root}
			res.Notes = append(res.Notes, "uprobe engine: threads and children are counted (programs they exec only where they run the probed objects); per-process counts are not kept")
			return err
		}
		if err == nil {
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
			if err := countPtraceLaunched(ctx, opts, res, only, pid, &root); err != nil {
				return err
			}
			return set.read(res)
		}
		if engine == EngineUprobe || !errors.Is(err, ErrUprobe) {
			kill()
			return err
		}
		if opts.Notice != nil {
			fmt.Fprintf(opts.Notice, "sonde count: %v; counting with ptrace breakpoints instead\n", err)
		}
		res.Notes = append(res.Notes, fmt.Sprintf("uprobes failed (%v): counted with ptrace", err))
	}
	res.Engine = EnginePtrace
	return countPtraceLaunched(ctx, opts, res, plan, pid, &root)
}

// countPtraceLaunched counts the launched process pid, stopped at its entry
// point, with breakpoints at the sites plan gives.
func countPtraceLaunched(ctx context.Context, opts *Options, res *Result, plan func(int) ([]placed, error), pid int, root *profile.Process) error {
	r := newPtraceRun(opts, res, plan)
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
// done or the process ends, and detaches.
func attachAndCount(ctx context.Context, opts *Options, engine EngineKind, plan func(int) ([]placed, error), res *Result) error {
	pid := opts.PID
	threads, err := seizeAll(pid)
	if err != nil {
		return err
	}
	detach := func() {
		for _, t := range threads {
			unix.PtraceDetachSignal(t, 0)
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
	if engine != EnginePtrace {
		set, err := openUprobes(opts, threads, objs, res)
		if err == nil {
			res.Engine = EngineUprobe
			err = countUprobesAttached(ctx, pid, threads, set, res, opts.CloseHelper)
			root.Ended = res.Ended
			res.Processes = []profile.Process{root}
			return err
		}
		if engine == EngineUprobe || !errors.Is(err, ErrUprobe) {
			detach()
			return err
		}
		if opts.Notice != nil {
			fmt.Fprintf(opts.Notice, "sonde count: %v; counting with ptrace breakpoints instead\n", err)
		}
	}
	res.Engine = EnginePtrace
	r := newPtraceRun(opts, res, plan)
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
	r.armRtld(pid, sp)
	for _, t := range threads {
		r.cont(t, r.threads[t], 0)
	}
	err = r.loop(ctx)
	if res.Ended == "" {
		res.Ended = "detached"
	}
	root.Ended = res.Ended
	res.Processes = r.processes()
	return err
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
