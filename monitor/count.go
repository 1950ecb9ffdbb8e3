package monitor

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/monitor/plancache"
	"sonde/monitor/units"
	"sonde/proc"
	"sonde/profile"
)

// EngineKind chooses how the probes are planted.
type EngineKind uint8

// The engines.
const (
	EngineAuto   EngineKind = iota // ptrace where sonde can trace the target, else uprobes (with a notice)
	EngineUprobe                   // kernel uprobes in counting mode
	EnginePtrace                   // int3 breakpoints through ptrace
	// EngineHybrid is what counted when uprobes refused some
	// instructions (segment-prefixed padding): those sites were counted
	// with ptrace breakpoints, the rest with uprobes. It is a result, not
	// a choice.
	EngineHybrid
)

var engineNames = [...]string{EngineAuto: "auto", EngineUprobe: "uprobe", EnginePtrace: "ptrace", EngineHybrid: "uprobe+ptrace"}

// String returns the engine's name as --engine spells it.
func (k EngineKind) String() string {
	if int(k) < len(engineNames) {
		return engineNames[k]
	}
	return fmt.Sprintf("EngineKind(%d)", uint8(k))
}

// ParseEngine parses --engine's argument.
func ParseEngine(s string) (EngineKind, error) {
	for k, n := range engineNames {
		if s == n && EngineKind(k) != EngineHybrid {
			return EngineKind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown engine %q (want auto, uprobe or ptrace)", s)
}

// Options says what Count counts and how.
type Options struct {
	// Units is the kind of unit: profile.UnitLine (the default when 0),
	// UnitFunction or UnitBlock.
	Units profile.UnitKind
	// Only restricts the units (see Selector).
	Only []units.Spec
	// Coverage plants one-shot breakpoints: each unit counts 1 at its first
	// run and costs nothing after.
	Coverage bool
	// Engine chooses the engine.
	Engine EngineKind
	// NoTrampolines keeps the ptrace engine on int3 breakpoints at every
	// site (a trap per hit) instead of jumps to counting trampolines.
	NoTrampolines bool
	// Cmd is the command to start and count; nil when PID is set.
	Cmd *exec.Cmd
	// PID is a running process to attach to (all its threads), counted
	// until Count's context is done, then detached with every original
	// byte restored.
	PID int
	// CloseHelper, when set, is the command line of a helper that closes
	// the uprobe counters after the run in the background (see
	// CloseInherited): "sonde count --internal-close-uprobes". nil closes
	// them before Count returns, about 85 ms a probe.
	CloseHelper []string
	// Uprobes chooses how the uprobe engine plants its probes (BPF or
	// perf counters); the zero value takes BPF where the kernel allows.
	Uprobes UprobeMechanism
	// PlanCache is the directory of the plan cache (see loadUnitsCached):
	// the units, sites and trampolines of each object file, kept between
	// runs; "" plans every object afresh.
	PlanCache string
	// Notice receives one-line notices (the auto engine's fallback); nil
	// discards them.
	Notice io.Writer
	// Debug receives timings for sonde's developers (SONDE_DEBUG: how long
	// the uprobes took to open and to close); nil discards them. Nothing
	// in monitor writes to stderr itself.
	Debug *log.Logger
	// Checkpoint, when set, is called about every CheckpointEvery while
	// the target runs, from the counting goroutine, with a copy of the
	// result so far (objects, counts): DataWriter.Checkpoint writes it, so
	// that a sonde killed by SIGKILL leaves the counts up to a fraction of
	// a second before. The copy's Counts are its own.
	Checkpoint func(*Result)
}

// CheckpointEvery is how often Options.Checkpoint is called, as sonde
// record flushes its samples.
const CheckpointEvery = 100 * time.Millisecond

// snapshot returns a copy of res whose Counts are its own, with extra
// (when not nil) adding what is counted elsewhere (counters in memory,
// uprobes).
func (res *Result) snapshot(extra func(*Result) error) *Result {
	c := *res
	c.Objects = append([]*plancache.Object(nil), res.Objects...)
	c.Counts = make([][]uint64, len(res.Counts))
	for i, v := range res.Counts {
		c.Counts[i] = append([]uint64(nil), v...)
	}
	c.Notes = nil
	c.Processes = nil
	if extra != nil {
		extra(&c)
	}
	return &c
}

func (o *Options) units() profile.UnitKind {
	if o.Units == 0 {
		return profile.UnitLine
	}
	return o.Units
}

// Result is what a counting run found.
type Result struct {
	// Engine is the engine that counted.
	Engine EngineKind
	// Uprobes is the mechanism that counted with the uprobe engine.
	Uprobes UprobeMechanism
	// Objects are the objects whose units were probed.
	Objects []*plancache.Object
	// Counts holds, per object, one count per unit of Object.Units.
	Counts [][]uint64
	// Processes are the processes seen, with how each ended.
	Processes []profile.Process
	// Status is the started command's wait status (zero for -p).
	Status syscall.WaitStatus
	// Ended says how the target ended ("exit 0", "killed by SIGSEGV",
	// "detached").
	Ended string
	// Notes are remarks for the report.
	Notes []string
	// Start and End bound the run.
	Start, End time.Time
	// Sites is the number of probes planted.
	Sites int
	// Setup and Teardown are the time the uprobe engine took to plant
	// and to remove (or hand off) its probes.
	Setup, Teardown time.Duration
	// coverage caps the counts at 1 (Options.Coverage).
	coverage bool
	// onDisk are the objects the uprobe engine probed on disk, mapped by
	// no process at the start (see addUnmapped).
	onDisk map[*plancache.Object]bool
}

// ExitCode returns the exit status sonde should exit with: the command's
// own, or 128+signal when a signal killed it (as a shell reports it).
func (r *Result) ExitCode() int {
	switch {
	case r.Status.Exited():
		return r.Status.ExitStatus()
	case r.Status.Signaled():
		return 128 + int(r.Status.Signal())
	}
	return 0
}

// ErrUprobe says the uprobe engine cannot work here (no PMU, no
// permission).
var ErrUprobe = errors.New("uprobes not available")

// Count runs or attaches to the target of opts and counts its units. All
// ptrace requests are made from one goroutine locked to its OS thread.
func Count(ctx context.Context, opts *Options) (*Result, error) {
	type ret struct {
		r   *Result
		err error
	}
	ch := make(chan ret, 1)
	go func() {
		runtime.LockOSThread()
		// The thread stays locked until the goroutine exits: it may still
		// be a tracer of something when Count fails half-way.
		r, err := count(ctx, opts)
		ch <- ret{r, err}
	}()
	x := <-ch
	return x.r, x.err
}

func count(ctx context.Context, opts *Options) (*Result, error) {
	if (opts.Cmd == nil) == (opts.PID == 0) {
		return nil, errors.New("count: give a command or a pid")
	}
	res := &Result{Start: time.Now()}
	sel := units.NewSelector(opts.Only)
	engine := opts.Engine
	if engine == EngineAuto {
		// Trampolines cost a few nanoseconds a hit, uprobes 0.4-28 µs:
		// ptrace wherever sonde can trace, and it can trace what it
		// starts. An attached process that cannot be traced (another
		// tracer, Yama, seccomp, permission) is counted with uprobes
		// (startTarget changes engine, which plan reads).
		engine = EnginePtrace
		if opts.PID == 0 {
			res.Notes = append(res.Notes, "engine auto: ptrace (sonde starts the command, so it can trace it: a hit costs nanoseconds, not a uprobe's microseconds)")
		} else {
			res.Notes = append(res.Notes, "engine auto: ptrace (sonde could attach: a hit costs nanoseconds, not a uprobe's microseconds)")
		}
	}
	cache := map[string]*plancache.Object{}
	res.coverage = opts.Coverage
	// plan loads the units of every wanted object mapped in pid. An
	// object that cannot be counted fails the run when it is the
	// command's own (the first plan); later (a program exec'd by it, a
	// library it loads) it is skipped with a note, and the rest counts.
	planned := false
	failed := map[string]bool{}
	skip := func(path string, err error) bool {
		if !failed[path] {
			failed[path] = true
			res.Notes = append(res.Notes, fmt.Sprintf("not counted: %v", err))
		}
		return true
	}
	plan := func(pid int) ([]placed, error) {
		var sk func(string, error) bool
		if planned {
			sk = skip
		}
		planned = true
		// Sites at emulable instructions make uprobes cheap; breakpoints
		// cost the same anywhere.
		return planProcess(pid, opts.units(), sel, engine != EnginePtrace, engine == EnginePtrace && !opts.NoTrampolines, opts.PlanCache, cache, failed, sk)
	}
	t, kind, err := startTarget(opts, engine, res)
	if err != nil {
		return nil, err
	}
	engine, t.plan = kind, plan
	if err := engineByKind[engine].count(ctx, t, res); err != nil {
		return nil, err
	}
	res.End = time.Now()
	hits := 0
	for _, o := range cache {
		res.Sites += len(o.Sites)
		if o.FromCache() {
			hits++
		}
		plancache.Save(o)
	}
	if opts.PlanCache != "" && len(cache) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("plan cache: %d of %d objects read from %s", hits, len(cache), opts.PlanCache))
	}
	return res, nil
}

