// Package agent is sonde's continuous profiler (DCPI's idea, as the
// OpenTelemetry eBPF profiler and parca-agent run it today): it samples
// the whole machine (or cgroups, or processes) at a low rate without end,
// spools every sample in its append-only data file, and every interval
// symbolizes the interval's samples locally (file:line, inline frames)
// and sends them as one OTLP profiles request to a collector, one
// ResourceProfiles per process (package export/otlp).
//
// Nothing is lost to an unreachable collector: an interval is closed in
// the spool (an Agent frame, datafile.AgentClosed) once all its samples
// are there, and marked sent only when the collector has accepted it.
// Unsent intervals are retried with exponential backoff, oldest first;
// beyond Config.SpoolMax unsent intervals the oldest are dropped (marked,
// counted). An agent started again on the same spool sends what the
// previous one left unsent. An interval is sent at least once: a kill
// between the collector's acceptance and the sent mark sends it again.
//
// The agent reads back only what was appended to its spool since the last
// interval (datafile.Tail) and keeps the samples of the unsent intervals
// in memory; once the spool passes Config.SpoolSize it is rotated
// (datafile.Writer.Rewrite, while the sampler goes on writing): replaced
// atomically by a file holding the unsent intervals, the open one, the
// frames their samples need, and the processes and mappings the sampler
// still has (the processes that exited are forgotten: live.go). An agent
// started on a spool decodes the samples only from where the oldest
// unsent interval's may start.
package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"
	"time"

	"sonde/export/otlp"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/sample"
	"sonde/symbol"
)

// Config configures an agent.
type Config struct {
	// Spool is the data file the agent appends to (created if missing).
	Spool string
	// Sender delivers one request; see NewHTTPSender.
	Sender Sender
	// Interval is how often a profile is sent.
	Interval time.Duration
	// SpoolMax is the most unsent intervals kept; older ones are dropped.
	// 0 keeps them all.
	SpoolMax int
	// Host is the host.name resource attribute.
	Host string
	// Version is sonde's version, the instrumentation scope's.
	Version string
	// Sampler are the sampler's options (Freq, CallGraph, Unwinder...).
	Sampler sample.Options
	// Target is what is sampled: All (with Cgroups) or PIDs.
	Target sample.Target
	// Events, when set, is told what the agent does (intervals sent,
	// failures, drops), from the agent's goroutines one at a time.
	Events func(Event)
	// MaxBackoff bounds the wait between retries; 0 means Interval.
	MaxBackoff time.Duration
	// SpoolSize is the size in bytes past which the spool is rotated;
	// 0 means DefaultSpoolSize, a negative size never.
	SpoolSize int64
	// KeepRotated keeps the spool a rotation replaced as SPOOL.1.
	KeepRotated bool
}

// DefaultSpoolSize is the spool's default rotation size: big enough that
// rotations (a copy of the spool, 0.25 s for 66 MiB on the loaded test
// machine, while the sampler goes on writing) are rare, small enough that
// the disk it takes, twice with SPOOL.1, is no one's concern.
const DefaultSpoolSize = 64 << 20

// Event is something the agent did, for its user.
type Event struct {
	// Op is "sent", "retry", "dropped", "rotated", "started" or
	// "warning".
	Op string
	// From, To is the interval concerned (zero for "started").
	From, To time.Time
	// Samples and Processes are the sent interval's.
	Samples, Processes int
	// Err is why a send failed (retry) or what went wrong (warning).
	Err error
	// Backlog is how many intervals wait to be sent.
	Backlog int
	// Size and Was are the spool's sizes after and before a rotation.
	Size, Was int64
}

// Sender sends one OTLP profiles request to a collector.
type Sender interface {
	// Send delivers req; an error means it must be sent again.
	Send(ctx context.Context, req *Request) error
}

