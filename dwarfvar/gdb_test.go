package dwarfvar

import (
	"bufio"
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// gdbStop is one stop of the fixture under gdb, as testdata/oracle.py
// writes it.
type gdbStop struct {
	Core   string     `json:"core"`
	Main   uint64     `json:"main"` // runtime address of main (or of the config's BiasSym)
	Frames []gdbFrame `json:"frames"`
}

type gdbFrame struct {
	Func  string             `json:"func"`
	Level int                `json:"level"`
	PC    uint64             `json:"pc"`
	Regs  map[string]*uint64 `json:"regs"`
	CFA   *uint64            `json:"cfa"`
	Vals  map[string]string  `json:"vals"`
}

// gdbConfig is what oracle.py reads.
type gdbConfig struct {
	Out     string              `json:"out"`
	Dir     string              `json:"dir"`
	Breaks  []string            `json:"breaks"`
	Max     int                 `json:"max"`
	Funcs   map[string][]string `json:"funcs"`
	Args    []string            `json:"args,omitempty"`
	PID     int                 `json:"pid,omitempty"`      // attach instead of run
	BiasSym string              `json:"bias_sym,omitempty"` // for gdbStop.Main; default main
	Pending bool                `json:"pending,omitempty"`  // breakpoints in a library not loaded yet
	StepTo  string              `json:"step_to,omitempty"`  // at each break, stepi to this address (a gdb expression)
}

// runGdb runs bin under gdb with oracle.py and returns its stops.
func runGdb(t testing.TB, bin string, cfg gdbConfig) []gdbStop {
	t.Helper()
	gdb := requireTool(t, "gdb")
	dir := t.TempDir()
	cfg.Dir = dir
	cfg.Out = filepath.Join(dir, "stops.jsonl")
	cb, _ := json.Marshal(cfg)
	cfgPath := filepath.Join(dir, "cfg.json")
	if err := os.WriteFile(cfgPath, cb, 0o644); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs("testdata/oracle.py")
	cmd := exec.Command(gdb, "-batch", "-nx", "-x", script, bin)
	cmd.Env = append(os.Environ(), "DWV_CFG="+cfgPath)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	f, err := os.Open(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stops []gdbStop
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var s gdbStop
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		stops = append(stops, s)
	}
	if len(stops) == 0 {
		t.Fatal("gdb stopped nowhere")
	}
	return stops
}

// coreMem reads a process's memory from a core file gdb wrote, and the
// read-only parts gdb left out from the executable.
type coreMem struct {
	segs []memSeg
}

type memSeg struct {
	addr uint64
	data []byte
}

func openCore(t testing.TB, core, exe string, bias uint64) *coreMem {
	t.Helper()
	m := &coreMem{}
	add := func(path string, bias uint64) {
		f, err := elf.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, p := range f.Progs {
			if p.Type != elf.PT_LOAD || p.Filesz == 0 {
				continue
			}
			b := make([]byte, p.Filesz)
			if _, err := p.ReadAt(b, 0); err != nil {
				t.Fatal(err)
			}
			m.segs = append(m.segs, memSeg{addr: p.Vaddr + bias, data: b})
		}
	}
	add(core, 0)
	add(exe, bias) // after the core: the core's copy wins
	return m
}

func (m *coreMem) ReadMemory(addr uint64, buf []byte) error {
	for _, s := range m.segs {
		if addr >= s.addr && addr-s.addr+uint64(len(buf)) <= uint64(len(s.data)) {
			copy(buf, s.data[addr-s.addr:])
			return nil
		}
	}
	return fmt.Errorf("address %#x not in the core", addr)
}

// regFrame is a Frame from registers gdb printed and a core's memory.
type regFrame struct {
	regs  [17]uint64
	known [17]bool
	cfa   uint64
	cfaOK bool
	mem   *coreMem
}

func (f *regFrame) Reg(n int) (uint64, bool) {
	if n < 0 || n > 16 {
		return 0, false
	}
	return f.regs[n], f.known[n]
}

// callerFrame is a regFrame with its caller, a CallerFrame.
type callerFrame struct {
	*regFrame
	caller Frame
	pc     uint64
	path   string
	bias   uint64
}

func (f *callerFrame) Caller() (Frame, uint64, string, uint64, bool) {
	return f.caller, f.pc, f.path, f.bias, f.caller != nil
}

func (f *regFrame) CFA() (uint64, bool)                      { return f.cfa, f.cfaOK }
func (f *regFrame) ReadMemory(addr uint64, buf []byte) error { return f.mem.ReadMemory(addr, buf) }

// gdbRegs is the psABI DWARF numbering of the registers oracle.py prints.
var gdbRegs = []string{"rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rip"}

// callerSaved are the registers a callee may clobber (psABI 3.2.1): gdb
// shows them in outer frames as the innermost frame's values, which they
// need not be; sonde's unwinder calls them unknown there.
var callerSaved = map[int]bool{0: true, 1: true, 2: true, 4: true, 5: true, 8: true, 9: true, 10: true, 11: true}

// samePhysical reports whether gdb's frames fr and g are one physical
// frame (g a function inlined in fr or the reverse): same pc and CFA.
func (fr gdbFrame) samePhysical(g gdbFrame) bool {
	return fr.PC == g.PC && fr.CFA != nil && g.CFA != nil && *fr.CFA == *g.CFA
}

// frameOf is gdb's frame fr; outer says it is above the innermost
// physical frame, where the caller-saved registers are unknown.
func frameOf(fr gdbFrame, mem *coreMem, outer bool) *regFrame {
	f := &regFrame{mem: mem}
	for i, r := range gdbRegs {
		if v := fr.Regs[r]; v != nil && !(outer && callerSaved[i]) {
			f.regs[i], f.known[i] = *v, true
		}
	}
	if fr.CFA != nil {
		f.cfa, f.cfaOK = *fr.CFA, true
	}
	return f
}

// symValue is a symbol's link-time value (readelf -s); gdb's &main minus
// main's gives the load bias of a PIE fixture.
func symValue(t testing.TB, bin, name string) uint64 {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name {
			return s.Value
		}
	}
	t.Fatalf("%s: no symbol %s", bin, name)
	return 0
}

