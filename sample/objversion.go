package sample

import (
	"fmt"
	"os"
	"syscall"
)

// fileVersion identifies one version of a file: a program rebuilt at the
// same path is a new inode (the linker writes a new file), or the same
// inode with another size or modification time (a copy over it).
type fileVersion struct {
	dev, ino    uint64
	size, mtime int64
}

// versionOf returns the version of the file st describes.
func versionOf(st os.FileInfo) (fileVersion, bool) {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return fileVersion{}, false
	}
	return fileVersion{dev: sys.Dev, ino: sys.Ino, size: st.Size(), mtime: st.ModTime().UnixNano()}, true
}

// pathVersion returns the version of the file at path now.
func pathVersion(path string) (fileVersion, bool) {
	st, err := os.Stat(path)
	if err != nil {
		return fileVersion{}, false
	}
	return versionOf(st)
}

// readVersioned reads the object at path and the version it was read at.
func readVersioned(path string) *object {
	v, vok := pathVersion(path)
	o := readObject(path)
	if vok {
		o.version, o.versioned = v, true
	}
	return o
}

// current returns the object now at path, which the run first read as o
// (s.objects[path]), and the name the unwinder and s.objects know that
// version by. Objects are read once per version of a file and shared by
// every process that maps it: o and path while the file is unchanged (the
// usual case, one stat a mapping). When the file was replaced since (a
// program rebuilt at the same path while an agent runs), the new version
// is read through a descriptor the run keeps open, named
// /proc/self/fd/N, so that its build ID, bias and CFI are its own and
// the old version's stay with the processes that still map it.
func (s *Sampler) current(path string, o *object) (*object, string) {
	if o.err != nil || !o.versioned {
		return o, path
	}
	v, ok := pathVersion(path)
	if !ok || v == o.version {
		return o, path
	}
	if k, ok := s.versions[v]; ok {
		return s.objects[k], k
	}
	f, err := os.Open(path)
	if err != nil {
		return o, path
	}
	st, err := f.Stat()
	if err == nil {
		v, ok = versionOf(st)
	}
	if err != nil || !ok || v == o.version {
		f.Close()
		return o, path
	}
	if k, ok := s.versions[v]; ok {
		f.Close()
		return s.objects[k], k
	}
	key := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	n := readObject(key)
	if n.err != nil {
		f.Close()
		return n, path
	}
	n.version, n.versioned = v, true
	if s.versions == nil {
		s.versions = make(map[fileVersion]string)
	}
	s.versions[v] = key
	s.objects[key] = n
	if s.open == nil {
		s.open = make(map[string]openObject)
	}
	s.open[key] = openObject{f, n.buildID}
	return n, key
}
