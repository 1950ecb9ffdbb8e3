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
