package sample

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sonde/internal/linux/perfevent"
	"sonde/proc"
)

// attachSystem starts sampling every task on every online CPU (perf record
// -a), or, with cgroups, the tasks of those cgroups (perf record -G): one
// event per CPU and cgroup, each with its own ring and the MMAP2, COMM,
// FORK and EXIT records of the tasks that run there. The processes that
// exist now are read from /proc first; those started later are known from
// their FORK and COMM records, and any whose records were lost from /proc
// when their first sample comes (Sampler.proc).
func (s *Sampler) attachSystem(cgroups []string) error {
	s.system = true
	s.systemSwitches()
	s.startPyCapture()
	s.cfg.RingPages = s.systemRingPages()
	var dirs []*os.File
	defer func() {
		for _, d := range dirs {
			d.Close()
		}
	}()
	for _, cg := range cgroups {
		dir, err := CgroupDir(cg)
		if err != nil {
			return err
		}
		f, err := os.Open(dir)
		if err != nil {
			return fmt.Errorf("cgroup %s: %w", cg, err)
		}
		dirs = append(dirs, f)
	}
	for _, cpu := range s.cpus {
		if len(dirs) == 0 {
			if err := s.openCPU(-1, cpu); err != nil {
				return err
			}
			continue
		}
		for _, d := range dirs {
			if err := s.openCPU(int(d.Fd()), cpu); err != nil {
				return fmt.Errorf("cgroup %s: %w", d.Name(), err)
			}
		}
	}
	// The processes running now, after the events are open so that a
	// mapping made meanwhile is seen either here or in a record.
	pids, err := proc.PIDs()
	if err != nil {
		return err
	}
	self := os.Getpid()
	for _, pid := range pids {
		if pid == self {
			continue
		}
		if len(cgroups) > 0 && !s.inCgroups(pid, cgroups) {
			continue
		}
		s.addProcess(pid) // gone meanwhile, or a kernel thread: nothing to add
	}
	s.blockedAtAttachSystem(pids)
	return nil
}

// openCPU opens CPU cpu's event for every task, or for the cgroup open as
// cgroupFD (>= 0), dropping kernel sampling when it is refused.
func (s *Sampler) openCPU(cgroupFD, cpu int) error {
	ev, err := perfevent.OpenCPU(&s.cfg, cgroupFD, cpu)
	if err != nil && s.cfg.Kernel && errors.Is(err, perfevent.ErrPermission) {
		s.cfg.Kernel, s.cfg.KernelChainOnly = false, false
		s.cfg.Callchain = s.opts.CallGraph == CallGraphFP
		s.KernelRefused = err
		ev, err = perfevent.OpenCPU(&s.cfg, cgroupFD, cpu)
	}
	if err != nil {
		return fmt.Errorf("sample CPU %d: %w", cpu, err)
	}
	s.events = append(s.events, ev)
	s.offEvent = append(s.offEvent, false)
	s.pyEventOpened(ev)
	return s.openOffCPUCPU(cgroupFD, cpu)
}

// inCgroups reports whether process pid is in one of cgroups or below.
func (s *Sampler) inCgroups(pid int, cgroups []string) bool {
	cg, err := proc.Cgroup(pid)
	if err != nil {
		return false
	}
	for _, want := range cgroups {
		rel := CgroupPath(want)
		if cg == rel || rel == "/" || strings.HasPrefix(cg, rel+"/") {
			return true
		}
	}
	return false
}

// cgroup2Root is where the cgroup v2 hierarchy is mounted: /sys/fs/cgroup
// on a pure v2 system, /sys/fs/cgroup/unified on a hybrid one.
func cgroup2Root() string {
	data, err := os.ReadFile("/proc/self/mounts")
	if err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			if len(f) >= 3 && f[2] == "cgroup2" {
				return unescapeMount(f[1])
			}
		}
	}
	return "/sys/fs/cgroup"
}

// unescapeMount undoes /proc/mounts' octal escapes of blanks ("\040").
func unescapeMount(s string) string {
	r := strings.NewReplacer(`\040`, " ", `\011`, "\t", `\012`, "\n", `\134`, `\`)
	return r.Replace(s)
}

// CgroupDir returns the directory of cgroup cg: cg itself when it is a
// directory under the cgroup v2 mount ("/sys/fs/cgroup/system.slice"),
// else cg taken as a cgroup path ("/system.slice", as /proc/PID/cgroup
// and perf record -G spell it) under the mount.
func CgroupDir(cg string) (string, error) {
	root := cgroup2Root()
	dir := cg
	if !strings.HasPrefix(filepath.Clean(cg)+"/", root+"/") {
		dir = filepath.Join(root, cg)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("cgroup %s: no directory %s under the cgroup v2 mount %s", cg, dir, root)
	}
	if !st.IsDir() {
		return "", fmt.Errorf("cgroup %s: %s is not a directory", cg, dir)
	}
	return dir, nil
}

// CgroupPath returns cg as a cgroup path ("/system.slice"), the way
// /proc/PID/cgroup spells it, whether it was given as one or as its
// directory under the cgroup v2 mount.
func CgroupPath(cg string) string {
	root := cgroup2Root()
	c := filepath.Clean(cg)
	if rel, ok := strings.CutPrefix(c+"/", root+"/"); ok {
		return "/" + strings.TrimSuffix(rel, "/")
	}
	return filepath.Clean("/" + c)
}
