package sample

import (
	"fmt"
	"os"
	"strings"

	"sonde/profile"
)

// Live is what the frames a Sampler writes from now on may refer to, of
// the frames it wrote before: the processes it knows to be running and
// the mapping indices their placements use (with the kernel's, the wait
// and Python pseudo-mappings', and those of the samples it holds back).
// The agent keeps only these, and what its unsent samples refer to, when
// it rotates its spool.
type Live struct {
	PIDs     map[int32]bool
	Mappings map[int]bool
}

// Live returns what is live (see the type) and forgets every other
// mapping and object image it wrote: one mapped again later gets a new
// index and its Mapping (and Object) frame again, so that no frame
// written from now on refers to a frame Live left out. The caller must
// call it on the collector's goroutine (Options.AfterDrain), as the
// Sampler's state is that goroutine's.
func (s *Sampler) Live() Live {
	l := Live{PIDs: make(map[int32]bool, len(s.procs)), Mappings: make(map[int]bool)}
	for pid, p := range s.procs {
		l.PIDs[pid] = true
		for i := range p.maps {
			l.Mappings[p.maps[i].index] = true
		}
	}
	if s.kernelIndex >= 0 {
		l.Mappings[s.kernelIndex] = true
	}
	if s.waitIndex > 0 {
		l.Mappings[s.waitIndex-1] = true
	}
	if s.py != nil && s.py.mapping >= 0 {
		l.Mappings[s.py.mapping] = true
	}
	// Samples not written yet: off-CPU episodes under way or held to the
	// end of a drain, and --histogram's and --ring's.
	held := func(x *profile.Sample) {
		l.PIDs[x.PID] = true
		for _, loc := range x.Stack {
			if loc.Mapping >= 0 {
				l.Mappings[int(loc.Mapping)] = true
			}
		}
	}
	for _, th := range s.blocked {
		held(&profile.Sample{PID: th.pid, Stack: th.stack})
	}
	for i := range s.offHeld {
		held(&s.offHeld[i].s)
	}
	for _, x := range s.hist {
		held(x)
	}
	for i := range s.ring {
		held(&s.ring[i])
	}
	s.closeDead()
	keys := make(map[[2]string]bool)
	for m, idx := range s.mappings {
		if !l.Mappings[idx] {
			delete(s.mappings, m)
			continue
		}
		keys[[2]string{m.Path, m.BuildID}] = true
	}
	for k := range s.images {
		if !keys[k] {
			delete(s.images, k)
		}
	}
	return l
}

// newMapping returns a run-local mapping index not used before.
func (s *Sampler) newMapping() int {
	i := s.nmapping
	s.nmapping++
	return i
}

// forget writes the ProcessEnd frame of process p, which exited, and
// forgets it (Options.ForgetExited).
func (s *Sampler) forget(p *process) error {
	delete(s.procs, p.pid)
	return s.w.WriteProcessEnd(p.pid, "exited")
}

// closeDead forgets the object files no live process maps: their parsed
// headers, the copies made of deleted ones (removed from disk), and the
// files kept open, after writing the Object frame of one deleted since
// it was mapped, as finish does at the end of a run (keepVanished). A
// machine that runs new programs all day would otherwise keep a file
// open and a copy on disk for each.
func (s *Sampler) closeDead() {
	files := make(map[string]bool)
	paths := make(map[string]bool)
	for _, p := range s.procs {
		for i := range p.maps {
			files[p.maps[i].file] = true
			paths[p.maps[i].path] = true
		}
	}
	for path, ob := range s.open {
		// A replaced file's version is read through its descriptor's
		// /proc/self/fd/N name (objversion.go), by which the unwinder and
		// s.versions know it: closing it would let a later version take
		// the same name. Those stay open for the run.
		if paths[path] || isVersionKey(path) {
			continue
		}
		if ob.f != nil {
			if deleted(path) && !s.images[[2]string{path, ob.buildID}] {
				s.writeImage(path, ob.buildID, fmt.Sprintf("/proc/self/fd/%d", ob.f.Fd()))
			}
			ob.f.Close()
		}
		delete(s.open, path)
	}
	for path, c := range s.kept {
		if c != "" && files[c] {
			continue
		}
		if c != "" {
			os.Remove(c)
		}
		delete(s.kept, path)
	}
	for file := range s.objects {
		if !files[file] && file != s.vdso && !isVersionKey(file) {
			delete(s.objects, file)
		}
	}
}

// isVersionKey says whether file is the name a replaced file's version is
// read by (Sampler.current).
func isVersionKey(file string) bool { return strings.HasPrefix(file, "/proc/self/fd/") }
