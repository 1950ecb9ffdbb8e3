package monitor

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"sonde/internal/testprog"
	"sonde/profile"
)

// TestTrampolines counts the shapes trampolines must relocate (tramp.c:
// a RIP-relative load, a direct and an indirect call, a conditional jump
// and a jump back to the entry in the displaced bytes, a one-instruction
// window, a function too short to patch, a switch, setjmp/longjmp;
// tramp.cc: C++ exceptions thrown through counted frames) by lines,
// functions and blocks, with trampolines and with int3 only: every unit's
// count equals valgrind's count of its address in the same binary
// (oracle: valgrind --tool=callgrind --dump-instr=yes; _init and _fini
// entries from gdb, as in TestCountsMatchValgrind).
func TestTrampolines(t *testing.T) {
	testprog.Require(t, "valgrind")
	type fixture struct {
		src, compiler, opt string
		out                string // the program's output (its own arithmetic)
	}
	fixtures := []fixture{
		{"count/tramp.c", "gcc", "-O2", "tramp 38135889 10\n"},
		{"count/tramp.c", "gcc", "-O0", "tramp 38135889 10\n"},
		{"count/tramp.c", "clang", "-O2", "tramp 38135889 10\n"},
		{"count/tramp.cc", "g++", "-O2", "tramp++ 30200 100 600\n"},
		{"count/tramp.cc", "g++", "-O0", "tramp++ 30200 100 600\n"},
		{"count/tramp.cc", "clang++", "-O2", "tramp++ 30200 100 600\n"},
	}
	kinds := []profile.UnitKind{profile.UnitLine, profile.UnitFunction, profile.UnitBlock}
	for _, fx := range fixtures {
		name := fmt.Sprintf("%s/%s%s", filepath.Base(fx.src), fx.compiler, fx.opt)
		t.Run(name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: oracleFlags(fx.opt)})
			want := callgrind(t, bin)
			initFini := gdbHits(t, bin, "_init", "_fini")
			plt := pltCalls(t, bin)
			for _, kind := range kinds {
				for _, int3 := range []bool{false, true} {
					mode := "trampolines"
					if int3 {
						mode = "int3"
					}
					t.Run(kind.String()+"/"+mode, func(t *testing.T) {
						res, out := run(t, Options{Units: kind, Engine: EnginePtrace, NoTrampolines: int3}, bin)
						if out != fx.out || res.ExitCode() != 0 {
							t.Fatalf("output %q, target %s", out, res.Ended)
						}
						units, counts := unitsOf(t, res, bin)
						bad := 0
						for i, u := range units {
							w := want[uint64(u.Loc.Addr)]
							if n, ok := initFini[u.Func]; ok {
								if kind != profile.UnitFunction && !(kind == profile.UnitBlock && u.Loc.Addr == initFini.addr(t, bin, u.Func)) {
									continue // inside _init/_fini: no oracle
								}
								w = n
							}
							if plt[uint64(u.Loc.Addr)] {
								// callgrind charges the PLT stub to the
								// call (DESIGN.md): clang++ calls
								// __cxa_begin_catch through the PLT even
								// with -fno-plt.
								continue
							}
							if counts[i] != w {
								bad++
								t.Errorf("%v %#x (%s %s:%d): count %d, valgrind %d", kind, u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i], w)
							}
						}
						patched := trampNote(res)
						if int3 && patched != "" {
							t.Errorf("--trampolines=false, but: %s", patched)
						}
						if !int3 && !strings.Contains(patched, "sites jump to trampolines") {
							t.Errorf("no trampoline note: %q", res.Notes)
						}
						t.Logf("%d units, %d differ from valgrind; %s", len(units), bad, patched)
					})
				}
			}
		})
	}
}

// pltCalls returns the addresses of bin's calls to PLT stubs (oracle:
// objdump -d, "call ... <name@plt>").
func pltCalls(t *testing.T, bin string) map[uint64]bool {
	t.Helper()
	out, err := exec.Command(testprog.Require(t, "objdump"), "-d", "--no-show-raw-insn", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	m := map[uint64]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[1] == "call" && strings.HasSuffix(l, "@plt>") {
			var a uint64
			if _, err := fmt.Sscanf(strings.TrimSuffix(f[0], ":"), "%x", &a); err == nil {
				m[a] = true
			}
		}
	}
	return m
}

// trampNote returns the run note about trampolines, "" when none.
func trampNote(res *Result) string {
	for _, n := range res.Notes {
		if strings.Contains(n, "trampolines") {
			return n
		}
	}
	return ""
}

