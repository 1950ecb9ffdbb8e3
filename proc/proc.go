// Package proc reads what Linux's /proc and /sys say about processes and
// CPUs: memory mappings (/proc/PID/maps), threads (/proc/PID/task),
// parents (/proc/PID/stat), scheduler statistics (/proc/PID/schedstat),
// tracers (TracerPid in /proc/PID/status) and the online CPUs. The parsers work on text, so they are tested on
// strings; the readers wrap them for live processes.
package proc

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Mapping is one line of /proc/PID/maps.
type Mapping struct {
	Start, Limit uint64
	// Perms is the permission field, as "r-xp".
	Perms  string
	Offset uint64
	// Dev is "major:minor" in hex, Inode the inode number; 0 for anonymous
	// memory.
	Dev   string
	Inode uint64
	// Path is the file name or pseudo-name ("[vdso]", "[heap]"); "" for
	// anonymous memory. A deleted file keeps the " (deleted)" suffix.
	Path string
}

// Exec reports whether the mapping is executable.
func (m *Mapping) Exec() bool { return len(m.Perms) > 2 && m.Perms[2] == 'x' }

// ParseError says that a line of a /proc file did not parse.
type ParseError struct {
	File string
	Line int
	Msg  string
}

// Error implements error.
func (e *ParseError) Error() string {
	return fmt.Sprintf("parse %s line %d: %s", e.File, e.Line, e.Msg)
}

// ParseMaps parses the text of /proc/PID/maps; name is used in errors.
//
//	55d0c5a00000-55d0c5a01000 r-xp 00001000 08:01 1234  /usr/bin/x
func ParseMaps(r io.Reader, name string) ([]Mapping, error) {
	var out []Mapping
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.TrimSpace(text) == "" {
			continue
		}
		m, err := parseMapsLine(text)
		if err != "" {
			return out, &ParseError{File: name, Line: line, Msg: err}
		}
		out = append(out, m)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("read %s: %w", name, err)
	}
	return out, nil
}

func parseMapsLine(s string) (Mapping, string) {
	var m Mapping
	fields := make([]string, 0, 6)
	rest := s
	for len(fields) < 5 {
		rest = strings.TrimLeft(rest, " ")
		i := strings.IndexByte(rest, ' ')
		if i < 0 {
			if rest == "" {
				break
			}
			fields = append(fields, rest)
			rest = ""
			break
		}
		fields = append(fields, rest[:i])
		rest = rest[i+1:]
	}
	if len(fields) < 5 {
		return m, fmt.Sprintf("want at least 5 fields, have %d: %q", len(fields), s)
	}
	lo, hi, ok := strings.Cut(fields[0], "-")
	if !ok {
		return m, fmt.Sprintf("bad address range %q", fields[0])
	}
	var err error
	if m.Start, err = strconv.ParseUint(lo, 16, 64); err != nil {
		return m, fmt.Sprintf("bad start address %q", lo)
	}
	if m.Limit, err = strconv.ParseUint(hi, 16, 64); err != nil {
		return m, fmt.Sprintf("bad end address %q", hi)
	}
	if m.Limit < m.Start {
		return m, fmt.Sprintf("end %#x before start %#x", m.Limit, m.Start)
	}
	if len(fields[1]) != 4 {
		return m, fmt.Sprintf("bad permissions %q", fields[1])
	}
	m.Perms = fields[1]
	if m.Offset, err = strconv.ParseUint(fields[2], 16, 64); err != nil {
		return m, fmt.Sprintf("bad offset %q", fields[2])
	}
	m.Dev = fields[3]
	if m.Inode, err = strconv.ParseUint(fields[4], 10, 64); err != nil {
		return m, fmt.Sprintf("bad inode %q", fields[4])
	}
	m.Path = strings.TrimLeft(rest, " ")
	return m, ""
}

// Maps reads and parses /proc/PID/maps.
func Maps(pid int) ([]Mapping, error) {
	name := fmt.Sprintf("/proc/%d/maps", pid)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read maps of process %d: %w", pid, err)
	}
	return ParseMaps(bytes.NewReader(data), name)
}

