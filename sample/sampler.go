// Package sample is sonde's sampling collector (PCT, Blake & Bauer 2002):
// it samples the CPU time of process trees, follows them across fork,
// clone and exec, keeps their mappings, evaluates --expr expressions at
// the samples (expr.go), and writes raw samples (object-relative link-time
// addresses), mappings and the bytes of objects that exist only in memory
// (the vDSO, deleted files) to a datafile.Writer. It never symbolizes. Its
// collectors share one shape (Collector: Run with a context and a Target,
// returning a Result): perf events (Sampler.Perf, perf.go), ptrace
// interrupts (Sampler.Ptrace, ptrace.go, where the kernel refuses perf
// events), and gdb (package sample/gdb, through Track and WriteStack,
// external.go).
package sample

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/unix"
	"sonde/proc"
	"sonde/profile"
	"sonde/profile/datafile"
)

// CallGraph says how the sampler collects call stacks.
type CallGraph uint8

// The call graph modes.
const (
	CallGraphNone  CallGraph = iota // the program counter only
	CallGraphFP                     // the kernel's frame-pointer call chains
	CallGraphDWARF                  // a user stack copy unwound with CFI
)

// String returns the mode as --call-graph spells it.
func (c CallGraph) String() string {
	switch c {
	case CallGraphFP:
		return "fp"
	case CallGraphDWARF:
		return "dwarf"
	}
	return "none"
}

// ParseCallGraph parses --call-graph's argument.
func ParseCallGraph(s string) (CallGraph, error) {
	switch s {
	case "fp":
		return CallGraphFP, nil
	case "dwarf":
		return CallGraphDWARF, nil
	case "none", "":
		return CallGraphNone, nil
	}
	return 0, fmt.Errorf("unknown call graph %q (want fp or dwarf)", s)
}

// Options configure a Sampler.
type Options struct {
	// Freq is the sampling rate in samples per second of CPU time; 0 means
	// 999.
	Freq int
	// Clock drives sampling (task-clock by default).
	Clock perfevent.Clock
	// CallGraph selects how stacks are collected.
	CallGraph CallGraph
	// Kernel samples kernel code too.
	Kernel bool
	// Jitter randomizes the sampling period (PCT section 6.2) so that a
	// program whose loop runs in step with the clock is not always sampled
	// at the same point: every poll the period is redrawn uniformly from
	// [period/2, 3·period/2).
	Jitter bool
	// RingPages is the size of each ring buffer in pages; 0 picks one for
	// the call graph mode.
	RingPages int
	// StackSize is the size of the user stack copy per sample for
	// CallGraphDWARF; 0 means 16 KiB.
	StackSize uint32
	// Unwinder unwinds stack copies for CallGraphDWARF; it must be set in
	// that mode.
	Unwinder Unwinder
	// Histogram, when non-zero, aggregates identical stacks of a process
	// over each interval of this length and writes one sample per distinct
	// stack with the count and the summed CPU time as its values: the file
	// grows with the distinct stacks, not with the samples (long runs).
	Histogram time.Duration
	// Ring, when non-zero, keeps only the last Ring samples in memory and
	// writes them when sampling stops (a flight recorder).
	Ring int
	// Exprs, when set, evaluates expressions at every sample (record
	// --expr). It needs the registers and stack copy of CallGraphDWARF.
	Exprs ExprEvaluator
	// Python reads the Python frames of CPython 3.11-3.13 threads at every
	// sample whose stack runs the eval loop and puts them where the
	// eval frames stand (python.go, package sample/python).
	Python bool
	// AfterDrain, when set, is called on the collector's goroutine after
	// each drain of the rings with a time (ns since the Unix epoch) before
	// which every sample taken has been handed to the writer: the agent
	// closes its intervals there. An error ends the sampling.
	AfterDrain func(upTo int64) error
	// Poll, when positive, replaces how often the perf rings are drained
	// (20 ms): the agent, sampling at a low rate without end, drains less
	// often, for fewer wake-ups; the rings must hold what comes meanwhile.
	Poll time.Duration
	// DrainBy, with Poll, is when the next drain must come at the latest
	// (the agent's interval end): drains that hand no sample to the
	// writer wait longer and longer, up to idlePolls times Poll, but not
	// past it (perf.go).
	DrainBy func() time.Time
	// MaxImage, when positive, is the largest object whose bytes are kept
	// in the data file (the vDSO, deleted files, a container's objects);
	// larger ones are counted in Stats.ImagesSkipped and symbolize only
	// while their file can be read. The agent sets it: on a machine where
	// test binaries come and go, whole-machine sampling would otherwise
	// copy every deleted one into its spool.
	MaxImage int64
	// ForgetExited forgets each process when it exits, writing its
	// ProcessEnd frame ("exited": perf's EXIT record carries no status),
	// so that Live names only the processes still running (the agent).
	ForgetExited bool
	// MaxStack is the kernel's limit of call chain entries a sample
	// holds (perfevent.MaxStack, read before the events are opened); with
	// CallGraphFP, chains that reach it are counted in Stats.Cut. 0: not
	// counted.
	MaxStack int
	// OffCPU records, besides the CPU samples, one sample per time a
	// thread leaves the CPU and comes back, weighted by the time it was
	// away, with the stack where it left and why (offcpu.go). The
	// samples then have the columns profile.OffCPUSampleTypes.
	OffCPU bool
	// OffCPUAtEnd times each off-CPU sample at its episode's end (the
	// thread's return to the CPU), not its start: the sample is written
	// then, and the agent, which closes an interval once every sample
	// taken before its end is written, would miss one timed earlier.
	OffCPUAtEnd bool
	// Wall makes the ptrace sampler sample every thread every period of
	// wall-clock time, blocked ones too (from /proc/TID/syscall, without
	// stopping them), each sample weighted by the wall time since the
	// thread's last: profile.OffCPUSampleTypes, blocked threads' samples
	// in the off-CPU column with the wait frame (ptrace_wall.go).
	Wall bool
}

// ExprEvaluator evaluates record --expr expressions at one sample. The
// sampler calls it from one goroutine, once per sample, after unwinding.
type ExprEvaluator interface {
	// Eval appends to out the values of the expressions that apply to
	// the sample (its process matches the expression's program, its
	// stack holds the expression's function); ExprValue.Expr is the
	// run-local index the caller gave the expression in its ExprDef
	// frame. in and its slices are only valid during the call.
	Eval(in *ExprInput, out []profile.ExprValue) []profile.ExprValue
}

