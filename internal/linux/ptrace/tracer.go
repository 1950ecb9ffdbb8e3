package ptrace

import (
	"errors"
	"fmt"
	"iter"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"

	"sonde/internal/linux/unix"
	"sonde/proc"
)

// Follow are the options that make every new thread and process of a
// tracee a tracee too (PTRACE_O_TRACEFORK, TRACEVFORK, TRACECLONE) and
// report exec (PTRACE_O_TRACEEXEC).
const Follow = unix.PTRACE_O_TRACEFORK | unix.PTRACE_O_TRACEVFORK | unix.PTRACE_O_TRACECLONE | unix.PTRACE_O_TRACEEXEC

// EventKind says what stopped or ended a tracee.
type EventKind uint8

// The events a Tracer reports. After every kind but Exited and
// GroupStopped the tracee is stopped, and stays so until the client calls
// Cont.
const (
	// Exited: the thread has ended (Event.Status); it is traced no more.
	Exited EventKind = iota + 1
	// Forked, Vforked, Cloned: the tracee created Event.Child, which is
	// traced too (PTRACE_EVENT_FORK, VFORK, CLONE). A vfork parent
	// waits for its child to exec or exit once continued.
	Forked
	Vforked
	Cloned
	// Execed: the tracee's process runs a new program
	// (PTRACE_EVENT_EXEC). Its other threads are gone; the tracee is
	// now the process's only thread, whose id is the process's and was
	// Event.OldTID before the exec.
	Execed
	// Interrupted: the stop the client asked for with Interrupt
	// (PTRACE_EVENT_STOP).
	Interrupted
	// GroupStopped: a stop signal (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU,
	// Event.Sig) put the process in a group-stop. The Tracer has left the
	// tracee stopped with PTRACE_LISTEN, as without a tracer: a SIGCONT
	// resumes it. For information only.
	GroupStopped
	// Signaled: a signal-delivery stop: the thread is about to receive
	// Event.Sig. Cont(tr, int(Event.Sig)) delivers it unchanged.
	Signaled
)

