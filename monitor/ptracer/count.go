package ptracer

import (
	"context"
	"fmt"

	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/profile"
)

// CountLaunched counts the launched process pid, traced by t and stopped
// at its start point (Launch), with breakpoints at the sites plan gives;
// extra, when not nil, adds the counts of uprobes beside them to
// checkpoints.
func CountLaunched(ctx context.Context, t *Tracer, opts *counting.Options, res *counting.Result, plan func(int) ([]counting.Placed, error), pid int, root *profile.Process, extra func(*counting.Result) error) error {
	r := newPtraceRun(t, opts, res, plan)
	r.extra = extra
	r.root = pid
	tr := t.Tracee(pid)
	sp, err := r.newSpace(pid)
	if err != nil || tr == nil {
		unix.Kill(pid, unix.SIGKILL)
		if err == nil {
			err = fmt.Errorf("process %d is not traced", pid)
		}
		return err
	}
	sp.refs = 1
	tr.Data.sp = sp
	r.procs[pid] = root
	if err := r.arm(pid, sp); err != nil {
		unix.Kill(pid, unix.SIGKILL)
		return err
	}
	r.armRtld(pid, sp)
	r.cont(tr, 0)
	err = r.loop(ctx)
	res.Processes = r.processes()
	return err
}

// Attached is a process sonde attached to, its threads stopped and its
// sites armed with trampolines by Attach, ready to Run.
type Attached struct {
	r       *ptraceRun
	threads []*tracee
	root    *profile.Process
}

// Attach arms the sites plan gives in process pid, whose threads t has
// seized and stopped (SeizeAll), with trampolines: no int3 of sonde's
// goes into a process it did not start (see Untrapped). root describes
// the process; Run sets how it ended. When Attach fails, what it wrote is
// removed; the threads are still stopped and traced.
func Attach(t *Tracer, opts *counting.Options, res *counting.Result, plan func(int) ([]counting.Placed, error), pid int, root *profile.Process) (*Attached, error) {
	r := newPtraceRun(t, opts, res, plan)
	r.attached = true
	sp, err := r.newSpace(pid)
	if err != nil {
		return nil, err
	}
	var threads []*tracee
	for tr := range t.All() {
		if tr.PID == pid {
			tr.Data.sp = sp
			sp.refs++
			threads = append(threads, tr)
		}
	}
	r.procs[pid] = root
	if err := r.arm(pid, sp); err != nil {
		r.removeAll(sp)
		return nil, err
	}
	return &Attached{r: r, threads: threads, root: root}, nil
}

// Untrapped returns the sites Attach left without a trampoline, by
// object (Placed.Only holds them): uprobes may count them.
func (a *Attached) Untrapped() []counting.Placed {
	var objs []counting.Placed
	for _, p := range a.r.untrapped {
		objs = append(objs, *p)
	}
	return objs
}

// Run lets the attached process run and counts until ctx is done or the
// process is gone, then removes every trampoline and detaches; extra,
// when not nil, adds the counts of uprobes beside them to checkpoints.
// It fills the result's Ended and Processes.
func (a *Attached) Run(ctx context.Context, extra func(*counting.Result) error) error {
	r := a.r
	r.extra = extra
	for _, tr := range a.threads {
		r.cont(tr, 0)
	}
	err := r.loop(ctx)
	if r.res.Ended == "" {
		r.res.Ended = "detached"
	}
	a.root.Ended = r.res.Ended
	r.res.Processes = r.processes()
	return err
}
