package ptracer

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/monitor/plancache"
	"sonde/proc"
	"sonde/profile"
)

// Breakpoints: an int3 at each site; on a hit it
// counts, puts the original byte back, single-steps the thread over it and
// re-inserts the int3. While one thread steps over a removed breakpoint,
// every other thread of the address space is stopped, so none runs past the
// missing breakpoint. Forks copy the breakpoint table (the child's memory
// holds the same int3s), vfork and threads share it, exec starts a new one
// (planted when the new program reaches its entry point). Signals that are
// not sonde's go back to the tracee unchanged. One-shot (coverage)
// breakpoints are removed at their first hit and need no step.

// bp is one planted breakpoint.
type bp struct {
	orig  byte
	obj   int // counting.Result.Objects index; -1 for the internal entry breakpoint
	site  int
	entry bool // the internal breakpoint at a new program's entry point
	// rtld is the internal breakpoint at the dynamic loader's
	// _dl_debug_state, which it calls after each change of the library
	// list (dlopen, dlclose): the objects are planned again there.
	rtld bool
	// rDebug, at an rtld breakpoint, is the run-time address of the
	// loader's _r_debug (0: unknown), whose r_state says whether the list
	// is consistent (planned) or about to change (not yet: nothing new
	// is mapped). ret says _dl_debug_state is a bare ret, which the
	// tracer does for it instead of stepping over the breakpoint.
	rDebug uint64
	ret    bool
	// natural says the site's own instruction is an int3 (the program's
	// own trap): nothing is written there; a hit is counted when the
	// program's SIGTRAP comes from it, and the signal goes on to the
	// program as if sonde were not there.
	natural bool
}

// space is one address space: the breakpoints and trampoline jumps
// planted in it.
type space struct {
	bps map[uint64]*bp
	// tramps are the objects' trampoline jumps; armed the objects
	// planted.
	tramps []*armedTramps
	armed  map[armKey]bool
	mem    Memory
	pid    int // a process using it, whose memory mem is
	refs   int // threads using it
}

// Tracer is the engine's tracer (package ptrace's), which holds the
// engine's state of each traced thread. Its methods run on the thread
// that Run locks for it.
type Tracer = ptrace.Tracer[thread]

// tracee is one traced thread; event is one of its stops or its end.
type (
	tracee = ptrace.Tracee[thread]
	event  = ptrace.Event[thread]
)

// Run calls fn with a new Tracer on an OS thread of its own (ptrace.Run)
// and returns fn's error. options are the ptrace options of every tracee:
// SeizeOptions, with PTRACE_O_EXITKILL for a command sonde starts.
func Run(options int, fn func(*Tracer) error) error {
	return ptrace.Run(options, fn)
}

// thread is the engine's state of one traced thread; the Tracer keeps the
// rest (its process, whether it runs, its group-stop). A new thread or
// process gets its space from its parent's event, before it runs (the
// Tracer holds it until then).
type thread struct {
	sp      *space
	inVfork bool // blocked in vfork until its child execs or exits
	held    bool // stopped by stopOthers, to be resumed
	// deferred is a stop seen by stopOthers that the main loop must handle.
	deferred *event
	alarm    bool // the alarm's sleep(1), not the target's (uncover.go)
}

// ptraceRun is the state of one ptrace counting run.
type ptraceRun struct {
	opts  *counting.Options
	res   *counting.Result
	plan  func(pid int) ([]counting.Placed, error)
	t     *Tracer
	queue []*tracee // threads with a deferred stop
	root  int
	procs map[int]*profile.Process
	regs  unix.PtraceRegs
	// stepping is the address whose int3 is removed while a thread steps
	// over it, 0 otherwise: a fork during the step must re-plant it in the
	// child.
	stepping uint64
	planErr  error
	// at is the stopped thread that arm may run system calls in (nil:
	// the process's main thread).
	at      *tracee
	regions []*counterRegion
	// pages maps the trampoline and counter pages (remotePages; a fake
	// in tests).
	pages regionMapper
	stats trampStats
	// attached says the process was not started by sonde (-p): it must
	// survive sonde's death (SIGKILL), so no int3 of sonde's is written
	// into it, which nothing would remove. arm puts the sites it would
	// have given breakpoints in untrapped instead, for uprobes (which the
	// kernel removes when sonde's descriptors close).
	attached  bool
	untrapped map[*plancache.Object]*counting.Placed
	// trapActs are the SIGTRAP actions of the processes that take
	// SIGTRAPs of their own, by pid (see sigtrap.go).
	trapActs map[int]*kernelSigaction
	// extra adds to a checkpoint's snapshot what uprobes count beside
	// this run (nil: nothing).
	extra func(*counting.Result) error
	// nextCheckpoint is when counting.Options.Checkpoint is due.
	nextCheckpoint time.Time
	al             *alarm // wakes the loop (uncover.go); nil when none
}

