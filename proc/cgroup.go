package proc

import (
	"fmt"
	"os"
	"strings"
)

// Cgroup returns process pid's cgroup v2 path ("/system.slice/cron.service",
// "/" for the root), from /proc/PID/cgroup's "0::PATH" line (cgroups(7)).
func Cgroup(pid int) (string, error) {
	name := fmt.Sprintf("/proc/%d/cgroup", pid)
	data, err := os.ReadFile(name)
	if err != nil {
		return "", fmt.Errorf("read cgroup of process %d: %w", pid, err)
	}
	return ParseCgroup(string(data), name)
}

// ParseCgroup parses the text of /proc/PID/cgroup (read from name) and
// returns the cgroup v2 path: the line of hierarchy 0 with no controllers.
func ParseCgroup(text, name string) (string, error) {
	for i, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "0::"); ok {
			if !strings.HasPrefix(rest, "/") {
				return "", &ParseError{File: name, Line: i + 1, Msg: fmt.Sprintf("cgroup path %q is not absolute", rest)}
			}
			return rest, nil
		}
	}
	return "", &ParseError{File: name, Line: 0, Msg: "no cgroup v2 line (0::PATH)"}
}

// PIDs returns the ids of the processes in /proc now, ascending.
func PIDs() ([]int, error) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil, fmt.Errorf("list processes: %w", err)
	}
	var pids []int
	for _, e := range ents {
		n := 0
		for _, c := range e.Name() {
			if c < '0' || c > '9' {
				n = -1
				break
			}
			n = n*10 + int(c-'0')
		}
		if n > 0 {
			pids = append(pids, n)
		}
	}
	return pids, nil
}