// ExprInput is what a sample offers an ExprEvaluator.
type ExprInput struct {
	// PID and TID are the sampled process and thread.
	PID, TID int32
	// Exe is the process's executable path, "" when unknown; Comm its
	// command name.
	Exe, Comm string
	// Regs are the user registers in the order of the unwinder's
	// RegsMask; Stack the copy of the user stack from the stack pointer
	// up, as taken at the sample.
	Regs  []uint64
	Stack []byte
	// Obj finds the object placement of a runtime address.
	Obj ObjectAt
	// Stopped says whether the thread is stopped while Eval runs (the
	// ptrace sampler): memory read outside the stack copy is then what
	// it was at the sample. Otherwise (perf events) it is read Lag after
	// the sample, while the thread runs on.
	Stopped bool
	Lag     time.Duration
}

func (o *Options) period() uint64 {
	f := o.Freq
	if f <= 0 {
		f = 999
	}
	return uint64(time.Second) / uint64(f)
}

// Unwinder unwinds one sample's user stack copy. The sampler calls it from
// one goroutine.
type Unwinder interface {
	// Unwind appends to pcs the program counter and then the return
	// addresses of the sample's stack, outermost last. regs are the user
	// registers in the order of RegsMask; stack is the copy of the stack
	// from regs' SP up. obj finds the object mapped at a runtime address.
	// complete says whether the unwinder reached the outermost frame.
	Unwind(regs []uint64, stack []byte, obj ObjectAt, pcs []uint64) (out []uint64, complete bool)
	// RegsMask is the PERF_SAMPLE_REGS_USER mask the unwinder needs.
	RegsMask() uint64
}

// ObjectAt finds the object placement that holds a runtime address: the
// object's path and the bias to subtract to get a link-time address.
type ObjectAt = func(pc uint64) (path string, bias uint64, ok bool)

// SampleTypes are the value columns of the sampler's samples.
var SampleTypes = []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}

// Stats are the sampler's counts so far.
type Stats struct {
	Samples   int
	Lost      uint64
	Processes int
	// Incomplete counts stacks that the unwinder could not unwind to the
	// outermost frame (CallGraphDWARF only; off-CPU stacks too). A Go stack that ends in
	// runtime.goexit, runtime.main, runtime.mstart or runtime.rt0_go is
	// whole, wherever the walk stopped after it.
	Incomplete int
	// Cut counts call chains that the kernel cut at Options.MaxStack
	// entries (CallGraphFP).
	Cut int
	// Decode counts records that did not decode.
	Decode int
	// ImagesSkipped counts objects not kept for being over
	// Options.MaxImage.
	ImagesSkipped int
	// Stops counts the ptrace sampler's samples; StopTime is the time
	// from each interrupt to the continue (an upper bound of how long the
	// thread was held: it ran until the interrupt took effect, and sonde
	// polls for the stop), StopWork the time from when sonde saw the stop
	// to the continue (a lower bound: the sampling itself).
	Stops    int
	StopTime time.Duration
	StopWork time.Duration
	// OffCPU counts the off-CPU episodes written and OffCPUTime their
	// total in nanoseconds; OffCPUUnseen counts returns to the CPU whose
	// leaving was not seen (a new thread's first run, a wait begun before
	// sampling, or a lost record).
	OffCPU       int
	OffCPUTime   int64
	OffCPUUnseen int
	// OffCPUStacks counts the stacks the off-CPU event took: one per
	// episode up to the rate bound, fewer above it; OffCPUQuiet the
	// drains it was turned off for, to keep to the bound.
	OffCPUStacks int
	OffCPUQuiet  int
	// Python counts the reading of Python frames (Options.Python).
	Python PythonStats
}

// Sampler turns samples into the data file: it keeps each process's
// mappings, unwinds, evaluates expressions and writes the samples. Create
// it with New; its collectors (Perf, Ptrace, or another package's through
// Track and WriteStack) take the samples; Close it at the end.
type Sampler struct {
	w      *datafile.Writer
	opts   Options
	cfg    perfevent.Config
	cpus   []int
	events []*perfevent.Event
	// offEvent[i] says that events[i] is an off-CPU event (offcpu.go).
	offEvent []bool
	offCfg   perfevent.Config
	// flushAtDrain: each drain ends by writing its samples (perf.go).
	flushAtDrain bool
	// blocked holds each thread's open off-CPU episode; exited the
	// threads that exited; held the records a drain left for the next
	// (newer than its start); syscalls names kernel chains' calls.
	blocked map[int32]*offThread
	offHeld []offSample
	// offKern and offUser are switchOut's kernel and user chains.
	offKern, offUser []uint64
	exited           map[int32]bool
	held             []item
	syscalls         *kernelSyscalls
	waitIndex        int // datafile mapping index of profile.WaitPath + 1, 0 before use
	// gone are the exited threads to forget (system_offcpu.go).
	gone offGone
	// offOn says whether the off-CPU trace events run; offProb is the
	// chance they run a drain; lastDrain is when the last drain began.
	offOn     bool
	offProb   float64
	lastDrain time.Time
	// waitSet says that the sample being handled is of a blocked thread
	// (Options.Wall), waiting for waitReason.
	waitSet    bool
	waitReason profile.Addr

	clockOffset int64 // wall clock minus CLOCK_MONOTONIC, ns

	procs    map[int32]*process
	mappings map[profile.Mapping]int
	nmapping int // the next mapping index (newMapping; Live forgets mappings)
	objects  map[string]*object
	// versions names the later versions of files replaced while the run
	// had them mapped (objversion.go).
	versions map[fileVersion]string
	vdso     string // sonde's own copy of the vDSO image, "" if none
	// kept maps the path of a mapped object that could not be opened (a
	// deleted file) to the copy sonde made of it while the process
	// lived, "" where none could be made.
	kept map[string]string
	// images are the (path, build ID) pairs whose Object frame is
	// written.
	images map[[2]string]bool
	// open holds each object file the run mapped open, so that one
	// deleted during the run can still be read at its end (an open file
	// keeps its inode).
	open   map[string]openObject
	sample profile.Sample
	pcs    []uint64
	// unwindAt and exprAt are the ObjectAt functions of unwindDWARF and
	// evalExprs, made once; they look in unwindProc and exprProc, the
	// process of the stack being unwound or evaluated. exprIn is
	// evalExprs's input, reused.
	unwindAt   ObjectAt
	unwindProc *process
	exprAt     ObjectAt
	exprProc   *process
	exprIn     ExprInput
	pending    []item
	order      []int32 // drain's time order of pending
	// heldBytes and heldWords are the two arenas of the slices of
	// s.held's records, heldArena the one of this drain (own).
	heldBytes [2][]byte
	heldWords [2][]uint64
	heldArena int

	mu      sync.Mutex
	stats   Stats
	lostOut uint64

	hist      map[string]*profile.Sample // Histogram: key of pid and stack
	histOrder []string
	histStart time.Time
	ring      []profile.Sample // Ring: the last samples, ringNext is the oldest
	ringNext  int
	ringFull  bool

	// stopped says that the thread of the sample being handled is stopped
	// (the ptrace sampler).
	stopped bool
	// noMmapRecords says that the collector learns of new mappings only
	// by reading /proc/PID/maps (ptrace, gdb): an address a sample finds
	// unmapped rereads them (lookup).
	noMmapRecords bool
	// system says that the events sample whole CPUs (record -a, the
	// agent): processes come and go without a fork from one sampled, and
	// their cgroups are read.
	system bool

	// KernelRefused is why -k could not be honoured (nil when it was or
	// was not asked for); sampling went on with user frames only.
	KernelRefused error
	kernelIndex   int // datafile mapping index of [kernel.kallsyms], -1 before use

	py *pyState // Options.Python; nil when off
	// pycap takes the Python frames at the sample (pybpf.go); nil
	// before the first event, or where BPF is refused (pyCaptureOff
	// says why).
	pycap        *pyCapture
	pyCaptureOff string

	began     time.Time // when the Sampler was made
	jitPolled time.Time // when pollJIT last read the JIT files (jit.go)
}