// TestTrampolineWindows checks that the hand-written entries of tramp.c
// get the window and relocation they were written for (addresses from
// nm), so that TestTrampolines exercises each relocation, not int3.
func TestTrampolineWindows(t *testing.T) {
	bin := testprog.Build(t, "count/tramp.c", testprog.Opts{Flags: oracleFlags("-O2")})
	o, err := LoadUnits(bin, profile.UnitFunction, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	pl := o.trampolines()
	if pl.err != nil {
		t.Fatal(pl.err)
	}
	var h hits
	tests := []struct {
		fn        string
		size      int         // bytes displaced, 0: not patched (int3)
		kinds     []relocKind // of the displaced instructions
		flagsDead bool        // counted without saving the flags
	}{
		{"rip_load", 7, []relocKind{relRIP}, true},
		{"call_first", 6, []relocKind{relCopy, relCall}, true},
		{"call_ind", 7, []relocKind{relCopy, relCallInd}, true},
		{"loop_entry", 5, []relocKind{relCopy, relJcc}, false}, // jumped to: flags saved
		{"six_bytes", 5, []relocKind{relCopy}, true},
		{"three_bytes", 5, []relocKind{relCopy, relCopy}, true}, // and 2 bytes of padding after its ret
		{"hop_entry", 2, []relocKind{relCopy}, true},            // a jmp rel8 to a hop after its ret
	}
	for _, tc := range tests {
		t.Run(tc.fn, func(t *testing.T) {
			a := h.addr(t, bin, tc.fn)
			si := -1
			for i, s := range o.Sites {
				if s.Addr == a {
					si = i
				}
			}
			if si < 0 {
				t.Fatalf("no site at %#x", a)
			}
			w := pl.wins[si]
			if tc.size == 0 {
				if w != nil {
					t.Errorf("patched a %d-byte window; want int3", w.size)
				}
				return
			}
			if w == nil {
				t.Fatal("not patched")
			}
			var kinds []relocKind
			for _, in := range w.insns {
				kinds = append(kinds, in.kind)
			}
			if w.size != tc.size || fmt.Sprint(kinds) != fmt.Sprint(tc.kinds) {
				t.Errorf("window of %d bytes, kinds %v; want %d, %v", w.size, kinds, tc.size, tc.kinds)
			}
			if w.flagsDead != tc.flagsDead {
				t.Errorf("flags dead %v, want %v", w.flagsDead, tc.flagsDead)
			}
			if wantHop := tc.size < jmpLen; (w.hop != 0) != wantHop {
				t.Errorf("hop at %#x, want one: %v", w.hop, wantHop)
			} else if d := int64(w.hop) - int64(uint64(a)+hopLen); wantHop && d != int64(int8(d)) {
				t.Errorf("hop at %#x, out of the rel8 reach of the window at %#x", w.hop, a)
			}
		})
	}
}

// FuzzLandingPads feeds parseLandingPads corrupt .eh_frame and
// .gcc_except_table bytes: errors, never a panic. Seeds are the sections
// of tramp.cc built with g++ (real CIEs, FDEs with LSDAs, call-site
// tables).
func FuzzLandingPads(f *testing.F) {
	bin := testprog.Build(f, "count/tramp.cc", testprog.Opts{Compiler: "g++", Flags: []string{"-g", "-O2"}})
	ef, err := elf.Open(bin)
	if err != nil {
		f.Fatal(err)
	}
	eh, gx := ef.Section(".eh_frame"), ef.Section(".gcc_except_table")
	if eh == nil || gx == nil {
		f.Fatal("no .eh_frame or .gcc_except_table in the seed")
	}
	ehData, _ := eh.Data()
	gxData, _ := gx.Data()
	ef.Close()
	f.Add(ehData, eh.Addr, gxData, gx.Addr)
	f.Add(ehData[:len(ehData)/2], eh.Addr, gxData, gx.Addr)
	f.Fuzz(func(t *testing.T, eh []byte, ehAddr uint64, gx []byte, gxAddr uint64) {
		parseLandingPads(eh, ehAddr, gx, gxAddr)
	})
}

// TestLandingPads: every landing pad parsed from tramp.cc's
// .gcc_except_table is an instruction start in objdump's disassembly, and
// the functions with destructors or a catch (outer, middle, main) have at
// least one each.
func TestLandingPads(t *testing.T) {
	bin := testprog.Build(t, "count/tramp.cc", testprog.Opts{Compiler: "g++", Flags: oracleFlags("-O2")})
	ef, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	pads, err := landingPads(ef)
	if err != nil {
		t.Fatal(err)
	}
	insns := objdumpInsns(t, bin)
	syms, err := ef.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	funcs := functions(syms)
	per := map[string]int{}
	for _, p := range pads {
		if _, ok := insns[p]; !ok {
			t.Errorf("landing pad %#x is not an instruction start (objdump)", p)
		}
		per[family(containing(funcs, p))]++
	}
	for _, fn := range []string{"_Z5outeriPi", "_Z6middleiPi", "main"} {
		if per[fn] == 0 {
			t.Errorf("no landing pad in %s (pads %#x, by function %v)", fn, pads, per)
		}
	}
}

// objdumpInsns returns the instruction addresses of bin (oracle:
// objdump -d).
func objdumpInsns(t *testing.T, bin string) map[uint64]string {
	t.Helper()
	out, err := exec.Command(testprog.Require(t, "objdump"), "-d", "--no-show-raw-insn", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	m := map[uint64]string{}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && strings.HasSuffix(f[0], ":") {
			var a uint64
			if _, err := fmt.Sscanf(strings.TrimSuffix(f[0], ":"), "%x", &a); err == nil {
				m[a] = f[1]
			}
		}
	}
	return m
}

// TestKilled: a target that dies of SIGKILL loses its address space, but
// not its counts: the trampolines' counters are in a memfd sonde maps too
// (kill.c calls counted() 70 times first).
func TestKilled(t *testing.T) {
	bin := testprog.Build(t, "count/kill.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	for _, int3 := range []bool{false, true} {
		t.Run(fmt.Sprintf("int3=%v", int3), func(t *testing.T) {
			res, _ := run(t, Options{Units: profile.UnitFunction, Engine: EnginePtrace, NoTrampolines: int3,
				Only: []Spec{mustSpec(t, "func:^counted$")}}, bin)
			if !res.Status.Signaled() || res.Status.Signal() != syscall.SIGKILL {
				t.Fatalf("status %v (%s), want killed by SIGKILL", res.Status, res.Ended)
			}
			if got := funcCount(t, res, bin, "counted"); got != 70 {
				t.Errorf("counted: %d, want 70", got)
			}
			if n := trampNote(res); !int3 && !strings.Contains(n, "1 sites jump to trampolines") {
				t.Errorf("note %q: counted() was not patched", n)
			}
		})
	}
}

// FuzzRelocate decodes arbitrary bytes as a window's first instruction
// (code from an object file is untrusted) and relocates it: never a
// panic, and an instruction moved as it is (or with its RIP displacement
// rewritten) decodes at its new place to the same operation, pointing
// where it pointed (oracle: x86asm's own decoding of the moved bytes).
// Seeds are the displaced instructions of tramp.c's entries.
func FuzzRelocate(f *testing.F) {
	for _, seed := range [][]byte{
		{0x48, 0x8b, 0x05, 0x10, 0x00, 0x00, 0x00}, // mov 0x10(%rip),%rax
		{0xe8, 0x00, 0x01, 0x00, 0x00},             // call rel32
		{0xff, 0x15, 0x20, 0x00, 0x00, 0x00},       // call *0x20(%rip)
		{0x74, 0x05},                               // je rel8
		{0xb8, 0x01, 0x00, 0x00, 0x00},             // mov $1,%eax
		{0xf3, 0x0f, 0x1e, 0xfa},                   // endbr64
		{0x80, 0x3d, 0x78, 0x56, 0x34, 0x12, 0x05}, // cmpb $5,disp(%rip)
		{0x41, 0xff, 0xd3},                         // call *%r11
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, code []byte) {
		const pc, base = 0x401000, 0x40001000
		in, why := decodeReloc(code, pc)
		if why != "" {
			return
		}
		w := &window{addr: pc, size: len(in.code), insns: []winInsn{in}}
		e := &emitter{}
		e.insn(&w.insns[0], false)
		if relocate(e.buf, encodeRels(e.rels), base, 0) != nil || (in.kind != relCopy && in.kind != relRIP) || isEndbr64(in.code) {
			return
		}
		orig, err := x86asm.Decode(in.code, 64)
		if err != nil {
			t.Fatalf("% x decoded once, not again: %v", in.code, err)
		}
		moved, err := x86asm.Decode(e.buf, 64)
		if err != nil || moved.Op != orig.Op || moved.Len != orig.Len {
			t.Fatalf("% x moved to % x: %v, was %v (%v)", in.code, e.buf, moved, orig, err)
		}
		if in.kind == relRIP {
			from := uint64(pc+orig.Len) + uint64(int64(int32(binary.LittleEndian.Uint32(in.code[in.pcrelOff:]))))
			to := uint64(base+moved.Len) + uint64(int64(int32(binary.LittleEndian.Uint32(e.buf[in.pcrelOff:]))))
			if from != to {
				t.Fatalf("% x moved to % x points to %#x, not %#x", in.code, e.buf, to, from)
			}
		}
	})
}
