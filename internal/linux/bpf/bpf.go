package bpf

import (
	"errors"
	"fmt"
	"strings"

	"sonde/internal/linux/unix"
)

// ErrNotSupported says the kernel cannot do what was asked: no bpf(2)
// (ENOSYS), a program, map or link type it does not know (EINVAL on a
// kernel older than the feature), or no permission (EPERM without
// CAP_BPF and CAP_PERFMON). Callers fall back to another mechanism on it.
var ErrNotSupported = errors.New("BPF not supported")

// notSupported wraps err in ErrNotSupported when it is one of the errors
// an old or locked-down kernel gives.
func notSupported(err error) error {
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EPERM) || errors.Is(err, unix.EACCES) ||
		errors.Is(err, unix.EINVAL) || errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.E2BIG) {
		return fmt.Errorf("%w: %w", ErrNotSupported, err)
	}
	return err
}

// MapType is a BPF map type (enum bpf_map_type).
type MapType uint32

// The map types sonde uses.
const (
	Hash  MapType = unix.BPF_MAP_TYPE_HASH
	Array MapType = unix.BPF_MAP_TYPE_ARRAY
)

// String returns the kernel's name of the map type.
func (t MapType) String() string {
	switch t {
	case Hash:
		return "BPF_MAP_TYPE_HASH"
	case Array:
		return "BPF_MAP_TYPE_ARRAY"
	case PerCPUArray:
		return "BPF_MAP_TYPE_PERCPU_ARRAY"
	case LRUHash:
		return "BPF_MAP_TYPE_LRU_HASH"
	case Ringbuf:
		return "BPF_MAP_TYPE_RINGBUF"
	}
	return fmt.Sprintf("MapType(%d)", uint32(t))
}

// MapSpec describes a map to create.
type MapSpec struct {
	Name       string // at most 15 bytes are kept
	Type       MapType
	KeySize    uint32
	ValueSize  uint32
	MaxEntries uint32
}

// Map is a BPF map; it owns its descriptor.
type Map struct {
	fd   int
	spec MapSpec
}

// NewMap creates a map.
func NewMap(spec MapSpec) (*Map, error) {
	fd, err := unix.BPFMapCreate(uint32(spec.Type), spec.KeySize, spec.ValueSize, spec.MaxEntries, 0, spec.Name)
	if err != nil {
		return nil, fmt.Errorf("create %v map %s of %d entries: %w", spec.Type, spec.Name, spec.MaxEntries, notSupported(err))
	}
	return &Map{fd: fd, spec: spec}, nil
}

// FD returns the map's descriptor, for LoadMapFD.
func (m *Map) FD() int { return m.fd }

// Lookup copies the value of key into value (ValueSize bytes).
func (m *Map) Lookup(key, value []byte) error {
	if uint32(len(key)) != m.spec.KeySize || uint32(len(value)) != m.spec.ValueSize {
		return fmt.Errorf("look up in map %s: key of %d bytes, value of %d, want %d and %d", m.spec.Name, len(key), len(value), m.spec.KeySize, m.spec.ValueSize)
	}
	if err := unix.BPFMapLookup(m.fd, key, value); err != nil {
		return fmt.Errorf("look up in map %s: %w", m.spec.Name, err)
	}
	return nil
}

// Update sets the value of key (creating it in a hash map).
func (m *Map) Update(key, value []byte) error {
	if uint32(len(key)) != m.spec.KeySize || uint32(len(value)) != m.spec.ValueSize {
		return fmt.Errorf("update map %s: key of %d bytes, value of %d, want %d and %d", m.spec.Name, len(key), len(value), m.spec.KeySize, m.spec.ValueSize)
	}
	if err := unix.BPFMapUpdate(m.fd, key, value, 0); err != nil {
		return fmt.Errorf("update map %s: %w", m.spec.Name, err)
	}
	return nil
}

// Close releases the map (the kernel frees it when no program uses it).
func (m *Map) Close() error { return closeFD(&m.fd) }

func closeFD(fd *int) error {
	if *fd < 0 {
		return nil
	}
	err := unix.Close(*fd)
	*fd = -1
	return err
}

// ProgType is a BPF program type (enum bpf_prog_type).
type ProgType uint32

// The program types sonde uses.
const (
	Kprobe     ProgType = unix.BPF_PROG_TYPE_KPROBE // kprobes and uprobes
	Tracepoint ProgType = unix.BPF_PROG_TYPE_TRACEPOINT
)

