package unwind

import (
	"encoding/binary"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"sonde/internal/testprog"
)

// stepRef is step as it was before the row cache kept what step needs
// ready: every register's rule looked at in turn, from the row itself.
// TestFastPathEveryRow holds step to it.
func stepRef(f *fde, row *row, r *[numRegs]uint64, known *[numRegs]bool, next *[numRegs]uint64, nknown *[numRegs]bool, cf *cfiFrame) (ok, end bool, cfa uint64) {
	mem := &cf.mem
	if row.cfaExpr != nil {
		v, err := evalCFI(row.cfaExpr, 0, false, cf)
		if err != nil {
			return false, false, 0
		}
		cfa = v
	} else {
		if row.cfaReg >= numRegs || !known[row.cfaReg] {
			return false, false, 0
		}
		cfa = r[row.cfaReg] + uint64(row.cfaOff)
	}
	ra := f.cie.raReg
	if ra < numRegs && row.regs[ra].kind == ruleUndefined {
		return true, true, cfa
	}
	for i := 0; i < numRegs; i++ {
		ru := row.regs[i]
		switch ru.kind {
		case ruleSame:
			next[i], nknown[i] = r[i], known[i] && !callerSavedRef[i]
		case ruleUndefined:
			nknown[i] = false
		case ruleOffset:
			next[i], nknown[i] = mem.word(cfa + uint64(ru.n))
		case ruleValOffset:
			next[i], nknown[i] = cfa+uint64(ru.n), true
		case ruleRegister:
			if ru.reg < numRegs {
				next[i], nknown[i] = r[ru.reg], known[ru.reg]
			}
		case ruleExpression:
			if a, err := evalCFI(ru.expr, cfa, true, cf); err == nil {
				next[i], nknown[i] = mem.word(a)
			}
		case ruleValExpr:
			if v, err := evalCFI(ru.expr, cfa, true, cf); err == nil {
				next[i], nknown[i] = v, true
			}
		}
	}
	if ra != regRA && ra < numRegs {
		next[regRA], nknown[regRA] = next[ra], nknown[ra]
	}
	next[regSP], nknown[regSP] = cfa, true
	return true, false, cfa
}

// callerSavedRef is psABI 3.2.1's list as stepRef had it, written out.
var callerSavedRef = [numRegs]bool{0: true, 1: true, 2: true, 4: true, 5: true, 8: true, 9: true, 10: true, 11: true}

// TestFastPathEveryRow checks the unwinder's fast path against the
// straightforward one at every byte of every FDE of real objects (so at
// every row of their CFI; libc's every tenth FDE): Table.frameAt, from its direct-mapped cache
// or not, must give the FDE Table.find gives and the row the FDE's CFA
// program gives run afresh (fde.rowAt, itself checked against readelf by
// TestTableMatchesReadelf), asked twice and with the objects' tables
// interleaved (so cache slots are overwritten and hit); and step, given
// that row, random registers and a random stack copy, must compute the
// same CFA, registers and known flags as stepRef. Unwinding as a whole is
// checked against gdb (gdb_test.go).
func TestFastPathEveryRow(t *testing.T) {
	deep, _ := filepath.Abs("testdata/deep.c")
	work, _ := filepath.Abs("../bench/record/testdata/work.c")
	// every: every byte of every n-th FDE, the first and last byte of
	// the others (libc's 2.7 million bytes of code, each through its
	// whole CFA program, would take the test minutes on a loaded machine).
	objs := []struct {
		name, path string
		every      int
	}{
		{"work gcc -O2", testprog.Build(t, work, testprog.Opts{Flags: []string{"-O2", "-g"}}), 1},
		{"deep clang -O2", testprog.Build(t, deep, testprog.Opts{Compiler: "clang", Flags: []string{"-O2", "-g"}}), 1},
		{"deep gcc -O0", testprog.Build(t, deep, testprog.Opts{Flags: []string{"-O0", "-g"}}), 1},
		{"libc", "/lib/x86_64-linux-gnu/libc.so.6", 10},
	}
	var tabs []*Table
	for _, o := range objs {
		tab, err := OpenTable(o.path)
		if err != nil {
			t.Fatalf("%s: %v", o.name, err)
		}
		tabs = append(tabs, tab)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const sp = 0x7ffc00000000
	stack := make([]byte, 4<<10)
	for i := 0; i < len(stack); i += 8 {
		binary.LittleEndian.PutUint64(stack[i:], sp+rng.Uint64N(uint64(len(stack))))
	}
	for ti, tab := range tabs {
		other := tabs[(ti+1)%len(tabs)]
		rows, steps, ends, rules := 0, 0, 0, 0
		for i := range tab.fdes {
			f := &tab.fdes[i]
			for pc := f.lo; pc < f.hi; pc++ {
				if i%objs[ti].every != 0 && pc != f.lo && pc != f.hi-1 {
					continue
				}
				wf := tab.find(pc)
				want, werr := wf.rowAt(pc)
				for range 2 {
					gf, e, err := tab.frameAt(pc)
					if gf != wf || (err != nil) != (werr != nil) {
						t.Fatalf("%s %#x: frameAt gave FDE %p, %v; find %p, rowAt %v", objs[ti].name, pc, gf, err, wf, werr)
					}
					if err != nil {
						continue
					}
					if !reflect.DeepEqual(e.row, want) {
						t.Fatalf("%s %#x: cached row %+v, CFA program %+v", objs[ti].name, pc, e.row, want)
					}
					rows++
					// The same address in another object's table: its
					// own row or none, never this one's from the cache.
					if of, oe, oerr := other.frameAt(pc); of != other.find(pc) || of != nil && oerr == nil && oe.f != of {
						t.Fatalf("%s %#x: the other table answered FDE %p of %p", objs[ti].name, pc, of, oe)
					}
				}
				if werr != nil {
					continue
				}
				_, e, _ := tab.frameAt(pc)
				rules += int(e.nrule)
				// Random registers, each known or not (rsp within the copy).
				var r [numRegs]uint64
				var known [numRegs]bool
				for k := range r {
					r[k], known[k] = sp+rng.Uint64N(uint64(len(stack))), rng.IntN(8) != 0
				}
				cf := cfiFrame{regs: &r, known: &known, mem: stackCopy{data: stack, sp: sp}}
				var gn, wn [numRegs]uint64
				var gk, wk [numRegs]bool
				// Garbage in next, as a walk's reused frame has.
				for k := range gn {
					gn[k], gk[k] = rng.Uint64(), true
				}
				gok, gend, gcfa := step(e, &r, &known, &gn, &gk, &cf)
				wok, wend, wcfa := stepRef(wf, &want, &r, &known, &wn, &wk, &cf)
				if gok != wok || gend != wend || gcfa != wcfa || gok && !gend && (gn != wn || gk != wk) {
					t.Fatalf("%s %#x: step %v %v %#x %x %v; stepRef %v %v %#x %x %v", objs[ti].name, pc, gok, gend, gcfa, gn, gk, wok, wend, wcfa, wn, wk)
				}
				steps++
				if wend {
					ends++
				}
			}
		}
		t.Logf("%s: %d FDEs, %d lookups compared, %d steps (%d outermost), %d non-default rules", objs[ti].name, len(tab.fdes), rows, steps, ends, rules)
		if steps == 0 || rules == 0 {
			t.Errorf("%s: nothing compared", objs[ti].name)
		}
	}
}