// process is what the sampler knows of one process.
type process struct {
	pid, ppid int32
	comm, exe string
	cgroup    string // cgroup v2 path, read in system mode only
	// root is /proc/PID/root when the process is in another mount
	// namespace than sonde's, else ""; nsChecked says it was looked at
	// since the last exec (container.go).
	root      string
	nsChecked bool
	maps      []placement // sorted by start, non-overlapping
	lastFound int         // the index in maps find found last
	afterExec bool        // the next file mapping is the executable
	// readAt is when its maps were last read from /proc (the records'
	// clock, CLOCK_MONOTONIC; 0 if never): a FORK, COMM-exec or MMAP2
	// record older than that is already in them. Handled after the
	// read (the rings are drained later), its exec would clear maps that
	// are the new image's, and the MMAP2 records that would restore them
	// came before the events opened, or on a CPU whose event was not
	// open yet (record -a opens one CPU after another).
	readAt   uint64
	reread   time.Time // when lookup last reread its maps
	anonExec bool      // it mapped anonymous executable memory
	jit      *procJIT  // its perf map and jitdump files (jit.go)
}

// record returns p as the data file's Process frame has it.
func (p *process) record() profile.Process {
	return profile.Process{PID: p.pid, PPID: p.ppid, Comm: p.comm, Exe: p.exe, Cgroup: p.cgroup}
}

// lookup finds the placement of address pc in process p. Without mapping
// records (ptrace, gdb) the maps were read at exec or attach, before the
// dynamic loader mapped the libraries or the program called dlopen: a miss
// rereads /proc/PID/maps, at most every 100 ms a process, so that a
// return address in libc is unwound and named, not left [unmapped] when
// the sampled pc is in the executable.
func (s *Sampler) lookup(p *process, pc uint64) *placement {
	pl := p.find(pc)
	if pl != nil || !s.noMmapRecords || time.Since(p.reread) < 100*time.Millisecond {
		return pl
	}
	p.reread = time.Now()
	if maps, err := proc.Maps(int(p.pid)); err == nil {
		s.loadMaps(p, maps)
	}
	return p.find(pc)
}

// placement is one executable mapping of a process.
type placement struct {
	start, limit uint64
	index        int    // datafile mapping index
	bias         uint64 // runtime minus link-time
	path         string
	file         string // the ELF file of the object, for unwinding; "" if none
	fileBias     uint64 // runtime minus link-time address in file
}

// item is one record of a ring: its slices alias the ring until the
// drain's end (Event.Peek), or, held for the next drain, a held arena.
type item struct {
	rec perfevent.Record
	off bool // from an off-CPU event
}

