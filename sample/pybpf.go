package sample

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"sonde/internal/linux/bpf"
	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/unix"
	"sonde/sample/python"
)

// pyCapture takes the Python frames at the sample (Options.Python with
// perf events): a BPF program on every sampling event copies the sampled
// thread's frame chain into a ring buffer (bpf.FrameCapture), from the
// structure offsets of each process's interpreter (set when the sampler
// sees it map libpython). While a process has a walk a goroutine reads
// the ring every captureInterval and reads each record's code objects at
// once (a
// module's code is freed once it is imported; a program's first drains
// take 0.1-0.2 s here, unwinding and reading new objects), and each
// drain reads the ring once more after the perf rings, so that every
// sample read has its record read too. A sample takes the record of its
// thread with its ip whose time is nearest its own (the program runs in
// the same interrupt: a few µs apart). Where BPF is refused the frames
// are read after the sample (splicePython's reader). While no process
// has a walk the program writes nothing, and the goroutine waits without
// a ticker (an idle agent's 500 wake-ups a second otherwise).
type pyCapture struct {
	c *bpf.FrameCapture
	// read reads the ring (c.c.Read; a test's own).
	read func(func(*bpf.FrameRecord)) int
	// newTicker starts the goroutine's ticker (time.NewTicker's; a
	// test's own).
	newTicker func(time.Duration) (<-chan time.Time, func())
	// wake tells the goroutine that walks were given or taken (walking).
	wake chan struct{}
	// walking is whether a process has a walk: the goroutine polls only
	// then. Set by the drain (setWalking).
	walking atomic.Bool
	// polls counts the goroutine's reads of the ring (tests).
	polls atomic.Int64

	mu sync.Mutex // guards what follows, up to the drain's own fields
	// byTID holds each thread's records not yet taken, oldest first.
	byTID map[int32][]capRecord
	// readers decode the records of each process with a walk.
	readers map[int32]*capReader
	gen     uint64 // drains so far: python.Process.Captured's generation
	bad     int    // records that did not decode
	raw     int    // records left undecoded for want of a reader
	stop    chan struct{}
	done    chan struct{}

	// The drain's own: the processes given a walk, with their
	// _PyRuntime, the layout it was made from and the interpreter object
	// they map; the objects whose DWARF is being read.
	set     map[int32]uint64
	layout  map[int32]*python.Layout
	files   map[int32]pyFile
	opening map[string]*pyOpening
}

// capReader reads the code objects of one process's records.
type capReader struct {
	obj *python.Object
	rd  *python.Process
}

// capRecord is one record of the ring: its frames, read as soon as the
// record was, or the raw frames where no reader was there yet (a forked
// child's, until the drain sees its fork).
type capRecord struct {
	time, ip uint64
	next     uint64 // where a chain cut at bpf.MaxFrames goes on
	tgid     int32
	status   bpf.Status
	raw      []python.RawFrame
	frames   []python.Frame
	err      error
	decoded  bool
}

// captureRing is the ring buffer's size: 1,600 records of 25 frames, at
// 999 Hz on 2 CPUs drained every 20 ms a fortieth of it.
const captureRing = 1 << 20

// captureInterval is how often the goroutine reads the ring.
const captureInterval = 2 * time.Millisecond

// captureWindow is how far from its sample a record may be: the program
// runs in the sample's interrupt (TestFrameCapture: under 2 µs apart).
const captureWindow = uint64(time.Millisecond)

// pyEarlyPoll replaces pollInterval for the first pyEarlyFor of a run
// with the capture on, until a process has a walk: the program's first
// samples, before its walk is set, are read after the sample.
const (
	pyEarlyPoll = time.Millisecond
	pyEarlyFor  = 100 * time.Millisecond
)

// walks returns the number of processes given a walk.
func (c *pyCapture) walks() int { return len(c.set) }

// captureKeep is how long a record no sample took is kept (the samples
// of a thread outside the eval loop take none).
const captureKeep = int64(time.Second)

// startPyCapture loads the capture before the first event is opened;
// where the kernel refuses, the reason goes to the run note and the
// frames are read after the sample.
func (s *Sampler) startPyCapture() {
	if s.py == nil || s.pycap != nil || s.pyCaptureOff != "" {
		return
	}
	c, err := bpf.NewFrameCapture(captureRing)
	if err != nil {
		s.pyCaptureOff = err.Error()
		if !errors.Is(err, bpf.ErrNotSupported) {
			s.pyCaptureOff = "BPF frame capture: " + err.Error()
		}
		s.mu.Lock()
		s.stats.Python.CaptureOff = s.pyCaptureOff
		s.mu.Unlock()
		return
	}
	pc := newPyCapture(c.Read)
	pc.c = c
	go pc.run()
	s.pycap = pc
}

