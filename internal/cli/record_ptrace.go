package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/unix"
	"sonde/profile/datafile"
	"sonde/sample"
	"sonde/unwind"
)

// chooseSampler resolves --sampler: auto picks perf events unless the
// kernel refuses them (perf_event_paranoid, seccomp, a container), and
// then says so in one line. The ptrace sampler unwinds every stack with
// the CFI unwinder, so a call graph asked as fp becomes dwarf there.
func chooseSampler(e *env, verb, flag string, opts *sample.Options) (string, error) {
	switch flag {
	case "perf":
		return "perf", nil
	case "ptrace":
	case "auto":
		err := perfevent.Probe(false)
		if err == nil {
			return "perf", nil
		}
		if !errors.Is(err, perfevent.ErrPermission) {
			return "perf", nil // another failure: let record report it
		}
		fmt.Fprintf(e.stderr, "sonde %s: %v: using the ptrace sampler (slower; see sonde doctor)\n", verb, err)
	default:
		return "", fmt.Errorf("--sampler %q: want auto, perf or ptrace", flag)
	}
	if opts.CallGraph == sample.CallGraphFP {
		opts.CallGraph = sample.CallGraphDWARF
	}
	if opts.CallGraph == sample.CallGraphDWARF && opts.Unwinder == nil {
		opts.Unwinder = unwind.NewDWARF()
	}
	if opts.Kernel {
		fmt.Fprintf(e.stderr, "sonde %s: -k: the ptrace sampler sees user frames only\n", verb)
		opts.Kernel = false
	}
	return "ptrace", nil
}

// collectPtrace runs the ptrace sampler until the command exits, or until a
// signal, --duration or q for -p.
func (r *recording) collectPtrace(s *sample.Sampler, w *datafile.Writer, sigs chan os.Signal) collected {
	e := r.e
	c := collected{startFail: -1}
	target := sample.PtraceTarget{PIDs: r.pids}
	var cmd *exec.Cmd
	wait := func() {}
	if len(r.cmd) > 0 {
		cmd = exec.Command(r.cmd[0], r.cmd[1:]...)
		cmd.Stdin = e.stdin
		if r.cmdStdin != nil {
			cmd.Stdin = r.cmdStdin
		}
		// The sampler reaps the command, never cmd.Wait: copy its
		// output through pipes that are awaited (see targetOutputs).
		_, wt, err := targetOutputs(e, cmd)
		if err != nil {
			c.startFail = r.failPerm(err)
			return c
		}
		wait = wt
		target.Cmd = cmd
	}
	stop := make(chan struct{})
	type result struct {
		ws  syscall.WaitStatus
		err error
	}
	res := make(chan result, 1)
	go func() {
		ws, err := s.RunPtrace(target, stop)
		res <- result{ws, err}
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
	stopOnce := func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
	}
	u0, s0, _ := unix.Getrusage(true)
	var out result
loop:
	for {
		select {
		case out = <-res:
			wait() // the command has ended: its output is all in e's writers
			break loop
		case <-timeout:
			stopOnce()
		case sig := <-sigs:
			if cmd == nil {
				stopOnce()
			} else if sig == syscall.SIGTERM && cmd.Process != nil {
				cmd.Process.Signal(sig)
			}
		case <-liveTick:
			r.live(s)
		case <-r.quit:
			if cmd == nil {
				stopOnce()
			} else if cmd.Process != nil {
				cmd.Process.Signal(syscall.SIGTERM)
			}
			r.quit = nil
		}
	}
	if out.err != nil && s.Stats().Samples == 0 && cmd != nil && cmd.Process == nil {
		c.startFail = r.failPerm(out.err)
		return c
	}
	c.err = out.err
	if cmd != nil {
		ws := out.ws
		how := fmt.Sprintf("exit %d", ws.ExitStatus())
		c.status = ws.ExitStatus()
		if ws.Signaled() {
			c.status = 128 + int(ws.Signal())
			how = "killed by " + signalName(ws.Signal())
		}
		w.WriteProcessEnd(int32(cmd.Process.Pid), how)
		// sonde reaped the command itself: its CPU time is in sonde's
		// children's rusage.
		if u1, s1, err := unix.Getrusage(true); err == nil {
			c.user, c.sys, c.haveCPU = time.Duration(u1-u0), time.Duration(s1-s0), true
		}
		cmd.Process.Release()
	}
	return c
}
