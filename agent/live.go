package agent

import (
	"math"
	"os"

	"sonde/profile/datafile"
	"sonde/sample"
)

// liveSet is what the frames the sampler writes from now on may refer to:
// the Process and Mapping frames of the live processes and mappings
// (sample.Live), and every frame from off on (written after Live was
// taken).
type liveSet struct {
	sample.Live
	off int64
	gen int // the spool's generation off is an offset of
}

// snapshot takes the sampler's live set, on the sampler's goroutine (or
// after it ended). A rotation uses the last one taken: an older one is
// conservative too (what became live since was written after its off).
func (a *agent) snapshot() {
	l := a.sampler.Live()
	off, gen, err := a.w.FlushedSize()
	if err != nil {
		return // the last one stands
	}
	a.liveMu.Lock()
	a.live = &liveSet{Live: l, off: off, gen: gen}
	a.liveMu.Unlock()
}

// liveNow returns the last live set in the offsets of the spool as it is
// now, between rotations (under sendMu): one taken before the last
// rotation replaced the spool is moved as its frames were; nil (keep all
// of the agent's run) for one older still, or none.
func (a *agent) liveNow() *liveSet {
	a.liveMu.Lock()
	l := a.live
	a.liveMu.Unlock()
	switch {
	case l == nil:
		return nil
	case l.gen == a.gen:
		return l
	case l.gen == a.gen-1 && a.lastRotation != nil:
		m := *l
		m.off, m.gen = a.lastRotation.Moved(l.off), a.gen
		return &m
	}
	return nil
}

// keepFrames chooses the frames a rotation keeps: of the runs runs (own is
// the agent's), the samples, their values, the marks and the lost counts
// from cut on; the processes (Process, ProcessEnd, JIT frames) and
// mappings those samples refer to; of the own run, those live says may
// still be referred to, and everything from live.off on (all of the own
// run's when live is nil); the Object frames of the mappings kept; and
// the rest of the runs' frames (Run, Note, RunEnd...).
func keepFrames(frames []datafile.FrameRef, cut int64, runs map[uint64]bool, own uint64, live *liveSet) []bool {
	type runPID struct {
		run uint64
		pid int32
	}
	type runMapping struct {
		run uint64
		idx uint64
	}
	type runObject struct {
		run           uint64
		path, buildID string
	}
	pids := make(map[runPID]bool)
	maps := make(map[runMapping]bool)
	ended := make(map[int32]int64) // the own run's last ProcessEnd of each pid
	for _, f := range frames {
		if f.Run == own && f.Kind == datafile.KindProcessEnd {
			if pid, ok := f.PID(); ok {
				ended[pid] = f.Off
			}
		}
		if runs[f.Run] && f.Off >= cut && f.Kind == datafile.KindSamples {
			// A damaged frame is copied as it is, and skipped by readers
			// as before: what it refers to does not matter.
			f.SampleRefs(func(pid int32) { pids[runPID{f.Run, pid}] = true },
				func(idx uint64) { maps[runMapping{f.Run, idx}] = true })
		}
	}
	liveFrom := func(f datafile.FrameRef) bool {
		return f.Run == own && (live == nil || f.Off >= live.off)
	}
	keep := make([]bool, len(frames))
	objects := make(map[runObject]bool)
	for i, f := range frames {
		if !runs[f.Run] {
			continue
		}
		switch f.Kind {
		case datafile.KindSamples, datafile.KindExprValues, datafile.KindAgent, datafile.KindLost:
			keep[i] = f.Off >= cut
		case datafile.KindProcess, datafile.KindProcessEnd, datafile.KindJIT:
			pid, ok := f.PID()
			// A live pid's frames from before its last exit are of an
			// earlier process (the pid was reused).
			keep[i] = !ok || liveFrom(f) || pids[runPID{f.Run, pid}] || f.Run == own && live.PIDs[pid] && f.Off > ended[pid]
		case datafile.KindMapping:
			idx, path, id, ok := f.Mapping()
			keep[i] = !ok || liveFrom(f) || maps[runMapping{f.Run, idx}] || f.Run == own && live.Mappings[int(idx)]
			if keep[i] {
				objects[runObject{f.Run, path, id}] = true
			}
		case datafile.KindObject:
			continue // below, once the mappings are chosen
		default:
			keep[i] = true
		}
	}
	for i, f := range frames {
		if f.Kind == datafile.KindObject && runs[f.Run] {
			path, id, ok := f.Object()
			keep[i] = !ok || liveFrom(f) || objects[runObject{f.Run, path, id}]
		}
	}
	return keep
}

// skipSent makes the first read of a spool a previous agent left leave
// out the samples of the intervals it sent or dropped: only those from
// where the oldest unsent interval's may be (SamplesFrom) are decoded;
// with none unsent, those the open interval's may be among (a previous
// agent's open interval was never closed; its samples are not sent). The
// marks and the processes, mappings and objects are all read.
func (a *agent) skipSent() {
	data, err := os.ReadFile(a.cfg.Spool)
	if err != nil || len(data) == 0 {
		return // a new spool (OpenAppend made it)
	}
	marks, _, err := datafile.AgentMarks(a.cfg.Spool, data)
	if err != nil {
		return // the reads say what is wrong with it, as without skipping
	}
	oldest := datafile.AgentMark{Off: math.MaxInt64}
	if p := Pending(marks); len(p) > 0 {
		oldest = p[0]
	}
	a.tail.SkipSamplesBefore(SamplesFrom(marks, oldest))
}