// maybeCheckpoint hands counting.Options.Checkpoint a snapshot of the counts when
// one is due.
func (r *ptraceRun) maybeCheckpoint() {
	if r.opts.Checkpoint == nil {
		return
	}
	now := time.Now()
	if now.Before(r.nextCheckpoint) {
		return
	}
	r.nextCheckpoint = now.Add(counting.CheckpointEvery)
	r.opts.Checkpoint(r.res.Snapshot(func(s *counting.Result) error {
		r.creditTo(s)
		if r.extra != nil {
			return r.extra(s)
		}
		return nil
	}))
}

func newPtraceRun(t *Tracer, opts *counting.Options, res *counting.Result, plan func(int) ([]counting.Placed, error)) *ptraceRun {
	return &ptraceRun{t: t, opts: opts, res: res, plan: plan, procs: map[int]*profile.Process{},
		stats: trampStats{why: map[string]int{}}, pages: remotePages{t}}
}

func (r *ptraceRun) newSpace(pid int) (*space, error) {
	mem, err := openMem(pid)
	if err != nil {
		return nil, err
	}
	return &space{bps: map[uint64]*bp{}, armed: map[armKey]bool{}, mem: mem, pid: pid}, nil
}

func (r *ptraceRun) addProcess(pid, ppid int) {
	p := &profile.Process{PID: int32(pid), PPID: int32(ppid), Exe: proc.Exe(pid)}
	if st, err := proc.ReadStat(pid); err == nil {
		p.Comm = st.Comm
	}
	r.procs[pid] = p
}

// arm plants a breakpoint at every site of the objects mapped in process
// pid.
func (r *ptraceRun) arm(pid int, sp *space) error {
	objs, err := r.plan(pid)
	if err != nil {
		return err
	}
	tid := pid
	if r.at != nil {
		tid = r.at.TID
	}
	var rips []uint64
	ripsOK := false
	var batch []patchAt
	var bps []*bp
	var imgs []*textImage
	for i := range objs {
		p := &objs[i]
		oi := r.res.ObjectIndex(p.Obj)
		var int3 []bool // with trampolines: the sites left to breakpoints
		var img *textImage
		if !r.opts.NoTrampolines && p.Only == nil && len(p.Obj.Sites) > 0 {
			k := armKey{p.Obj, p.Maps[0].Start}
			if sp.armed[k] {
				continue
			}
			if !ripsOK {
				rips, ripsOK = r.threadPCs(sp), true
			}
			if rips == nil {
				r.stats.why["a thread's registers could not be read"] += len(p.Obj.Sites)
			} else {
				var left []int
				left, img = r.armTrampolines(tid, pid, sp, p, oi, rips)
				int3 = make([]bool, len(p.Obj.Sites))
				for _, si := range left {
					int3[si] = true
				}
				if img != nil {
					imgs = append(imgs, img)
				}
			}
			sp.armed[k] = true
		}
		for si, s := range p.Obj.Sites {
			if p.Only != nil && !p.Only[si] {
				continue
			}
			if int3 != nil && !int3[si] {
				continue
			}
			r.stats.int3++
			a, ok := p.RuntimeAddr(s.Addr)
			if !ok {
				continue
			}
			if _, dup := sp.bps[a]; dup {
				continue
			}
			b := &bp{obj: oi, site: si}
			if r.attached {
				r.untrap(sp, img, p, a, si, b)
				continue
			}
			// In the text image the jumps went into: written with them.
			if img != nil {
				if cur := img.at(a, 1); cur != nil {
					b.orig = cur[0]
					b.natural = cur[0] == breakpointInsn[0]
					img.put(a, breakpointInsn)
					sp.bps[a] = b
					continue
				}
			}
			batch = append(batch, patchAt{addr: a, bytes: breakpointInsn, idx: len(bps)})
			bps = append(bps, b)
		}
	}
	for _, img := range imgs {
		if err := img.flush(sp.mem); err != nil {
			return err
		}
	}
	return r.plantAll(sp, batch, bps)
}