// placed is an object mapped into a process: runtime = link-time + bias
// for the addresses of its executable segment.
type placed struct {
	obj  *plancache.Object
	maps []proc.Mapping // the file's mappings in the process
	// only, when not nil, restricts the sites to plant to those it
	// holds (the sites uprobes refused, counted by breakpoints instead).
	only map[int]bool
}

// runtimeAddr returns where link-time address a of the object is in the
// process (see Object.RuntimeAddr).
func (p *placed) runtimeAddr(a profile.Addr) (uint64, bool) {
	return p.obj.RuntimeAddr(p.maps, a)
}

// mappingOf returns the bounds of the mapping of p holding run-time
// address a (0, 0 if none).
func (p *placed) mappingOf(a uint64) (lo, hi uint64) {
	for _, m := range p.maps {
		if a >= m.Start && a < m.Limit {
			return m.Start, m.Limit
		}
	}
	return 0, 0
}

// planProcess finds the objects of pid to count and their units.
//
// An object that does not load fails the plan unless skip, when not nil,
// says to go on without it; failed holds the paths skipped so far.
func planProcess(pid int, kind profile.UnitKind, sel *units.Selector, emulable, tramps bool, cacheDir string, cache map[string]*plancache.Object,
	failed map[string]bool, skip func(path string, err error) bool) ([]placed, error) {
	maps, err := proc.Maps(pid)
	if err != nil {
		return nil, err
	}
	exe := proc.Exe(pid)
	var out []placed
	byPath := map[string]int{}
	for _, m := range maps {
		if !strings.HasPrefix(m.Path, "/") || strings.HasSuffix(m.Path, " (deleted)") {
			continue
		}
		if i, ok := byPath[m.Path]; ok {
			out[i].maps = append(out[i].maps, m)
			continue
		}
		if !sel.WantsObject(m.Path, m.Path == exe) || failed[m.Path] {
			continue
		}
		o, ok := cache[m.Path]
		if !ok {
			if o, err = plancache.Load(cacheDir, filepath.Join(procRoot(pid), m.Path), kind, sel, emulable, tramps); err != nil {
				if skip != nil && skip(m.Path, err) {
					continue
				}
				return nil, err
			}
			o.Path = m.Path
			cache[m.Path] = o
		}
		byPath[m.Path] = len(out)
		out = append(out, placed{obj: o, maps: []proc.Mapping{m}})
	}
	return out, nil
}

