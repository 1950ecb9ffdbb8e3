package python

import (
	"bufio"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
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

// forVersions runs f as a subtest for each CPython release the reader is
// tested on, with its python executable and libpython.
func forVersions(t *testing.T, f func(t *testing.T, version, py, lib string)) {
	for _, v := range testprog.PythonVersions {
		t.Run(v, func(t *testing.T) {
			py, lib := testprog.Pyenv(t, v)
			f(t, v, py, lib)
		})
	}
}

// gdbOffsets asks gdb (reading lib's DWARF itself) for the value of each
// C expression in exprs: -1 where gdb says the member or type does not
// exist in this release. Each print follows an echoed marker, and gdb's
// output and errors share one pipe, in order.
func gdbOffsets(t *testing.T, lib string, exprs []string) []int64 {
	t.Helper()
	gdb := testprog.Require(t, "gdb")
	args := []string{"-batch", "-nx", lib}
	for i, e := range exprs {
		args = append(args, "-ex", fmt.Sprintf("echo @%d\\n", i), "-ex", "print (long)("+e+")")
	}
	cmd := exec.Command(gdb, args...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("gdb: %v\n%s", err, out.String())
	}
	got := make([]int64, len(exprs))
	cur := -1
	for _, line := range strings.Split(out.String(), "\n") {
		if n, err := fmt.Sscanf(line, "@%d", &cur); n == 1 && err == nil {
			got[cur] = math.MinInt64 // nothing said yet
			continue
		}
		if cur < 0 {
			continue
		}
		var k int
		var v int64
		switch {
		case strings.HasPrefix(line, "$"):
			if n, _ := fmt.Sscanf(line, "$%d = %d", &k, &v); n == 2 {
				got[cur] = v
			}
		case strings.HasPrefix(line, "There is no member named"), strings.HasPrefix(line, "No struct type named"), strings.HasPrefix(line, "No symbol"):
			got[cur] = -1
		}
	}
	for i, g := range got {
		if g == math.MinInt64 || cur < len(exprs)-1 {
			t.Fatalf("gdb said nothing readable for %s:\n%s", exprs[i], out.String())
		}
	}
	return got
}

// TestLayoutAgainstGdb compares the offsets read from each libpython's
// DWARF with gdb's answers for the same members (gdbOffsets: `print
// &((T*)0)->member` and sizeof, -1 for a member the release lacks), and
// the version and chain flags with the release's headers (pycore_frame.h:
// is_entry in 3.11, shim entry frames owned by the C stack from 3.12,
// f_executable, instr_ptr and tstate->current_frame in 3.13). The bit
// positions in PyASCIIObject.state are gdb's `ptype/o PyASCIIObject`
// (GNU gdb 13.1, by hand: kind at 32:2, compact 32:5, ascii 32:6 in all
// three).
func TestLayoutAgainstGdb(t *testing.T) {
	forVersions(t, func(t *testing.T, version, _, lib string) {
		o, err := Open(lib)
		if err != nil {
			t.Fatal(err)
		}
		if o.NoDWARF != "" {
			t.Fatalf("layout not from the DWARF: %s", o.NoDWARF)
		}
		l := o.Layout
		minor := int(version[3]-'0') + 10
		if l.Version != minor || l.Cframe != (minor < 13) || l.ShimEntry != (minor >= 12) || l.InstrPtr != (minor >= 13) {
			t.Errorf("version %d, cframe %v, shim entries %v, instr_ptr %v for %s", l.Version, l.Cframe, l.ShimEntry, l.InstrPtr, version)
		}
		code, instr := "f_code", "prev_instr"
		if minor >= 13 {
			code, instr = "f_executable", "instr_ptr"
		}
		off := func(typ, member string) string { return "&((" + typ + "*)0)->" + member }
		rows := []struct {
			expr string
			got  int64
		}{
			{off("struct _ts", "next"), l.TstateNext},
			{off("struct _ts", "cframe"), l.TstateCframe},
			{off("struct _ts", "current_frame"), l.TstateCurrentFrame},
			{off("struct _ts", "native_thread_id"), l.TstateNativeTID},
			{off("struct _PyCFrame", "current_frame"), l.CframeCurrent},
			{off("struct _PyInterpreterFrame", code), l.FrameCode},
			{off("struct _PyInterpreterFrame", "previous"), l.FramePrevious},
			{off("struct _PyInterpreterFrame", instr), l.FramePrevInstr},
			{off("struct _PyInterpreterFrame", "is_entry"), l.FrameIsEntry},
			{off("struct _PyInterpreterFrame", "owner"), l.FrameOwner},
			{off("struct _PyInterpreterFrame", "localsplus"), l.FrameSize},
			{off("PyCodeObject", "co_filename"), l.CodeFilename},
			{off("PyCodeObject", "co_qualname"), l.CodeQualname},
			{off("PyCodeObject", "co_linetable"), l.CodeLinetable},
			{off("PyCodeObject", "co_firstlineno"), l.CodeFirstlineno},
			{off("PyCodeObject", "co_code_adaptive"), l.CodeAdaptive},
			{off("struct pyruntimestate", "interpreters.head"), l.RuntimeInterpHead},
			{off("struct _is", "next"), l.InterpNext},
			{off("struct _is", "threads.head"), l.InterpThreadsHead},
			{off("PyObject", "ob_type"), l.ObType},
			{off("PyVarObject", "ob_size"), l.VarSize},
			{off("PyASCIIObject", "length"), l.ASCIILength},
			{off("PyASCIIObject", "state"), l.ASCIIState},
			{"sizeof(PyASCIIObject)", l.ASCIISize},
			{"sizeof(PyCompactUnicodeObject)", l.CompactSize},
			{off("PyBytesObject", "ob_sval"), l.BytesData},
		}
		exprs := make([]string, len(rows))
		for i, r := range rows {
			exprs[i] = r.expr
		}
		for i, want := range gdbOffsets(t, lib, exprs) {
			if rows[i].got != want {
				t.Errorf("%s = %d, gdb says %d", rows[i].expr, rows[i].got, want)
			}
		}
		if l.KindShift != 2 || l.CompactBit != 5 || l.ASCIIBit != 6 {
			t.Errorf("state bits: kind %d, compact %d, ascii %d; gdb's ptype/o: 2, 5, 6", l.KindShift, l.CompactBit, l.ASCIIBit)
		}
	})
}

// TestLayoutDocumented compares the layout used where libpython has no
// DWARF (3.11, 3.12: the documented Layout311 and Layout312; 3.13: the
// _Py_DebugOffsets at the start of its _PyRuntime, read from the file)
// with the DWARF of the machine's libpython of that version.
func TestLayoutDocumented(t *testing.T) {
	forVersions(t, func(t *testing.T, version, _, lib string) {
		o, err := Open(lib)
		if err != nil {
			t.Fatal(err)
		}
		var doc Layout
		switch version[:4] {
		case "3.11":
			doc = Layout311
		case "3.12":
			doc = Layout312
		case "3.13":
			f, err := elf.Open(lib)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			data, err := runtimeData(f, o.Runtime, debugSize)
			if err != nil {
				t.Fatal(err)
			}
			l, err := LayoutFromDebugOffsets(data)
			if err != nil {
				t.Fatal(err)
			}
			doc = *l
		}
		if *o.Layout != doc {
			t.Errorf("DWARF layout %+v\ndocumented  %+v", *o.Layout, doc)
		}
	})
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

// startRecursion runs the recursion program, waits until it spins, stops
// it (SIGSTOP: the frames cannot move) and returns a reader of it.
func startRecursion(t *testing.T, py, lib string) (p *Process, pid int, script string, stop func()) {
	t.Helper()
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

// TestReadRecursion reads the frames of a stopped python that recursed
// to a known depth and compares them with the program's source: 26
// frames of f at the spin and call lines, then <module>, for each
// version.
func TestReadRecursion(t *testing.T) {
	forVersions(t, testReadRecursion)
}

func testReadRecursion(t *testing.T, _, py, lib string) {
	p, pid, script, stop := startRecursion(t, py, lib)
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
// a stack copy of its _PyCFrame (3.11, 3.12) or as the eval call's frame
// variable (3.13), and its next_instr. Frames called after the sample are
// left out; a next_instr outside the frame's code (another function took
// its place) or none marks the read; a sample frame that is gone too.
func TestReadRunningChecks(t *testing.T) {
	forVersions(t, testReadRunningChecks)
}

func testReadRunningChecks(t *testing.T, _, py, lib string) {
	p, pid, script, stop := startRecursion(t, py, lib)
	defer stop()
	l := p.obj.Layout
	slot, cur, err := p.current(int32(pid))
	if err != nil {
		t.Fatal(err)
	}
	cf := slot - uint64(l.CframeCurrent) // the _PyCFrame (3.11, 3.12)
	var addrs, instrs []uint64           // the chain's Python frames and their instructions
	var shims []uint64                   // 3.12+: the eval calls' shim frames
	for f := cur; f != 0; f, _ = p.u64(f + uint64(l.FramePrevious)) {
		var owner [1]byte
		if err := p.mem(owner[:], f+uint64(l.FrameOwner)); err != nil {
			t.Fatal(err)
		}
		if l.ShimEntry && owner[0] == OwnedByCStack {
			shims = append(shims, f)
			continue
		}
		addrs = append(addrs, f)
		in, _ := p.u64(f + uint64(l.FramePrevInstr))
		instrs = append(instrs, in)
	}
	if len(addrs) != 27 || l.ShimEntry != (len(shims) == 1) {
		t.Fatalf("%d frames, %d shims", len(addrs), len(shims))
	}
	sample := func(frame, next uint64) Sample {
		if !l.Cframe {
			return Sample{Frame: frame, NextInstr: next}
		}
		b := make([]byte, l.CframeCurrent+8)
		binary.LittleEndian.PutUint64(b[l.CframeCurrent:], frame)
		return Sample{SP: cf, Stack: b, NextInstr: next} // a stack copy from the _PyCFrame up
	}
	lines := strings.Split(recursion, "\n")
	callLine := 0
	for i, s := range lines {
		if strings.Contains(s, "# call") {
			callLine = i + 1
		}
	}
	type test struct {
		name  string
		frame uint64 // the sample's innermost frame
		next  uint64 // its next_instr
		n     int    // frames read; 0: an error
		want  error
	}
	var shimCase []test
	if len(shims) > 0 {
		// A running thread's sample whose innermost frame was a shim
		// (the eval call starting or returning), the frames since
		// called on the datastack: marked.
		shimCase = append(shimCase, test{"shim innermost at the sample", shims[0], instrs[0] + 2, 0, ErrMoved})
		t.Run("shim innermost", func(t *testing.T) {
			// A stopped thread caught as its eval call returns: the
			// current frame pointer names the shim (the memory read
			// says so at that one slot).
			shim := NewProcess(p.obj, p.bias, func(b []byte, addr uint64) error {
				if err := p.mem(b, addr); err != nil {
					return err
				}
				if slot >= addr && slot+8 <= addr+uint64(len(b)) {
					binary.LittleEndian.PutUint64(b[slot-addr:], shims[0])
				}
				return nil
			})
			if frames, err := shim.Read(int32(pid), Sample{Stopped: true}, nil); !errors.Is(err, ErrShim) || len(frames) != 0 {
				t.Errorf("read %d frames, %v; want %v", len(frames), err, ErrShim)
			}
		})
	}
	for _, tt := range append(shimCase, []test{
		{"innermost", addrs[0], instrs[0] + 2, 27, nil},
		{"two called since", addrs[2], instrs[2] + 2, 25, nil},
		{"no next_instr", addrs[0], 0, 0, ErrUnverified},
		{"next_instr in other code", addrs[0], instrs[26] + 2, 0, ErrMoved},
		{"frame gone", addrs[0] + 8, instrs[0] + 2, 0, ErrMoved},
		{"eval call newer than the sample", 0, instrs[0] + 2, 0, ErrMoved},
	}...) {
		t.Run(tt.name, func(t *testing.T) {
			smp := sample(tt.frame, tt.next)
			if tt.frame == 0 {
				if !l.Cframe {
					// 3.13: no _PyCFrame on the stack; no frame
					// variable is a sample that cannot be checked.
					smp, tt.want = Sample{NextInstr: tt.next}, ErrUnverified
				} else {
					smp.SP, smp.Stack = cf+1, []byte{0} // the copy starts above the _PyCFrame
				}
			}
			frames, err := p.Read(int32(pid), smp, nil)
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

// TestLine checks the location table decoder on a table each CPython
// release wrote for a known function (co_linetable and co.co_lines() printed by
// python3.11 for `def g(x):\n    y = x + 1\n    return y`, first line 1).
func TestLine(t *testing.T) {
	forVersions(t, func(t *testing.T, _, py, _ string) { testLine(t, py) })
}

func testLine(t *testing.T, py string) {
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