// untrap is arm's part for a site of p at run-time address a in an
// attached process: an instruction that is itself an int3 (the program's)
// is watched, with nothing written; any other goes to r.untrapped, for
// uprobes. img, when not nil, holds the text with the jumps just placed.
func (r *ptraceRun) untrap(sp *space, img *textImage, p *counting.Placed, a uint64, si int, b *bp) {
	var cur [1]byte
	if img != nil {
		if c := img.at(a, 1); c != nil {
			cur[0] = c[0]
		} else if _, err := sp.mem.ReadMemory(cur[:], a); err != nil {
			return
		}
	} else if _, err := sp.mem.ReadMemory(cur[:], a); err != nil {
		return
	}
	if cur[0] == breakpointInsn[0] {
		b.orig, b.natural = cur[0], true
		sp.bps[a] = b
		return
	}
	r.stats.int3--
	if r.untrapped == nil {
		r.untrapped = map[*plancache.Object]*counting.Placed{}
	}
	u := r.untrapped[p.Obj]
	if u == nil {
		u = &counting.Placed{Obj: p.Obj, Maps: p.Maps, Only: map[int]bool{}}
		r.untrapped[p.Obj] = u
	}
	u.Only[si] = true
}

// plantAll plants the breakpoints bps at the addresses of batch (sorted,
// idx indexing bps), reading and writing runs of nearby ones in one go.
func (r *ptraceRun) plantAll(sp *space, batch []patchAt, bps []*bp) error {
	sort.Slice(batch, func(i, j int) bool { return batch[i].addr < batch[j].addr })
	var orig [1]byte
	_, err := sp.writePatchesFrom(batch, 4096, func(p *patchAt, old []byte) {
		copy(orig[:], old)
		bps[p.idx].orig = orig[0]
		// An int3 of the program's own: writing one over it changes
		// nothing, and its trap is the program's.
		bps[p.idx].natural = orig[0] == breakpointInsn[0]
		sp.bps[p.addr] = bps[p.idx]
	})
	if err != nil {
		return fmt.Errorf("plant breakpoints in process %d: %w", sp.pid, err)
	}
	return nil
}

// armRtld plants the internal breakpoint at the dynamic loader's
// _dl_debug_state in process pid, once per space, so that libraries loaded
// later (dlopen) get their breakpoints too.
func (r *ptraceRun) armRtld(pid int, sp *space) {
	if r.attached {
		// No int3 in a process sonde did not start: libraries it loads
		// later are counted by uprobes where obj: names them
		// (addUnmapped), else not.
		return
	}
	maps, err := proc.Maps(pid)
	if err != nil {
		return
	}
	for _, m := range maps {
		if !strings.Contains(filepath.Base(m.Path), "ld-linux") {
			continue
		}
		if st, ok := rtldStop(pid, maps, m.Path, sp.mem); ok {
			if _, dup := sp.bps[st.addr]; !dup {
				r.plant(sp, st.addr, &bp{obj: -1, rtld: true, rDebug: st.rDebug, ret: st.ret})
			}
		}
		return
	}
}

// threadPCs returns the pcs of the threads of sp, every one stopped; nil
// when one cannot be read.
func (r *ptraceRun) threadPCs(sp *space) []uint64 {
	pcs := []uint64{}
	var regs unix.PtraceRegs
	for o := range r.t.All() {
		if o.Data.sp != sp {
			continue
		}
		if unix.PtraceGetRegs(o.TID, &regs) != nil {
			return nil
		}
		pcs = append(pcs, pc(&regs))
	}
	return pcs
}

// plant saves the byte at a and writes the trap there.
func (r *ptraceRun) plant(sp *space, a uint64, b *bp) error {
	var orig [1]byte
	if _, err := sp.mem.ReadMemory(orig[:], a); err != nil {
		return fmt.Errorf("read text at %#x of process %d: %w", a, sp.pid, err)
	}
	if _, err := sp.mem.WriteMemory(breakpointInsn, a); err != nil {
		return fmt.Errorf("plant breakpoint at %#x of process %d: %w", a, sp.pid, err)
	}
	b.orig = orig[0]
	sp.bps[a] = b
	return nil
}

