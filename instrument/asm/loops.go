package asm

import (
	"fmt"
	"strings"
)

// A one-block loop (a block that ends with a conditional jump to its own
// start) is where a memory increment costs most: it adds a store-to-load
// dependency of several cycles to every iteration. Its count is kept in a
// register instead, as compilers do for their own profile counters after
// loop store motion:
//
//	movl	$0, %r11d          # on the way in (the fall-through into the loop)
//	.L4:
//	leaq	1(%r11), %r11      # each iteration; leaq leaves the flags alone
//	...
//	jl	.L4
//	addq	%r11, counter(%rip) # on the way out (the fall-through out of it)
//
// The register must be one the function writes anyway (gcc's -fipa-ra lets
// callers of a function keep values in the call-clobbered registers it does
// not write), unnamed in the loop, and dead where the loop exits (general-
// purpose register liveness, regs_amd64.go); the loop must be entered only
// by falling into it and the flags must be dead where it exits. Otherwise
// a register the loop does not name is saved below the red zone for the
// length of the loop, if the loop does not address the stack through %rsp;
// failing that the loop gets a memory counter as any block. The count of a
// loop that is
// running when the process is killed or read from outside (sonde report -p)
// is in the register, not in memory, until the loop exits.
type regLoop struct {
	block int
	reg   int
	// init and flush are the byte offsets where the zeroing and the
	// flush go: the start of the line after the block before the loop,
	// and of the line after the loop's jump.
	init, flush int
	// spill says no register is free: one the loop does not name is
	// saved on the stack below the red zone around the loop (lea moves
	// %rsp without touching the flags) and restored at the exit; cfa says
	// the CFA is %rsp-based there, so the moves are described to the
	// unwinder.
	spill, cfa bool
}

// gpr32 are the 32-bit names of the general-purpose registers.
var gpr32 = [16]string{"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
	"r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"}

// loopOrder is the order registers are tried in: call-clobbered ones that
// are never arguments or return values first; callee-saved ones last (and
// never in units with exception or setjmp edges, which restore them behind
// the control-flow graph's back). %rsp and %rbp are never used.
var loopOrder = []int{11, 10, 9, 8, 1, 6, 7, 2, 0, 3, 12, 13, 14, 15}

// findRegLoops returns the one-block loops that can keep their count in a
// register.
func findRegLoops(lines []line, instrs []instr, blocks []*blockInfo, labelBlock map[string]int,
	refs map[string]int, abnormal bool) []regLoop {
	// Liveness of the general-purpose registers at each block's start.
	n := len(blocks)
	liveIn := make([]regSet, n)
	extra := make([]regSet, n) // live out beyond the successors
	funcWrites := map[string]regSet{}
	for _, b := range blocks {
		if b.unknownSucc {
			extra[b.Index] = allRegs
		}
		last := &instrs[b.last]
		if m := last.st.name; isJump(m) || isCondJump(m) {
			if _, ok := labelBlock[strings.TrimSpace(last.st.args)]; !ok {
				extra[b.Index] |= argRegs | retRegs // a tail call, or something unknown
			}
		}
		for i := b.first; i <= b.last; i++ {
			_, _, w := regEffect(&instrs[i])
			if m := instrs[i].st.name; isCall(m) {
				t := strings.TrimSpace(instrs[i].st.args)
				if _, local := labelBlock[t]; !local {
					// An unknown callee clobbers every call-clobbered register,
					// so -fipa-ra assumes the function does too.
					w |= allRegs &^ calleeRegs
				}
			}
			funcWrites[b.Func] |= w
		}
	}
	transfer := func(b *blockInfo, live regSet) regSet {
		for i := b.last; i >= b.first; i-- {
			u, d, _ := regEffect(&instrs[i])
			if in := &instrs[i]; isCall(in.st.name) && !in.app {
				if t, ok := labelBlock[strings.TrimSpace(in.st.args)]; ok {
					// A callee in this unit reads, of the registers a
					// call does not preserve, only what is live where it
					// starts.
					u = u&^argRegs | liveIn[t]&^calleeRegs
				}
			}
			live = live&^d | u
		}
		return live
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := blocks[i]
			out := extra[i]
			for _, s := range b.succ {
				out |= liveIn[s]
			}
			if in := transfer(b, out); in != liveIn[i] {
				liveIn[i], changed = in, true
			}
		}
	}

	// The direct calls and jumps to each function of the unit, with what
	// is live after them, for mayClobber.
	type site struct {
		caller string
		after  regSet
	}
	sites := map[string][]site{}
	for _, b := range blocks {
		last := &instrs[b.last]
		if m := last.st.name; (isCall(m) || isJump(m)) && !last.app {
			if t, ok := labelBlock[strings.TrimSpace(last.st.args)]; ok && blocks[t].Func == strings.TrimSpace(last.st.args) {
				after := extra[b.Index]
				for _, s := range b.succ {
					if isCall(m) {
						after |= liveIn[s]
					}
				}
				if isJump(m) {
					after = allRegs // a tail call: the caller's callers see the clobber
				}
				sites[blocks[t].Func] = append(sites[blocks[t].Func], site{b.Func, after})
			}
		}
	}
	// mayClobber reports whether fn may write call-clobbered register bit
	// without breaking what -fipa-ra lets its callers in this unit assume:
	// it writes it already, or every caller writes it too (so their own
	// callers assume it clobbered) and it is dead after every call.
	// Callers in other units and indirect calls assume the ABI's clobbers.
	mayClobber := func(fn string, bit regSet) bool {
		if funcWrites[fn]&bit != 0 {
			return true
		}
		if calleeRegs&bit != 0 || refs[fn] != len(sites[fn]) {
			// Referenced otherwise than by direct calls and jumps: an
			// alias (.set), whose callers -fipa-ra serves as well, or an
			// address taken.
			return false
		}
		for _, s := range sites[fn] {
			if s.after&bit != 0 || s.caller != fn && funcWrites[s.caller]&bit == 0 {
				return false
			}
		}
		return true
	}

	var loops []regLoop
	for _, b := range blocks {
		last := &instrs[b.last]
		if !isCondJump(last.st.name) || strings.HasPrefix(last.st.name, "loop") || last.st.name == "jrcxz" ||
			last.st.name == "jecxz" || last.st.name == "jcxz" {
			continue
		}
		if t, ok := labelBlock[strings.TrimSpace(last.st.args)]; !ok || t != b.Index {
			continue
		}
		// Entered only by falling into it: the jump back is the one
		// reference to the labels at its start.
		nrefs := 0
		for lb, blk := range labelBlock {
			if blk == b.Index {
				nrefs += refs[lb]
			}
		}
		if nrefs != 1 || b.Index == 0 {
			continue
		}
		prev := blocks[b.Index-1]
		if prev.Section != b.Section || !fallsThrough(instrs[prev.last].st.name) || prev.Func != b.Func {
			continue
		}
		exit, nexit := -1, 0
		for _, s := range b.succ {
			if s != b.Index {
				exit, nexit = s, nexit+1
			}
		}
		if nexit != 1 || blocks[exit].live || blocks[exit].Section != b.Section || exit != b.Index+1 {
			continue
		}
		var used regSet
		ok := true
		for i := b.first; i <= b.last && ok; i++ {
			if instrs[i].app {
				ok = false
			}
			u, _, _ := regEffect(&instrs[i])
			m, known := mentions(&instrs[i])
			ok = ok && known && u != allRegs
			used |= u | m
		}
		if !ok {
			continue
		}
		initAt, ok1 := lineAfter(lines, instrs[prev.last], instrs[b.first])
		flushAt, ok2 := lineAfter(lines, *last, instrs[blocks[exit].first])
		if !ok1 || !ok2 {
			continue
		}
		found := false
		for _, r := range loopOrder {
			bit := regSet(1) << r
			if used&bit != 0 || liveIn[exit]&bit != 0 || !mayClobber(b.Func, bit) ||
				calleeRegs&bit != 0 && abnormal {
				continue
			}
			loops = append(loops, regLoop{block: b.Index, reg: r, init: initAt, flush: flushAt})
			found = true
			break
		}
		if found || used&(1<<regRSP) != 0 || cfiBetween(lines, instrs[prev.last].lineIdx, instrs[blocks[exit].first].lineIdx) {
			continue
		}
		for _, r := range loopOrder {
			if used&(regSet(1)<<r) == 0 {
				loops = append(loops, regLoop{block: b.Index, reg: r, init: initAt, flush: flushAt, spill: true, cfa: b.cfaRSP})
				break
			}
		}
	}
	return loops
}