// Stats are what an agent did, returned by Run.
type Stats struct {
	Sampled          sample.Stats
	Sent, Dropped    int
	Retries          int
	IntervalsClosed  int
	SamplesSent      int
	BacklogRemaining int
	// Rotations counts the spool's rotations.
	Rotations int
	// BytesRead and FramesRead are what the agent read back from its
	// spool (datafile.Tail): they grow with what it appends, not with
	// its size at every interval.
	BytesRead  int64
	FramesRead int
	// ReaderProcesses and ReaderMappings are the processes and mappings
	// the agent's reader of its spool knew at the end: those of the spool
	// since the last rotation (memory that does not grow with the
	// processes the machine started).
	ReaderProcesses, ReaderMappings int
	// FramesSkipped counts the frames of samples the agent did not decode
	// at its start: those of the intervals a previous agent on the spool
	// sent or dropped.
	FramesSkipped int
}

// DefaultMaxImage is the largest object whose bytes the agent keeps in its
// spool (the vDSO, a deleted file, a container's object): enough for the
// vDSO and most programs' own objects, not for every deleted test binary
// of a build machine (sample.Options.MaxImage).
const DefaultMaxImage = 8 << 20

// Run samples and sends until ctx is done, then closes the last interval,
// tries once more to send what is unsent (for at most one Interval), and
// returns. What is still unsent stays in the spool for the next agent.
func Run(ctx context.Context, cfg Config) (Stats, error) {
	var st Stats
	if cfg.Interval <= 0 {
		return st, errors.New("agent: interval must be positive")
	}
	if cfg.Sender == nil {
		return st, errors.New("agent: no sender")
	}
	if err := checkSpoolTypes(cfg.Spool, cfg.Sampler.OffCPU); err != nil {
		return st, err
	}
	w, err := datafile.OpenAppend(cfg.Spool)
	if err != nil {
		return st, err
	}
	defer w.Close()
	if cfg.SpoolSize == 0 {
		cfg.SpoolSize = DefaultSpoolSize
	}
	a := &agent{cfg: cfg, w: w, wake: make(chan struct{}, 1), tail: datafile.NewTail(cfg.Spool), done: make(map[[2]int64]bool)}
	a.skipSent()
	a.newSymbolizer()
	defer func() { a.cache.Close() }() // the last one

	opts := cfg.Sampler
	if opts.MaxImage == 0 {
		opts.MaxImage = DefaultMaxImage
	}
	offCPUOptions(&opts)
	switch {
	case opts.Poll != 0:
	case opts.Freq <= 99:
		// At 99 Hz and below (the default is 49) a 4 MiB ring holds 2.4 s
		// or more of a busy CPU: 500 ms (1 s after idle drains, perf.go)
		// is safe, and each drain costs a burst of Go scheduler and
		// sysmon wake-ups besides its samples (250 ms cost about 10 %
		// more CPU a sample on work.c at 99 Hz). A kill loses at most
		// the last half second.
		opts.Poll = 500 * time.Millisecond
	case opts.Freq <= 499:
		// A 4 MiB ring of 16 KiB stack copies holds 0.5 s of a CPU at
		// 499 Hz: 100 ms is safe and wakes the agent 5 times less than
		// the sampler's 20 ms.
		opts.Poll = 100 * time.Millisecond
	}
	start := time.Now()
	a.from = start.UnixNano()
	opts.AfterDrain = a.afterDrain
	// Drains that find no sample back off (an idle machine), but the
	// interval still closes on time.
	opts.DrainBy = func() time.Time { return time.Unix(0, a.from).Add(cfg.Interval) }
	// Exits forgotten, so that a rotation carries over the frames of the
	// processes still running only (Sampler.Live).
	opts.ForgetExited = true
	s, err := sample.New(w, opts)
	if err != nil {
		return st, err
	}
	defer s.Close()
	a.sampler = s
	command := []string{"agent"}
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "agent", Command: command, Start: start, SampleTypes: s.SampleTypes(), Period: s.Period()}); err != nil {
		return st, err
	}
	w.WriteNote(fmt.Sprintf("sampler: perf_event %s at %d Hz, call graph %s; agent interval %v", opts.Clock, 1000000000/s.Period(), opts.CallGraph, cfg.Interval))

	sendCtx, stopSend := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		a.sendLoop(sendCtx)
	}()
	a.event(Event{Op: "started"})

	target := cfg.Target
	_, runErr := s.Perf().Run(ctx, target)
	// The last, partial interval.
	if err := a.closeInterval(time.Now().UnixNano()); err != nil && runErr == nil {
		runErr = err
	}
	w.WriteRunEnd(time.Now())
	// One last try, bounded, for what is unsent.
	final, cancel := context.WithTimeout(sendCtx, cfg.Interval)
	a.sendPending(final)
	cancel()
	stopSend()
	wg.Wait()

	a.mu.Lock()
	st = a.stats
	a.mu.Unlock()
	st.Sampled = s.Stats()
	a.sendMu.Lock()
	if err := a.read(); err == nil {
		st.BacklogRemaining = len(a.pend)
	}
	st.BytesRead = a.readBefore.BytesRead + a.tail.BytesRead
	st.FramesRead = a.readBefore.FramesRead + a.tail.Frames
	st.FramesSkipped = a.readBefore.FramesSkipped + a.tail.Skipped
	if a.prof != nil {
		st.ReaderProcesses, st.ReaderMappings = len(a.prof.Processes), len(a.prof.Mappings)
	}
	a.sendMu.Unlock()
	var se *sample.StartError
	if errors.As(runErr, &se) {
		return st, se.Err
	}
	return st, runErr
}