// armEntry plants the internal breakpoint at the start point (startOf)
// of the program process pid has just exec'd.
func (r *ptraceRun) armEntry(pid int, sp *space) error {
	st, err := startOf(pid, sp.mem)
	if err != nil {
		return err
	}
	return r.plant(sp, st.addr, &bp{obj: -1, entry: true, rDebug: st.rDebug, ret: st.ret})
}

// removeAll writes back every original byte of sp. The trampoline pages
// stay mapped: a thread may be inside one, and it jumps back to the
// original code, which is whole again.
func (r *ptraceRun) removeAll(sp *space) {
	r.offHops(sp)
	for a, b := range sp.bps {
		sp.mem.WriteMemory([]byte{b.orig}, a)
	}
	sp.bps = map[uint64]*bp{}
	for _, a := range sp.tramps {
		sp.unpatch(a, nil)
	}
	sp.tramps = nil
}

func (r *ptraceRun) cont(tr *tracee, sig int) {
	tr.Data.held = false
	r.t.Cont(tr, sig)
}

// live returns the number of the target's threads traced.
func (r *ptraceRun) live() int {
	n := r.t.Len()
	if r.al != nil && !r.al.gone {
		n--
	}
	return n
}

// loop handles stops until no traced thread is left, or ctx is done (then
// it detaches from everything).
func (r *ptraceRun) loop(ctx context.Context) error {
	defer r.finishTrampolines()
	every, next := uncoverMin, time.Now().Add(uncoverMin)
	uncovering := r.opts.Coverage && !r.opts.NoTrampolines
	if (uncovering || r.opts.Checkpoint != nil) && r.root != 0 {
		// -p polls with waitBriefly: no alarm needed.
		if !uncovering {
			every = counting.CheckpointEvery
		}
		if r.al = newAlarm(r.t, every); r.al != nil {
			defer r.al.stop()
		}
	}
	r.nextCheckpoint = time.Now().Add(counting.CheckpointEvery)
	maybeUncover := func() {
		r.maybeCheckpoint()
		if now := time.Now(); uncovering && !now.Before(next) {
			// Short looks while windows keep running for the first time
			// or again: the next look finds them hot.
			if n, ran := r.uncover(); n > 0 || ran {
				every = uncoverMin
			} else {
				every = min(2*every, uncoverMax)
			}
			next = now.Add(every)
			if r.al != nil {
				r.al.every.Store(int64(min(every, counting.CheckpointEvery)))
			}
		}
	}
	for r.live() > 0 {
		if r.root != 0 {
			if _, ok := r.procs[r.root]; ok && r.rootGone() {
				// The command is over: let go of what it left running.
				r.detachAll()
				break
			}
		}
		if ctx.Err() != nil && r.root == 0 {
			r.detachAll()
			r.res.Ended = "detached"
			break
		}
		var ev event
		if len(r.queue) > 0 {
			var tr *tracee
			tr, r.queue = r.queue[0], r.queue[1:]
			if tr.Data.deferred == nil {
				continue
			}
			ev, tr.Data.deferred = *tr.Data.deferred, nil
		} else {
			// -p: poll, so that ctx is seen.
			var ok bool
			var err error
			ev, ok, err = r.t.Wait(r.root != 0)
			if err != nil {
				if errors.Is(err, syscall.ECHILD) {
					break
				}
				return err
			}
			if !ok {
				maybeUncover()
				waitBriefly()
				continue
			}
		}
		if ev.Tracee.Data.alarm {
			r.al.stopped(r.t, ev)
		} else {
			r.event(ev)
			if r.planErr != nil {
				return r.planErr
			}
		}
		maybeUncover()
	}
	return nil
}

// rootGone reports whether the launched command has ended.
func (r *ptraceRun) rootGone() bool { return r.res.Ended != "" }

// event handles one event of a traced thread; the Tracer has dealt with
// attach stops, sonde's own SIGSTOP and group-stops.
func (r *ptraceRun) event(ev event) {
	tr := ev.Tracee
	switch ev.Kind {
	case ptrace.Exited:
		r.exited(tr, ev.Status)
	case ptrace.Forked, ptrace.Vforked, ptrace.Cloned:
		r.newChild(tr, ev.Kind, ev.Child)
		r.cont(tr, 0)
	case ptrace.Execed:
		r.exec(tr, ev.Gone)
	case ptrace.Interrupted:
		r.cont(tr, 0) // an interrupt stopAll gave up waiting for
	case ptrace.Signaled:
		if ev.Sig == unix.SIGTRAP {
			if r.trap(tr) {
				return
			}
			r.saveTrapAction(tr)
		}
		r.cont(tr, int(ev.Sig)) // not sonde's: back to the tracee unchanged
	}
}