// New returns a Sampler that writes to w, which must have a run started
// with SampleTypes and the period of opts.
func New(w *datafile.Writer, opts Options) (*Sampler, error) {
	if opts.CallGraph == CallGraphDWARF && opts.Unwinder == nil {
		return nil, errors.New("sample: dwarf call graph without an unwinder")
	}
	if opts.Exprs != nil && (opts.CallGraph != CallGraphDWARF || opts.Histogram > 0) {
		return nil, errors.New("sample: expressions need the dwarf call graph and one sample per tick (no histogram)")
	}
	cpus, err := proc.OnlineCPUs()
	if err != nil {
		return nil, err
	}
	s := &Sampler{
		w: w, opts: opts, cpus: cpus,
		procs:       make(map[int32]*process),
		mappings:    make(map[profile.Mapping]int),
		objects:     make(map[string]*object),
		kernelIndex: -1,
		began:       time.Now(),
	}
	if opts.Python {
		s.py = newPyState()
	}
	s.clockOffset = time.Now().UnixNano() - unix.MonotonicNow()
	if v, err := dumpVDSO(); err == nil {
		s.vdso = v
	}
	pages := opts.RingPages
	s.cfg = perfevent.Config{
		Clock: opts.Clock, Period: opts.period(), Inherit: true,
		Callchain: opts.CallGraph == CallGraphFP, Kernel: opts.Kernel, Tracking: true,
	}
	if opts.CallGraph == CallGraphDWARF {
		if opts.Kernel {
			// The kernel's part of the stack from the kernel, the user's
			// part from the stack copy.
			s.cfg.Callchain, s.cfg.KernelChainOnly = true, true
		}
		s.cfg.RegsUser = opts.Unwinder.RegsMask()
		s.cfg.StackUser = opts.StackSize
		if s.cfg.StackUser == 0 {
			s.cfg.StackUser = 16 << 10
		}
		if pages == 0 {
			pages = 1024 // 4 MiB: 16 KiB a sample, polled every 20 ms
		}
	}
	if pages == 0 {
		pages = 64
	}
	s.cfg.RingPages = pages
	if opts.OffCPU {
		if err := s.setupOffCPU(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Period returns the sampling period in nanoseconds.
func (s *Sampler) Period() int64 { return int64(s.opts.period()) }

// attach starts sampling process pid: every thread it has now and every
// thread and child process they create later. Its current mappings come
// from /proc/PID/maps.
func (s *Sampler) attach(pid int) error {
	tids, err := proc.Threads(pid)
	if err != nil {
		return err
	}
	s.startPyCapture()
	for _, tid := range tids {
		for _, cpu := range s.cpus {
			ev, err := perfevent.Open(&s.cfg, tid, cpu)
			if err != nil && s.cfg.Kernel && errors.Is(err, perfevent.ErrPermission) {
				// Kernel sampling refused: keep the user frames, and say so.
				s.cfg.Kernel, s.cfg.KernelChainOnly = false, false
				s.cfg.Callchain = s.opts.CallGraph == CallGraphFP
				s.KernelRefused = err
				ev, err = perfevent.Open(&s.cfg, tid, cpu)
			}
			if err != nil {
				if errors.Is(err, unix.ESRCH) {
					break // the thread exited meanwhile
				}
				return fmt.Errorf("sample process %d: %w", pid, err)
			}
			s.events = append(s.events, ev)
			s.offEvent = append(s.offEvent, false)
			s.pyEventOpened(ev)
			if s.opts.OffCPU {
				off, err := s.openOffCPU(tid, cpu)
				if errors.Is(err, unix.ESRCH) {
					break
				}
				if err != nil {
					return fmt.Errorf("sample process %d: %w", pid, err)
				}
				s.events = append(s.events, off)
				s.offEvent = append(s.offEvent, true)
			}
		}
	}
	// The process and its maps once the events report every later mmap
	// (a program attached while its loader maps its libraries): a
	// mapping made meanwhile is in the maps or in a record. Its frame in
	// the data file says the events are open (tests wait for it).
	if err := s.addProcess(pid); err != nil {
		return err
	}
	if s.opts.OffCPU {
		s.blockedAtAttach(pid, tids)
	}
	return nil
}

// addProcess records process pid with its current mappings.
func (s *Sampler) addProcess(pid int) error {
	readAt := uint64(unix.MonotonicNow())
	st, err := proc.ReadStat(pid)
	if err != nil {
		return err
	}
	maps, err := proc.Maps(pid)
	if err != nil {
		return err
	}
	p := &process{pid: int32(pid), ppid: int32(st.PPID), comm: st.Comm, exe: proc.Exe(pid), readAt: readAt}
	if s.system {
		p.cgroup, _ = proc.Cgroup(pid)
	}
	s.procs[p.pid] = p
	s.countProcess()
	s.loadMaps(p, maps)
	return s.w.WriteProcess(p.record())
}

// loadMaps replaces p's mappings with the executable ones of maps
// (/proc/PID/maps).
func (s *Sampler) loadMaps(p *process, maps []proc.Mapping) {
	p.maps = nil
	for _, m := range maps {
		if !m.Exec() {
			continue
		}
		path := m.Path
		if m.Inode == 0 && !strings.HasPrefix(path, "[") {
			path = "" // anonymous
		}
		s.mmap(p, m.Start, m.Limit, m.Offset, path, "")
	}
}

func (s *Sampler) countProcess() {
	s.mu.Lock()
	s.stats.Processes++
	s.mu.Unlock()
}

// Stats returns the counts so far; it is safe to call while Run runs.
func (s *Sampler) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// closeEvents disables and closes every event.
func (s *Sampler) closeEvents() error {
	var first error
	for _, ev := range s.events {
		if err := ev.Close(); err != nil && first == nil {
			first = err
		}
	}
	s.events, s.offEvent = nil, nil
	return first
}

// finish ends a collection: it writes what the Sampler keeps back
// (--histogram, --ring), closes the events, and writes a copy of each
// object the run mapped that was deleted meanwhile. Every collector calls
// it once, before the writer is closed.
func (s *Sampler) finish() error {
	s.pollJIT(true)
	// Off-CPU episodes still open are written first: their stacks may
	// hold Python frames that flushInterp then defines.
	err := s.endOffCPU()
	if ferr := s.flushInterp(); err == nil {
		err = ferr
	}
	if ferr := s.flushHistogram(); err == nil {
		err = ferr
	}
	if ferr := s.flushRing(); err == nil {
		err = ferr
	}
	s.closeEvents()
	s.closePyCapture()
	s.keepVanished()
	return err
}

// Close closes every event and removes the files the Sampler made (its
// copies of the vDSO and of deleted objects).
func (s *Sampler) Close() error {
	first := s.closeEvents()
	s.closePyCapture()
	if s.vdso != "" {
		os.Remove(s.vdso)
		s.vdso = ""
	}
	for _, f := range s.kept {
		if f != "" {
			os.Remove(f)
		}
	}
	s.kept = nil
	s.keepVanished()
	return first
}

// drain reads every ring, orders the records by time (a process's mmap on
// one CPU must be known before its samples on another) and handles them.
func (s *Sampler) drain() error {
	// Off-CPU episodes pair records of different rings (a thread leaves
	// one CPU and comes back on another): only records older than the
	// drain's start are surely all read, the newer ones wait for the
	// next drain (or endOffCPU).
	cut := uint64(unix.MonotonicNow())
	// Samples are written to the ring at the tick: those taken before
	// cut are all in the rings read below.
	upTo := int64(cut) + s.clockOffset
	began := time.Now()
	stacks0 := s.Stats().OffCPUStacks
	s.pending = append(s.pending[:0], s.held...)
	s.held = s.held[:0]
	s.heldArena = 1 - s.heldArena
	s.heldBytes[s.heldArena] = s.heldBytes[s.heldArena][:0]
	s.heldWords[s.heldArena] = s.heldWords[s.heldArena][:0]
	// The records are handled where the kernel wrote them (Peek): no
	// copy of the 16 KiB stacks. The rings are released once the drain
	// is done with them.
	defer s.releaseRings()
	var rec perfevent.Record
	for i, ev := range s.events {
		off := s.offEvent[i]
		for {
			ok, err := ev.Peek(&rec)
			if err != nil {
				s.mu.Lock()
				s.stats.Decode++
				s.mu.Unlock()
			}
			if !ok {
				break
			}
			if err != nil {
				continue
			}
			s.pending = append(s.pending, item{rec: rec, off: off})
		}
	}
	s.pyPoll()
	// Sort indices, not the records (200 bytes each): sort.SliceStable
	// moving the records cost 2.5 µs a record at 3,600 records a drain
	// (a program switching 180,000 times a second under --off-cpu).
	s.order = s.order[:0]
	for i := range s.pending {
		s.order = append(s.order, int32(i))
	}
	slices.SortStableFunc(s.order, func(a, b int32) int { return cmp.Compare(s.pending[a].rec.Time, s.pending[b].rec.Time) })
	for n, i := range s.order {
		if s.opts.OffCPU && s.pending[i].rec.Time >= cut {
			// Kept for the next drain, after the rings are released.
			for _, j := range s.order[n:] {
				it := s.pending[j]
				s.own(&it.rec)
				s.held = append(s.held, it)
			}
			break
		}
		if err := s.handleItem(&s.pending[i]); err != nil {
			return err
		}
	}
	if s.blocked != nil {
		threads := s.offThreadsSampled()
		if err := s.flushOffCPU(false); err != nil {
			return err
		}
		if !s.lastDrain.IsZero() {
			s.stackPolicy(s.Stats().OffCPUStacks-stacks0, threads, began.Sub(s.lastDrain))
		}
		s.lastDrain = began
	}
	if err := s.flushInterp(); err != nil {
		return err
	}
	s.mu.Lock()
	lost := s.stats.Lost - s.lostOut
	s.lostOut = s.stats.Lost
	s.mu.Unlock()
	if lost > 0 {
		if err := s.w.WriteLost(lost); err != nil {
			return err
		}
	}
	s.pollJIT(false)
	if s.flushAtDrain {
		if err := s.w.Flush(); err != nil {
			return err
		}
	}
	if s.opts.AfterDrain != nil {
		return s.opts.AfterDrain(upTo)
	}
	return nil
}

// releaseRings gives the space of the records the drain read back to
// the kernel, and drops the drain's records, whose slices alias the
// rings: none must outlive a ring's unmapping (the garbage collector
// would take one for a heap pointer were the runtime to map its heap
// there).
func (s *Sampler) releaseRings() {
	for _, ev := range s.events {
		ev.Release()
	}
	clear(s.pending) // those past it were cleared by the drains that used them
	s.pending = s.pending[:0]
}

// own copies the slices of r, which alias a ring, into the held arena of
// this drain: s.held's records live until the next drain has handled or
// copied them again (into the other arena), so two arenas that take
// turns are reused without a copy ever being overwritten while held.
func (s *Sampler) own(r *perfevent.Record) {
	a := s.heldArena
	b, w := s.heldBytes[a], s.heldWords[a]
	r.Stack, b = appendOwned(b, r.Stack)
	r.BuildID, b = appendOwned(b, r.BuildID)
	r.Callchain, w = appendOwned(w, r.Callchain)
	r.Regs, w = appendOwned(w, r.Regs)
	s.heldBytes[a], s.heldWords[a] = b, w
}

// appendOwned appends x to arena and returns the copy (nil for an empty
// x) and the arena. A copy's capacity ends at its length; one made
// before the arena grew keeps the old array, which is not written again.
func appendOwned[T any](arena, x []T) ([]T, []T) {
	if len(x) == 0 {
		return nil, arena
	}
	i := len(arena)
	arena = append(arena, x...)
	return arena[i:len(arena):len(arena)], arena
}

func (s *Sampler) proc(pid int32) *process {
	if p, ok := s.procs[pid]; ok {
		return p
	}
	// A process whose FORK record was lost: take what /proc still says.
	p := &process{pid: pid}
	s.procs[pid] = p
	s.countProcess()
	readAt := uint64(unix.MonotonicNow())
	if st, err := proc.ReadStat(int(pid)); err == nil {
		p.ppid, p.comm, p.exe = int32(st.PPID), st.Comm, proc.Exe(int(pid))
		if s.system {
			p.cgroup, _ = proc.Cgroup(int(pid))
		}
		// A process gone by now keeps readAt 0: its records are all
		// there is to go by.
		if maps, err := proc.Maps(int(pid)); err == nil {
			p.readAt = readAt
			for _, m := range maps {
				if m.Exec() && (m.Inode != 0 || strings.HasPrefix(m.Path, "[")) {
					s.mmap(p, m.Start, m.Limit, m.Offset, m.Path, "")
				}
			}
		}
	}
	s.w.WriteProcess(p.record())
	return p
}

// handleItem handles one record of a ring.
func (s *Sampler) handleItem(it *item) error {
	if it.rec.Type == perfevent.RecordFork {
		s.offForked(int32(it.rec.TID))
	}
	switch {
	case it.off && it.rec.Type == perfevent.RecordSample:
		s.switchOut(&it.rec)
		return nil
	case (it.rec.Type == perfevent.RecordSwitch || it.rec.Type == perfevent.RecordSwitchCPUWide) && s.blocked != nil:
		return s.switchRecord(&it.rec)
	}
	return s.handle(&it.rec)
}

func (s *Sampler) handle(r *perfevent.Record) error {
	switch r.Type {
	case perfevent.RecordSample:
		return s.handleSample(r)
	case perfevent.RecordMmap2, perfevent.RecordMmap:
		if r.Prot != 0 && r.Prot&4 == 0 { // PROT_EXEC
			return nil
		}
		p := s.proc(int32(r.PID))
		if r.Time < p.readAt {
			return nil // in the maps read from /proc (or unmapped before)
		}
		// r.BuildID is not used: sonde's events do not ask for build IDs
		// (perfevent.Config.Tracking says why), so a MMAP2 record that
		// says it carries one got the bit from another tool's event, and
		// its bytes are a device and inode. The object's own note is read.
		id := ""
		path := r.Filename
		if path == "//anon" {
			path = ""
		}
		s.mmap(p, r.Addr, r.Addr+r.Len, r.Pgoff, path, id)
		if p.afterExec && strings.HasPrefix(path, "/") {
			p.afterExec = false
			p.exe = path
			return s.w.WriteProcess(p.record())
		}
	case perfevent.RecordComm:
		if r.PID != r.TID {
			return nil // a thread renamed itself
		}
		p := s.proc(int32(r.PID))
		if r.Time < p.readAt {
			return nil // /proc, read later, has the new name and image
		}
		p.comm = r.Comm
		if r.Misc&perfevent.MiscCommExec != 0 {
			p.maps = nil // exec replaced the address space
			p.afterExec = true
			s.pyForget(p.pid)
			s.endJIT(p, int64(r.Time)+s.clockOffset, true)
			p.nsChecked = false // exec may follow unshare
		}
		return s.w.WriteProcess(p.record())
	case perfevent.RecordFork:
		if r.PID == r.PPID {
			return nil // a new thread
		}
		if old, ok := s.procs[int32(r.PID)]; ok && r.Time < old.readAt {
			return nil // read from /proc since: its maps are newer
		}
		parent := s.proc(int32(r.PPID))
		// A child starts in its parent's cgroup; it may move before it
		// is read, or be gone by then.
		p := &process{pid: int32(r.PID), ppid: int32(r.PPID), comm: parent.comm, exe: parent.exe, cgroup: parent.cgroup}
		if s.system {
			if cg, err := proc.Cgroup(int(r.PID)); err == nil {
				p.cgroup = cg
			}
		}
		p.maps = append([]placement(nil), parent.maps...)
		s.procs[p.pid] = p
		s.countProcess()
		s.pyForked(parent.pid, p.pid)
		return s.w.WriteProcess(p.record())
	case perfevent.RecordExit:
		s.threadExited(int32(r.TID))
		if r.PID != r.TID {
			return nil
		}
		s.pyForget(int32(r.PID))
		if p, ok := s.procs[int32(r.PID)]; ok {
			p.maps = nil
			s.endJIT(p, int64(r.Time)+s.clockOffset, false)
			if s.opts.ForgetExited {
				return s.forget(p)
			}
		}
	case perfevent.RecordLost, perfevent.RecordLostSamples:
		s.mu.Lock()
		s.stats.Lost += r.Lost
		s.mu.Unlock()
	}
	return nil
}

// mmap records that [start, limit) of p maps path from file offset off.
func (s *Sampler) mmap(p *process, start, limit, off uint64, path, buildID string) {
	pl := placement{start: start, limit: limit, path: path}
	m := profile.Mapping{Path: path, BuildID: buildID, Start: start, Limit: limit, Offset: off}
	file := path
	if path == "[vdso]" {
		file = s.vdso
	}
	switch {
	case path == "":
		m.Path = "[anon]"
		p.anonExec = true
	case jitDumpName(path):
		// A runtime's jitdump marker: no code runs there.
		s.addJitDump(p, path)
	case strings.HasPrefix(file, "/"):
		if path != "[vdso]" {
			// A process in another mount namespace (a container): its
			// files through /proc/PID/root, and their bytes kept in the
			// data file below, so that they symbolize after it is gone.
			file = s.containerFile(p, path, buildID)
		}
		o, ok := s.objects[file]
		if !ok {
			o = readVersioned(file)
			if o.err != nil {
				// The object may live in another mount namespace.
				if o2 := readObject(proc.Root(int(p.pid)) + path); o2.err == nil {
					o = o2
				}
			}
			s.objects[file] = o
		} else if file == path {
			o, file = s.current(path, o)
		}
		pl.file = file
		if o.err != nil && path != "[vdso]" && deleted(path) {
			// Deleted (the path may say so, or the file may have gone
			// since the mmap): read it while the process lives.
			if copyPath := s.keepDeleted(p, start, limit, path); copyPath != "" {
				file, pl.file, o = copyPath, copyPath, s.objects[copyPath]
			}
		}
		if o.err == nil {
			if m.BuildID == "" {
				m.BuildID = o.buildID
			}
			if b, ok := o.bias(start, off); ok {
				m.Bias = b
			}
			if file != path {
				// The vDSO, a deleted file, or a container's: the report
				// reads its symbols from the data file.
				s.writeImage(path, m.BuildID, file)
			}
			if file == path {
				if _, ok := s.open[path]; !ok {
					if s.open == nil {
						s.open = make(map[string]openObject)
					}
					f, _ := os.Open(path) // nil: not kept
					s.open[path] = openObject{f, m.BuildID}
				}
			}
		}
	}
	pl.fileBias = m.Bias
	pl.bias = m.Bias
	idx, ok := s.mappings[m]
	if !ok {
		idx = s.newMapping()
		s.mappings[m] = idx
		mc := m
		if err := s.w.WriteMapping(idx, &mc); err != nil {
			s.mu.Lock()
			s.stats.Decode++
			s.mu.Unlock()
		}
	}
	pl.index = idx
	// Replace whatever the new mapping overlaps.
	maps := p.maps[:0:0]
	for _, q := range p.maps {
		if q.limit <= start || q.start >= limit {
			maps = append(maps, q)
		}
	}
	i := sort.Search(len(maps), func(i int) bool { return maps[i].start >= start })
	maps = append(maps, placement{})
	copy(maps[i+1:], maps[i:])
	maps[i] = pl
	p.maps = maps
	s.pyMapped(p, &pl)
}

// openObject is an object file the run keeps open, with the build ID of
// its mappings.
type openObject struct {
	f       *os.File
	buildID string
}

// keepVanished writes an Object frame for each object that was deleted
// while the run had it open (a program that removes its own executable
// after it started), read through the open file, and closes them all.
func (s *Sampler) keepVanished() {
	for path, ob := range s.open {
		if ob.f == nil {
			continue
		}
		if deleted(path) && !s.images[[2]string{path, ob.buildID}] {
			s.writeImage(path, ob.buildID, fmt.Sprintf("/proc/self/fd/%d", ob.f.Fd()))
		}
		ob.f.Close()
	}
	s.open = nil
}

// deleted reports whether the file at path is gone: /proc/PID/maps says
// "(deleted)", or it was removed after a mapping record named it.
func deleted(path string) bool {
	if strings.HasSuffix(path, " (deleted)") {
		return true
	}
	_, err := os.Stat(path)
	return errors.Is(err, os.ErrNotExist)
}

// keepDeleted copies the object mapped at [start, limit) of p, which
// cannot be opened at path (deleted, or the path says "(deleted)"), through
// /proc/PID/map_files (root) or, for the executable, /proc/PID/exe, to a
// file of sonde's that serves the run: unwinding, the bias, and the Object
// frame. It returns the copy's path, "" if the process is gone or the
// kernel refuses. The first copy made for a path serves every process.
func (s *Sampler) keepDeleted(p *process, start, limit uint64, path string) string {
	if c, ok := s.kept[path]; ok {
		return c
	}
	var data []byte
	var err error
	for _, src := range []string{
		fmt.Sprintf("/proc/%d/map_files/%x-%x", p.pid, start, limit),
		fmt.Sprintf("/proc/%d/exe", p.pid),
	} {
		if strings.HasSuffix(src, "/exe") && strings.TrimSuffix(path, " (deleted)") != strings.TrimSuffix(p.exe, " (deleted)") {
			continue
		}
		if data, err = os.ReadFile(src); err == nil {
			break
		}
	}
	if s.kept == nil {
		s.kept = make(map[string]string)
	}
	if err != nil || len(data) == 0 {
		s.kept[path] = ""
		return ""
	}
	out, err := os.CreateTemp("", "sonde-deleted-*")
	if err != nil {
		s.kept[path] = ""
		return ""
	}
	_, err = out.Write(data)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	o := readObject(out.Name())
	if err != nil || o.err != nil {
		os.Remove(out.Name())
		s.kept[path] = ""
		return ""
	}
	s.kept[path] = out.Name()
	s.objects[out.Name()] = o
	return out.Name()
}

// writeImage writes an Object frame with the bytes of file for the
// mappings of path and build ID buildID, once per run. An object too big
// for a frame stays unsymbolized.
func (s *Sampler) writeImage(path, buildID, file string) {
	k := [2]string{path, buildID}
	if s.images[k] {
		return
	}
	if s.images == nil {
		s.images = make(map[[2]string]bool)
	}
	s.images[k] = true
	if s.opts.MaxImage > 0 {
		if st, err := os.Stat(file); err == nil && st.Size() > s.opts.MaxImage {
			s.mu.Lock()
			s.stats.ImagesSkipped++
			s.mu.Unlock()
			return
		}
	}
	data, err := os.ReadFile(file)
	if err == nil {
		err = s.w.WriteObject(path, buildID, data)
	}
	if err != nil {
		s.mu.Lock()
		s.stats.Decode++
		s.mu.Unlock()
	}
}

// goStackEnd reports whether return address ra lies in a function that
// begins every stack of a Go program: runtime.goexit (each goroutine's
// first frame), runtime.main (the main goroutine's, above goexit),
// runtime.mstart (a thread's system stack) or runtime.rt0_go (the first
// thread's). Go stacks end there without a CFI rule or a zero frame
// pointer, so the walk stops without knowing it reached the end.
func (s *Sampler) goStackEnd(p *process, ra uint64) bool {
	pl := p.find(ra)
	if pl == nil || pl.file == "" {
		return false
	}
	o := s.objects[pl.file]
	if o == nil || o.err != nil {
		return false
	}
	return o.goEnd(ra - 1 - pl.fileBias)
}

// locations appends to dst the locations of runtime addresses pcs of
// process p: kernel addresses in the kernel's mapping, user ones in the
// mapping that holds them (as link-time addresses), others unmapped.
func (s *Sampler) locations(p *process, dst []profile.Location, pcs []uint64) []profile.Location {
	for _, pc := range pcs {
		loc := profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(pc)}
		if pc >= kernelStart {
			loc.Mapping = int32(s.kernelMapping())
		} else if pl := s.lookup(p, pc); pl != nil {
			loc = profile.Location{Mapping: int32(pl.index), Addr: profile.Addr(pc - pl.bias)}
		}
		dst = append(dst, loc)
	}
	return dst
}

// unwindDWARF appends to pcs, which holds nk kernel frames, the user
// frames of process p that CFI unwinding finds from registers regs and the
// stack copy stack, and reports whether the walk reached the stack's end
// (a Go stack's first function counts as its end).
func (s *Sampler) unwindDWARF(p *process, regs []uint64, stack []byte, pcs []uint64, nk int) ([]uint64, bool) {
	if s.unwindAt == nil {
		s.unwindAt = s.unwindObject
	}
	s.unwindProc = p
	pcs, complete := s.opts.Unwinder.Unwind(regs, stack, s.unwindAt, pcs)
	s.unwindProc = nil
	if !complete && len(pcs) > nk+1 {
		complete = s.goStackEnd(p, pcs[len(pcs)-1])
	}
	return pcs, complete
}

// unwindObject is the ObjectAt of unwindDWARF's walk of s.unwindProc's
// stack: a method value made once, where a closure of the process would
// be an allocation a sample.
func (s *Sampler) unwindObject(pc uint64) (string, uint64, bool) {
	pl := s.lookup(s.unwindProc, pc)
	if pl == nil || pl.file == "" {
		return "", 0, false
	}
	return pl.file, pl.fileBias, true
}

// kernelStart is where x86-64's kernel half of the address space begins
// (Documentation/arch/x86/x86_64/mm.rst); user addresses are below.
const kernelStart = 0xffff800000000000

// KernelPath is the pseudo-path of the kernel's mapping, perf's name.
const KernelPath = "[kernel.kallsyms]"

// kernelMapping returns the mapping index of the kernel, writing its
// Mapping frame the first time. Kernel addresses stay runtime addresses.
func (s *Sampler) kernelMapping() int {
	if s.kernelIndex < 0 {
		m := profile.Mapping{Path: KernelPath}
		s.kernelIndex = s.newMapping()
		s.mappings[m] = s.kernelIndex
		s.w.WriteMapping(s.kernelIndex, &m)
	}
	return s.kernelIndex
}

// find returns the placement of p that holds runtime address pc: the one
// found last when it does (a sample's frames are mostly in one object,
// and the unwinder and then locations ask for each), else by a binary
// search of the maps.
func (p *process) find(pc uint64) *placement {
	// The maps do not overlap: a placement that holds pc is the one.
	if l := p.lastFound; l < len(p.maps) && p.maps[l].start <= pc && pc < p.maps[l].limit {
		return &p.maps[l]
	}
	i := sort.Search(len(p.maps), func(i int) bool { return p.maps[i].limit > pc })
	if i < len(p.maps) && p.maps[i].start <= pc {
		p.lastFound = i
		return &p.maps[i]
	}
	return nil
}

func (s *Sampler) handleSample(r *perfevent.Record) error {
	p := s.proc(int32(r.PID))
	pcs := s.pcs[:0]
	nkernel := 0
	complete := true // the dwarf unwinder says when it stopped short
	if s.opts.CallGraph == CallGraphDWARF && len(r.Callchain) > 0 {
		// The kernel's part (KernelChainOnly); the user part follows.
		for _, ip := range r.Callchain {
			if !perfevent.IsContext(ip) {
				pcs = append(pcs, ip)
			}
		}
		nkernel = len(pcs)
	}
	switch s.opts.CallGraph {
	case CallGraphFP:
		for _, ip := range r.Callchain {
			if !perfevent.IsContext(ip) {
				pcs = append(pcs, ip)
			}
		}
		if s.opts.MaxStack > 0 && len(pcs) >= s.opts.MaxStack {
			s.mu.Lock()
			s.stats.Cut++
			s.mu.Unlock()
		}
		if len(pcs) == 0 {
			pcs = append(pcs, r.IP)
		}
	case CallGraphDWARF:
		complete = false
		if len(r.Regs) > 0 {
			pcs, complete = s.unwindDWARF(p, r.Regs, r.Stack, pcs, nkernel)
		}
		if len(pcs) == nkernel && nkernel == 0 {
			pcs = append(pcs, r.IP)
		}
		if !complete {
			s.mu.Lock()
			s.stats.Incomplete++
			s.mu.Unlock()
		}
	default:
		pcs = append(pcs, r.IP)
	}
	s.pcs = pcs
	stack := s.sample.Stack[:0]
	if s.waitSet {
		stack = append(stack, profile.Location{Mapping: s.waitMapping(), Addr: s.waitReason})
	}
	stack = s.locations(p, stack, pcs)
	if s.py != nil {
		stack = s.splicePython(p, r, pcs, stack, complete)
	}
	if len(stack) > datafile.MaxStackDepth {
		stack = stack[:datafile.MaxStackDepth]
	}
	s.sample.Stack = stack
	s.sample.Values = s.cpuValues(int64(r.Period))
	if s.waitSet {
		s.sample.Values = append(s.sample.Values[:0], 1, 0, int64(r.Period), int64(r.Period))
	}
	s.sample.PID, s.sample.TID = int32(r.PID), int32(r.TID)
	s.sample.Time = int64(r.Time) + s.clockOffset
	s.sample.Exprs = s.evalExprs(p, r, s.sample.Exprs[:0])
	s.mu.Lock()
	s.stats.Samples++
	s.mu.Unlock()
	switch {
	case s.opts.Histogram > 0:
		s.addHistogram(&s.sample)
		return nil
	case s.opts.Ring > 0:
		s.addRing(&s.sample)
		return nil
	}
	return s.w.WriteSample(&s.sample)
}

// evalExprs appends to dst the values of the --expr expressions at the
// sample r of process p (its registers and stack copy).
func (s *Sampler) evalExprs(p *process, r *perfevent.Record, dst []profile.ExprValue) []profile.ExprValue {
	if s.opts.Exprs == nil || len(r.Regs) == 0 {
		return dst
	}
	if s.exprAt == nil {
		s.exprAt = s.exprObject
	}
	// The input and its Obj are the Sampler's, reused: a fresh one would
	// escape (an interface call) an allocation a sample.
	s.exprProc = p
	s.exprIn = ExprInput{
		PID: int32(r.PID), TID: int32(r.TID), Exe: p.exe, Comm: p.comm,
		Regs: r.Regs, Stack: r.Stack, Stopped: s.stopped,
		Lag: time.Duration(unix.MonotonicNow() - int64(r.Time)),
		Obj: s.exprAt,
	}
	dst = s.opts.Exprs.Eval(&s.exprIn, dst)
	s.exprIn, s.exprProc = ExprInput{}, nil // no hold on the ring
	return dst
}

// exprObject is the ExprInput.Obj of evalExprs: the placement of pc in
// s.exprProc.
func (s *Sampler) exprObject(pc uint64) (string, uint64, bool) {
	pl := s.exprProc.find(pc)
	if pl == nil || pl.file == "" {
		return "", 0, false
	}
	return pl.file, pl.fileBias, true
}

// copySample returns a copy of x that owns its slices.
func copySample(x *profile.Sample) profile.Sample {
	c := *x
	c.Stack = append([]profile.Location(nil), x.Stack...)
	c.Values = append([]int64(nil), x.Values...)
	c.Exprs = append([]profile.ExprValue(nil), x.Exprs...)
	return c
}

// addHistogram adds x to the current interval's aggregate.
func (s *Sampler) addHistogram(x *profile.Sample) {
	if s.hist == nil {
		s.hist = make(map[string]*profile.Sample)
		s.histStart = time.Now()
	}
	key := make([]byte, 0, 8+12*len(x.Stack))
	key = binary.LittleEndian.AppendUint32(key, uint32(x.PID))
	key = binary.LittleEndian.AppendUint32(key, uint32(x.TID))
	for _, l := range x.Stack {
		key = binary.LittleEndian.AppendUint32(key, uint32(l.Mapping))
		key = binary.LittleEndian.AppendUint64(key, uint64(l.Addr))
	}
	if h, ok := s.hist[string(key)]; ok {
		for i := range h.Values {
			h.Values[i] += x.Values[i]
		}
		return
	}
	c := copySample(x)
	s.hist[string(key)] = &c
	s.histOrder = append(s.histOrder, string(key))
}

// flushHistogram writes one sample per distinct stack of the interval,
// stamped with the time of its first occurrence.
func (s *Sampler) flushHistogram() error {
	for _, k := range s.histOrder {
		if err := s.w.WriteSample(s.hist[k]); err != nil {
			return err
		}
	}
	s.hist, s.histOrder = nil, nil
	s.histStart = time.Now()
	return s.w.Flush()
}

// addRing keeps x among the last opts.Ring samples.
func (s *Sampler) addRing(x *profile.Sample) {
	if len(s.ring) < s.opts.Ring {
		s.ring = append(s.ring, copySample(x))
		return
	}
	old := &s.ring[s.ringNext]
	old.Stack = append(old.Stack[:0], x.Stack...)
	old.Values = append(old.Values[:0], x.Values...)
	old.Exprs = append(old.Exprs[:0], x.Exprs...)
	old.PID, old.TID, old.Time = x.PID, x.TID, x.Time
	s.ringNext = (s.ringNext + 1) % len(s.ring)
	s.ringFull = true
}

// flushRing writes the kept samples, oldest first.
func (s *Sampler) flushRing() error {
	n := len(s.ring)
	for i := 0; i < n; i++ {
		if err := s.w.WriteSample(&s.ring[(s.ringNext+i)%n]); err != nil {
			return err
		}
	}
	if s.ringFull {
		s.mu.Lock()
		dropped := s.stats.Samples - n
		s.mu.Unlock()
		if err := s.w.WriteNote(fmt.Sprintf("ring: kept the last %d of %d samples", n, dropped+n)); err != nil {
			return err
		}
	}
	s.ring = nil
	return s.w.Flush()
}
