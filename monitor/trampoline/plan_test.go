package trampoline

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
)

// oracleFlags build fixtures the way valgrind's counts are clean, as
// package monitor's tests build them: -fno-plt -Wl,-z,now.
func oracleFlags(opt string, extra ...string) []string {
	return append([]string{"-g", opt, "-fno-plt", "-Wl,-z,now"}, extra...)
}

// symAddr returns the address of symbol name in bin (oracle: nm).
func symAddr(t *testing.T, bin, name string) profile.Addr {
	t.Helper()
	syms, err := oracle.Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name {
			return profile.Addr(s.Addr)
		}
	}
	t.Fatalf("nm: no %s in %s", name, bin)
	return 0
}

// TestTrampolineWindows checks that the hand-written entries of tramp.c
// get the window and relocation they were written for (addresses from
// nm), so that TestTrampolines exercises each relocation, not int3.
func TestTrampolineWindows(t *testing.T) {
	bin := testprog.Build(t, "count/tramp.c", testprog.Opts{Flags: oracleFlags("-O2")})
	o, err := units.LoadUnits(bin, profile.UnitFunction, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlan(o, nil)
	if pl.err != nil {
		t.Fatal(pl.err)
	}
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
			a := symAddr(t, bin, tc.fn)
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
			if wantHop := tc.size < JmpLen; (w.hop != 0) != wantHop {
				t.Errorf("hop at %#x, want one: %v", w.hop, wantHop)
			} else if d := int64(w.hop) - int64(uint64(a)+HopLen); wantHop && d != int64(int8(d)) {
				t.Errorf("hop at %#x, out of the rel8 reach of the window at %#x", w.hop, a)
			}
		})
	}
}

// TestO0Plan checks that dom.cc at -O0 exercises what monitor's TestO0Builds
// checks the counts of: windows with their hop in another window's slack
// (Prepared.Host), nop sites folded into the window after them (fall
// sites, deps), and counters that do not save the flags.
func TestO0Plan(t *testing.T) {
	bin := testprog.Build(t, "count/dom.cc", testprog.Opts{Compiler: "g++", Flags: oracleFlags("-O0")})
	o, err := units.LoadUnits(bin, profile.UnitLine, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlan(o, nil)
	pp := Prepare(pl, false)
	slack, fall, flagsDead, counters := 0, 0, 0, 0
	for i := 0; i < pp.N; i++ {
		if pp.Host(i) >= 0 {
			slack++
		}
	}
	for _, w := range pl.wins {
		fall += len(w.fall)
		for _, in := range w.insns {
			counters += len(in.count)
			if len(in.count) > 0 && in.flagsDead {
				flagsDead++
			}
		}
	}
	if slack == 0 || fall == 0 || len(pp.Deps) == 0 || flagsDead == 0 {
		t.Errorf("slack hops %d, fall sites %d, deps %d bytes, flag-free counters %d: want each > 0", slack, fall, len(pp.Deps), flagsDead)
	}
	if cov := Prepare(NewPlan(o, nil), true); len(cov.Deps) != 0 {
		t.Errorf("coverage trampolines have %d bytes of deps, want none (fall sites stay int3)", len(cov.Deps))
	}
	t.Logf("%d windows: %d with a hop in another's slack, %d fall sites, %d of %d counters without saving the flags", pp.N, slack, fall, flagsDead, counters)
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
	funcs := units.Functions(syms)
	per := map[string]int{}
	for _, p := range pads {
		if _, ok := insns[p]; !ok {
			t.Errorf("landing pad %#x is not an instruction start (objdump)", p)
		}
		per[family(units.Containing(funcs, p))]++
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
		if Relocate(e.buf, encodeRels(e.rels), base, 0) != nil || (in.kind != relCopy && in.kind != relRIP) || units.IsEndbr64(in.code) {
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