// lineAfter returns the offset of the start of the line after from's, if
// from is the last statement of its line and nothing between it and to
// changes the section or is an instruction (inline assembly, say).
func lineAfter(lines []line, from, to instr) (int, bool) {
	l := lines[from.lineIdx]
	if from.lineIdx+1 >= len(lines) || to.lineIdx <= from.lineIdx {
		return 0, false
	}
	if len(l.stmts) == 0 || l.stmts[len(l.stmts)-1].off != from.st.off {
		return 0, false
	}
	for i := from.lineIdx + 1; i < to.lineIdx; i++ {
		for _, st := range lines[i].stmts {
			switch {
			case st.kind == stInstr || st.kind == stPrefixOnly:
				return 0, false
			case st.kind == stDirective && (st.name == ".section" || st.name == ".text" || st.name == ".data" ||
				st.name == ".bss" || st.name == ".pushsection" || st.name == ".popsection" || st.name == ".previous" ||
				st.name == ".subsection"):
				return 0, false
			}
		}
	}
	return lines[from.lineIdx+1].off, true
}

// cfiBetween reports whether a CFI directive lies between lines from and
// to: a spilling loop's own directives must not be reordered with them.
func cfiBetween(lines []line, from, to int) bool {
	for i := from; i <= to && i < len(lines); i++ {
		for _, st := range lines[i].stmts {
			if st.kind == stDirective && strings.HasPrefix(st.name, ".cfi") {
				return true
			}
		}
	}
	return false
}

// loopCode returns the three pieces of a register-counted loop.
func loopCode(lp regLoop, counter int, atomic bool) (init, count, flush string) {
	r := "%" + gprNames[lp.reg]
	lock := ""
	if atomic {
		lock = "lock "
	}
	init = fmt.Sprintf("\tmovl\t$0, %%%s\n", gpr32[lp.reg])
	count = fmt.Sprintf("leaq\t1(%s), %s", r, r)
	flush = fmt.Sprintf("\t%saddq\t%s, %s+%d(%%rip)\n", lock, r, counterName, 8*counter)
	if lp.spill {
		adj := func(n int) string {
			if !lp.cfa {
				return ""
			}
			return fmt.Sprintf("\t.cfi_adjust_cfa_offset %d\n", n)
		}
		init = "\tleaq\t-128(%rsp), %rsp\n" + adj(128) + "\tpushq\t" + r + "\n" + adj(8) + init
		flush += "\tpopq\t" + r + "\n" + adj(-8) + "\tleaq\t128(%rsp), %rsp\n" + adj(-128)
	}
	return init, count, flush
}