// objectIndex returns the index of o in res.Objects, adding it.
func (res *Result) objectIndex(o *plancache.Object) int {
	for i, x := range res.Objects {
		if x == o {
			return i
		}
	}
	res.Objects = append(res.Objects, o)
	res.Counts = append(res.Counts, make([]uint64, o.NumUnits()))
	return len(res.Objects) - 1
}

// addSiteCount credits n executions of site s of object i to its units;
// in a coverage run a unit that ran counts 1, however many processes ran
// it.
func (res *Result) addSiteCount(i, s int, n uint64) {
	for _, u := range res.Objects[i].Sites[s].Units {
		if res.coverage {
			if n > 0 {
				res.Counts[i][u] = 1
			}
			continue
		}
		res.Counts[i][u] += n
	}
}

// seizeOptions follow every new thread and process, and exec.
const seizeOptions = unix.PTRACE_O_TRACEFORK | unix.PTRACE_O_TRACEVFORK | unix.PTRACE_O_TRACECLONE | unix.PTRACE_O_TRACEEXEC

// launch starts cmd traced (PTRACE_SEIZE) and runs it to its entry point
// (AT_ENTRY), where the dynamic loader has mapped the libraries it needs.
// It returns the pid, stopped there.
func launch(cmd *exec.Cmd, options int) (int, error) {
	pid, err := ptrace.StartDetachedStopped(cmd)
	if err != nil {
		return 0, fmt.Errorf("start %s: %w", cmd.Path, err)
	}
	if err := unix.PtraceSeize(pid, options); err != nil {
		unix.Kill(pid, unix.SIGKILL)
		unix.Wait4(pid, false)
		return 0, fmt.Errorf("ptrace seize %d: %w", pid, err)
	}
	fail := func(err error) (int, error) {
		unix.Kill(pid, unix.SIGKILL)
		for {
			if _, ws, err := unix.Wait4(pid, false); err != nil || ws.Exited() || ws.Signaled() {
				break
			}
		}
		return 0, err
	}
	if err := runToEntry(pid, true); err != nil {
		return fail(err)
	}
	return pid, nil
}