func (k EventKind) String() string {
	switch k {
	case Exited:
		return "exited"
	case Forked:
		return "forked"
	case Vforked:
		return "vforked"
	case Cloned:
		return "cloned"
	case Execed:
		return "execed"
	case Interrupted:
		return "interrupted"
	case GroupStopped:
		return "group-stopped"
	case Signaled:
		return "signaled"
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is one stop or end of a tracee, decoded.
type Event[T any] struct {
	Kind   EventKind
	Tracee *Tracee[T]
	// Status is the wait status: the exit status or killing signal for
	// Exited.
	Status unix.WaitStatus
	// Sig is the signal of a Signaled or GroupStopped event.
	Sig syscall.Signal
	// Child is the new tracee of Forked, Vforked and Cloned: a thread of
	// the tracee's process (Child.PID == Tracee.PID) or a new process
	// (Child.PID == Child.TID).
	Child *Tracee[T]
	// OldTID is the thread id the Execed tracee had before the exec.
	OldTID int
	// Gone are the other threads of an Execed tracee's process, which
	// the exec ended: the Tracer has forgotten them.
	Gone []*Tracee[T]
}

// Tracee is one traced thread. Data is the client's; the rest is the
// Tracer's and is read through the methods.
type Tracee[T any] struct {
	TID int // the thread
	PID int // its process (thread group)
	// Data is the client's own state of the thread.
	Data T

	seen      bool // has reported its first stop (a seized thread has none)
	group     bool // in a group-stop, under PTRACE_LISTEN
	ownStop   bool // the SIGSTOP that held it at exec (Launch) is the Tracer's
	asked     bool // interrupted by Interrupt, its stop not yet continued
	stopped   bool // in a ptrace-stop the client has not ended
	detachSig int  // the signal to deliver if detached in this stop
	step      bool // last resumed by Step: the Tracer's own resumes step too
	// born says the client has seen the event that made the tracee and
	// resumed its parent since (or the tracee was launched or seized):
	// until then its stops are held (see Tracer).
	born bool
	// held is the stop of an unborn tracee, kept until it is born.
	held *unix.WaitStatus
	// newborn are the children of the tracee's current stop's event,
	// born when the client resumes it.
	newborn []*Tracee[T]
}

// Asked reports whether the client interrupted tr and has not continued it
// since.
func (tr *Tracee[T]) Asked() bool { return tr.asked }

// Stopped reports whether tr is in a ptrace-stop that the client has not
// ended (Cont, Step, Detach).
func (tr *Tracee[T]) Stopped() bool { return tr.stopped }

// Running reports whether tr was resumed and has reported no stop since:
// neither stopped nor in a group-stop.
func (tr *Tracee[T]) Running() bool { return !tr.stopped && !tr.group }

// Signal returns the signal tr is stopped to receive (the Sig of its
// Signaled event, or one seen by DetachAll), which Detach and DetachAll
// deliver; 0 when none.
func (tr *Tracee[T]) Signal() int { return tr.detachSig }

// DropSignal makes the detach of stopped tracee tr deliver no signal: the
// client has dealt with the one it was stopped for (a trap of its own).
func (tr *Tracee[T]) DropSignal() { tr.detachSig = 0 }

// Interruptible reports whether Interrupt makes sense for tr now: it has
// reported its attach stop, is not in a group-stop, and is neither stopped
// nor asked to stop already.
func (tr *Tracee[T]) Interruptible() bool {
	return tr.seen && !tr.group && !tr.asked && !tr.stopped
}

// Tracer traces threads with PTRACE_SEIZE and decodes their stops into
// Events. The kernel takes ptrace requests for a tracee only from the
// thread that attached it, so a Tracer lives on one OS thread: it is made
// by Run, and its methods must be called from Run's fn (or functions it
// calls on the same goroutine), never concurrently.
//
// A Tracer does what every tracer of sonde must do, the same way: a new
// tracee's attach stop is continued; the SIGSTOP that held a launched
// command at its exec is swallowed; a group-stop is kept (PTRACE_LISTEN),
// as it would be without a tracer, and its end (SIGCONT) continued; the
// tracee of a fork, vfork or clone is added, and the threads an exec ends
// are dropped. What remains is reported as an Event, the tracee left
// stopped for the client to continue. A stop the Tracer ends itself
// resumes the tracee the way the client last did (Cont or Step), so that
// a single step survives a group-stop.
//
// A new tracee runs only once the client has seen its parent's Forked,
// Vforked or Cloned event and resumed the parent (Cont, Step or Detach):
// its attach stop, which the kernel may report before the parent's
// event, is held until then, so that the client can set up its state of
// the child (its Data) before the child runs a single instruction.
type Tracer[T any] struct {
	options int
	threads map[int]*Tracee[T]
	queue   []Event[T] // events decoded by a Poll pass, not yet returned
}

// Run calls fn with a new Tracer on a goroutine locked to an OS thread of
// its own, and returns fn's error. options are the ptrace options of every
// tracee (Follow, with PTRACE_O_EXITKILL and the like). The thread is never
// unlocked: Go ends it with the goroutine, and the kernel then detaches
// whatever it still traces and lets it run, so no thread of a target is
// left stopped for a tracer that has gone away, even when fn returns
// without detaching. That thread is never the process's main thread, which
// Go does not end.
func Run[T any](options int, fn func(*Tracer[T]) error) error {
	done := make(chan error, 1)
	trace := func(done chan<- error) {
		runtime.LockOSThread()
		t := &Tracer[T]{options: options, threads: make(map[int]*Tracee[T])}
		done <- fn(t)
	}
	go func() {
		runtime.LockOSThread()
		if unix.Gettid() != os.Getpid() {
			trace(done)
			return
		}
		// The main thread: Go never ends it (a goroutine locked to it
		// that exits leaves it wedged), so what the Tracer could not
		// detach would stay stopped for as long as sonde lives. Trace
		// from another thread: this goroutine holds the main one
		// meanwhile, so the new goroutine cannot land on it.
		inner := make(chan error, 1)
		go trace(inner)
		err := <-inner
		runtime.UnlockOSThread()
		done <- err
	}()
	return <-done
}

// Len returns the number of tracees.
func (t *Tracer[T]) Len() int { return len(t.threads) }

// Tracee returns the tracee of thread tid, or nil.
func (t *Tracer[T]) Tracee(tid int) *Tracee[T] { return t.threads[tid] }

// All yields every tracee. The loop may Interrupt, Cont and Detach them.
func (t *Tracer[T]) All() iter.Seq[*Tracee[T]] {
	return func(yield func(*Tracee[T]) bool) {
		for _, tr := range t.threads {
			if !yield(tr) {
				return
			}
		}
	}
}

// Launch starts cmd traced, so that it stops right after its execve,
// before running an instruction of the new program; calls ready with its
// tracee there (the client records the process; ready may be nil); and
// lets it run. cmd is the Tracer's child: Exited reports its end, and
// nobody may call cmd.Wait. If ready fails, the command is killed and
// reaped and the error returned.
func (t *Tracer[T]) Launch(cmd *exec.Cmd, ready func(*Tracee[T]) error) (*Tracee[T], error) {
	pid, err := StartDetachedStopped(cmd)
	if err != nil {
		return nil, err
	}
	kill := func() {
		unix.Kill(pid, syscall.SIGKILL)
		for {
			if _, ws, err := unix.Wait4(pid, false); err != nil || ws.Exited() || ws.Signaled() {
				break
			}
		}
	}
	// Seize it once the SIGSTOP has stopped it, so that the seize's
	// report of that group-stop is its attach stop and the Tracer's own
	// (a seize while the SIGSTOP is being delivered would report the
	// delivery instead, also the Tracer's: ownStop covers both).
	if ws, err := unix.WaitStopped(pid); err != nil || !ws.Stopped() {
		kill()
		return nil, fmt.Errorf("start %s: it did not stop at exec (%v, %v)", cmd.Path, ws, err)
	}
	if err := unix.PtraceSeize(pid, t.options); err != nil {
		kill()
		return nil, fmt.Errorf("ptrace seize %d: %w", pid, err)
	}
	tr := &Tracee[T]{TID: pid, PID: pid, ownStop: true, born: true}
	t.threads[pid] = tr
	if ready != nil {
		if err := ready(tr); err != nil {
			delete(t.threads, pid)
			kill()
			return nil, err
		}
	}
	if !tr.seen {
		// In case the SIGSTOP has already stopped it; a ready that ran
		// it (and saw its attach stop) has sent its own.
		unix.Kill(pid, unix.SIGCONT)
	}
	return tr, nil
}

// SeizeError is a failed PTRACE_SEIZE of thread TID of process PID.
type SeizeError struct {
	PID, TID int
	Err      error
}

func (e *SeizeError) Error() string {
	return fmt.Sprintf("ptrace seize thread %d of process %d: %v", e.TID, e.PID, e.Err)
}

// Unwrap returns the system call's error (EPERM, ...).
func (e *SeizeError) Unwrap() error { return e.Err }

// Seize traces every thread of running process pid that it does not trace
// yet (PTRACE_SEIZE, which does not stop them) and returns their tracees.
// A thread that exits meanwhile is skipped. On an error (a *SeizeError
// when the seize failed) the threads seized so far stay traced:
// DetachAll lets them go.
func (t *Tracer[T]) Seize(pid int) ([]*Tracee[T], error) {
	tids, err := proc.Threads(pid)
	if err != nil {
		return nil, err
	}
	var out []*Tracee[T]
	for _, tid := range tids {
		if _, ok := t.threads[tid]; ok {
			continue
		}
		if err := unix.PtraceSeize(tid, t.options); err != nil {
			if errors.Is(err, unix.ESRCH) {
				continue
			}
			return out, &SeizeError{PID: pid, TID: tid, Err: err}
		}
		tr := &Tracee[T]{TID: tid, PID: pid, seen: true, born: true}
		t.threads[tid] = tr
		out = append(out, tr)
	}
	return out, nil
}

// Interrupt asks running tracee tr to stop (PTRACE_INTERRUPT); the stop
// comes as an Interrupted event, unless another stop comes first (an exec,
// a fork, a signal): the kernel lets any trap take the place of a pending
// interrupt. Either way tr is Asked until the client continues it.
func (t *Tracer[T]) Interrupt(tr *Tracee[T]) error {
	if err := unix.PtraceInterrupt(tr.TID); err != nil {
		return err
	}
	tr.asked = true
	return nil
}

// Cont resumes stopped tracee tr, delivering signal sig (0 for none).
func (t *Tracer[T]) Cont(tr *Tracee[T], sig int) error {
	tr.step = false
	return t.resume(tr, sig)
}

// Step resumes stopped tracee tr for one instruction (PTRACE_SINGLESTEP),
// delivering signal sig (0 for none): the step's end is a Signaled
// SIGTRAP event, unless another stop comes first.
func (t *Tracer[T]) Step(tr *Tracee[T], sig int) error {
	tr.step = true
	return t.resume(tr, sig)
}

// resume resumes tr as the client last did (Cont or Step), and lets the
// children of its stop's event run.
func (t *Tracer[T]) resume(tr *Tracee[T], sig int) error {
	tr.asked, tr.stopped, tr.detachSig = false, false, 0
	t.bear(tr)
	if tr.step {
		return unix.PtraceSingleStep(tr.TID, sig)
	}
	return unix.PtraceCont(tr.TID, sig)
}

// bear makes the children of tr's stop born: a child held at its attach
// stop is continued, another stop held is queued as its event.
func (t *Tracer[T]) bear(tr *Tracee[T]) {
	for _, c := range tr.newborn {
		c.born = true
		if c.held == nil {
			continue
		}
		ws := *c.held
		c.held = nil
		if t.threads[c.TID] != c {
			continue // detached meanwhile
		}
		if ws>>16 == unix.PTRACE_EVENT_STOP && c.seen && c.stopped && !c.asked {
			t.resume(c, 0) // its attach stop
			continue
		}
		if ev, ok := t.Handle(c.TID, ws); ok {
			t.queue = append(t.queue, ev)
		}
	}
	tr.newborn = nil
}

// Detach lets stopped tracee tr go (PTRACE_DETACH), delivering signal sig
// (0 for none; tr.Signal() for the one it was stopped for), and forgets
// it.
func (t *Tracer[T]) Detach(tr *Tracee[T], sig int) error {
	t.bear(tr)
	delete(t.threads, tr.TID)
	return unix.PtraceDetachSignal(tr.TID, sig)
}

// Wait returns the next event of any tracee, waiting for one when block
// is set; ok is false when none is ready (without block). It waits with
// wait4(-1), which costs one system call per event whatever the number
// of tracees, but also reaps the caller's children that are not traced:
// their exit comes as the Exited event of a tracee the client never saw.
// An error (ECHILD: nothing left to wait for) ends the waiting.
func (t *Tracer[T]) Wait(block bool) (ev Event[T], ok bool, err error) {
	for {
		if len(t.queue) > 0 {
			return t.pop(), true, nil
		}
		tid, ws, err := unix.Wait4(-1, !block)
		if err != nil {
			return ev, false, fmt.Errorf("wait for tracees: %w", err)
		}
		if tid == 0 {
			return ev, false, nil
		}
		if ev, ok := t.Handle(tid, ws); ok {
			return ev, true, nil
		}
	}
}

// WaitFor returns the next event of tracee tr, waiting for it when block
// is set; ok is false when none is ready (without block). Events of other
// tracees stay queued.
func (t *Tracer[T]) WaitFor(tr *Tracee[T], block bool) (ev Event[T], ok bool, err error) {
	for {
		for i, q := range t.queue {
			if q.Tracee == tr {
				t.queue = append(t.queue[:i], t.queue[i+1:]...)
				return q, true, nil
			}
		}
		tid, ws, err := unix.Wait4(tr.TID, !block)
		if err != nil {
			return ev, false, fmt.Errorf("wait for thread %d: %w", tr.TID, err)
		}
		if tid != tr.TID {
			return ev, false, nil
		}
		if ev, ok := t.Handle(tid, ws); ok {
			return ev, true, nil
		}
	}
}

// pop returns the first queued event.
func (t *Tracer[T]) pop() Event[T] {
	ev := t.queue[0]
	t.queue[0] = Event[T]{}
	t.queue = t.queue[1:]
	return ev
}

// Poll returns the next event of any tracee without blocking; ok is false
// when none has one. Each tracee is waited for by its own id: wait4(-1)
// would also reap children of the calling process that are not traced.
func (t *Tracer[T]) Poll() (ev Event[T], ok bool) {
	if len(t.queue) == 0 {
		for tid := range t.threads {
			wpid, ws, err := unix.Wait4(tid, true)
			if err != nil {
				if errors.Is(err, syscall.ECHILD) {
					delete(t.threads, tid) // gone without a word (reaped elsewhere)
				}
				continue
			}
			if wpid == tid {
				if ev, ok := t.Handle(tid, ws); ok {
					t.queue = append(t.queue, ev)
				}
			}
		}
	}
	if len(t.queue) == 0 {
		return ev, false
	}
	return t.pop(), true
}

// Handle decodes wait status ws of thread tid, got by Poll or by the
// caller's own wait4, does what every tracer does with it (see Tracer),
// and returns the event to report; ok is false when there is none (the
// Tracer has dealt with the stop and continued the tracee).
func (t *Tracer[T]) Handle(tid int, ws unix.WaitStatus) (ev Event[T], ok bool) {
	tr, known := t.threads[tid]
	if !known {
		// A new thread or process whose attach stop came before its
		// parent's event.
		tr = &Tracee[T]{TID: tid, PID: tgid(tid)}
		t.threads[tid] = tr
	}
	ev = Event[T]{Tracee: tr, Status: ws}
	switch {
	case ws.Exited() || ws.Signaled():
		delete(t.threads, tid)
		ev.Kind = Exited
		return ev, true
	case !ws.Stopped():
		return ev, false
	}
	tr.stopped = true
	sig := ws.StopSignal()
	if !tr.born {
		// Not yet announced by its parent's event: held (see Tracer).
		if !tr.seen && int(ws)>>16 == unix.PTRACE_EVENT_STOP {
			tr.seen = true
		}
		w := ws
		tr.held = &w
		return ev, false
	}
	switch e := int(ws) >> 16; e {
	case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE:
		ev.Kind = Forked
		switch e {
		case unix.PTRACE_EVENT_VFORK:
			ev.Kind = Vforked
		case unix.PTRACE_EVENT_CLONE:
			ev.Kind = Cloned
		}
		msg, err := unix.PtraceGetEventMsg(tid)
		if err != nil {
			// The parent died under us (SIGKILL): nothing to report
			// but its exit, which comes next.
			t.resume(tr, 0)
			return ev, false
		}
		child := int(msg)
		c, ok := t.threads[child]
		if !ok {
			c = &Tracee[T]{TID: child, PID: child}
			if e == unix.PTRACE_EVENT_CLONE {
				c.PID = tgid(child)
			}
			t.threads[child] = c
		}
		if !c.born {
			tr.newborn = append(tr.newborn, c)
		}
		ev.Child = c
		return ev, true
	case unix.PTRACE_EVENT_EXEC:
		ev.Kind, ev.OldTID = Execed, tid
		if old, err := unix.PtraceGetEventMsg(tid); err == nil {
			ev.OldTID = int(old)
			if o, ok := t.threads[int(old)]; ok && int(old) != tid {
				ev.Gone = append(ev.Gone, o)
				delete(t.threads, int(old))
			}
		}
		for o, other := range t.threads {
			if other.PID == tr.PID && o != tid {
				ev.Gone = append(ev.Gone, other)
				delete(t.threads, o)
			}
		}
		return ev, true
	case unix.PTRACE_EVENT_STOP:
		switch {
		case !tr.seen:
			// The attach stop of a new tracee, or the report of the
			// group-stop a launched command was seized in, which
			// is its own SIGSTOP's.
			tr.seen = true
			if sig == unix.SIGSTOP {
				tr.ownStop = false
			}
			t.resume(tr, 0)
			return ev, false
		case sig == unix.SIGSTOP || sig == unix.SIGTSTP || sig == unix.SIGTTIN || sig == unix.SIGTTOU:
			if tr.ownStop && sig == unix.SIGSTOP {
				tr.ownStop = false
				t.resume(tr, 0)
				return ev, false
			}
			tr.group, tr.asked, tr.stopped, tr.detachSig = true, false, false, 0
			unix.PtraceListen(tid)
			ev.Kind, ev.Sig = GroupStopped, sig
			return ev, true
		case tr.asked:
			tr.group = false
			ev.Kind = Interrupted
			return ev, true
		default:
			// The end of a group-stop (a SIGCONT; the tracee may
			// have been under PTRACE_LISTEN).
			tr.group = false
			t.resume(tr, 0)
			return ev, false
		}
	default:
		tr.seen = true
		if sig == unix.SIGSTOP && tr.ownStop {
			tr.ownStop = false
			t.resume(tr, 0) // the Tracer's own SIGSTOP: swallowed
			return ev, false
		}
		tr.detachSig = int(sig)
		ev.Kind, ev.Sig = Signaled, sig
		return ev, true
	}
}

// DetachAll stops every tracee and detaches from it, leaving it running as
// if never traced; the signal a tracee was stopped to receive is delivered
// by the detach. It never blocks on one thread (a thread in vfork waits for
// its child, which may wait for the tracer): tracees that have not stopped
// by timeout are left to the kernel, which detaches them when the Tracer's
// thread ends (see Run). Tracees born meanwhile are detached at their attach
// stop. Without prepare, each tracee is detached as soon as it stops, so
// that a vfork child lets its parent stop. prepare, when not nil, is called
// once every tracee has stopped (or timeout has passed), before any is
// detached: a client that changed the tracees' code puts it back there.
// DetachAll returns the Exited events it saw; the Tracer is empty after
// it.
func (t *Tracer[T]) DetachAll(timeout time.Duration, prepare func()) []Event[T] {
	t.queue = nil
	for _, tr := range t.threads {
		if !tr.stopped && !tr.group {
			unix.PtraceInterrupt(tr.TID)
		}
	}
	var exits []Event[T]
	detach := func(tid int, tr *Tracee[T]) {
		if tr.stopped || tr.group {
			unix.PtraceDetachSignal(tid, tr.detachSig)
		}
		delete(t.threads, tid)
	}
	if prepare == nil {
		for tid, tr := range t.threads {
			if tr.stopped || tr.group {
				detach(tid, tr)
			}
		}
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) && t.running() {
		progress := false
		for tid, tr := range t.threads {
			if tr.stopped || tr.group {
				continue
			}
			wpid, ws, err := unix.Wait4(tid, true)
			if err != nil {
				delete(t.threads, tid)
				continue
			}
			if wpid != tid {
				continue
			}
			progress = true
			switch {
			case ws.Exited() || ws.Signaled():
				delete(t.threads, tid)
				exits = append(exits, Event[T]{Kind: Exited, Tracee: tr, Status: ws})
			case ws.Stopped():
				tr.stopped = true
				switch e := int(ws) >> 16; e {
				case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE:
					// The new task is traced too: detach it at its
					// attach stop.
					if msg, err := unix.PtraceGetEventMsg(tid); err == nil {
						if _, ok := t.threads[int(msg)]; !ok {
							t.threads[int(msg)] = &Tracee[T]{TID: int(msg), PID: int(msg)}
						}
					}
				case 0:
					if !(ws.StopSignal() == unix.SIGSTOP && tr.ownStop) {
						tr.detachSig = int(ws.StopSignal()) // not ours: deliver it
					}
				}
				if prepare == nil {
					detach(tid, tr)
				}
			}
		}
		if !progress {
			unix.Nanosleep(100 * time.Microsecond)
		}
	}
	if prepare != nil {
		prepare()
	}
	for tid, tr := range t.threads {
		detach(tid, tr)
	}
	return exits
}

// running reports whether a tracee is neither stopped nor in a group-stop.
func (t *Tracer[T]) running() bool {
	for _, tr := range t.threads {
		if !tr.stopped && !tr.group {
			return true
		}
	}
	return false
}

// tgid returns the process of thread tid (Tgid in /proc/TID/status), or
// tid when it cannot be read.
func tgid(tid int) int {
	if g, err := proc.Tgid(tid); err == nil {
		return g
	}
	return tid
}