// exited forgets a thread that ended.
func (r *ptraceRun) exited(tr *tracee, ws syscall.WaitStatus) {
	th := &tr.Data
	if th.sp != nil {
		th.sp.refs--
		if th.sp.refs == 0 {
			th.sp.mem.Close()
		}
	}
	if tr.TID == tr.PID {
		// A vfork parent runs again when its child exits.
		for o := range r.t.All() {
			if o.Data.inVfork && o.Data.sp == th.sp {
				o.Data.inVfork = false
			}
		}
		r.ended(tr.PID, ws)
	}
}

// ended records how process pid ended.
func (r *ptraceRun) ended(pid int, ws syscall.WaitStatus) {
	if p, ok := r.procs[pid]; ok {
		p.Ended = counting.Ended(ws)
	}
	if pid == r.root {
		r.res.Status = ws
		r.res.Ended = counting.Ended(ws)
	}
}

// newChild sets up the thread or process c that tr's fork, vfork or
// clone (kind) created; the Tracer holds c until tr is resumed.
func (r *ptraceRun) newChild(tr *tracee, kind ptrace.EventKind, c *tracee) {
	th := &tr.Data
	switch {
	case kind == ptrace.Cloned && c.PID != c.TID:
		c.Data.sp = th.sp
	case kind == ptrace.Vforked:
		// The child borrows the parent's memory until it execs or
		// exits; the parent is blocked meanwhile.
		c.Data.sp = th.sp
		th.inVfork = true
		r.addProcess(c.PID, tr.PID)
	default:
		r.addProcess(c.PID, tr.PID)
		if act := r.trapActs[tr.PID]; act != nil {
			r.trapActs[c.PID] = act // a fork copies the actions
		}
		sp, err := r.newSpace(c.PID)
		if err != nil {
			c.Data.sp = th.sp // cannot happen for a live child; share rather than lose it
		} else {
			for a, b := range th.sp.bps {
				nb := *b
				sp.bps[a] = &nb
			}
			// The child has the same jumps and trampolines, and shares
			// the counter pages (MAP_SHARED).
			for _, a := range th.sp.tramps {
				sp.tramps = append(sp.tramps, a.clone())
			}
			for k := range th.sp.armed {
				sp.armed[k] = true
			}
			if r.stepping != 0 {
				if _, ok := sp.bps[r.stepping]; ok {
					// The fork copied the memory while the int3 was out.
					sp.mem.WriteMemory(breakpointInsn, r.stepping)
				}
			}
			c.Data.sp = sp
		}
	}
	c.Data.sp.refs++
}

// exec gives a process that exec'd a new address space, and plants the
// internal breakpoint at the new program's entry point. gone are the
// threads the exec ended.
func (r *ptraceRun) exec(tr *tracee, gone []*tracee) {
	th := &tr.Data
	for _, o := range gone {
		if o.Data.sp != nil {
			o.Data.sp.refs--
		}
	}
	old := th.sp
	if old != nil {
		old.refs--
		for o := range r.t.All() {
			if o.Data.inVfork && o.Data.sp == old {
				o.Data.inVfork = false // the vfork child exec'd: the parent goes on
			}
		}
		if old.refs == 0 {
			old.mem.Close()
		}
	}
	th.sp = nil
	pid := tr.PID
	if r.attached {
		// Its new program would be planted at its start point, by an
		// int3 that sonde's death would leave there: let it go.
		if p, ok := r.procs[pid]; ok {
			p.Ended = "exec'd " + proc.Exe(pid) + ", not followed"
		}
		r.res.Notes = append(r.res.Notes, fmt.Sprintf("process %d exec'd %s: not followed (sonde plants no breakpoint in a process it attached to)", pid, proc.Exe(pid)))
		r.t.Detach(tr, 0)
		return
	}
	sp, err := r.newSpace(pid)
	if err != nil {
		r.planErr = err
		return
	}
	sp.refs = 1
	th.sp = sp
	if p, ok := r.procs[pid]; ok {
		p.Exe = proc.Exe(pid)
		if st, err := proc.ReadStat(pid); err == nil {
			p.Comm = st.Comm
		}
	}
	if err := r.armEntry(pid, sp); err != nil {
		r.planErr = err
		return
	}
	r.cont(tr, 0)
}

