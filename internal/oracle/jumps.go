package oracle

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// JumpCounts is what callgrind counted of a program's jumps: how often
// each instruction ran (Instrs, as Callgrind gives it) and how often each
// conditional jump jumped (Taken: by object as valgrind names it, then
// the jump instruction's address, link-time for main executables).
type JumpCounts struct {
	Instrs InstrCounts
	Taken  map[string]map[uint64]uint64
}

// Jump returns how often the conditional jump at addr in obj ran and how
// often it jumped; both 0 for one that never ran.
func (j *JumpCounts) Jump(obj string, addr uint64) (executed, taken uint64) {
	return j.Instrs[obj][addr], j.Taken[obj][addr]
}

// CallgrindJumps runs prog with args under valgrind --tool=callgrind
// --dump-instr=yes --collect-jumps=yes in dir and returns every
// conditional jump that ran, with how often it jumped: an exact count of
// each branch's two ways for the very binary. env is added to the
// environment.
func CallgrindJumps(t testing.TB, dir, prog string, args []string, env ...string) (*JumpCounts, error) {
	t.Helper()
	data, err := runCallgrind(t, dir, []string{"--collect-jumps=yes"}, prog, args, env)
	if err != nil {
		return nil, err
	}
	return ParseCallgrindJumps(data)
}

// ParseCallgrindJumps reads a callgrind output file written with
// --dump-instr=yes --collect-jumps=yes: the instructions' counts as
// ParseCallgrind, and the jcnd= lines. In callgrind's format [valgrind
// docs, "Callgrind Format Specification"] "jcnd=TAKEN/EXECUTED TARGET"
// describes the conditional jump whose position is the next cost line's;
// positions are compressed relative to the previous cost line's (the
// target's do not move it), as ParseCallgrind reads them. Callgrind
// writes such a line per context (caller, recursion level) in which the
// jump jumped, with that context's counts, and none where it only fell
// through: the TAKEN counts add up to how often the jump jumped, but the
// EXECUTED counts miss the contexts of pure fall-through, so how often it
// ran is the instruction's own count.
func ParseCallgrindJumps(data []byte) (*JumpCounts, error) {
	instrs, err := ParseCallgrind(data)
	if err != nil {
		return nil, err
	}
	jumps := map[string]map[uint64]uint64{}
	names := map[string]string{}
	var (
		obj      string
		lastAddr uint64
		pending  *uint64
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "positions:"):
			if f := strings.Fields(strings.TrimPrefix(line, "positions:")); len(f) == 0 || f[0] != "instr" {
				return nil, fmt.Errorf("parse callgrind output line %d: positions %q do not start with instr (run with --dump-instr=yes)", n, line)
			}
			continue
		case strings.HasPrefix(line, "ob="):
			obj = compressedName(names, strings.TrimPrefix(line, "ob="))
			continue
		case strings.HasPrefix(line, "cob="):
			compressedName(names, strings.TrimPrefix(line, "cob="))
			continue
		case strings.HasPrefix(line, "jcnd="):
			f := strings.Fields(strings.TrimPrefix(line, "jcnd="))
			taken, executed, ok := strings.Cut(f[0], "/")
			if !ok {
				return nil, fmt.Errorf("parse callgrind output line %d: %q is not jcnd=TAKEN/EXECUTED", n, line)
			}
			tk, err1 := strconv.ParseUint(taken, 10, 64)
			ex, err2 := strconv.ParseUint(executed, 10, 64) // checked, not used: see above
			if err1 != nil || err2 != nil || tk > ex {
				return nil, fmt.Errorf("parse callgrind output line %d: %q: bad counts", n, line)
			}
			pending = &tk
			continue
		}
		c := line[0]
		if !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '*') {
			continue
		}
		addr, err := position(strings.Fields(line)[0], lastAddr) // ParseCallgrind checked the line
		if err != nil {
			return nil, fmt.Errorf("parse callgrind output line %d: %w", n, err)
		}
		lastAddr = addr
		if pending == nil {
			continue
		}
		m := jumps[obj]
		if m == nil {
			m = map[uint64]uint64{}
			jumps[obj] = m
		}
		m[addr] += *pending
		pending = nil
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read callgrind output: %w", err)
	}
	return &JumpCounts{Instrs: instrs, Taken: jumps}, nil
}