// Threads returns the thread ids of process pid, sorted.
func Threads(pid int) ([]int, error) {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return nil, fmt.Errorf("list threads of process %d: %w", pid, err)
	}
	var tids []int
	for _, e := range ents {
		if tid, err := strconv.Atoi(e.Name()); err == nil {
			tids = append(tids, tid)
		}
	}
	sort.Ints(tids)
	return tids, nil
}

// Stat is what sonde reads of /proc/PID/stat.
type Stat struct {
	PID  int
	Comm string
	// State is the one-letter state ("R", "S", "Z", "t").
	State string
	PPID  int
}

// ParseStat parses the text of /proc/PID/stat. The command name is in
// parentheses and may itself hold spaces and parentheses: it ends at the
// last ')' (proc(5)).
func ParseStat(s, name string) (Stat, error) {
	var st Stat
	open := strings.IndexByte(s, '(')
	end := strings.LastIndexByte(s, ')')
	if open < 0 || end < open {
		return st, &ParseError{File: name, Line: 1, Msg: "no (comm)"}
	}
	pid, err := strconv.Atoi(strings.TrimSpace(s[:open]))
	if err != nil {
		return st, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("bad pid %q", s[:open])}
	}
	st.PID, st.Comm = pid, s[open+1:end]
	f := strings.Fields(s[end+1:])
	if len(f) < 2 {
		return st, &ParseError{File: name, Line: 1, Msg: "no state and ppid"}
	}
	st.State = f[0]
	if st.PPID, err = strconv.Atoi(f[1]); err != nil {
		return st, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("bad ppid %q", f[1])}
	}
	return st, nil
}

// ReadStat reads and parses /proc/PID/stat.
func ReadStat(pid int) (Stat, error) {
	name := fmt.Sprintf("/proc/%d/stat", pid)
	data, err := os.ReadFile(name)
	if err != nil {
		return Stat{}, fmt.Errorf("read stat of process %d: %w", pid, err)
	}
	return ParseStat(string(data), name)
}

// Exe returns the path of process pid's executable ("" when unreadable).
func Exe(pid int) string {
	p, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil {
		return ""
	}
	return p
}

// Root returns the path under which process pid's files are found
// (/proc/PID/root), so that objects of processes in other mount
// namespaces open too.
func Root(pid int) string { return filepath.Join("/proc", strconv.Itoa(pid), "root") }

// FileRoot returns the root directory of pid as this process sees it:
// "/" when it is this process's own, else Root(pid).
func FileRoot(pid int) string {
	r := Root(pid)
	if l, err := os.Readlink(r); err == nil && l == "/" {
		return "/"
	}
	return r
}

// Tgid returns the process (thread group) id of thread tid.
func Tgid(tid int) (int, error) {
	name := fmt.Sprintf("/proc/%d/status", tid)
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, fmt.Errorf("read status of thread %d: %w", tid, err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "Tgid:"); ok {
			g, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return 0, &ParseError{File: name, Msg: fmt.Sprintf("bad Tgid %q", v)}
			}
			return g, nil
		}
	}
	return 0, &ParseError{File: name, Msg: "no Tgid"}
}

// ParseSchedstat parses /proc/TID/schedstat: nanoseconds on a CPU,
// nanoseconds waiting for one, and time slices.
func ParseSchedstat(s, name string) (run, wait uint64, err error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return 0, 0, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("want 3 fields, have %d", len(f))}
	}
	if run, err = strconv.ParseUint(f[0], 10, 64); err != nil {
		return 0, 0, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("bad run time %q", f[0])}
	}
	if wait, err = strconv.ParseUint(f[1], 10, 64); err != nil {
		return 0, 0, &ParseError{File: name, Line: 1, Msg: fmt.Sprintf("bad wait time %q", f[1])}
	}
	return run, wait, nil
}

// RunTime returns how many nanoseconds thread tid has spent on a CPU
// (/proc/TID/schedstat, exact where /proc/TID/stat counts clock ticks).
func RunTime(tid int) (uint64, error) {
	name := fmt.Sprintf("/proc/%d/schedstat", tid)
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, fmt.Errorf("read schedstat of thread %d: %w", tid, err)
	}
	run, _, err := ParseSchedstat(string(data), name)
	return run, err
}