// tally counts how the evaluator's answers compare with gdb's.
type tally struct {
	equal, bothOut, unavailable, gdbFailed int
	why                                    map[string]int
}

// check compares one evaluation with gdb's print of the same expression.
// Where gdb has a value and dwarfvar says ErrUnavailable, the reason must
// be one dwarfvar documents (an entry value gdb recovers from the caller's
// call site, a vector register, a caller-saved register in an outer
// frame); otherwise the values must be equal. Where gdb says optimized
// out, dwarfvar must fail too.
func (ty *tally) check(t *testing.T, outer bool, what, want string, v Value, err error) {
	t.Helper()
	gdbOut := want == "<optimized out>" || strings.Contains(want, "No symbol") || strings.Contains(want, "Cannot access memory") ||
		strings.Contains(want, "optimized out")
	switch {
	case gdbOut && err != nil:
		ty.bothOut++
	case gdbOut:
		t.Errorf("%s: gdb says %q, dwarfvar invents %s", what, want, v)
	case strings.HasPrefix(want, "error:"):
		// gdb cannot evaluate the location itself (gdb 13 refuses clang's
		// DW_OP_convert: "Incompatible types on DWARF stack"): no oracle.
		ty.gdbFailed++
		if testing.Verbose() {
			t.Logf("%s: gdb: %s; dwarfvar: %v %v", what, want, v, err)
		}
	case err == nil:
		if got := v.String(); got != want {
			t.Errorf("%s = %s, gdb prints %s", what, got, want)
		} else {
			ty.equal++
		}
	case errors.Is(err, ErrUnavailable) || errors.Is(err, ErrOptimizedOut):
		msg := err.Error()
		ok := false
		for _, reason := range []string{"DW_OP_entry_value", "vector or special"} {
			if strings.Contains(msg, reason) {
				ty.why[reason]++
				ok = true
			}
		}
		var reg int
		if i := strings.Index(msg, "register "); i >= 0 && strings.Contains(msg, "not recoverable") {
			if _, err := fmt.Sscanf(msg[i:], "register %d not recoverable", &reg); err == nil && outer && callerSaved[reg] {
				ty.why["caller-saved register in an outer frame"]++
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s: %v, gdb prints %s", what, err, want)
		} else if testing.Verbose() {
			t.Logf("%s: %v, gdb prints %s", what, err, want)
		}
		ty.unavailable++
	default:
		t.Errorf("%s: %v, gdb prints %s", what, err, want)
	}
}

func (ty *tally) String() string {
	var ks []string
	for k, n := range ty.why {
		ks = append(ks, fmt.Sprintf("%s: %d", k, n))
	}
	sort.Strings(ks)
	return fmt.Sprintf("%d equal to gdb, %d optimized out in both, %d unavailable where gdb has a value (%s), %d gdb cannot evaluate",
		ty.equal, ty.bothOut, ty.unavailable, strings.Join(ks, ", "), ty.gdbFailed)
}
