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
package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
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
}

// Event is something the agent did, for its user.
type Event struct {
	// Op is "sent", "retry", "dropped", "started" or "warning".
	Op string
	// From, To is the interval concerned (zero for "started").
	From, To time.Time
	// Samples and Processes are the sent interval's.
	Samples, Processes int
	// Err is why a send failed (retry) or what went wrong (warning).
	Err error
	// Backlog is how many intervals wait to be sent.
	Backlog int
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
	w, err := datafile.OpenAppend(cfg.Spool)
	if err != nil {
		return st, err
	}
	defer w.Close()
	a := &agent{cfg: cfg, w: w, wake: make(chan struct{}, 1)}
	a.cache = symbol.NewCache(nil)
	defer a.cache.Close()
	a.sym = report.NewSymbolizer(a.cache, io.Discard)

	opts := cfg.Sampler
	if opts.MaxImage == 0 {
		opts.MaxImage = DefaultMaxImage
	}
	if opts.Poll == 0 && opts.Freq <= 499 {
		// A 4 MiB ring of 16 KiB stack copies holds 0.5 s of a CPU at
		// 499 Hz: 100 ms is safe and wakes the agent 5 times less than
		// the sampler's 20 ms.
		opts.Poll = 100 * time.Millisecond
	}
	start := time.Now()
	a.from = start.UnixNano()
	opts.AfterDrain = a.afterDrain
	s, err := sample.New(w, opts)
	if err != nil {
		return st, err
	}
	defer s.Close()
	command := []string{"agent"}
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "agent", Command: command, Start: start, SampleTypes: sample.SampleTypes, Period: s.Period()}); err != nil {
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
	if pend, err := a.pending(); err == nil {
		st.BacklogRemaining = len(pend)
	}
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

	from int64 // start of the open interval; the sampler's goroutine only

	sendMu sync.Mutex // one sender at a time: the loop, or the final try
	images map[[2]string]bool

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

// pending returns the closed intervals neither sent nor dropped, oldest
// first, as the spool says.
func (a *agent) pending() ([]datafile.AgentMark, error) {
	pend, _, _, err := a.readSpool()
	return pend, err
}

// readSpool reads the spool and returns its pending intervals, its bytes,
// and the offset before which no sample of a pending interval lies
// (SamplesFrom).
func (a *agent) readSpool() (pend []datafile.AgentMark, data []byte, from int64, err error) {
	data, err = os.ReadFile(a.cfg.Spool)
	if err != nil {
		return nil, nil, 0, err
	}
	marks, _, err := datafile.AgentMarks(a.cfg.Spool, data)
	if err != nil {
		return nil, nil, 0, err
	}
	pend = Pending(marks)
	if len(pend) > 0 {
		from = SamplesFrom(marks, pend[0])
	}
	return pend, data, from, nil
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
// oldest first, stopping at the first failure. It reports whether nothing
// is left to send.
func (a *agent) sendPending(ctx context.Context) bool {
	a.sendMu.Lock()
	defer a.sendMu.Unlock()
	pend, data, from, err := a.readSpool()
	if err != nil {
		a.event(Event{Op: "warning", Err: err})
		return false
	}
	if max := a.cfg.SpoolMax; max > 0 && len(pend) > max {
		for _, m := range pend[:len(pend)-max] {
			m.Op = datafile.AgentDropped
			if err := a.w.WriteAgentMark(m); err != nil {
				a.event(Event{Op: "warning", Err: err})
				return false
			}
			a.mu.Lock()
			a.stats.Dropped++
			a.mu.Unlock()
			a.event(Event{Op: "dropped", From: time.Unix(0, m.From), To: time.Unix(0, m.To), Backlog: max})
		}
		pend = pend[len(pend)-max:]
	}
	if len(pend) == 0 {
		return true
	}
	// Only the samples that can belong to pending intervals are decoded:
	// the spool grows for as long as the agent runs.
	p, _, err := datafile.Decode(a.cfg.Spool, datafile.TrimSamples(data, from))
	if err != nil {
		a.event(Event{Op: "warning", Err: err})
		return false
	}
	a.addImages(p)
	for i, m := range pend {
		if ctx.Err() != nil {
			return false
		}
		req, n, procs, err := a.request(p, m)
		if err != nil {
			a.event(Event{Op: "warning", Err: err})
			return false
		}
		if n > 0 {
			if err := a.cfg.Sender.Send(ctx, req); err != nil {
				a.event(Event{Op: "retry", From: time.Unix(0, m.From), To: time.Unix(0, m.To), Err: err, Backlog: len(pend) - i})
				return false
			}
		}
		m.Op = datafile.AgentSent
		if err := a.w.WriteAgentMark(m); err != nil {
			a.event(Event{Op: "warning", Err: err})
			return false
		}
		a.mu.Lock()
		a.stats.Sent++
		a.stats.SamplesSent += n
		a.mu.Unlock()
		a.event(Event{Op: "sent", From: time.Unix(0, m.From), To: time.Unix(0, m.To), Samples: n, Processes: procs, Backlog: len(pend) - i - 1})
	}
	return true
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

// request builds the OTLP request of interval m from the spool's profile
// p: its samples, taken in [From, To).
func (a *agent) request(p *profile.Profile, m datafile.AgentMark) (req *Request, samples, procs int, err error) {
	q := *p
	q.Samples = nil
	pids := make(map[int32]bool)
	for i := range p.Samples {
		if t := p.Samples[i].Time; t >= m.From && t < m.To {
			q.Samples = append(q.Samples, p.Samples[i])
			pids[p.Samples[i].PID] = true
		}
	}
	out, err := otlp.Build(&q, a.sym, &otlp.Options{Host: a.cfg.Host, Start: time.Unix(0, m.From), End: time.Unix(0, m.To), ScopeVersion: a.cfg.Version})
	if err != nil {
		return nil, 0, 0, err
	}
	return &Request{Profiles: out}, len(q.Samples), len(pids), nil
}
