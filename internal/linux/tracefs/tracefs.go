// Package tracefs finds the kernel's tracing file system
// (Documentation/trace/ftrace.rst), which sonde count's uprobe engine needs
// for trace event formats (BPF) and uprobe_events definitions (perf
// counters), and mounts it where the kernel has it but nobody mounted it.
// It is the one place sonde looks for tracefs.
package tracefs

import (
	"bufio"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"

	"sonde/internal/linux/unix"
)

// Path is where tracefs belongs (Linux 4.1 and later) and where Dir
// mounts it.
const Path = "/sys/kernel/tracing"

// debugPath is where older setups reach it: debugfs automounts tracefs
// there when it is looked at.
const debugPath = "/sys/kernel/debug/tracing"

// Dirs are the usual mount points, in order of preference.
var Dirs = []string{Path, debugPath}

// ErrNotMounted says tracefs is mounted nowhere this process can see.
var ErrNotMounted = errors.New("tracefs not mounted (mount -t tracefs nodev " + Path + ")")

var (
	mu      sync.Mutex
	mounted string // where this process mounted tracefs, or ""
)

// Find returns the directory where tracefs is mounted, without changing
// anything: Path or debugPath when tracefs is there, else any other
// mount point of it in /proc/self/mounts. It returns ErrNotMounted when
// there is none.
func Find() (string, error) {
	points, err := mountPoints()
	if err != nil {
		return "", err
	}
	for _, d := range Dirs {
		if points[d] {
			return d, nil
		}
	}
	// debugfs's automount point appears in the mount table only once
	// something has looked inside it.
	if _, err := os.Stat(debugPath + "/events"); err == nil {
		if points, err := mountPoints(); err == nil && points[debugPath] {
			return debugPath, nil
		}
	}
	others := slices.Sorted(maps.Keys(points))
	if len(others) > 0 {
		return others[0], nil
	}
	return "", ErrNotMounted
}

// mountPoints returns the tracefs mount points of /proc/self/mounts
// (proc(5): "SOURCE TARGET FSTYPE OPTIONS 0 0").
func mountPoints() (map[string]bool, error) {
	f, err := os.Open("/proc/self/mounts")
	if err != nil {
		return nil, fmt.Errorf("find tracefs: %w", err)
	}
	defer f.Close()
	points := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 3 && fields[2] == "tracefs" {
			points[unescape(fields[1])] = true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("find tracefs: read /proc/self/mounts: %w", err)
	}
	return points, nil
}

// unescape undoes the octal escapes (\040 for a space) of a mount point
// in /proc/self/mounts.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			o := s[i+1 : i+4]
			if o[0] >= '0' && o[0] <= '3' && o[1] >= '0' && o[1] <= '7' && o[2] >= '0' && o[2] <= '7' {
				b.WriteByte((o[0]-'0')<<6 | (o[1]-'0')<<3 | (o[2] - '0'))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Mount mounts tracefs at Path ("mount -t tracefs nodev
// /sys/kernel/tracing"), as root or with CAP_SYS_ADMIN.
func Mount() error {
	if err := unix.MountTracefs(Path); err != nil {
		return fmt.Errorf("mount tracefs at %s: %w", Path, err)
	}
	return nil
}

// Dir returns the directory where tracefs is mounted. Where it is mounted
// nowhere, Dir mounts it at Path first (the kernel has it, nobody mounted
// it: a fresh machine or container), which needs root; Mounted then says
// so. The error wraps ErrNotMounted when tracefs is not mounted and could
// not be. Safe for concurrent use.
func Dir() (string, error) {
	mu.Lock()
	defer mu.Unlock()
	d, err := Find()
	if !errors.Is(err, ErrNotMounted) {
		return d, err
	}
	if merr := Mount(); merr != nil {
		return "", fmt.Errorf("%w: %w", ErrNotMounted, merr)
	}
	mounted = Path
	return Path, nil
}

// Mounted returns the directory where Dir mounted tracefs since the last
// call of Mounted, or "": a caller that says so says it once.
func Mounted() string {
	mu.Lock()
	defer mu.Unlock()
	m := mounted
	mounted = ""
	return m
}
