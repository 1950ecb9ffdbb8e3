package sample

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"sonde/proc"
	"sonde/symbol/jitmap"
)

// procJIT is what the sampler reads of one process's generated code: its
// perf map, once it appears, and the jitdump files it maps.
type procJIT struct {
	perfMap *jitmap.Source
	dumps   []*jitmap.Source
	// born is when the process, or the program it exec'd, started: its
	// perf map is no older, and the code the map names is there from
	// then on.
	born   time.Time
	nextID uint64
	noted  map[*jitmap.Source]bool
	// wrote says that JIT frames were written for the process: its exit
	// or exec must end their code (a clear event).
	wrote bool
	done  bool // the process exited: nothing more to read
}

// jitPollInterval is how often the perf maps and jitdump files of the
// processes are read while they run: they are read again at each
// process's exit and at the end, and may be gone after.
const jitPollInterval = 200 * time.Millisecond

// jitDumpName reports whether path is a jitdump file of process pid as
// the runtimes name it (jit-PID.dump, perf's jit_detect).
func jitDumpName(path string) bool {
	base := filepath.Base(path)
	if !strings.HasPrefix(base, "jit-") || !strings.HasSuffix(base, ".dump") {
		return false
	}
	_, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimPrefix(base, "jit-"), ".dump"), 10, 32)
	return err == nil
}

// jitState returns p's JIT state, creating it.
func (s *Sampler) jitState(p *process) *procJIT {
	if p.jit == nil {
		p.jit = &procJIT{born: procStart(int(p.pid)), nextID: 1}
		if p.jit.born.IsZero() {
			p.jit.born = s.began
		}
	}
	return p.jit
}

// endJIT ends the generated code of p at time at (ns since the Unix
// epoch, a record's time): it exited, or exec'd another program (exec).
// Its files are read a last time first. After an exec the new program's
// code is looked for afresh, from at on.
func (s *Sampler) endJIT(p *process, at int64, exec bool) {
	if p.jit == nil && !p.anonExec || p.jit != nil && p.jit.done {
		return
	}
	s.pollProcessJIT(p, true)
	if p.jit.wrote {
		s.writeJIT(p, []jitmap.Event{{Kind: jitmap.EventClear, Time: at}})
	}
	if exec {
		p.jit, p.anonExec = &procJIT{born: time.Unix(0, at), nextID: p.jit.nextID}, false
		return
	}
	p.jit.done = true
}

// writeJIT writes events of p in a JIT frame.
func (s *Sampler) writeJIT(p *process, events []jitmap.Event) {
	p.jit.wrote = true
	if err := s.w.WriteJIT(p.pid, jitmap.AppendEvents(nil, events)); err != nil {
		s.mu.Lock()
		s.stats.Decode++
		s.mu.Unlock()
	}
}

// addJitDump starts reading the jitdump file at path, which p mapped (the
// runtime's marker mapping).
func (s *Sampler) addJitDump(p *process, path string) {
	j := s.jitState(p)
	for _, d := range j.dumps {
		if d.Path == path {
			return
		}
	}
	file := path
	if _, err := os.Stat(file); err != nil {
		file = proc.Root(int(p.pid)) + path // another mount namespace
	}
	j.dumps = append(j.dumps, jitmap.NewSource(file, jitmap.JitDump, s.clockOffset))
}

// pollJIT reads what is new in the perf maps and jitdump files of the
// processes that may have generated code, at most every jitPollInterval
// unless final (the end of the collection: the last read of each).
func (s *Sampler) pollJIT(final bool) {
	if !final && time.Since(s.jitPolled) < jitPollInterval {
		return
	}
	s.jitPolled = time.Now()
	for _, p := range s.procs {
		if (p.anonExec || p.jit != nil) && (p.jit == nil || !p.jit.done) {
			s.pollProcessJIT(p, final)
		}
	}
}

// pollProcessJIT reads what is new in p's perf map and jitdump files and
// writes it in a JIT frame. final says p is done writing them (it exited,
// or the collection ends).
func (s *Sampler) pollProcessJIT(p *process, final bool) {
	j := s.jitState(p)
	if j.perfMap == nil {
		path := fmt.Sprintf("/tmp/perf-%d.map", p.pid)
		for _, f := range []string{filepath.Join(proc.FileRoot(int(p.pid)), path), path} {
			if st, err := os.Stat(f); err == nil && !st.ModTime().Before(j.born.Add(-time.Second)) {
				j.perfMap = jitmap.NewSource(f, jitmap.PerfMap, s.clockOffset)
				// A second early: /proc/stat's boot time has whole seconds.
				j.perfMap.Since = j.born.Add(-time.Second).UnixNano()
				break
			}
		}
	}
	newID := func() uint64 { j.nextID++; return j.nextID - 1 }
	var events []jitmap.Event
	for _, src := range append([]*jitmap.Source{j.perfMap}, j.dumps...) {
		if src == nil {
			continue
		}
		evs, err := src.Poll(final, newID)
		events = append(events, evs...)
		if err == nil {
			err = src.Err()
		}
		if err != nil && !j.noted[src] {
			s.noteJIT(j, src, err.Error())
		}
		if final && src.Bad() > 0 && !j.noted[src] {
			s.noteJIT(j, src, fmt.Sprintf("%s: %d lines not understood (want START SIZE name, in hex)", src.Path, src.Bad()))
		}
	}
	if len(events) > 0 {
		s.writeJIT(p, events)
	}
}

// noteJIT writes a note about a problem with src, once.
func (s *Sampler) noteJIT(j *procJIT, src *jitmap.Source, msg string) {
	if j.noted == nil {
		j.noted = map[*jitmap.Source]bool{}
	}
	j.noted[src] = true
	s.w.WriteNote("jit: " + msg)
}

// procStart returns when process pid started (/proc/PID/stat's starttime,
// in clock ticks since boot, proc(5)), the zero time if it cannot tell.
func procStart(pid int) time.Time {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return time.Time{}
	}
	i := strings.LastIndexByte(string(stat), ')')
	if i < 0 {
		return time.Time{}
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 20 {
		return time.Time{}
	}
	ticks, err := strconv.ParseUint(f[19], 10, 64) // field 22
	if err != nil {
		return time.Time{}
	}
	boot := bootTime()
	if boot.IsZero() {
		return time.Time{}
	}
	const userHZ = 100 // USER_HZ, fixed on Linux for /proc
	return boot.Add(time.Duration(ticks) * time.Second / userHZ)
}

// bootTime returns the boot time from /proc/stat's btime.
func bootTime() time.Time {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return time.Time{}
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "btime "); ok {
			if sec, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
				return time.Unix(sec, 0)
			}
		}
	}
	return time.Time{}
}