// trap handles a SIGTRAP stop; it returns false when the trap is not
// sonde's (the program's own int3 or raise(SIGTRAP)), which then goes to
// the program unchanged. A trap is sonde's when it comes from an int3
// (si_code SI_KERNEL) at an address where sonde wrote one; one at a site
// whose own instruction is an int3 (bp.natural) is counted and is the
// program's.
func (r *ptraceRun) trap(tr *tracee) bool {
	tid, th := tr.TID, &tr.Data
	if code, err := unix.PtraceSigCode(tid); err != nil || code != unix.SI_KERNEL {
		return false // raise(SIGTRAP), kill, a hardware breakpoint: the program's
	}
	if err := unix.PtraceGetRegs(tid, &r.regs); err != nil {
		return false
	}
	a := pc(&r.regs) - pcAfterTrap
	b, ok := th.sp.bps[a]
	if !ok {
		return false
	}
	if b.natural {
		if b.obj >= 0 {
			r.res.AddSiteCount(b.obj, b.site, 1)
		}
		return false
	}
	setPC(&r.regs, a)
	if err := unix.PtraceSetRegs(tid, &r.regs); err != nil {
		return false
	}
	sp := th.sp
	r.repairTrapAction(tr)
	if b.entry {
		if b.rDebug != 0 && !rtldConsistent(sp.mem, b.rDebug) {
			// The loader is about to map the libraries: not yet.
			if b.ret && r.doRet(tr) {
				r.cont(tr, 0)
			} else {
				r.stepOver(tr, a, b)
			}
			return true
		}
		sp.mem.WriteMemory([]byte{b.orig}, a)
		delete(sp.bps, a)
		r.at = tr
		if err := r.arm(tr.PID, sp); err != nil {
			r.planErr = err
		}
		r.at = nil
		if b.rDebug != 0 && b.ret {
			// Past _dl_debug_state, where armRtld plants next.
			r.doRet(tr)
		}
		r.armRtld(tr.PID, sp)
		r.cont(tr, 0)
		return true
	}
	if b.rtld {
		if b.rDebug == 0 || rtldConsistent(sp.mem, b.rDebug) {
			// The library list changed: plant the units of new objects,
			// with every thread stopped (a jump is 5 bytes, not one).
			r.stopOthers(tr, sp)
			r.at = tr
			if err := r.arm(tr.PID, sp); err != nil {
				r.planErr = err
			}
			r.at = nil
		}
		if b.ret && r.doRet(tr) {
			r.resumeOthers(sp)
			r.cont(tr, 0)
			return true
		}
		r.stepOver(tr, a, b)
		return true
	}
	r.res.AddSiteCount(b.obj, b.site, 1)
	if r.opts.Coverage {
		sp.mem.WriteMemory([]byte{b.orig}, a)
		delete(sp.bps, a)
		r.cont(tr, 0)
		return true
	}
	r.stepOver(tr, a, b)
	return true
}

// doRet does a ret for thread tr, whose registers are in r.regs: it
// pops the return address into the pc. The breakpoint stays: no thread
// can run past it, so none needs stopping.
func (r *ptraceRun) doRet(tr *tracee) bool {
	tid := tr.TID
	regs := r.regs
	if !popReturn(tr.Data.sp.mem, &regs) {
		return false
	}
	if unix.PtraceSetRegs(tid, &regs) != nil {
		return false
	}
	r.regs = regs
	return true
}

