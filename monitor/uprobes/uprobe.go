package uprobes

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"sonde/internal/linux/bpf"
	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/tracefs"
	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/monitor/plancache"
	"sonde/monitor/units"
	"sonde/proc"
)

// Set is the counters of one run.
type Set struct {
	// bpf, when set, counts every site of bpfSites (its cookies index
	// bpfSites); counters and trace are then unused.
	bpf      *bpf.UprobeCounters
	bpfSites []bpfSite
	counters []uprobeCounter
	// refused are the sites whose instruction the kernel will not probe
	// (ENOTSUPP, errno 524: for example "cs nopw" padding), by object.
	refused map[*plancache.Object]map[int]bool
	trace   *perfevent.TraceUprobes // nil when the PMU is used
	// debug receives the timings of opening and closing (counting.Options.Debug);
	// nil discards them.
	debug *log.Logger
}

type uprobeCounter struct {
	obj, site int // counting.Result.Objects index, site index
	c         *perfevent.Counter
}

// Open opens a counter for every site of every placed object in each
// of tids, by the mechanism opts chooses; it says in res.Notes which
// counted.
func Open(opts *counting.Options, tids []int, objs []counting.Placed, res *counting.Result) (*Set, error) {
	objs, err := addUnmapped(opts, tids[0], objs, res)
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	defer func() {
		res.Setup = time.Since(t0)
		if d := tracefs.Mounted(); d != "" {
			res.Notes = append(res.Notes, "uprobe engine: mounted tracefs at "+d+" (nobody had)")
		}
	}()
	if opts.Uprobes != counting.UprobesPerf {
		s, err := openBPFUprobes(tids, objs, res, opts.Debug)
		if err == nil {
			res.Uprobes = counting.UprobesBPF
			res.Notes = append(res.Notes, fmt.Sprintf("uprobe engine: counted by a BPF program on %d uprobes (uprobe_multi links, one per object)", s.bpf.Probes()))
			return s, nil
		}
		if opts.Uprobes == counting.UprobesBPF || !errors.Is(err, bpf.ErrNotSupported) {
			if errors.Is(err, bpf.ErrNotSupported) {
				err = fmt.Errorf("%w: %w", ErrUnavailable, err)
			}
			return nil, err
		}
		res.Notes = append(res.Notes, fmt.Sprintf("uprobe engine: BPF refused (%v): counted by one perf counter per uprobe", err))
	}
	s, err := openPerfUprobes(tids, objs, res, opts.Debug)
	if err == nil {
		res.Uprobes = counting.UprobesPerf
		if opts.Uprobes == counting.UprobesPerf {
			res.Notes = append(res.Notes, "uprobe engine: counted by one perf counter per uprobe")
		}
	}
	return s, err
}

// addUnmapped adds to objs the objects that obj: specs name and that are
// not mapped yet (libraries the program will dlopen), found on disk by
// findUnmapped: their probes count from the moment a followed process
// maps them.
func addUnmapped(opts *counting.Options, pid int, objs []counting.Placed, res *counting.Result) ([]counting.Placed, error) {
	sel := units.NewSelector(opts.Only)
	paths, missing := findUnmapped(pid, sel.Objects(), objs)
	for _, m := range missing {
		res.Notes = append(res.Notes, fmt.Sprintf("uprobe engine: obj:%s is not mapped and was not found on disk: not counted if loaded later", m))
	}
	root := proc.FileRoot(pid)
	for _, path := range paths {
		u, err := units.LoadUnits(filepath.Join(root, path), opts.UnitKind(), sel, true)
		if err != nil {
			return nil, err
		}
		u.Path = path
		o := plancache.NewObject(u)
		res.AddOnDisk(o)
		res.Sites += len(o.Sites)
		objs = append(objs, counting.Placed{Obj: o})
		res.Notes = append(res.Notes, fmt.Sprintf("uprobe engine: %s is not mapped yet: probed on disk, counted from when the program loads it", path))
	}
	return objs, nil
}

