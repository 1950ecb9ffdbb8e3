package python

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/linux/unix"
	"sonde/internal/testprog"
	"sonde/proc"
)

func requirePython(t *testing.T) (py, lib string) { return testprog.Python311(t) }

// TestLayoutAgainstGdb compares the offsets read from libpython's DWARF
// with gdb's `ptype/o` and `print &((T*)0)->member` of the same file
// (GNU gdb 13.1, run by hand on /root/.pyenv/versions/3.11.7).
func TestLayoutAgainstGdb(t *testing.T) {
	_, lib := requirePython(t)
	o, err := Open(lib)
	if err != nil {
		t.Fatal(err)
	}
	l := o.Layout
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"_ts.next", l.TstateNext, 8},
		{"_ts.cframe", l.TstateCframe, 56},
		{"_ts.native_thread_id", l.TstateNativeTID, 160},
		{"_PyCFrame.current_frame", l.CframeCurrent, 8},
		{"_PyInterpreterFrame.f_code", l.FrameCode, 32},
		{"_PyInterpreterFrame.previous", l.FramePrevious, 48},
		{"_PyInterpreterFrame.prev_instr", l.FramePrevInstr, 56},
		{"_PyInterpreterFrame.is_entry", l.FrameIsEntry, 68},
		{"_PyInterpreterFrame.owner", l.FrameOwner, 69},
		{"_PyInterpreterFrame.localsplus", l.FrameSize, 72},
		{"PyCodeObject.co_filename", l.CodeFilename, 0x70},
		{"PyCodeObject.co_qualname", l.CodeQualname, 0x80},
		{"PyCodeObject.co_linetable", l.CodeLinetable, 0x88},
		{"PyCodeObject.co_firstlineno", l.CodeFirstlineno, 0x48},
		{"PyCodeObject.co_code_adaptive", l.CodeAdaptive, 0xb8},
		{"_PyRuntimeState.interpreters.head", l.RuntimeInterpHead, 0x28},
		{"PyInterpreterState.threads.head", l.InterpThreadsHead, 0x10},
		{"PyASCIIObject.state", l.ASCIIState, 32},
		{"sizeof(PyASCIIObject)", l.ASCIISize, 48},
		{"sizeof(PyCompactUnicodeObject)", l.CompactSize, 72},
		{"PyBytesObject.ob_sval", l.BytesData, 0x20},
		{"state.kind bit", l.KindShift, 2},
		{"state.compact bit", l.CompactBit, 5},
		{"state.ascii bit", l.ASCIIBit, 6},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, gdb says %d", c.name, c.got, c.want)
		}
	}
}

// TestLayout311 compares the documented 3.11 layout, used where libpython
// has no DWARF, with the DWARF of the machine's libpython3.11.
func TestLayout311(t *testing.T) {
	_, lib := requirePython(t)
	o, err := Open(lib)
	if err != nil {
		t.Fatal(err)
	}
	if *o.Layout != Layout311 {
		t.Errorf("DWARF layout %+v\nLayout311   %+v", *o.Layout, Layout311)
	}
}

// recursion is the Python program of TestReadRecursion: f recurses to
// depth 25 through the line marked "call", then spins on the line marked
// "spin"; the source is the oracle of every frame's line.
const recursion = `import sys
def f(n):
    if n == 0:
        print("ready", flush=True)
        while True: pass  # spin
    return f(n - 1) + 1  # call
f(25)
`

// TestReadRecursion reads the frames of a stopped python3.11 that recursed
// to a known depth and compares them with the program's source: 26
// frames of f at the spin and call lines, then <module>.
// startRecursion runs the recursion program, waits until it spins, stops
// it (SIGSTOP: the frames cannot move) and returns a reader of it.
func startRecursion(t *testing.T) (p *Process, pid int, script string, stop func()) {
	t.Helper()
	py, lib := requirePython(t)
	dir := t.TempDir()
	script = filepath.Join(dir, "rec.py")
	if err := os.WriteFile(script, []byte(recursion), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, script)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop = func() {
		cmd.Process.Kill()
		cmd.Wait()
	}
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		stop()
		t.Fatal(err)
	}
	pid = cmd.Process.Pid
	o, err := Open(lib)
	if err != nil {
		stop()
		t.Fatal(err)
	}
	bias, err := libBias(pid, lib)
	if err != nil {
		stop()
		t.Fatal(err)
	}
	p = NewProcess(o, bias, func(b []byte, addr uint64) error {
		n, err := unix.ReadProcessMemory(pid, b, addr)
		if err == nil && n < len(b) {
			err = fmt.Errorf("read %d of %d bytes", n, len(b))
		}
		return err
	})
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		stop()
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	return p, pid, script, stop
}

