package oracle

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// InstrCounts holds per-instruction execution counts by object: object
// path as valgrind names it, then address. Main executables' addresses are
// link-time addresses; shared objects' are relative to their load base.
type InstrCounts map[string]map[uint64]uint64

// Callgrind runs prog with args under valgrind --tool=callgrind
// --dump-instr=yes and returns how often each instruction executed (the Ir
// event, which counts one per execution). env is added to the environment.
// Build prog with -fno-plt -Wl,-z,now: callgrind charges PLT stubs and lazy
// binding to the calling instruction.
func Callgrind(t testing.TB, prog string, args []string, env ...string) (InstrCounts, error) {
	t.Helper()
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	data, err := runCallgrind(t, "", nil, prog, args, nil)
	if err != nil {
		return nil, err
	}
	return ParseCallgrind(data)
}

// runCallgrind runs prog with args under valgrind --tool=callgrind
// --dump-instr=yes and the options opts, in directory dir ("" for the
// test's), with env added to its environment, and returns the output
// file callgrind wrote.
func runCallgrind(t testing.TB, dir string, opts []string, prog string, args, env []string) ([]byte, error) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "callgrind.out")
	vargs := append([]string{"--tool=callgrind", "--dump-instr=yes"}, opts...)
	vargs = append(vargs, "--callgrind-out-file="+out, prog)
	vargs = append(vargs, args...)
	path := testprog.Require(t, "valgrind")
	t.Logf("oracle: valgrind %s  [%s]", strings.Join(vargs, " "), Version("valgrind"))
	var stderr bytes.Buffer
	cmd := exec.Command(path, vargs...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = &stderr
	runErr := cmd.Run() // the program's own status is valgrind's: not an error here
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("read callgrind output (valgrind: %v: %s): %w", runErr, strings.TrimSpace(stderr.String()), err)
	}
	return data, nil
}

// ParseCallgrind reads a callgrind output file written with
// --dump-instr=yes and adds up the Ir cost of each instruction. The cost
// line after a calls= line is the call's inclusive cost, not an execution
// count, and is skipped.
func ParseCallgrind(data []byte) (InstrCounts, error) {
	counts := InstrCounts{}
	names := map[string]string{} // "(3)" -> path, for ob= compression
	npos, irCol := 1, -1
	var (
		obj      string
		lastAddr uint64
		skipNext bool
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
			f := strings.Fields(strings.TrimPrefix(line, "positions:"))
			if len(f) == 0 || f[0] != "instr" {
				return nil, fmt.Errorf("parse callgrind output line %d: positions %q do not start with instr (run with --dump-instr=yes)", n, line)
			}
			npos = len(f)
			continue
		case strings.HasPrefix(line, "events:"):
			for i, e := range strings.Fields(strings.TrimPrefix(line, "events:")) {
				if e == "Ir" {
					irCol = i
				}
			}
			continue
		case strings.HasPrefix(line, "ob="):
			obj = compressedName(names, strings.TrimPrefix(line, "ob="))
			continue
		case strings.HasPrefix(line, "cob="), strings.HasPrefix(line, "cfn="), strings.HasPrefix(line, "cfi="),
			strings.HasPrefix(line, "cfl="):
			if strings.HasPrefix(line, "cob=") {
				compressedName(names, strings.TrimPrefix(line, "cob="))
			}
			continue
		case strings.HasPrefix(line, "calls="):
			skipNext = true
			continue
		}
		c := line[0]
		if !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '*') {
			continue // fn=, fl=, summary:, totals: and other headers
		}
		f := strings.Fields(line)
		if len(f) < npos {
			return nil, fmt.Errorf("parse callgrind output line %d: %q has fewer than %d positions", n, line, npos)
		}
		addr, err := position(f[0], lastAddr)
		if err != nil {
			return nil, fmt.Errorf("parse callgrind output line %d: %w", n, err)
		}
		lastAddr = addr
		if skipNext {
			skipNext = false
			continue
		}
		if irCol < 0 {
			return nil, fmt.Errorf("parse callgrind output line %d: no events: line naming Ir before costs", n)
		}
		var ir uint64
		if col := npos + irCol; col < len(f) {
			if ir, err = strconv.ParseUint(f[col], 10, 64); err != nil {
				return nil, fmt.Errorf("parse callgrind output line %d: cost %q: %w", n, f[col], err)
			}
		}
		m := counts[obj]
		if m == nil {
			m = map[uint64]uint64{}
			counts[obj] = m
		}
		m[addr] += ir
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read callgrind output: %w", err)
	}
	return counts, nil
}

// compressedName resolves callgrind's "(id) name" / "(id)" name compression.
func compressedName(names map[string]string, s string) string {
	if !strings.HasPrefix(s, "(") {
		return s
	}
	id, rest, ok := strings.Cut(s, ")")
	if !ok {
		return s
	}
	rest = strings.TrimSpace(rest)
	if rest != "" {
		names[id] = rest
		return rest
	}
	return names[id]
}

// position decodes an instruction position: absolute "0x1a2b" or decimal,
// relative "+N"/"-N", or "*" for the previous one.
func position(s string, last uint64) (uint64, error) {
	switch {
	case s == "*":
		return last, nil
	case s[0] == '+' || s[0] == '-':
		d, err := strconv.ParseUint(s[1:], 0, 64)
		if err != nil {
			return 0, fmt.Errorf("position %q: %w", s, err)
		}
		if s[0] == '-' {
			return last - d, nil
		}
		return last + d, nil
	}
	v, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("position %q: %w", s, err)
	}
	return v, nil
}
