package unwind

import (
	"encoding/binary"
	"fmt"
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

// TestStepRules holds step to stepRef on rows with the rules real
// objects' CFI seldom has (TestFastPathEveryRow's objects hardly use
// them): an undefined register that is not the return address, a
// register rule naming a column past x86-64's, expressions that read
// outside the stack copy or do not evaluate, a CFA expression, a CFA
// register that is unknown, the return address in another column.
func TestStepRules(t *testing.T) {
	off := func(n int64) rule { return rule{kind: ruleOffset, n: n} }
	base := func() row {
		var r row
		r.cfaReg, r.cfaOff = regSP, 16
		r.regs[regRA] = off(-8)
		return r
	}
	type tc struct {
		name  string
		raReg uint64
		edit  func(r *row)
	}
	tests := []tc{
		{"plain", regRA, func(r *row) {}},
		{"undefined rbx", regRA, func(r *row) { r.regs[3] = rule{kind: ruleUndefined} }},
		{"undefined rdi", regRA, func(r *row) { r.regs[5] = rule{kind: ruleUndefined} }},
		{"register past the columns", regRA, func(r *row) { r.regs[6] = rule{kind: ruleRegister, reg: 40} }},
		{"rbx in rdi", regRA, func(r *row) { r.regs[3] = rule{kind: ruleRegister, reg: 5} }},
		{"r12 val_offset", regRA, func(r *row) { r.regs[12] = rule{kind: ruleValOffset, n: -24} }},
		{"r13 at address 0", regRA, func(r *row) { r.regs[13] = rule{kind: ruleExpression, expr: []byte{0x30, 0x1a}} }}, // lit0 and: 0
		{"r13 at CFA-8", regRA, func(r *row) { r.regs[13] = rule{kind: ruleExpression, expr: []byte{0x38, 0x1c}} }},     // lit8 minus
		{"r14 is CFA+8", regRA, func(r *row) { r.regs[14] = rule{kind: ruleValExpr, expr: []byte{0x38, 0x22}} }},        // lit8 plus
		{"r15 bad expression", regRA, func(r *row) { r.regs[15] = rule{kind: ruleValExpr, expr: []byte{0xff}} }},
		{"CFA expression", regRA, func(r *row) { r.cfaExpr = []byte{0x77, 8} }}, // breg7 8
		{"CFA in rbx", regRA, func(r *row) { r.cfaReg = 3 }},
		{"CFA in column 40", regRA, func(r *row) { r.cfaReg = 40 }},
		{"return address undefined", regRA, func(r *row) { r.regs[regRA] = rule{kind: ruleUndefined} }},
		{"return address in rdi's column", 5, func(r *row) { r.regs[regRA], r.regs[5] = rule{}, off(-8) }},
		{"return address column past x86-64's", 40, func(r *row) {}},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const sp = 0x7ffc00000000
	stack := make([]byte, 256)
	for i := 0; i < len(stack); i += 8 {
		binary.LittleEndian.PutUint64(stack[i:], rng.Uint64())
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := base()
			tt.edit(&v)
			f := &fde{lo: 0x1000, hi: 0x2000, cie: &cie{codeAlign: 1, dataAlign: -8, raReg: tt.raReg}}
			e := newFrameRow(f, 0x1000, &v)
			for trial := range 64 {
				var r [numRegs]uint64
				var known [numRegs]bool
				for k := range r {
					// All known at first, then each with odds 3/4.
					r[k], known[k] = sp+rng.Uint64N(64), trial == 0 || rng.IntN(4) != 0
				}
				r[regSP] = sp + 8*rng.Uint64N(4)
				cf := cfiFrame{regs: &r, known: &known, mem: stackCopy{data: stack, sp: sp}}
				var gn, wn [numRegs]uint64
				var gk, wk [numRegs]bool
				for k := range gn {
					gn[k], gk[k] = rng.Uint64(), true // a reused frame's garbage
				}
				gok, gend, gcfa := step(e, &r, &known, &gn, &gk, &cf)
				wok, wend, wcfa := stepRef(f, &v, &r, &known, &wn, &wk, &cf)
				if gok != wok || gend != wend || gcfa != wcfa || gok && !gend && (gn != wn || gk != wk) {
					t.Fatalf("known %v: step %v %v %#x %x %v; stepRef %v %v %#x %x %v", known, gok, gend, gcfa, gn, gk, wok, wend, wcfa, wn, wk)
				}
			}
		})
	}
}

// TestFrameAtConcurrent has goroutines ask one table for the rows of
// every byte of work.c's FDEs at once, in different orders, so that they
// fill and overwrite the same cache slots while the others read them: each
// answer must still be the row the FDE's CFA program gives. (Run with
// -race, it also checks that the cache's slots are read and written
// without a data race.)
func TestFrameAtConcurrent(t *testing.T) {
	work, _ := filepath.Abs("../bench/record/testdata/work.c")
	tab, err := OpenTable(testprog.Build(t, work, testprog.Opts{Flags: []string{"-O2", "-g"}}))
	if err != nil {
		t.Fatal(err)
	}
	var pcs []uint64
	want := map[uint64]row{}
	for i := range tab.fdes {
		f := &tab.fdes[i]
		for pc := f.lo; pc < f.hi; pc++ {
			if r, err := f.rowAt(pc); err == nil {
				pcs = append(pcs, pc)
				want[pc] = r
			}
		}
	}
	if len(pcs) == 0 {
		t.Fatal("no rows")
	}
	const workers = 4
	errs := make(chan string, workers)
	for w := range workers {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for range 20 * len(pcs) {
				pc := pcs[rng.IntN(len(pcs))]
				_, e, err := tab.frameAt(pc)
				if err != nil || e.pc != pc || !reflect.DeepEqual(e.row, want[pc]) {
					errs <- fmt.Sprintf("%#x: frameAt %+v, %v; want %+v", pc, e, err, want[pc])
					return
				}
			}
			errs <- ""
		}()
	}
	for range workers {
		if msg := <-errs; msg != "" {
			t.Error(msg)
		}
	}
}
