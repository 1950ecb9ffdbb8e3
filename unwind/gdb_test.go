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
	pid, maps, stackEnd := startSpinning(t, 500*time.Millisecond, py, script)
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

// startSpinning starts a program that spins forever, waits for it to get
// there (until it has used wait of CPU time: a loaded machine may take far
// longer in wall-clock time), and returns its pid, mappings and the end of
// its stack. The test's cleanup kills it.
func startSpinning(t *testing.T, wait time.Duration, argv ...string) (int, []proc.Mapping, uint64) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for {
		ran, err := proc.RunTime(cmd.Process.Pid)
		if err != nil {
			t.Fatal(err)
		}
		if time.Duration(ran) >= wait {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	maps, err := proc.Maps(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	var stackEnd uint64
	for _, m := range maps {
		if m.Path == "[stack]" {
			stackEnd = m.Limit
		}
	}
	return cmd.Process.Pid, maps, stackEnd
}

// TestUnwindRegsAgainstGdb stops testdata/deep.c (gcc and clang, -O0 and
// -O2) in its spinning leaf, 14 frames deep, with gdb 13 attached, which
// prints the registers, dumps the stack, and for every frame prints
// "frame N", "info registers rbx rbp rsp r12 r13 r14 r15 rip" and
// "info frame" (the CFA, "frame at"). UnwindRegs, given the same registers
// and stack, must recover every callee-saved register gdb recovers with the
// same value, the same rsp, pc and CFA; registers gdb reports
// "<not saved>" must be unknown; caller-saved registers are unknown above
// the innermost frame.
func TestUnwindRegsAgainstGdb(t *testing.T) {
	gdb := testprog.Require(t, "gdb")
	src, _ := filepath.Abs("testdata/deep.c")
	for _, b := range []struct {
		name, cc string
		flags    []string
	}{
		{"gcc-O2", "gcc", []string{"-g", "-O2"}},
		{"gcc-O0", "gcc", []string{"-g", "-O0"}},
		{"clang-O2", "clang", []string{"-g", "-O2"}},
	} {
		t.Run(b.name, func(t *testing.T) {
			bin := testprog.Build(t, src, testprog.Opts{Compiler: b.cc, Flags: b.flags})
			unwindRegsVsGdb(t, gdb, bin)
		})
	}
}

func unwindRegsVsGdb(t *testing.T, gdb, bin string) {
	pid, maps, stackEnd := startSpinning(t, 300*time.Millisecond, bin)
	const nframes = 16
	dump := filepath.Join(t.TempDir(), "stack.bin")
	args := []string{"-batch", "-nx", "-p", strconv.Itoa(pid),
		"-ex", "info registers",
		"-ex", "dump binary memory " + dump + " $rsp " + strconv.FormatUint(stackEnd, 10)}
	for i := 0; i < nframes; i++ {
		args = append(args, "-ex", "echo @@FRAME "+strconv.Itoa(i)+"\\n", "-ex", "frame "+strconv.Itoa(i),
			"-ex", "info registers rbx rbp rsp r12 r13 r14 r15 rip", "-ex", "info frame")
	}
	out, err := exec.Command(gdb, args...).Output()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	sections := strings.Split(string(out), "@@FRAME ")
	regs := parseRegs(sections[0])
	var perfRegs []uint64
	for _, n := range []string{"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "rip", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"} {
		v, ok := regs[n]
		if !ok {
			t.Fatalf("gdb printed no %s:\n%s", n, out)
		}
		perfRegs = append(perfRegs, *v)
	}
	stack, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	frames, _ := NewDWARF().UnwindRegs(perfRegs, stack, objectAt(t, maps), nil)
	if len(frames) < nframes {
		t.Fatalf("UnwindRegs found %d frames, want at least %d", len(frames), nframes)
	}
	cfaRe := regexp.MustCompile(`frame at (0x[0-9a-f]+)`)
	dwarfNum := map[string]int{"rbx": 3, "rbp": 6, "rsp": 7, "r12": 12, "r13": 13, "r14": 14, "r15": 15, "rip": 16}
	checked := 0
	for i := 0; i < nframes; i++ {
		sec := sections[i+1]
		fr := frames[i]
		for name, v := range parseRegs(sec) {
			n := dwarfNum[name]
			switch {
			case v == nil && fr.Known[n]:
				t.Errorf("frame %d: %s = %#x, gdb says <not saved>", i, name, fr.Regs[n])
			case v != nil && !fr.Known[n]:
				t.Errorf("frame %d: %s unknown, gdb %#x", i, name, *v)
			case v != nil && fr.Regs[n] != *v:
				t.Errorf("frame %d: %s = %#x, gdb %#x", i, name, fr.Regs[n], *v)
			case v != nil:
				checked++
			}
		}
		if fr.PC != fr.Regs[16] {
			t.Errorf("frame %d: PC %#x, Regs[16] %#x", i, fr.PC, fr.Regs[16])
		}
		if m := cfaRe.FindStringSubmatch(sec); m == nil {
			t.Errorf("frame %d: gdb printed no CFA", i)
		} else if cfa, _ := strconv.ParseUint(m[1], 0, 64); cfa != fr.CFA {
			t.Errorf("frame %d: CFA %#x, gdb %#x", i, fr.CFA, cfa)
		}
		for _, n := range []int{0, 1, 2, 4, 5, 8, 9, 10, 11} {
			if i > 0 && fr.Known[n] {
				t.Errorf("frame %d: caller-saved register %d known", i, n)
			}
		}
	}
	// The chain must exercise the rules: callee-saved registers restored
	// from the stack differ from the innermost frame's somewhere.
	restored := 0
	for i := 1; i < nframes; i++ {
		for _, n := range []int{3, 6, 12, 13, 14, 15} {
			if frames[i].Known[n] && frames[i].Regs[n] != frames[0].Regs[n] {
				restored++
			}
		}
	}
	if restored == 0 {
		t.Error("no outer frame has a callee-saved register unlike the innermost's: the fixture tests nothing")
	}
	t.Logf("%d frames, %d register values equal to gdb's, %d restored from the stack", nframes, checked, restored)
}

// parseRegs reads gdb's "info registers" lines: name, value, or
// "<not saved>" (nil).
func parseRegs(s string) map[string]*uint64 {
	regs := map[string]*uint64{}
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if strings.HasPrefix(f[1], "0x") {
			if v, err := strconv.ParseUint(f[1], 0, 64); err == nil {
				regs[f[0]] = &v
			}
		} else if strings.Join(f[1:], " ") == "<not saved>" {
			regs[f[0]] = nil
		}
	}
	return regs
}