// openPerfUprobes opens a perf counter for every site of every placed
// object in each of tids.
func openPerfUprobes(tids []int, objs []counting.Placed, res *counting.Result, debug *log.Logger) (*Set, error) {
	n := 0
	for _, p := range objs {
		n += len(p.Obj.Sites)
	}
	if _, err := unix.RaiseNofile(uint64(n*len(tids) + 256)); err != nil {
		return nil, fmt.Errorf("raise RLIMIT_NOFILE for %d uprobes: %w", n*len(tids), err)
	}
	if _, err := perfevent.UprobePMUType(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	s := &Set{debug: debug}
	// Trace events defined through tracefs follow threads and children;
	// the PMU's cannot (see perfevent.OpenUprobeCounter).
	trace, err := perfevent.NewTraceUprobes(fmt.Sprintf("sonde_%d", tids[0]))
	if err != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("uprobe engine: %v: only the threads present at the start are counted, not new threads or children", err))
	}
	s.trace = trace
	// Definitions are written one by one (one file); the opens are made
	// many at a time, since each waits for the kernel (about 0.1-0.2 s
	// measured here, mostly asleep) and the waits overlap.
	type job struct {
		oi, si int
		obj    *plancache.Object
		off    uint64
		id     uint64
		tid    int
		c      *perfevent.Counter
		err    error
	}
	var jobs []*job
	t0 := time.Now()
	for _, p := range objs {
		oi := res.ObjectIndex(p.Obj)
		for si, site := range p.Obj.Sites {
			if p.Only != nil && !p.Only[si] {
				continue
			}
			off, ok := p.Obj.FileOffset(site.Addr)
			if !ok {
				continue
			}
			var id uint64
			if trace != nil {
				if id, err = trace.Add(p.Obj.Path, off); err != nil {
					s.close()
					return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
				}
			}
			for _, tid := range tids {
				jobs = append(jobs, &job{oi: oi, si: si, obj: p.Obj, off: off, id: id, tid: tid})
			}
		}
	}
	t1 := time.Now()
	ch := make(chan *job)
	var wg sync.WaitGroup
	for range min(64, max(1, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				if trace != nil {
					j.c, j.err = perfevent.OpenTraceCounter(j.id, j.tid, true)
				} else {
					j.c, j.err = perfevent.OpenUprobeCounter(j.obj.Path, j.off, j.tid)
				}
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	debugf(s.debug, "uprobe open: %d definitions in %v, %d opens in %v", len(jobs), t1.Sub(t0), len(jobs), time.Since(t1))
	var firstErr error
	for _, j := range jobs {
		if j.c != nil {
			s.counters = append(s.counters, uprobeCounter{obj: j.oi, site: j.si, c: j.c})
			continue
		}
		if errors.Is(j.err, errNotSupp) {
			if s.refused == nil {
				s.refused = map[*plancache.Object]map[int]bool{}
			}
			if s.refused[j.obj] == nil {
				s.refused[j.obj] = map[int]bool{}
			}
			s.refused[j.obj][j.si] = true
			continue
		}
		if firstErr == nil && j.err != nil {
			firstErr = fmt.Errorf("probe %s at %#x: %w", j.obj.Path, j.obj.Sites[j.si].Addr, j.err)
		}
	}
	if firstErr != nil {
		s.close()
		if errors.Is(firstErr, unix.EACCES) || errors.Is(firstErr, unix.EPERM) || errors.Is(firstErr, unix.ENOENT) ||
			errors.Is(firstErr, unix.EINVAL) || errors.Is(firstErr, unix.ENOSYS) {
			firstErr = fmt.Errorf("%w: %w", ErrUnavailable, firstErr)
		}
		return nil, firstErr
	}
	return s, nil
}

// Finish hands the counters off to the helper, or closes them, and adds
// the time it took to res.Teardown.
func (s *Set) Finish(helper []string, res *counting.Result) {
	t0 := time.Now()
	if !s.handOff(helper) {
		s.close()
	}
	res.Teardown += time.Since(t0)
}

// errNotSupp is ENOTSUPP (524), the kernel-internal error uprobes return
// for an instruction they cannot handle; it has no name in package syscall.
const errNotSupp = syscall.Errno(524)

// NRefused returns how many sites were refused.
func (s *Set) NRefused() int {
	n := 0
	for _, m := range s.refused {
		n += len(m)
	}
	return n
}

// Read adds every counter's value to res.
func (s *Set) Read(res *counting.Result) error {
	if s.bpf != nil {
		return s.readBPF(res)
	}
	for _, c := range s.counters {
		v, err := c.c.Read()
		if err != nil {
			return err
		}
		res.AddSiteCount(c.obj, c.site, v)
	}
	return nil
}

// handOff gives the counters to a helper process (argv, with N DIR GROUP
// appended; the counters are its descriptors 3, 4, ...) that closes them
// and removes the definitions after sonde has gone: each probe takes the
// kernel about 85 ms to unregister, one after the other, which is minutes
// for thousands of probes. It reports whether the helper took them.
func (s *Set) handOff(argv []string) bool {
	if len(argv) == 0 || s.trace == nil || len(s.counters) < 8 {
		return false
	}
	files := make([]*os.File, len(s.counters))
	for i, c := range s.counters {
		files[i] = os.NewFile(uintptr(c.c.Release()), "uprobe counter")
	}
	args := append(append([]string{}, argv[1:]...), strconv.Itoa(len(files)), s.trace.Dir(), s.trace.Group())
	cmd := exec.Command(argv[0], args...)
	cmd.ExtraFiles = files
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	err := cmd.Start()
	for i, f := range files {
		if err != nil {
			// Take them back and close them here.
			fd, derr := syscall.Dup(int(f.Fd()))
			if derr == nil {
				s.counters[i].c = perfevent.CounterFromFD(fd)
			}
		}
		f.Close() // the helper holds its own copy
	}
	if err != nil {
		return false
	}
	go cmd.Wait()
	s.counters = nil
	s.trace.Forget()
	s.trace = nil
	return true
}

// CloseInherited is the helper's side of handOff: it closes descriptors 3
// to 3+n-1 (uprobe counters) and then removes the uprobe definitions of
// group in the tracefs directory dir.
func CloseInherited(n int, dir, group string) error {
	for fd := 3; fd < 3+n; fd++ {
		syscall.Close(fd)
	}
	return perfevent.RemoveTraceUprobes(dir, group)
}

// close closes every counter, many at a time: the kernel's unregistering
// waits (an RCU grace period) and the waits overlap. BPF counters close
// with one close per object.
func (s *Set) close() {
	t0 := time.Now()
	if s.bpf != nil {
		s.bpf.Close()
		s.bpf = nil
		debugf(s.debug, "uprobe close: BPF links closed in %v", time.Since(t0))
		return
	}
	defer func() {
		debugf(s.debug, "uprobe close: %d counters in %v", len(s.counters), time.Since(t0))
	}()
	const workers = 64
	ch := make(chan *perfevent.Counter)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range ch {
				c.Close()
			}
		}()
	}
	for _, c := range s.counters {
		ch <- c.c
	}
	close(ch)
	wg.Wait()
	s.counters = nil
	debugf(s.debug, "uprobe close: counters closed after %v", time.Since(t0))
	if s.trace != nil {
		s.trace.Close()
		s.trace = nil
	}
}