// startPoint is where sonde plants the units of a program it starts or
// sees exec: the dynamic loader's _dl_debug_state once its library list
// is consistent, after the libraries are mapped and relocated and before
// their initializers run (so that their constructors are counted, as
// valgrind counts them); or the entry point of a program without one.
type startPoint struct {
	addr   uint64
	rDebug uint64 // the loader's _r_debug; 0 at an entry point
	ret    bool   // addr holds a bare ret (see bp.ret)
}

// startOf returns process pid's start point; mem is its memory.
func startOf(pid int, mem Memory) (startPoint, error) {
	base, err := auxvValue(pid, atBase)
	if err == nil && base != 0 {
		if maps, err := proc.Maps(pid); err == nil {
			for _, m := range maps {
				if m.Start == base && m.Offset == 0 {
					if sp, ok := rtldStop(pid, maps, m.Path, mem); ok && sp.rDebug != 0 {
						return sp, nil
					}
					break
				}
			}
		}
	}
	entry, err := auxvValue(pid, atEntry)
	if err != nil {
		return startPoint{}, err
	}
	return startPoint{addr: entry}, nil
}

// rtldStop returns the breakpoint address of the dynamic loader mapped
// from path in process pid (its _dl_debug_state, which it calls after
// each change of its library list), with its _r_debug.
func rtldStop(pid int, maps []proc.Mapping, path string, mem Memory) (startPoint, bool) {
	file := filepath.Join(proc.Root(pid), path)
	addr, ok := units.SymbolRuntimeAddr(file, "_dl_debug_state", maps, path)
	if !ok {
		return startPoint{}, false
	}
	sp := startPoint{addr: addr}
	if v := units.SymbolValues(file, "_dl_debug_state", "_r_debug"); v[0] != 0 && v[1] != 0 {
		sp.rDebug = sp.addr - v[0] + v[1]
	}
	var insn [5]byte
	if _, err := mem.ReadMemory(insn[:], sp.addr); err == nil {
		sp.ret = insn[0] == 0xc3 || bytes.Equal(insn[:], []byte{0xf3, 0x0f, 0x1e, 0xfa, 0xc3}) // ret, endbr64; ret
	}
	return sp, true
}

// rtldConsistent reports whether the loader's r_debug at a says its
// library list is consistent (r_state RT_CONSISTENT, or unreadable: then
// planning is the safe side).
func rtldConsistent(mem Memory, a uint64) bool {
	var st [4]byte
	const rState = 24 // int r_version, link_map *r_map, ElfW(Addr) r_brk, r_state
	if _, err := mem.ReadMemory(st[:], a+rState); err != nil {
		return true
	}
	return binary.LittleEndian.Uint32(st[:]) == 0
}

// popReturn sets regs as a ret would: the return address, read through
// mem at the stack pointer, into the pc.
func popReturn(mem Memory, regs *unix.PtraceRegs) bool {
	var ra [8]byte
	if _, err := mem.ReadMemory(ra[:], regs.Rsp); err != nil {
		return false
	}
	setPC(regs, binary.LittleEndian.Uint64(ra[:]))
	regs.Rsp += 8
	return true
}