// newPyCapture returns a capture whose ring is read with read, its
// goroutine not started.
func newPyCapture(read func(func(*bpf.FrameRecord)) int) *pyCapture {
	return &pyCapture{read: read, newTicker: realTicker, wake: make(chan struct{}, 1),
		byTID: map[int32][]capRecord{}, readers: map[int32]*capReader{},
		stop: make(chan struct{}), done: make(chan struct{}),
		set: map[int32]uint64{}, layout: map[int32]*python.Layout{}, files: map[int32]pyFile{}, opening: map[string]*pyOpening{}}
}

func realTicker(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// run reads the ring every captureInterval while a process has a walk,
// until stop; without one it waits for a walk (wake).
func (c *pyCapture) run() {
	defer close(c.done)
	var tick <-chan time.Time
	stopTick := func() {}
	defer func() { stopTick() }()
	for {
		if on := c.walking.Load(); on && tick == nil {
			tick, stopTick = c.newTicker(captureInterval)
		} else if !on && tick != nil {
			stopTick()
			tick, stopTick = nil, func() {}
		}
		select {
		case <-c.stop:
			return
		case <-c.wake:
		case <-tick:
			c.mu.Lock()
			c.poll()
			c.mu.Unlock()
			c.polls.Add(1)
		}
	}
}

// setWalking tells the goroutine whether a process has a walk (the
// drain's, after it changed c.set).
func (c *pyCapture) setWalking() {
	if c.walking.Swap(len(c.set) > 0) != (len(c.set) > 0) {
		select {
		case c.wake <- struct{}{}:
		default:
		}
	}
}

// poll reads the records in the ring, and the code objects of each, and
// drops the records no sample took for a while. c.mu is held.
func (c *pyCapture) poll() {
	if c.raw > 0 {
		// Records read before their process had a reader (a forked
		// child's, until the drain sees the fork).
		c.raw = 0
		for _, q := range c.byTID {
			for i := range q {
				if r := &q[i]; r.status == bpf.StatusOK && !r.decoded {
					if cr := c.readers[r.tgid]; cr != nil {
						r.frames, r.err = cr.rd.CapturedFrom(r.raw, r.next, c.gen, nil)
						r.decoded = true
					} else {
						c.raw++
					}
				}
			}
		}
	}
	c.bad += c.read(func(r *bpf.FrameRecord) {
		rec := capRecord{time: r.Time, ip: r.IP, status: r.Status, tgid: int32(r.TGID)}
		if r.Status == bpf.StatusTruncated {
			rec.status, rec.next = bpf.StatusOK, r.Next
		}
		if rec.status == bpf.StatusOK {
			rec.raw = make([]python.RawFrame, len(r.Frames))
			for i, f := range r.Frames {
				rec.raw[i] = python.RawFrame{Code: f.Code, Instr: f.Instr, Entry: f.Entry, Owner: f.Owner}
			}
			if cr := c.readers[int32(r.TGID)]; cr != nil {
				rec.frames, rec.err = cr.rd.CapturedFrom(rec.raw, rec.next, c.gen, nil)
				rec.decoded = true
			} else {
				c.raw++
			}
		}
		c.byTID[int32(r.TID)] = append(c.byTID[int32(r.TID)], rec)
	})
	old := uint64(unix.MonotonicNow() - captureKeep)
	for tid, q := range c.byTID {
		i := 0
		for i < len(q) && q[i].time < old {
			i++
		}
		if i == len(q) {
			delete(c.byTID, tid)
		} else if i > 0 {
			c.byTID[tid] = append(q[:0], q[i:]...)
		}
	}
}

// publish makes process pid's records read with object obj mapped with
// bias (a new reader when the object changed).
func (c *pyCapture) publish(pid int32, obj *python.Object, bias uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cr := c.readers[pid]; cr != nil && cr.obj == obj {
		return
	}
	c.readers[pid] = &capReader{obj: obj, rd: python.NewProcess(obj, bias, func(b []byte, addr uint64) error {
		n, err := unix.ReadProcessMemory(int(pid), b, addr)
		if err == nil && n < len(b) {
			err = fmt.Errorf("read %d of %d bytes", n, len(b))
		}
		return err
	})}
}

// pyEventOpened attaches the capture to a sampling event.
func (s *Sampler) pyEventOpened(ev *perfevent.Event) {
	if s.pycap == nil {
		return
	}
	if err := s.pycap.c.Attach(ev.FD()); err != nil {
		s.stopPyCapture("BPF frame capture: " + err.Error())
	}
}

// stopPyCapture gives up the capture: the frames are read after the
// sample from now on.
func (s *Sampler) stopPyCapture(why string) {
	s.closePyCapture()
	s.pyCaptureOff = why
	s.mu.Lock()
	s.stats.Python.CaptureOff = why
	s.mu.Unlock()
}

// pyMapped gives process p the walk of the interpreter it maps at pl, if
// pl is one.
func (s *Sampler) pyMapped(p *process, pl *placement) {
	if s.pycap == nil || pl.file == "" || !python.Candidate(pl.file) {
		return
	}
	s.pycap.files[p.pid] = pyFile{pl.file, pl.fileBias}
	s.pyWalk(p.pid)
}

// pyFile is the interpreter object a process maps, with its bias.
type pyFile struct {
	file string
	bias uint64
}

// pyWalk gives process pid the walk of the interpreter it maps, from
// the object as read so far.
func (s *Sampler) pyWalk(pid int32) {
	f := s.pycap.files[pid]
	o := s.pyObject(f.file)
	if o == nil {
		s.pyForget(pid)
		return
	}
	s.setWalk(pid, o.Layout, o.Runtime+f.bias)
	s.pycap.publish(pid, o, f.bias)
}

// pyForked gives a child the reader of its parent's records: the kernel
// gave it the parent's walk at the fork.
func (s *Sampler) pyForked(parent, child int32) {
	c := s.pycap
	if c == nil {
		return
	}
	if f, ok := c.files[parent]; ok {
		c.files[child] = f
		c.set[child], c.layout[child] = c.set[parent], c.layout[parent]
		c.setWalking()
		if o := s.pyObject(f.file); o != nil {
			c.publish(child, o, f.bias)
		}
	}
}

// pyOpening is an interpreter object whose DWARF is being read, and the
// object read from its symbols meanwhile (python.OpenQuick).
type pyOpening struct {
	quick *python.Object
	done  chan struct{}
	o     *python.Object
	err   error
}

// pyObjectAsync returns the interpreter object of file at once: reading
// the layout from libpython's DWARF takes 0.1-0.3 s the first time (more
// on a loaded machine), while the program runs on, imports modules and
// frees their code; meanwhile frames are copied and read with the
// version's offsets without DWARF and the symbols' addresses
// (python.OpenQuick),
// replaced by the DWARF's when they are read (each drain looks).
func (s *Sampler) pyObjectAsync(file string) *python.Object {
	c := s.pycap
	op := c.opening[file]
	if op == nil {
		quick, err := python.OpenQuick(file)
		if err != nil || quick == nil {
			o, err := python.Open(file)
			s.pyOpened(o, err)
			s.py.objs[file] = o
			return o
		}
		op = &pyOpening{quick: quick, done: make(chan struct{})}
		go func() {
			op.o, op.err = python.Open(file)
			close(op.done)
		}()
		c.opening[file] = op
	}
	select {
	case <-op.done:
		delete(c.opening, file)
		s.pyOpened(op.o, op.err)
		s.py.objs[file] = op.o
		return op.o
	default:
		return op.quick
	}
}

// setWalk gives process pid the walk of layout l with _PyRuntime at rt:
// 3.11 and 3.12 through tstate->cframe->current_frame, 3.13 straight from
// tstate->current_frame; a release without is_entry (3.12+) has the
// program copy the owner byte in its place, which Captured ignores.
func (s *Sampler) setWalk(pid int32, l *python.Layout, rt uint64) {
	if s.pycap.set[pid] == rt && s.pycap.layout[pid] == l {
		return
	}
	w := bpf.FrameWalk{
		Runtime: rt, InterpHead: uint64(l.RuntimeInterpHead), ThreadsHead: uint64(l.InterpThreadsHead),
		TstateNext: uint64(l.TstateNext), TstateNativeTID: uint64(l.TstateNativeTID),
		TstateFrame: uint64(l.TstateCurrentFrame),
		FrameCode:   uint64(l.FrameCode), FramePrevious: uint64(l.FramePrevious), FrameInstr: uint64(l.FramePrevInstr),
		FrameEntry: uint64(l.FrameOwner), FrameOwner: uint64(l.FrameOwner),
	}
	if l.Cframe {
		w.TstateFrame, w.CframeCurrent, w.HasCframe = uint64(l.TstateCframe), uint64(l.CframeCurrent), true
	}
	if l.FrameIsEntry >= 0 {
		w.FrameEntry = uint64(l.FrameIsEntry)
	}
	w.FrameRead = max(w.FrameCode+8, w.FramePrevious+8, w.FrameInstr+8, w.FrameEntry+1, w.FrameOwner+1)
	if err := s.pycap.c.Set(int(pid), w); err != nil {
		s.mu.Lock()
		if s.stats.Python.NotRead == "" {
			s.stats.Python.NotRead = err.Error()
		}
		s.mu.Unlock()
		return
	}
	s.pycap.set[pid], s.pycap.layout[pid] = rt, l
	s.pycap.setWalking()
}

// pyForget drops process pid's walk: it exec'd or exited.
func (s *Sampler) pyForget(pid int32) {
	c := s.pycap
	if c == nil {
		return
	}
	// Also a walk the kernel gave a child at its fork.
	c.c.Forget(int(pid))
	delete(c.set, pid)
	delete(c.layout, pid)
	delete(c.files, pid)
	c.setWalking()
	c.mu.Lock()
	delete(c.readers, pid)
	c.mu.Unlock()
}

// pyPoll reads the capture's ring once more (after the perf rings: a
// sample read there has its record written before it), in a new
// generation; and gives the processes the DWARF's layout once it is
// read.
func (s *Sampler) pyPoll() {
	c := s.pycap
	if c == nil {
		return
	}
	if len(c.opening) > 0 {
		for pid := range c.files {
			s.pyWalk(pid)
		}
	}
	c.mu.Lock()
	c.gen++
	c.poll()
	bad := c.bad
	c.bad = 0
	c.mu.Unlock()
	if bad > 0 {
		s.mu.Lock()
		s.stats.Decode += bad
		s.mu.Unlock()
	}
}

// take returns the record of sample r, nil if there is none; it drops
// the thread's records older than it (their samples are past).
func (c *pyCapture) take(r *perfevent.Record) *capRecord {
	c.mu.Lock()
	defer c.mu.Unlock()
	q := c.byTID[int32(r.TID)]
	best, bestD := -1, captureWindow+1
	for i := range q {
		if q[i].time > r.Time+captureWindow {
			break
		}
		d := max(q[i].time, r.Time) - min(q[i].time, r.Time)
		if q[i].ip == r.IP && d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return nil
	}
	rec := q[best]
	c.byTID[int32(r.TID)] = q[best+1:]
	return &rec
}

// pyCaptured appends to out the Python frames of sample r from its
// record, and returns how many of them, innermost first, were copied at
// the sample: 0 when there was no record that could be used (a record
// whose walk did not end well, a frame not resident or a thread not
// found, leaves the sample to the reader after the sample), the
// bpf.MaxFrames copied less their shim frames (3.12+) when the chain was
// longer (the rest is read after). A record read
// before its process had a reader is read now, with pp's.
func (s *Sampler) pyCaptured(pp *pyProc, r *perfevent.Record, out []python.Frame) ([]python.Frame, int, error) {
	c := s.pycap
	if c == nil {
		return out, 0, nil
	}
	rec := c.take(r)
	if rec == nil || rec.status != bpf.StatusOK {
		s.mu.Lock()
		if rec == nil {
			s.stats.Python.NoRecord++
		} else {
			s.stats.Python.CaptureFailed++
		}
		s.mu.Unlock()
		return out, 0, nil
	}
	s.mu.Lock()
	s.stats.Python.Captured++
	if rec.next != 0 {
		s.stats.Python.CapturedDeep++
	}
	s.mu.Unlock()
	frames, err := rec.frames, rec.err
	if !rec.decoded {
		c.mu.Lock()
		gen := c.gen
		c.mu.Unlock()
		frames, err = pp.rd.CapturedFrom(rec.raw, rec.next, gen, nil)
	}
	// The Python frames copied: 3.12's and 3.13's shim frames are none.
	n := 0
	for _, f := range rec.raw {
		if f.Owner != python.OwnedByCStack {
			n++
		}
	}
	n = max(n, 1)
	if err != nil {
		return out, n, err
	}
	return append(out, frames...), n, nil
}

// closePyCapture stops the goroutine and releases the capture (after the
// events are closed).
func (s *Sampler) closePyCapture() {
	c := s.pycap
	if c == nil {
		return
	}
	close(c.stop)
	<-c.done
	for file, op := range c.opening {
		// What the DWARF gave goes to the note (python.Open's own
		// time, 0.1-0.3 s, at most).
		<-op.done
		s.pyOpened(op.o, op.err)
		s.py.objs[file] = op.o
	}
	c.opening = nil
	if n, err := c.c.Dropped(); err == nil && n > 0 {
		s.mu.Lock()
		s.stats.Python.CaptureDropped = int(n)
		s.mu.Unlock()
	}
	c.c.Close()
	s.pycap = nil
}
