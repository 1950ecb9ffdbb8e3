package bpf

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"sonde/internal/linux/tracefs"
	"sonde/internal/linux/unix"
)

// tracefsDirs are where tracefs is usually mounted, in order of
// preference.
var tracefsDirs = tracefs.Dirs

// Field is one field of a trace event's record.
type Field struct {
	Name   string
	Offset int
	Size   int
}

// Format is a trace event's record layout, from tracefs's
// events/GROUP/NAME/format.
type Format struct {
	ID     uint64
	Fields map[string]Field
}

// ReadFormat reads the format of trace event group/name from tracefs
// (which tracefs.Dir mounts where nobody has).
func ReadFormat(group, name string) (*Format, error) {
	dir, err := tracefs.Dir()
	if err != nil {
		return nil, fmt.Errorf("read trace event format: %w", err)
	}
	path := fmt.Sprintf("%s/events/%s/%s/format", dir, group, name)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read trace event format: %w", err)
	}
	f, err := ParseFormat(data)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	return f, nil
}

// ParseFormat parses a trace event format file
// (Documentation/trace/events.rst, "Event formats"):
//
//	ID: 205
//	format:
//		field:pid_t pid;	offset:8;	size:4;	signed:1;
func ParseFormat(data []byte) (*Format, error) {
	f := &Format{Fields: map[string]Field{}}
	haveID := false
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "ID:"); ok {
			id, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad ID %q", n+1, v)
			}
			f.ID, haveID = id, true
			continue
		}
		if !strings.HasPrefix(line, "field:") {
			continue
		}
		var fd Field
		have := 0
		for _, part := range strings.Split(line, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(part), ":")
			if !ok {
				continue
			}
			switch k {
			case "field":
				// "unsigned short common_type", "char comm[16]"
				decl := strings.Fields(v)
				if len(decl) == 0 {
					return nil, fmt.Errorf("line %d: empty field declaration", n+1)
				}
				name := decl[len(decl)-1]
				if i := strings.IndexByte(name, '['); i >= 0 {
					name = name[:i]
				}
				fd.Name = name
				have |= 1
			case "offset", "size":
				x, err := strconv.Atoi(v)
				if err != nil || x < 0 {
					return nil, fmt.Errorf("line %d: bad %s %q", n+1, k, v)
				}
				if k == "offset" {
					fd.Offset, have = x, have|2
				} else {
					fd.Size, have = x, have|4
				}
			}
		}
		if have != 7 || fd.Name == "" {
			return nil, fmt.Errorf("line %d: field without name, offset or size: %q", n+1, line)
		}
		f.Fields[fd.Name] = fd
	}
	if !haveID {
		return nil, errors.New("no ID line")
	}
	return f, nil
}

// AttachTracepoint attaches p (a Tracepoint program) to trace event id.
// The program is kept by the event itself, not by the perf event, so it
// runs whichever task on whichever CPU hits the event; the perf event,
// opened on one CPU as libbpf does, only holds the attachment (a second
// one on another CPU would fail with EEXIST).
func AttachTracepoint(p *Program, id uint64) (_ *Link, err error) {
	cpus, err := onlineCPUs()
	if err != nil {
		return nil, err
	}
	fd, err := unix.PerfEventOpenTracepointCPU(id, cpus[0])
	if err != nil {
		return nil, fmt.Errorf("open trace event %d: %w", id, notSupported(err))
	}
	l := &Link{fds: []int{fd}}
	defer func() {
		if err != nil {
			l.Close()
		}
	}()
	if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_SET_BPF, p.fd); err != nil {
		return nil, fmt.Errorf("attach program %s to trace event %d: %w", p.name, id, notSupported(err))
	}
	if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_ENABLE, 0); err != nil {
		return nil, fmt.Errorf("enable trace event %d: %w", id, err)
	}
	return l, nil
}

// onlineCPUs returns the online CPUs (/sys/devices/system/cpu/online,
// "0-3,6").
func onlineCPUs() ([]int, error) {
	const path = "/sys/devices/system/cpu/online"
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read online CPUs: %w", err)
	}
	cpus, err := ParseCPUList(strings.TrimSpace(string(data)))
	if err == nil && len(cpus) == 0 {
		err = errors.New("no CPU")
	}
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	return cpus, nil
}

// ParseCPUList parses the kernel's CPU list format ("0-3,6").
func ParseCPUList(s string) ([]int, error) {
	var cpus []int
	for _, r := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(r, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return nil, fmt.Errorf("bad CPU list %q", s)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a || b-a > 1<<16 {
				return nil, fmt.Errorf("bad CPU list %q", s)
			}
		}
		for c := a; c <= b; c++ {
			cpus = append(cpus, c)
		}
	}
	return cpus, nil
}