// agent is one Run's state.
type agent struct {
	cfg   Config
	w     *datafile.Writer
	cache *symbol.Cache
	sym   *report.ObjectSymbolizer
	wake  chan struct{}

	from    int64           // start of the open interval; the sampler's goroutine only
	sampler *sample.Sampler // its Live on the sampler's goroutine only

	// live is what the sampler's frames may refer to from live.off on
	// (liveSet), the last one taken; under liveMu. gen is the spool's
	// generation (datafile.Writer.FlushedSize) and lastRotation the
	// rotation that made it, under sendMu.
	liveMu       sync.Mutex
	live         *liveSet
	gen          int
	lastRotation *datafile.Rewritten

	sendMu sync.Mutex // one sender at a time: the loop, or the final try
	images map[[2]string]bool
	// What the spool says, read by tail; under sendMu.
	tail *datafile.Tail
	// readBefore is what the Tails of the spools before the last
	// rotation read (Stats.BytesRead...).
	readBefore Stats
	prof       *profile.Profile     // the runs, mappings, processes read
	held       []heldPiece          // samples of pending or open intervals
	pend       []datafile.AgentMark // closed, not sent nor dropped; oldest first
	done       map[[2]int64]bool    // intervals sent or dropped
	closed     []datafile.AgentMark // closed marks since the last rotation
	lastTo     int64                // end of the last interval closed
	rotated    int64                // the spool's size after the last rotation

	// When requests last needed each object, and when objects were last
	// evicted (evict.go); under sendMu.
	used    map[profile.MappingKey]time.Time
	evicted time.Time

	mu    sync.Mutex
	stats Stats
}

func (a *agent) event(e Event) {
	if a.cfg.Events != nil {
		a.cfg.Events(e)
	}
}

// afterDrain closes the open interval once it is Interval long: every
// sample taken before upTo is in the spool.
func (a *agent) afterDrain(upTo int64) error {
	if upTo-a.from < int64(a.cfg.Interval) {
		return nil
	}
	return a.closeInterval(upTo)
}

// closeInterval marks [from, to) closed, syncs the spool, and wakes the
// sender.
func (a *agent) closeInterval(to int64) error {
	if to <= a.from {
		return nil
	}
	a.snapshot()
	if err := a.w.WriteAgentMark(datafile.AgentMark{Op: datafile.AgentClosed, From: a.from, To: to}); err != nil {
		return err
	}
	if err := a.w.Sync(); err != nil {
		return err
	}
	a.from = to
	a.mu.Lock()
	a.stats.IntervalsClosed++
	a.mu.Unlock()
	select {
	case a.wake <- struct{}{}:
	default:
	}
	return nil
}

// heldPiece is the samples of one piece of the spool read.
type heldPiece struct {
	samples    []profile.Sample
	minT, maxT int64
}

