package perfevent

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"sonde/internal/linux/tracefs"
	"sonde/internal/linux/unix"
)

// ErrNoUprobePMU says the kernel has no uprobe PMU
// (/sys/bus/event_source/devices/uprobe, Linux 4.17 with CONFIG_UPROBES).
var ErrNoUprobePMU = errors.New("no uprobe PMU in /sys/bus/event_source/devices")

var uprobeType struct {
	once sync.Once
	typ  uint32
	err  error
}

// UprobePMUType returns the perf_event type number of the uprobe PMU.
func UprobePMUType() (uint32, error) {
	uprobeType.once.Do(func() {
		const path = "/sys/bus/event_source/devices/uprobe/type"
		data, err := os.ReadFile(path)
		if err != nil {
			uprobeType.err = fmt.Errorf("read %s: %w: %w", path, ErrNoUprobePMU, err)
			return
		}
		n, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 32)
		if err != nil {
			uprobeType.err = fmt.Errorf("parse %s: %w", path, err)
			return
		}
		uprobeType.typ = uint32(n)
	})
	return uprobeType.typ, uprobeType.err
}

// Counter is a uprobe opened in counting mode: the kernel adds one each
// time a task it follows executes the probed instruction, with no round
// trip to sonde. It owns its descriptor.
type Counter struct {
	fd int
}

// OpenUprobeCounter opens a counting uprobe at file offset offset of the
// object at path through the uprobe PMU, counting in process pid only.
//
// It cannot follow threads and children: the PMU reads the path from the
// opener's memory (config1 is a user pointer), and the kernel runs the same
// initialisation again for each inherited copy in the forking task, where
// the pointer means nothing, so fork and pthread_create fail (EFAULT) in a
// process with such an inherited event. TraceUprobes can inherit.
func OpenUprobeCounter(path string, offset uint64, pid int) (*Counter, error) {
	const inherit = false
	typ, err := UprobePMUType()
	if err != nil {
		return nil, err
	}
	fd, err := unix.PerfEventOpenUprobe(typ, path, offset, pid, inherit)
	if err != nil {
		return nil, fmt.Errorf("open uprobe %s+%#x: %w", path, offset, err)
	}
	return &Counter{fd: fd}, nil
}

// OpenTraceCounter opens a counting perf event on trace event id (from a
// TraceUprobes), in process pid and, with inherit, the threads and
// children it creates afterwards; their counts are added to this counter
// when they exit.
func OpenTraceCounter(id uint64, pid int, inherit bool) (*Counter, error) {
	fd, err := unix.PerfEventOpenCounting(unix.PERF_TYPE_TRACEPOINT, id, pid, inherit)
	if err != nil {
		return nil, fmt.Errorf("open trace event %d: %w", id, err)
	}
	return &Counter{fd: fd}, nil
}

// Read returns the count so far.
func (c *Counter) Read() (uint64, error) {
	v, err := unix.ReadUint64(c.fd)
	if err != nil {
		return 0, fmt.Errorf("read uprobe counter: %w", err)
	}
	return v, nil
}

// CounterFromFD returns a Counter owning the counting perf event fd.
func CounterFromFD(fd int) *Counter { return &Counter{fd: fd} }

// Release gives up the counter's descriptor to the caller (to hand it to
// another process that will close it) and returns it.
func (c *Counter) Release() int {
	fd := c.fd
	c.fd = -1
	return fd
}

// Close closes the counter; the kernel removes the probe (which takes tens
// of milliseconds: close many counters in parallel).
func (c *Counter) Close() error {
	if c.fd < 0 {
		return nil
	}
	err := unix.Close(c.fd)
	c.fd = -1
	return err
}

// ErrNoTracefs says tracefs is not mounted and could not be (see
// tracefs.Dir).
var ErrNoTracefs = tracefs.ErrNotMounted

// TraceUprobes is a group of uprobe trace events defined through tracefs's
// uprobe_events file (Documentation/trace/uprobetracer.rst). Unlike the
// uprobe PMU, their perf events can be inherited by threads and children.
// Close removes the definitions. Not safe for concurrent use.
type TraceUprobes struct {
	dir    string
	group  string
	events *os.File
	names  []string
}

// NewTraceUprobes prepares a group of uprobe trace events named group
// (letters, digits and underscores), in tracefs (which tracefs.Dir mounts
// where nobody has).
func NewTraceUprobes(group string) (*TraceUprobes, error) {
	dir, err := tracefs.Dir()
	if err != nil {
		return nil, err
	}
	// O_APPEND: opening uprobe_events for writing without it would clear
	// every uprobe of every user.
	f, err := os.OpenFile(dir+"/uprobe_events", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, fmt.Errorf("define uprobes: %w", err)
	}
	return &TraceUprobes{dir: dir, group: group, events: f}, nil
}

// Add defines a uprobe at file offset offset of the object at path and
// returns its trace event id, for OpenTraceCounter.
func (u *TraceUprobes) Add(path string, offset uint64) (uint64, error) {
	if strings.ContainsAny(path, " \t\n") {
		return 0, fmt.Errorf("define uprobe %s+%#x: path has white space", path, offset)
	}
	name := "p" + strconv.Itoa(len(u.names))
	if _, err := fmt.Fprintf(u.events, "p:%s/%s %s:%#x\n", u.group, name, path, offset); err != nil {
		return 0, fmt.Errorf("define uprobe %s+%#x: %w", path, offset, err)
	}
	u.names = append(u.names, name)
	idPath := fmt.Sprintf("%s/events/%s/%s/id", u.dir, u.group, name)
	data, err := os.ReadFile(idPath)
	if err != nil {
		return 0, fmt.Errorf("define uprobe %s+%#x: %w", path, offset, err)
	}
	id, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("parse %s: %w", idPath, err)
	}
	return id, nil
}

// Dir and Group name the tracefs directory and the group, for
// RemoveTraceUprobes in another process.
func (u *TraceUprobes) Dir() string   { return u.dir }
func (u *TraceUprobes) Group() string { return u.group }

// Forget closes the definitions file without removing the definitions (another
// process removes them with RemoveTraceUprobes).
func (u *TraceUprobes) Forget() error {
	u.names = nil
	return u.events.Close()
}

// RemoveTraceUprobes removes every definition of group in the tracefs
// directory dir with one write ("-:GROUP/", which the kernel reads as every
// event of the group); the group's perf events must be closed first.
func RemoveTraceUprobes(dir, group string) error {
	f, err := os.OpenFile(dir+"/uprobe_events", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("remove uprobes %s: %w", group, err)
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "-:%s/\n", group); err != nil {
		return fmt.Errorf("remove uprobes %s: %w", group, err)
	}
	return nil
}

// Close removes the group's definitions; their perf events must be closed
// first.
func (u *TraceUprobes) Close() error {
	if len(u.names) > 0 && RemoveTraceUprobes(u.dir, u.group) == nil {
		u.names = nil
	}
	var first error
	for _, n := range u.names {
		if _, err := fmt.Fprintf(u.events, "-:%s/%s\n", u.group, n); err != nil && first == nil {
			first = fmt.Errorf("remove uprobe %s/%s: %w", u.group, n, err)
		}
	}
	u.names = nil
	if err := u.events.Close(); err != nil && first == nil {
		first = err
	}
	return first
}