// CountLaunched counts a launched command stopped at its entry: it lets
// it go with detach (the counters need no tracer) and waits for the
// command's end.
func CountLaunched(pid int, detach func() error, set *Set, res *counting.Result, opts *counting.Options) error {
	defer set.Finish(opts.CloseHelper, res)
	if err := detach(); err != nil {
		unix.Kill(pid, unix.SIGKILL)
		return fmt.Errorf("detach from %d: %w", pid, err)
	}
	if opts.Checkpoint != nil {
		// The counters are read beside the wait; res is left alone
		// until the goroutine is done.
		quit, done := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(done)
			t := time.NewTicker(counting.CheckpointEvery)
			defer t.Stop()
			for {
				select {
				case <-quit:
					return
				case <-t.C:
					opts.Checkpoint(res.Snapshot(set.Read))
				}
			}
		}()
		defer func() { close(quit); <-done }()
	}
	for {
		_, ws, err := unix.Wait4(pid, false)
		if err != nil {
			return fmt.Errorf("wait for %d: %w", pid, err)
		}
		if ws.Exited() || ws.Signaled() {
			res.Status = ws
			res.Ended = counting.Ended(ws)
			break
		}
	}
	return set.Read(res)
}

// CountAttached counts a running process until ctx is done or the
// process is gone, after letting its stopped threads go with detach (nil
// when none is traced).
func CountAttached(ctx context.Context, pid int, detach func(), set *Set, res *counting.Result, opts *counting.Options) error {
	defer set.Finish(opts.CloseHelper, res)
	if detach != nil {
		detach()
	}
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	res.Ended = "detached"
	last := time.Now()
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case <-t.C:
			if st, err := proc.ReadStat(pid); err != nil || st.State == "Z" || st.State == "X" {
				res.Ended = "ended"
				break loop
			}
			if opts.Checkpoint != nil && time.Since(last) >= counting.CheckpointEvery {
				last = time.Now()
				opts.Checkpoint(res.Snapshot(set.Read))
			}
		}
	}
	return set.Read(res)
}

// debugf writes one line to l, when there is one (counting.Options.Debug).
func debugf(l *log.Logger, format string, args ...any) {
	if l != nil {
		l.Printf(format, args...)
	}
}

// ErrUnavailable says the uprobe engine cannot work here (no PMU, no
// permission).
var ErrUnavailable = errors.New("uprobes not available")

// Refused returns the sites of o whose instruction the kernel would not
// probe (nil if none), for ptrace breakpoints to count.
func (s *Set) Refused(o *plancache.Object) map[int]bool { return s.refused[o] }