func TestReadRecursion(t *testing.T) {
	p, pid, script, stop := startRecursion(t)
	defer stop()
	frames, err := p.Read(int32(pid), Sample{Stopped: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Read again with a frame and the previous one's code read at once:
	// the same frames.
	p.SetMemoryV(func(bufs [][]byte, addrs []uint64) error {
		for i, b := range bufs {
			if err := p.mem(b, addrs[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if again, err := p.Read(int32(pid), Sample{Stopped: true}, nil); err != nil || !slices.Equal(again, frames) {
		t.Errorf("read with MemoryV: %v, %+v; without %+v", err, again, frames)
	}
	lines := strings.Split(recursion, "\n")
	lineOf := func(mark string) int {
		for i, l := range lines {
			if strings.Contains(l, mark) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", mark)
		return 0
	}
	var want []Frame
	want = append(want, Frame{Func: "f", File: script, Line: lineOf("# spin")})
	for i := 0; i < 25; i++ {
		want = append(want, Frame{Func: "f", File: script, Line: lineOf("# call")})
	}
	want = append(want, Frame{Func: "<module>", File: script, Line: lineOf("f(25)"), Entry: true})
	if len(frames) != len(want) {
		t.Fatalf("read %d frames, want %d: %v", len(frames), len(want), frames)
	}
	for i := range want {
		if frames[i] != want[i] {
			t.Errorf("frame %d = %+v, want %+v", i, frames[i], want[i])
		}
	}
}

// TestReadRunningChecks reads the same stopped recursion as a running
// thread's sample would be read (Stopped false), with sample states made
// from the frames themselves: the sample's innermost frame given through
// a stack copy of its _PyCFrame, and its next_instr. Frames called after
// the sample are left out; a next_instr outside the frame's code (another
// function took its place) or none marks the read; a sample frame that is
// gone too.
func TestReadRunningChecks(t *testing.T) {
	p, pid, script, stop := startRecursion(t)
	defer stop()
	l := p.obj.Layout
	ts, err := p.tstate(int32(pid))
	if err != nil {
		t.Fatal(err)
	}
	cf, _ := p.u64(ts + uint64(l.TstateCframe))
	cur, _ := p.u64(cf + uint64(l.CframeCurrent))
	var addrs, instrs []uint64 // the chain's frames and their prev_instr
	for f := cur; f != 0; f, _ = p.u64(f + uint64(l.FramePrevious)) {
		addrs = append(addrs, f)
		in, _ := p.u64(f + uint64(l.FramePrevInstr))
		instrs = append(instrs, in)
	}
	if len(addrs) != 27 {
		t.Fatalf("%d frames", len(addrs))
	}
	copyOf := func(frame uint64) (uint64, []byte) {
		b := make([]byte, l.CframeCurrent+8)
		binary.LittleEndian.PutUint64(b[l.CframeCurrent:], frame)
		return cf, b // a stack copy from the _PyCFrame up
	}
	lines := strings.Split(recursion, "\n")
	callLine := 0
	for i, s := range lines {
		if strings.Contains(s, "# call") {
			callLine = i + 1
		}
	}
	for _, tt := range []struct {
		name  string
		frame uint64 // the sample's innermost frame
		next  uint64 // its next_instr
		n     int    // frames read; 0: an error
		want  error
	}{
		{"innermost", addrs[0], instrs[0] + 2, 27, nil},
		{"two called since", addrs[2], instrs[2] + 2, 25, nil},
		{"no next_instr", addrs[0], 0, 0, ErrUnverified},
		{"next_instr in other code", addrs[0], instrs[26] + 2, 0, ErrMoved},
		{"frame gone", addrs[0] + 8, instrs[0] + 2, 0, ErrMoved},
		{"eval call newer than the sample", 0, instrs[0] + 2, 0, ErrMoved},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sp, stack := copyOf(tt.frame)
			if tt.frame == 0 {
				sp, stack = cf+1, []byte{0} // the copy starts above the _PyCFrame
			}
			frames, err := p.Read(int32(pid), Sample{SP: sp, Stack: stack, NextInstr: tt.next}, nil)
			if tt.want != nil {
				if !errors.Is(err, tt.want) || len(frames) != 0 {
					t.Fatalf("read %d frames, %v; want %v", len(frames), err, tt.want)
				}
				return
			}
			if err != nil || len(frames) != tt.n {
				t.Fatalf("read %d frames, %v; want %d", len(frames), err, tt.n)
			}
			if f := frames[0]; f.Func != "f" || f.File != script || tt.n < 27 && f.Line != callLine {
				t.Errorf("innermost frame %+v", f)
			}
		})
	}
}

// libBias returns the runtime minus link-time addresses of lib in process
// pid: its first PT_LOAD has link-time address 0.
func libBias(pid int, lib string) (uint64, error) {
	maps, err := proc.Maps(pid)
	if err != nil {
		return 0, err
	}
	real, _ := filepath.EvalSymlinks(lib)
	for _, m := range maps {
		if (m.Path == lib || m.Path == real) && m.Offset == 0 {
			return m.Start, nil
		}
	}
	return 0, fmt.Errorf("%s not mapped in process %d", lib, pid)
}

// TestLine checks the location table decoder on a table CPython 3.11.7
// wrote for a known function (co_linetable and co.co_lines() printed by
// python3.11 for `def g(x):\n    y = x + 1\n    return y`, first line 1).
func TestLine(t *testing.T) {
	py, _ := requirePython(t)
	src := "def g(x):\n    y = x + 1\n    return y\nimport sys\nc = g.__code__\nsys.stdout.write(c.co_linetable.hex() + ' ' + str(c.co_firstlineno) + '\\n')\nfor s, e, l in c.co_lines():\n    sys.stdout.write('%d %d %s\\n' % (s, e, l))\n"
	out, err := exec.Command(py, "-c", src).Output()
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(out)), "\n")
	var hexTable string
	var first int
	fmt.Sscan(rows[0], &hexTable, &first)
	table := make([]byte, len(hexTable)/2)
	for i := range table {
		fmt.Sscanf(hexTable[2*i:2*i+2], "%02x", &table[i])
	}
	for _, r := range rows[1:] {
		var s, e int
		var l string
		fmt.Sscan(r, &s, &e, &l)
		if l == "None" {
			continue
		}
		for off := s; off < e; off += 2 {
			got, err := Line(table, first, off)
			if err != nil || fmt.Sprint(got) != l {
				t.Errorf("Line(%d) = %d, %v; co_lines says %s", off, got, err, l)
			}
		}
	}
}