// read reads what was appended to the spool since the last read: it keeps
// the samples that pending or open intervals may hold and follows the
// marks.
func (a *agent) read() error {
	pc, err := a.tail.Next()
	if err != nil {
		return err
	}
	a.prof = pc.Profile
	a.addImages(pc.Profile)
	for _, m := range pc.Marks {
		a.mark(m)
	}
	floor := a.floor()
	h := heldPiece{minT: math.MaxInt64, maxT: math.MinInt64}
	kept := 0
	for i := range pc.Profile.Samples {
		if t := pc.Profile.Samples[i].Time; t >= floor {
			kept++
			h.minT, h.maxT = min(h.minT, t), max(h.maxT, t)
		}
	}
	switch {
	case kept == len(pc.Profile.Samples):
		// The usual piece, all of it needed: its slice is the piece's own
		// (Tail.Next makes a new one each time), kept without a copy.
		h.samples = pc.Profile.Samples
	case kept > 0:
		h.samples = make([]profile.Sample, 0, kept)
		for _, s := range pc.Profile.Samples {
			if s.Time >= floor {
				h.samples = append(h.samples, s)
			}
		}
	}
	if len(h.samples) > 0 {
		a.held = append(a.held, h)
	}
	a.prune()
	return nil
}

// mark follows one mark of the spool (read back, or just written).
func (a *agent) mark(m datafile.AgentMark) {
	k := [2]int64{m.From, m.To}
	switch m.Op {
	case datafile.AgentClosed:
		a.closed = append(a.closed, m)
		a.lastTo = max(a.lastTo, m.To)
		if a.done[k] || slices.ContainsFunc(a.pend, func(p datafile.AgentMark) bool { return p.From == m.From && p.To == m.To }) {
			return
		}
		a.pend = append(a.pend, m)
	case datafile.AgentSent, datafile.AgentDropped:
		a.done[k] = true
		a.pend = slices.DeleteFunc(a.pend, func(p datafile.AgentMark) bool { return p.From == m.From && p.To == m.To })
	}
}

// floor is the time before which no sample is needed: the start of the
// oldest pending interval, or the end of the last closed one (the open
// interval's samples come after it).
func (a *agent) floor() int64 {
	if len(a.pend) > 0 {
		return a.pend[0].From
	}
	return a.lastTo
}

// prune forgets the oldest pieces of samples once none is needed.
func (a *agent) prune() {
	floor := a.floor()
	n := 0
	for n < len(a.held) && a.held[n].maxT < floor {
		n++
	}
	a.held = slices.Delete(a.held, 0, n)
}

