package unwind

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/proc"
)

// TestUnwindAgainstGdb stops a running python3.11 (libpython3.11.so, -O3
// without frame pointers) with gdb, which prints its registers, dumps the
// top of its stack and prints its backtrace (GNU gdb 13, "bt"). The
// unwinder, given the same registers and stack copy, must find the same
// physical frames: the program counter, then every return address gdb
// prints ("#N 0x... in"), in order, to _start.
func TestUnwindAgainstGdb(t *testing.T) {
	gdb := testprog.Require(t, "gdb")
	py := "/root/.pyenv/versions/3.11.7/bin/python3.11"
	if _, err := os.Stat(py); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "deep.py")
	os.WriteFile(script, []byte("def a(n):\n    return b(n) if n else spin()\ndef b(n):\n    return a(n - 1)\ndef spin():\n    x = 0\n    while True:\n        x += 1\na(20)\n"), 0o644)
	cmd := exec.Command(py, script)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	time.Sleep(500 * time.Millisecond)
	pid := cmd.Process.Pid
	maps, err := proc.Maps(pid)
	if err != nil {
		t.Fatal(err)
	}
	var stackEnd uint64
	for _, m := range maps {
		if m.Path == "[stack]" {
			stackEnd = m.Limit
		}
	}
	for round := 0; round < 3; round++ {
		dump := filepath.Join(dir, "stack.bin")
		out, err := exec.Command(gdb, "-batch", "-p", strconv.Itoa(pid),
			"-ex", "info registers",
			"-ex", "dump binary memory "+dump+" $rsp "+strconv.FormatUint(stackEnd, 10),
			"-ex", "bt").Output()
		if err != nil {
			t.Fatalf("gdb: %v", err)
		}
		regs := map[string]uint64{}
		var want []uint64
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && strings.HasPrefix(f[1], "0x") && !strings.HasPrefix(f[0], "#") {
				v, err := strconv.ParseUint(f[1], 0, 64)
				if err == nil {
					regs[f[0]] = v
				}
			}
		}
		frameRe := regexp.MustCompile(`^#(\d+)\s+(0x[0-9a-f]+) in `)
		for _, line := range strings.Split(string(out), "\n") {
			if m := frameRe.FindStringSubmatch(line); m != nil {
				a, _ := strconv.ParseUint(m[2], 0, 64)
				want = append(want, a)
			} else if strings.HasPrefix(line, "#0 ") {
				want = append(want, regs["rip"]) // frame 0 at a line start prints no address
			}
		}
		stack, err := os.ReadFile(dump)
		if err != nil {
			t.Fatal(err)
		}
		if len(stack) > 64<<10 {
			stack = stack[:64<<10]
		}
		var perfRegs []uint64
		for _, n := range []string{"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "rip", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"} {
			v, ok := regs[n]
			if !ok {
				t.Fatalf("gdb printed no %s:\n%s", n, out)
			}
			perfRegs = append(perfRegs, v)
		}
		d := NewDWARF()
		got, complete := d.Unwind(perfRegs, stack, objectAt(t, maps), nil)
		t.Logf("round %d: gdb %d frames, sonde %d (complete %v)", round, len(want), len(got), complete)
		if !complete || len(got) != len(want) {
			t.Errorf("sonde %x (complete %v), gdb %x\n%s", got, complete, want, out)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("frame %d: sonde %#x, gdb %#x", i, got[i], want[i])
			}
		}
	}
}

// objectAt finds the mapping of pc and its bias from the ELF segments:
// link-time p_vaddr sits at file offset p_offset.
func objectAt(t *testing.T, maps []proc.Mapping) ObjectAt {
	return func(pc uint64) (string, uint64, bool) {
		for _, m := range maps {
			if pc < m.Start || pc >= m.Limit || !strings.HasPrefix(m.Path, "/") {
				continue
			}
			f, err := elf.Open(m.Path)
			if err != nil {
				return "", 0, false
			}
			defer f.Close()
			for _, p := range f.Progs {
				if p.Type == elf.PT_LOAD && m.Offset >= p.Off&^0xfff && m.Offset < p.Off+p.Filesz {
					return m.Path, m.Start - (p.Vaddr + m.Offset - p.Off), true
				}
			}
		}
		return "", 0, false
	}
}