// stepOver executes the original instruction at a in thread tr with every
// other thread of its address space stopped, and re-plants the int3.
func (r *ptraceRun) stepOver(tr *tracee, a uint64, b *bp) {
	tid, sp := tr.TID, tr.Data.sp
	r.stopOthers(tr, sp)
	sp.mem.WriteMemory([]byte{b.orig}, a)
	r.stepping = a
	defer func() { r.stepping = 0 }()
	reblock := r.unblockTrap(tr)
	sig := 0
	for done, step := false, true; !done; {
		if step {
			if err := r.t.Step(tr, sig); err != nil {
				break
			}
		}
		sig, step = 0, true
		ev, _, err := r.t.WaitFor(tr, true)
		if err != nil {
			break
		}
		switch ev.Kind {
		case ptrace.Exited:
			r.exited(tr, ev.Status)
			if sp.refs > 0 {
				sp.mem.WriteMemory(breakpointInsn, a)
			}
			r.resumeOthers(sp)
			return
		case ptrace.GroupStopped:
			// The Tracer steps it on at the group-stop's end.
			step = false
		case ptrace.Signaled:
			s := ev.Sig
			if s == unix.SIGTRAP {
				if code, err := unix.PtraceSigCode(tid); err == nil && code != unix.TRAP_TRACE {
					// Not the step's trap: the program's raise(SIGTRAP)
					// or its own int3. Delivered, like any signal, once
					// the instruction has run.
					if unix.PtraceGetRegs(tid, &r.regs) == nil && pc(&r.regs) != a {
						sig, done = int(s), true
						continue
					}
					sig = int(s)
					continue
				}
			}
			if s != unix.SIGTRAP {
				// A signal arrived before the instruction ran, or the
				// instruction faulted: deliver it on the next step.
				sig = int(s)
				if s == syscall.SIGSEGV || s == syscall.SIGBUS || s == syscall.SIGILL || s == syscall.SIGFPE {
					// A fault: the handler (or death) comes next; put
					// the breakpoint back and let the signal through.
					done = true
				}
				continue
			}
			done = true
		case ptrace.Forked, ptrace.Vforked, ptrace.Cloned:
			r.newChild(tr, ev.Kind, ev.Child)
		case ptrace.Execed:
			// The old text is gone with its breakpoints.
			r.resumeOthers(sp)
			r.exec(tr, ev.Gone)
			return
		}
	}
	sp.mem.WriteMemory(breakpointInsn, a)
	reblock()
	r.resumeOthers(sp)
	r.cont(tr, sig)
}

// stopOthers stops every running thread that shares sp, except tr. A
// thread that dies instead (its process in exit_group) is not waited for.
func (r *ptraceRun) stopOthers(tr *tracee, sp *space) {
	r.collectStops(r.interruptAll(tr, sp), true)
}

// resumeOthers continues the threads stopOthers held, and queues the stops
// it deferred.
func (r *ptraceRun) resumeOthers(sp *space) {
	for o := range r.t.All() {
		if !o.Data.held || o.Data.sp != sp {
			continue
		}
		o.Data.held = false
		if o.Data.deferred != nil {
			r.queue = append(r.queue, o)
			continue
		}
		r.t.Cont(o, 0)
	}
}

// detachAll stops every thread, removes every breakpoint and detaches,
// leaving the processes running as if never traced. A thread that does
// not stop within detachWait (a vfork parent whose child is stopped) is
// left to the kernel, which detaches it when the Tracer's thread ends.
func (r *ptraceRun) detachAll() {
	spaces := map[*space]bool{}
	for o := range r.t.All() {
		if o.Data.sp != nil {
			spaces[o.Data.sp] = true
		}
	}
	exits := r.t.DetachAll(detachWait, func() {
		// A thread stopped at a breakpoint has its pc past the int3:
		// count the hit and rewind it, since the original instruction
		// is about to return.
		for o := range r.t.All() {
			if o.Signal() != int(unix.SIGTRAP) || o.Data.sp == nil || unix.PtraceGetRegs(o.TID, &r.regs) != nil {
				continue
			}
			a := pc(&r.regs) - pcAfterTrap
			if b, ok := o.Data.sp.bps[a]; ok && b.natural {
				r.res.AddSiteCount(b.obj, b.site, 1) // the program's trap: delivered at the detach
			} else if ok {
				if !b.entry && !b.rtld {
					r.res.AddSiteCount(b.obj, b.site, 1)
				}
				setPC(&r.regs, a)
				unix.PtraceSetRegs(o.TID, &r.regs)
				o.DropSignal()
			}
		}
		for sp := range spaces {
			r.removeAll(sp)
		}
	})
	for _, ev := range exits {
		if ev.Tracee.TID == ev.Tracee.PID {
			r.ended(ev.Tracee.PID, ev.Status)
		}
	}
	for sp := range spaces {
		sp.mem.Close()
	}
	r.queue = nil
}

// detachWait bounds how long detachAll waits for the threads to stop.
const detachWait = 2 * time.Second

// processes returns the processes seen, root first.
func (r *ptraceRun) processes() []profile.Process {
	var out []profile.Process
	if p, ok := r.procs[r.root]; ok {
		out = append(out, *p)
	}
	for pid, p := range r.procs {
		if pid != r.root {
			if p.Ended == "" {
				p.Ended = "still running"
			}
			out = append(out, *p)
		}
	}
	return out
}