// samples returns the samples of the interval [from, to).
func (a *agent) samples(from, to int64) []profile.Sample {
	n := 0
	for _, h := range a.held {
		if h.maxT < from || h.minT >= to {
			continue
		}
		for i := range h.samples {
			if t := h.samples[i].Time; t >= from && t < to {
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]profile.Sample, 0, n)
	for _, h := range a.held {
		if h.maxT < from || h.minT >= to {
			continue
		}
		for _, s := range h.samples {
			if s.Time >= from && s.Time < to {
				out = append(out, s)
			}
		}
	}
	return out
}

// SamplesFrom returns a file offset before which no sample of interval p
// (closed by the mark p) was written: the offset of the closed mark two
// before p's. Each drain of the sampler closes at most one interval, after
// handing the writer every sample taken before the interval's end, and a
// mark is written after the samples buffered before it; so a sample of p,
// taken at or after the previous interval's end, is written in the drain
// that closed the previous interval or later, after the mark before that.
func SamplesFrom(marks []datafile.AgentMark, p datafile.AgentMark) int64 {
	var prev [2]int64 // the last two closed marks' offsets before p
	n := 0
	for _, m := range marks {
		if m.Op != datafile.AgentClosed || m.Off >= p.Off {
			continue
		}
		prev[0], prev[1] = prev[1], m.Off
		n++
	}
	if n < 2 {
		return 0
	}
	return prev[0]
}

// Pending returns the intervals of marks that are closed and neither sent
// nor dropped, in the order they were closed (oldest first).
func Pending(marks []datafile.AgentMark) []datafile.AgentMark {
	type key struct{ from, to int64 }
	done := make(map[key]bool)
	for _, m := range marks {
		if m.Op == datafile.AgentSent || m.Op == datafile.AgentDropped {
			done[key{m.From, m.To}] = true
		}
	}
	var out []datafile.AgentMark
	seen := make(map[key]bool)
	for _, m := range marks {
		k := key{m.From, m.To}
		if m.Op == datafile.AgentClosed && !done[k] && !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

// sendLoop sends pending intervals when one is closed, and retries with
// exponential backoff (1 s doubling up to MaxBackoff) while the collector
// refuses or cannot be reached.
func (a *agent) sendLoop(ctx context.Context) {
	maxBackoff := a.cfg.MaxBackoff
	if maxBackoff <= 0 {
		maxBackoff = a.cfg.Interval
	}
	backoff := time.Duration(0)
	// What the previous agent left unsent goes first.
	var retry <-chan time.Time
	if !a.sendPending(ctx) {
		backoff = min(time.Second, maxBackoff)
		retry = time.After(backoff)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-a.wake:
			if retry != nil {
				continue // the backoff decides when
			}
		case <-retry:
		}
		if a.sendPending(ctx) {
			backoff, retry = 0, nil
			continue
		}
		a.mu.Lock()
		a.stats.Retries++
		a.mu.Unlock()
		if backoff == 0 {
			backoff = time.Second
		} else {
			backoff *= 2
		}
		backoff = min(backoff, maxBackoff)
		retry = time.After(backoff)
	}
}

// sendPending drops what exceeds SpoolMax and sends the pending intervals
// oldest first, stopping at the first failure, then rotates the spool if
// it is due. It reports whether nothing is left to send.
func (a *agent) sendPending(ctx context.Context) bool {
	a.sendMu.Lock()
	defer a.sendMu.Unlock()
	if err := a.read(); err != nil {
		a.event(Event{Op: "warning", Err: err})
		return false
	}
	defer a.rotate()
	if max := a.cfg.SpoolMax; max > 0 && len(a.pend) > max {
		for _, m := range slices.Clone(a.pend[:len(a.pend)-max]) {
			m.Op = datafile.AgentDropped
			if err := a.w.WriteAgentMark(m); err != nil {
				a.event(Event{Op: "warning", Err: err})
				return false
			}
			a.mark(m)
			a.mu.Lock()
			a.stats.Dropped++
			a.mu.Unlock()
			a.event(Event{Op: "dropped", From: time.Unix(0, m.From), To: time.Unix(0, m.To), Backlog: max})
		}
		a.prune()
	}
	for len(a.pend) > 0 {
		if ctx.Err() != nil {
			return false
		}
		m := a.pend[0]
		req, n, procs, err := a.request(m)
		if err != nil {
			a.event(Event{Op: "warning", Err: err})
			return false
		}
		if n > 0 {
			if err := a.cfg.Sender.Send(ctx, req); err != nil {
				a.event(Event{Op: "retry", From: time.Unix(0, m.From), To: time.Unix(0, m.To), Err: err, Backlog: len(a.pend)})
				return false
			}
		}
		m.Op = datafile.AgentSent
		if err := a.w.WriteAgentMark(m); err != nil {
			a.event(Event{Op: "warning", Err: err})
			return false
		}
		a.mark(m)
		a.prune()
		a.mu.Lock()
		a.stats.Sent++
		a.stats.SamplesSent += n
		a.mu.Unlock()
		a.event(Event{Op: "sent", From: time.Unix(0, m.From), To: time.Unix(0, m.To), Samples: n, Processes: procs, Backlog: len(a.pend)})
	}
	return true
}

// rotate replaces the spool, once it has passed SpoolSize, with a file of
// what is still needed (keepFrames): the samples and marks from the offset
// before which no pending or open interval has a sample (SamplesFrom), the
// runs of the pending intervals and the agent's own, and of their
// processes, mappings and objects those the samples kept refer to and
// those the sampler may still refer to (liveSet). What was sent or
// dropped before that goes, and so do the processes that exited. The
// spool must also have doubled since the last rotation, so that a backlog
// larger than SpoolSize is not copied at every interval.
func (a *agent) rotate() {
	size := a.tail.Offset()
	if a.cfg.SpoolSize < 0 || size < a.cfg.SpoolSize || size < 2*a.rotated {
		return
	}
	open := datafile.AgentMark{Off: math.MaxInt64} // the open interval's
	if len(a.pend) > 0 {
		open = a.pend[0]
	}
	cut := SamplesFrom(a.closed, open)
	own := a.w.RunID()
	runs := map[uint64]bool{own: true}
	for _, m := range a.pend {
		runs[m.Run] = true
	}
	live := a.liveNow()
	r, err := a.w.RewriteFrames(a.cfg.Spool, a.cfg.KeepRotated, func(frames []datafile.FrameRef) []bool {
		return keepFrames(frames, cut, runs, own, live)
	})
	if err != nil {
		a.rotated = size // try again when it has doubled
		a.event(Event{Op: "warning", Err: err})
		return
	}
	backlog := len(a.pend)
	// The new spool is read again from its start, as an agent started on
	// it would: what the reader knew of the old one (every process and
	// mapping read since the agent started) goes, and the marks and the
	// samples kept come back with the next read. That costs the new
	// spool's size, about what was appended since the last rotation.
	a.readBefore.BytesRead += a.tail.BytesRead
	a.readBefore.FramesRead += a.tail.Frames
	a.readBefore.FramesSkipped += a.tail.Skipped
	a.tail = datafile.NewTail(a.cfg.Spool)
	a.prof, a.held, a.closed, a.pend, a.lastTo = nil, nil, nil, nil, 0
	clear(a.done)
	// The symbolizer keeps the objects requests still use (evict.go):
	// opening them again at every rotation cost as much as the first
	// time (libc's compressed DWARF, about 100 ms), every few minutes.
	a.symbolizerAfterRotation(time.Now())
	a.gen, a.lastRotation = r.Gen, r
	a.rotated = r.Size
	a.mu.Lock()
	a.stats.Rotations++
	a.mu.Unlock()
	a.event(Event{Op: "rotated", Size: r.Size, Was: r.Was, Backlog: backlog})
}

// newSymbolizer starts an empty symbolizer. Objects are kept as long as
// requests use them (evict.go), rotations included, not for the agent's
// whole run.
func (a *agent) newSymbolizer() {
	// Go binaries' frames from .gopclntab: the same frames as their
	// DWARF, without decompressing it for every new Go program the
	// machine runs (the agent's largest cost on a build machine).
	a.cache = symbol.NewCache(&symbol.Options{GoPclntab: true})
	a.sym = report.NewSymbolizer(a.cache, io.Discard)
	a.images = nil
}

// addImages gives the symbolizer the objects the spool kept (the vDSO,
// deleted files), once each.
func (a *agent) addImages(p *profile.Profile) {
	if a.images == nil {
		a.images = make(map[[2]string]bool)
	}
	for _, o := range p.Objects {
		k := [2]string{o.Path, o.BuildID}
		if !a.images[k] {
			a.images[k] = true
			a.cache.AddImage(o.Path, o.BuildID, o.Data)
		}
	}
}

// request builds the OTLP request of interval m: its samples, taken in
// [From, To), with what the spool says of their processes and objects.
func (a *agent) request(m datafile.AgentMark) (req *Request, samples, procs int, err error) {
	q := *a.prof
	q.Samples = a.samples(m.From, m.To)
	pids := make(map[int32]bool)
	for i := range q.Samples {
		pids[q.Samples[i].PID] = true
	}
	now := time.Now()
	a.objectsUsed(&q, q.Samples, now)
	out, err := otlp.Build(&q, a.sym, &otlp.Options{Host: a.cfg.Host, Start: time.Unix(0, m.From), End: time.Unix(0, m.To), ScopeVersion: a.cfg.Version})
	a.evictObjects(now)
	if err != nil {
		return nil, 0, 0, err
	}
	return &Request{Profiles: out}, len(q.Samples), len(pids), nil
}
