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

// thread is one traced thread.
type thread struct {
	pid     int // its process
	sp      *space
	running bool // continued by sonde, no stop seen since
	seen    bool // its first (attach) stop was seen
	group   bool // in a group-stop: left stopped (PTRACE_LISTEN)
	inVfork bool // blocked in vfork until its child execs or exits
	held    bool // stopped by stopOthers, to be resumed
	// deferred is a stop seen by stopOthers that the main loop must handle.
	deferred *syscall.WaitStatus
	ownStop  bool // the SIGSTOP that held it at launch is sonde's
	noSpace  bool // a new child whose parent's event has not arrived
}

// ptraceRun is the state of one ptrace counting run.
type ptraceRun struct {
	opts    *counting.Options
	res     *counting.Result
	plan    func(pid int) ([]counting.Placed, error)
	threads map[int]*thread
	queue   []int // threads with a deferred stop
	root    int
	procs   map[int]*profile.Process
	regs    unix.PtraceRegs
	// stepping is the address whose int3 is removed while a thread steps
	// over it, 0 otherwise: a fork during the step must re-plant it in the
	// child.
	stepping uint64
	planErr  error
	// at is the stopped thread that arm may run system calls in (0: the
	// process's main thread).
	at      int
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

func newPtraceRun(opts *counting.Options, res *counting.Result, plan func(int) ([]counting.Placed, error)) *ptraceRun {
	return &ptraceRun{opts: opts, res: res, plan: plan, threads: map[int]*thread{}, procs: map[int]*profile.Process{},
		stats: trampStats{why: map[string]int{}}, pages: remotePages{}}
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
	tid := r.at
	if tid == 0 {
		tid = pid
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
	for t, o := range r.threads {
		if o.sp != sp {
			continue
		}
		if unix.PtraceGetRegs(t, &regs) != nil {
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

func (r *ptraceRun) cont(tid int, th *thread, sig int) {
	th.running = true
	th.held = false
	unix.PtraceCont(tid, sig)
}

// loop handles stops until no traced thread is left, or ctx is done (then
// it detaches from everything).
func (r *ptraceRun) loop(ctx context.Context) error {
	defer r.finishTrampolines()
	var al *alarm
	every, next := uncoverMin, time.Now().Add(uncoverMin)
	uncovering := r.opts.Coverage && !r.opts.NoTrampolines
	if (uncovering || r.opts.Checkpoint != nil) && r.root != 0 {
		// -p polls with waitBriefly: no alarm needed.
		if !uncovering {
			every = counting.CheckpointEvery
		}
		if al = newAlarm(every); al != nil {
			defer al.stop()
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
			if al != nil {
				al.every.Store(int64(min(every, counting.CheckpointEvery)))
			}
		}
	}
	for len(r.threads) > 0 {
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
		var tid int
		var ws syscall.WaitStatus
		if len(r.queue) > 0 {
			tid, r.queue = r.queue[0], r.queue[1:]
			th := r.threads[tid]
			if th == nil || th.deferred == nil {
				continue
			}
			ws, th.deferred = *th.deferred, nil
		} else {
			var err error
			nohang := r.root == 0 // -p: poll, so that ctx is seen
			tid, ws, err = unix.Wait4(-1, nohang)
			if err != nil {
				if errors.Is(err, syscall.ECHILD) {
					break
				}
				return fmt.Errorf("wait for tracees: %w", err)
			}
			if tid == 0 {
				maybeUncover()
				waitBriefly()
				continue
			}
		}
		if al != nil && tid == al.pid {
			al.stopped(ws)
		} else {
			r.event(tid, ws)
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

// event handles one wait status of tid.
func (r *ptraceRun) event(tid int, ws syscall.WaitStatus) {
	th, ok := r.threads[tid]
	if !ok {
		// A new child whose attach stop came before its parent's event.
		th = &thread{pid: tid, noSpace: true}
		if g, err := proc.Tgid(tid); err == nil {
			th.pid = g
		}
		r.threads[tid] = th
	}
	if ws.Exited() || ws.Signaled() {
		r.exited(tid, th, ws)
		return
	}
	if !ws.Stopped() {
		return
	}
	th.running = false
	sig := ws.StopSignal()
	switch ev := int(ws) >> 16; ev {
	case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE:
		r.newChild(tid, th, ev)
		r.cont(tid, th, 0)
	case unix.PTRACE_EVENT_EXEC:
		r.exec(tid, th)
	case unix.PTRACE_EVENT_STOP:
		switch {
		case th.noSpace:
			th.held = true // continued when its parent's event gives it a space
		case sig == unix.SIGSTOP || sig == unix.SIGTSTP || sig == unix.SIGTTIN || sig == unix.SIGTTOU:
			if th.ownStop && sig == unix.SIGSTOP {
				th.ownStop = false
				r.cont(tid, th, 0)
				return
			}
			th.group = true
			unix.PtraceListen(tid)
		default:
			th.seen = true
			th.group = false
			r.cont(tid, th, 0)
		}
	default:
		th.seen = true
		if th.noSpace {
			// Cannot happen before the attach stop; keep it for later.
			th.deferred = &ws
			th.held = true
			return
		}
		if sig == unix.SIGSTOP && th.ownStop {
			th.ownStop = false
			r.cont(tid, th, 0)
			return
		}
		if sig == unix.SIGTRAP {
			if r.trap(tid, th) {
				return
			}
			r.saveTrapAction(tid, th)
		}
		r.cont(tid, th, int(sig)) // not sonde's: back to the tracee unchanged
	}
}

// exited forgets a thread that ended.
func (r *ptraceRun) exited(tid int, th *thread, ws syscall.WaitStatus) {
	delete(r.threads, tid)
	if th.sp != nil {
		th.sp.refs--
		if th.sp.refs == 0 {
			th.sp.mem.Close()
		}
	}
	if tid == th.pid {
		if p, ok := r.procs[tid]; ok {
			p.Ended = counting.Ended(ws)
		}
		// A vfork parent runs again when its child exits.
		for _, o := range r.threads {
			if o.inVfork && o.sp == th.sp {
				o.inVfork = false
			}
		}
		if tid == r.root {
			r.res.Status = ws
			r.res.Ended = counting.Ended(ws)
		}
	}
}

// newChild sets up the thread or process that tid's fork, vfork or clone
// created.
func (r *ptraceRun) newChild(tid int, th *thread, ev int) {
	msg, err := unix.PtraceGetEventMsg(tid)
	if err != nil {
		return
	}
	child := int(msg)
	c, ok := r.threads[child]
	if !ok {
		c = &thread{pid: child}
		r.threads[child] = c
	}
	isThread := false
	if ev == unix.PTRACE_EVENT_CLONE {
		if g, err := proc.Tgid(child); err == nil && g != child {
			isThread = true
		}
	}
	switch {
	case isThread:
		c.pid = th.pid
		c.sp = th.sp
	case ev == unix.PTRACE_EVENT_VFORK:
		// The child borrows the parent's memory until it execs or
		// exits; the parent is blocked meanwhile.
		c.pid = child
		c.sp = th.sp
		th.inVfork = true
		r.addProcess(child, th.pid)
	default:
		c.pid = child
		r.addProcess(child, th.pid)
		if act := r.trapActs[th.pid]; act != nil {
			r.trapActs[child] = act // a fork copies the actions
		}
		sp, err := r.newSpace(child)
		if err != nil {
			c.sp = th.sp // cannot happen for a live child; share rather than lose it
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
			c.sp = sp
		}
	}
	c.sp.refs++
	if c.noSpace {
		c.noSpace = false
		c.seen = true
		if c.deferred != nil {
			r.queue = append(r.queue, child)
		} else if c.held {
			r.cont(child, c, 0)
		}
	}
}

// exec gives a process that exec'd a new address space, and plants the
// internal breakpoint at the new program's entry point.
func (r *ptraceRun) exec(tid int, th *thread) {
	if old, err := unix.PtraceGetEventMsg(tid); err == nil && int(old) != tid {
		if o, ok := r.threads[int(old)]; ok && o != th {
			delete(r.threads, int(old))
		}
	}
	// Every other thread of the process is gone.
	for t, o := range r.threads {
		if o.pid == th.pid && t != tid {
			delete(r.threads, t)
			if o.sp != nil {
				o.sp.refs--
			}
		}
	}
	old := th.sp
	if old != nil {
		old.refs--
		for _, o := range r.threads {
			if o.inVfork && o.sp == old {
				o.inVfork = false // the vfork child exec'd: the parent goes on
			}
		}
		if old.refs == 0 {
			old.mem.Close()
		}
	}
	if r.attached {
		// Its new program would be planted at its start point, by an
		// int3 that sonde's death would leave there: let it go.
		delete(r.threads, tid)
		if p, ok := r.procs[th.pid]; ok {
			p.Ended = "exec'd " + proc.Exe(th.pid) + ", not followed"
		}
		r.res.Notes = append(r.res.Notes, fmt.Sprintf("process %d exec'd %s: not followed (sonde plants no breakpoint in a process it attached to)", th.pid, proc.Exe(th.pid)))
		unix.PtraceDetachSignal(tid, 0)
		return
	}
	sp, err := r.newSpace(th.pid)
	if err != nil {
		r.planErr = err
		return
	}
	sp.refs = 1
	th.sp = sp
	if p, ok := r.procs[th.pid]; ok {
		p.Exe = proc.Exe(th.pid)
		if st, err := proc.ReadStat(th.pid); err == nil {
			p.Comm = st.Comm
		}
	}
	if err := r.armEntry(th.pid, sp); err != nil {
		r.planErr = err
		return
	}
	r.cont(tid, th, 0)
}

// trap handles a SIGTRAP stop; it returns false when the trap is not
// sonde's (the program's own int3 or raise(SIGTRAP)), which then goes to
// the program unchanged. A trap is sonde's when it comes from an int3
// (si_code SI_KERNEL) at an address where sonde wrote one; one at a site
// whose own instruction is an int3 (bp.natural) is counted and is the
// program's.
func (r *ptraceRun) trap(tid int, th *thread) bool {
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
	r.repairTrapAction(tid, th)
	if b.entry {
		if b.rDebug != 0 && !rtldConsistent(sp.mem, b.rDebug) {
			// The loader is about to map the libraries: not yet.
			if b.ret && r.doRet(tid) {
				r.cont(tid, th, 0)
			} else {
				r.stepOver(tid, th, a, b)
			}
			return true
		}
		sp.mem.WriteMemory([]byte{b.orig}, a)
		delete(sp.bps, a)
		r.at = tid
		if err := r.arm(th.pid, sp); err != nil {
			r.planErr = err
		}
		r.at = 0
		if b.rDebug != 0 && b.ret {
			// Past _dl_debug_state, where armRtld plants next.
			r.doRet(tid)
		}
		r.armRtld(th.pid, sp)
		r.cont(tid, th, 0)
		return true
	}
	if b.rtld {
		if b.rDebug == 0 || rtldConsistent(sp.mem, b.rDebug) {
			// The library list changed: plant the units of new objects,
			// with every thread stopped (a jump is 5 bytes, not one).
			r.stopOthers(tid, sp)
			r.at = tid
			if err := r.arm(th.pid, sp); err != nil {
				r.planErr = err
			}
			r.at = 0
		}
		if b.ret && r.doRet(tid) {
			r.resumeOthers(sp)
			r.cont(tid, th, 0)
			return true
		}
		r.stepOver(tid, th, a, b)
		return true
	}
	r.res.AddSiteCount(b.obj, b.site, 1)
	if r.opts.Coverage {
		sp.mem.WriteMemory([]byte{b.orig}, a)
		delete(sp.bps, a)
		r.cont(tid, th, 0)
		return true
	}
	r.stepOver(tid, th, a, b)
	return true
}

// doRet does a ret for thread tid, whose registers are in r.regs: it
// pops the return address into the pc. The breakpoint stays: no thread
// can run past it, so none needs stopping.
func (r *ptraceRun) doRet(tid int) bool {
	regs := r.regs
	if !popReturn(r.threads[tid].sp.mem, &regs) {
		return false
	}
	if unix.PtraceSetRegs(tid, &regs) != nil {
		return false
	}
	r.regs = regs
	return true
}

// stepOver executes the original instruction at a in thread tid with every
// other thread of its address space stopped, and re-plants the int3.
func (r *ptraceRun) stepOver(tid int, th *thread, a uint64, b *bp) {
	sp := th.sp
	r.stopOthers(tid, sp)
	sp.mem.WriteMemory([]byte{b.orig}, a)
	r.stepping = a
	defer func() { r.stepping = 0 }()
	reblock := r.unblockTrap(tid, th)
	sig := 0
	for done := false; !done; {
		if err := unix.PtraceSingleStep(tid, sig); err != nil {
			break
		}
		sig = 0
		_, ws, err := unix.Wait4(tid, false)
		if err != nil {
			break
		}
		switch {
		case ws.Exited() || ws.Signaled():
			r.exited(tid, th, ws)
			if sp.refs > 0 {
				sp.mem.WriteMemory(breakpointInsn, a)
			}
			r.resumeOthers(sp)
			return
		case !ws.Stopped():
			continue
		}
		switch ev := int(ws) >> 16; ev {
		case 0:
			s := ws.StopSignal()
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
		case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE:
			r.newChild(tid, th, ev)
		case unix.PTRACE_EVENT_EXEC:
			// The old text is gone with its breakpoints.
			r.resumeOthers(sp)
			r.exec(tid, th)
			return
		}
	}
	sp.mem.WriteMemory(breakpointInsn, a)
	reblock()
	r.resumeOthers(sp)
	r.cont(tid, th, sig)
}

// stopOthers stops every running thread that shares sp, except tid. A
// thread that dies instead (its process in exit_group) is not waited for.
func (r *ptraceRun) stopOthers(tid int, sp *space) {
	r.collectStops(r.interruptAll(tid, sp), true)
}

// resumeOthers continues the threads stopOthers held, and queues the stops
// it deferred.
func (r *ptraceRun) resumeOthers(sp *space) {
	for t, o := range r.threads {
		if !o.held || o.sp != sp || o.noSpace {
			continue
		}
		o.held = false
		if o.deferred != nil {
			r.queue = append(r.queue, t)
			continue
		}
		o.running = true
		unix.PtraceCont(t, 0)
	}
}

// detachAll stops every thread, removes every breakpoint and detaches,
// leaving the processes running as if never traced.
func (r *ptraceRun) detachAll() {
	for t, o := range r.threads {
		if !o.running || o.group {
			continue
		}
		if unix.PtraceInterrupt(t) != nil {
			continue
		}
		for {
			_, ws, err := unix.Wait4(t, false)
			if err != nil {
				break
			}
			if ws.Exited() || ws.Signaled() {
				r.exited(t, o, ws)
				break
			}
			if !ws.Stopped() {
				continue
			}
			o.running = false
			if int(ws)>>16 == 0 {
				w := ws
				o.deferred = &w
			}
			break
		}
	}
	// A thread stopped at a breakpoint has its pc past the int3: count the
	// hit and rewind it, since the original instruction is about to return.
	for t, o := range r.threads {
		if o.deferred != nil && o.deferred.StopSignal() == unix.SIGTRAP && o.sp != nil {
			if unix.PtraceGetRegs(t, &r.regs) == nil {
				a := pc(&r.regs) - pcAfterTrap
				if b, ok := o.sp.bps[a]; ok && b.natural {
					r.res.AddSiteCount(b.obj, b.site, 1) // the program's trap: delivered at the detach
				} else if ok {
					if !b.entry && !b.rtld {
						r.res.AddSiteCount(b.obj, b.site, 1)
					}
					setPC(&r.regs, a)
					unix.PtraceSetRegs(t, &r.regs)
					o.deferred = nil
				}
			}
		}
	}
	done := map[*space]bool{}
	for _, o := range r.threads {
		if o.sp != nil && !done[o.sp] {
			done[o.sp] = true
			r.removeAll(o.sp)
		}
	}
	for t, o := range r.threads {
		sig := 0
		if o.deferred != nil {
			if s := o.deferred.StopSignal(); int(*o.deferred)>>16 == 0 {
				sig = int(s)
			}
		}
		unix.PtraceDetachSignal(t, sig)
	}
	for sp := range done {
		sp.mem.Close()
	}
	r.threads = map[int]*thread{}
}

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