// String returns the kernel's name of the program type.
func (t ProgType) String() string {
	switch t {
	case Kprobe:
		return "BPF_PROG_TYPE_KPROBE"
	case Tracepoint:
		return "BPF_PROG_TYPE_TRACEPOINT"
	case PerfEvent:
		return "BPF_PROG_TYPE_PERF_EVENT"
	}
	return fmt.Sprintf("ProgType(%d)", uint32(t))
}

// AttachType is a program's expected attach type (enum bpf_attach_type);
// 0 for none.
type AttachType uint32

// TraceUprobeMulti is the attach type of programs for uprobe_multi links.
const TraceUprobeMulti AttachType = unix.BPF_TRACE_UPROBE_MULTI

// ProgramSpec describes a program to load.
type ProgramSpec struct {
	Name       string // at most 15 bytes are kept
	Type       ProgType
	AttachType AttachType
	Insns      []Insn
	License    string // "GPL" for the GPL-only helpers
}

// Program is a loaded BPF program; it owns its descriptor.
type Program struct {
	fd   int
	name string
}

// LoadProgram loads a program; when the verifier refuses it, the error
// ends with the verifier's last words.
func LoadProgram(spec ProgramSpec) (*Program, error) {
	if len(spec.Insns) == 0 {
		return nil, fmt.Errorf("load program %s: no instructions", spec.Name)
	}
	code := Encode(nil, spec.Insns)
	fd, err := unix.BPFProgLoad(uint32(spec.Type), uint32(spec.AttachType), code, spec.License, spec.Name, nil)
	if err == nil {
		return &Program{fd: fd, name: spec.Name}, nil
	}
	if !errors.Is(err, unix.EACCES) && !errors.Is(err, unix.EINVAL) {
		return nil, fmt.Errorf("load %v program %s: %w", spec.Type, spec.Name, notSupported(err))
	}
	// Load again with a log to say why.
	log := make([]byte, 64<<10)
	_, err2 := unix.BPFProgLoad(uint32(spec.Type), uint32(spec.AttachType), code, spec.License, spec.Name, log)
	if why := verifierSays(log); err2 != nil && why != "" {
		return nil, fmt.Errorf("load %v program %s: %w (verifier: %s)", spec.Type, spec.Name, notSupported(err), why)
	}
	return nil, fmt.Errorf("load %v program %s: %w", spec.Type, spec.Name, notSupported(err))
}

// verifierSays returns the verifier's complaint from its log: the last
// line that is not a statistic ("processed 12 insns ...", "verification
// time ...").
func verifierSays(log []byte) string {
	if i := strings.IndexByte(string(log), 0); i >= 0 {
		log = log[:i]
	}
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" || strings.HasPrefix(l, "processed ") || strings.HasPrefix(l, "verification time") || strings.HasPrefix(l, "stack depth") {
			continue
		}
		return l
	}
	return ""
}

// FD returns the program's descriptor.
func (p *Program) FD() int { return p.fd }

// Close releases the program (the kernel keeps it while a link holds it).
func (p *Program) Close() error { return closeFD(&p.fd) }

// Link is an attachment of a program; closing it detaches the program.
type Link struct {
	fds []int
}

// AttachUprobeMulti attaches p (a Kprobe program with attach type
// TraceUprobeMulti) to uprobes at each file offset of offsets in the
// object at path, in every process that maps it now or later; the
// program's bpf_get_attach_cookie returns the matching cookie. With no
// pid filter the kernel writes the breakpoints into every process that
// maps the object, traced or not: the program decides what counts, but
// each of their hits costs them the trap. The kernel checks the probed
// instructions when it installs the probes in a
// process that maps the object: an instruction it cannot probe fails the
// whole link with ENOTSUPP (errno 524) if the object is mapped now, and
// is silently left out if it is mapped later.
func AttachUprobeMulti(p *Program, path string, offsets, cookies []uint64) (*Link, error) {
	fd, err := unix.BPFLinkCreateUprobeMulti(p.fd, path, offsets, cookies, 0)
	if err != nil {
		return nil, fmt.Errorf("attach uprobe_multi to %d offsets of %s: %w", len(offsets), path, notSupported(err))
	}
	return &Link{fds: []int{fd}}, nil
}

// Close detaches the program.
func (l *Link) Close() error {
	var first error
	for i := range l.fds {
		if err := closeFD(&l.fds[i]); err != nil && first == nil {
			first = err
		}
	}
	l.fds = nil
	return first
}
