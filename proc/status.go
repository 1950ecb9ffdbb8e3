package proc

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ParseTracerPid returns the TracerPid field of the /proc/TID/status text
// s (read from name): the thread tracing the thread (a thread id, whose
// process Tgid gives), 0 for none.
func ParseTracerPid(s, name string) (int, error) {
	for _, line := range strings.Split(s, "\n") {
		if v, ok := strings.CutPrefix(line, "TracerPid:"); ok {
			p, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || p < 0 {
				return 0, &ParseError{File: name, Msg: fmt.Sprintf("bad TracerPid %q", v)}
			}
			return p, nil
		}
	}
	return 0, &ParseError{File: name, Msg: "no TracerPid"}
}

// TracerPid returns the thread that ptraces thread tid, 0 for none.
func TracerPid(tid int) (int, error) {
	name := fmt.Sprintf("/proc/%d/status", tid)
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, fmt.Errorf("read status of thread %d: %w", tid, err)
	}
	return ParseTracerPid(string(data), name)
}
