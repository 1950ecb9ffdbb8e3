package sample

import (
	"os"
	"strconv"
)

// containerFile returns the file to read for the object mapped at path by
// process p: path itself for a process in sonde's mount namespace, else
// the object as the process sees it, /proc/PID/root/PATH, unless the file
// at path here is the same object (same build ID), as a container's
// shared system libraries often are. mmap writes an Object frame for an
// object read through /proc/PID/root (its path names no file here), so
// the report symbolizes it after the container is gone.
func (s *Sampler) containerFile(p *process, path, buildID string) string {
	root := s.foreignRoot(p)
	if root == "" {
		return path
	}
	inside := root + path
	o, ok := s.objects[inside]
	if !ok {
		o = readObject(inside)
		s.objects[inside] = o
	}
	if o.err != nil {
		return path // gone, or unreadable: what sonde can see at path
	}
	if buildID == "" {
		buildID = o.buildID
	}
	if buildID != "" {
		here, ok := s.objects[path]
		if !ok {
			here = readObject(path)
			s.objects[path] = here
		}
		if here.err == nil && here.buildID == buildID {
			return path
		}
	}
	return inside
}

// selfMountNS is sonde's own mount namespace ("mnt:[4026531841]").
var selfMountNS, _ = os.Readlink("/proc/self/ns/mnt")

// foreignRoot returns /proc/PID/root when process p is in another mount
// namespace than sonde, else "". When p is gone (a short-lived process of
// a container whose records are read after it exited), it returns its
// parent's, the namespace p was forked in: a process that left its
// parent's namespace and exited before its records were read (unshare -m
// running its command) is read wrongly, through its parent's root.
func (s *Sampler) foreignRoot(p *process) string {
	if p.nsChecked {
		return p.root
	}
	p.nsChecked = true
	p.root = ""
	q := p
	for range 8 { // the nearest ancestor alive, not a cycle of reused pids
		ns, err := os.Readlink("/proc/" + strconv.Itoa(int(q.pid)) + "/ns/mnt")
		if err == nil {
			if selfMountNS != "" && ns != selfMountNS {
				q = s.eldestSameRoot(q, ns)
				p.root = "/proc/" + strconv.Itoa(int(q.pid)) + "/root"
			}
			// An ancestor's root may go with it: ask again next time.
			p.nsChecked = q == p
			return p.root
		}
		if q = s.procs[q.ppid]; q == nil {
			break
		}
	}
	return ""
}

// eldestSameRoot returns the eldest of q's living ancestors (up to 8)
// that shares q's mount namespace ns and root directory, else q: the
// objects of a container's short-lived processes (a shell's commands)
// are then read, and unwound, through one root that outlives them, one
// object and one unwind table for all of them, rather than through
// each process's own root, which is gone once it exits (the unwinder
// opens a table at its first sample, which may come after that).
func (s *Sampler) eldestSameRoot(q *process, ns string) *process {
	root, err := os.Readlink("/proc/" + strconv.Itoa(int(q.pid)) + "/root")
	if err != nil {
		return q
	}
	best := q
	a := q
	for range 8 {
		if a = s.procs[a.ppid]; a == nil || a.pid <= 1 {
			break
		}
		dir := "/proc/" + strconv.Itoa(int(a.pid))
		ans, err1 := os.Readlink(dir + "/ns/mnt")
		aroot, err2 := os.Readlink(dir + "/root")
		if err1 != nil || err2 != nil || ans != ns || aroot != root {
			break
		}
		best = a
	}
	return best
}