// runToEntry plants a breakpoint at the program's start point (startOf),
// lets the stopped process run to it, and removes it again: the process
// is left stopped where the program is ready to be planted. sigcont says
// the process is held by sonde's own SIGSTOP (launch), which is resumed
// and swallowed.
func runToEntry(pid int, sigcont bool) error {
	mem, err := openMem(pid)
	if err != nil {
		return err
	}
	defer mem.Close()
	start, err := startOf(pid, mem)
	if err != nil {
		return err
	}
	entry := start.addr
	var orig [1]byte
	if _, err := mem.ReadMemory(orig[:], entry); err != nil {
		return fmt.Errorf("read start point %#x of process %d: %w", entry, pid, err)
	}
	if _, err := mem.WriteMemory(breakpointInsn, entry); err != nil {
		return fmt.Errorf("plant breakpoint at start point %#x of process %d: %w", entry, pid, err)
	}
	if sigcont {
		unix.Kill(pid, unix.SIGCONT)
	}
	for {
		ws, err := waitStop(pid)
		if err != nil {
			return err
		}
		sig := ws.StopSignal()
		switch {
		case int(ws)>>16 != 0, sig == unix.SIGSTOP:
			unix.PtraceCont(pid, 0) // attach and group stops, sonde's own SIGSTOP
			continue
		case sig != unix.SIGTRAP:
			unix.PtraceCont(pid, int(sig))
			continue
		}
		var regs unix.PtraceRegs
		if err := unix.PtraceGetRegs(pid, &regs); err != nil {
			return fmt.Errorf("registers of process %d: %w", pid, err)
		}
		if pc(&regs)-pcAfterTrap != entry {
			unix.PtraceCont(pid, int(sig))
			continue
		}
		setPC(&regs, entry)
		consistent := start.rDebug == 0 || rtldConsistent(mem, start.rDebug)
		if consistent || !start.ret {
			if _, err := mem.WriteMemory(orig[:], entry); err != nil {
				return fmt.Errorf("restore start point of process %d: %w", pid, err)
			}
		}
		if start.ret && start.rDebug != 0 && !popReturn(mem, &regs) {
			return fmt.Errorf("return from the loader's breakpoint in process %d failed", pid)
		}
		if err := unix.PtraceSetRegs(pid, &regs); err != nil {
			return fmt.Errorf("registers of process %d: %w", pid, err)
		}
		if consistent {
			return nil
		}
		if !start.ret {
			// Step over the original instruction, then plant again.
			if err := stepOnce(pid); err != nil {
				return err
			}
			if _, err := mem.WriteMemory(breakpointInsn, entry); err != nil {
				return fmt.Errorf("plant breakpoint at start point %#x of process %d: %w", entry, pid, err)
			}
		}
		unix.PtraceCont(pid, 0)
	}
}

// stepOnce single-steps stopped process pid (one thread) over one
// instruction.
func stepOnce(pid int) error {
	if err := unix.PtraceSingleStep(pid, 0); err != nil {
		return fmt.Errorf("step process %d: %w", pid, err)
	}
	_, err := waitStop(pid)
	return err
}

// waitStop waits for the next stop of process pid (one thread, not yet
// at its start point); its end is an error.
func waitStop(pid int) (syscall.WaitStatus, error) {
	for {
		_, ws, err := unix.Wait4(pid, false)
		if err != nil {
			return 0, fmt.Errorf("wait for process %d: %w", pid, err)
		}
		if ws.Exited() || ws.Signaled() {
			return 0, fmt.Errorf("process %d ended before its entry point (%s)", pid, how(ws))
		}
		if ws.Stopped() {
			return ws, nil
		}
	}
}

// Auxiliary vector keys.
const (
	atBase  = 7 // the interpreter's load address
	atEntry = 9 // the program's entry point
)

// auxvValue returns the value of key in process pid's auxiliary vector.
func auxvValue(pid int, key uint64) (uint64, error) {
	name := fmt.Sprintf("/proc/%d/auxv", pid)
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", name, err)
	}
	for i := 0; i+16 <= len(data); i += 16 {
		if binary.LittleEndian.Uint64(data[i:]) == key {
			return binary.LittleEndian.Uint64(data[i+8:]), nil
		}
	}
	return 0, fmt.Errorf("read %s: no entry %d", name, key)
}

// how says in words how a process ended.
func how(ws syscall.WaitStatus) string {
	switch {
	case ws.Exited():
		return fmt.Sprintf("exit %d", ws.ExitStatus())
	case ws.Signaled():
		s := "killed by " + signalName(ws.Signal())
		if ws.CoreDump() {
			s += " (core dumped)"
		}
		return s
	}
	return "still running"
}

// signalName returns SIGSEGV-style names.
func signalName(s syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGSEGV: "SIGSEGV", syscall.SIGABRT: "SIGABRT", syscall.SIGKILL: "SIGKILL",
		syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE", syscall.SIGILL: "SIGILL",
		syscall.SIGTERM: "SIGTERM", syscall.SIGINT: "SIGINT", syscall.SIGTRAP: "SIGTRAP",
		syscall.SIGPIPE: "SIGPIPE", syscall.SIGHUP: "SIGHUP", syscall.SIGQUIT: "SIGQUIT",
		syscall.SIGUSR1: "SIGUSR1", syscall.SIGUSR2: "SIGUSR2", syscall.SIGALRM: "SIGALRM",
	}
	if n, ok := names[s]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", int(s))
}
