package branch

import (
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"sort"

	"golang.org/x/arch/x86/x86asm"

	"sonde/objfile"
	"sonde/profile"
	"sonde/symbol"
)

// The branches of sonde count --units blocks: its blocks are found by
// disassembly (monitor/units.Blocks: a block starts at a function's entry,
// at each target of a direct jump inside the function and after each jump
// or return) and have addresses; their flow is read back from the object's
// bytes here. Each block's last instruction says where it goes: a
// conditional jump to its target block and to the block that follows it,
// a jump to its target, a return, an indirect jump or a jump out of the
// function to outside; a block that holds a call may leave to outside too
// (exit, longjmp), and a block at a function's symbol, or that no block
// jumps or falls to, is entered from outside.
//
// With exact counts the edges are solved as for sonde cc. A coverage run
// (--coverage, every count 0 or 1) knows only which blocks ran, so it gives
// verdicts, not counts: a way into a block that never ran was never taken;
// a way that is the only way into a block that ran was taken; a block
// that ran and cannot leave elsewhere took its other way when one was
// never taken. The other ways stay undecided (a loop's back edge into a
// head that the entry also reaches).

// Symbolizer gives the source frames of an address, innermost first (the
// export and report symbolizers).
type Symbolizer interface {
	Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error)
}

// addrBlock is one block unit of an object, by address.
type addrBlock struct {
	addr   profile.Addr
	instrs int
	count  uint64
	fn     string
	file   string
	line   int
}

// objectBranches returns the branches of the block units of mapping m.
// It returns an error when the object's bytes cannot be read.
func objectBranches(p *profile.Profile, m int, bs []addrBlock, sym Symbolizer) ([]Branch, error) {
	mp := p.Mappings[m]
	code, err := objectCode(p, mp)
	if err != nil {
		return nil, err
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].addr < bs[j].addr })
	at := make(map[profile.Addr]int, len(bs))
	for i, b := range bs {
		at[b.addr] = i
	}
	blocks := make([]profile.ListingBlock, len(bs))
	counts := make([]uint64, len(bs))
	jcc := make([]profile.Addr, len(bs)) // the conditional jump's address
	capped := true
	for i, b := range bs {
		counts[i] = b.count
		capped = capped && b.count <= 1
		f := profile.BlockFlow{HasFlow: true, Jump: -1, Fall: -1}
		pc := uint64(b.addr)
		var last x86asm.Inst
		var lastPC uint64
		ok := true
		for k := 0; k < b.instrs; k++ {
			bytes, err := code(pc, 16)
			if err != nil {
				ok = false
				break
			}
			if len(bytes) >= 4 && bytes[0] == 0xf3 && bytes[1] == 0x0f && bytes[2] == 0x1e && bytes[3] == 0xfa {
				lastPC, last = pc, x86asm.Inst{Op: x86asm.NOP, Len: 4} // endbr64, which x86asm does not know
				pc += 4
				continue
			}
			in, err := x86asm.Decode(bytes, 64)
			if err != nil || in.Len == 0 {
				ok = false
				break
			}
			if in.Op == x86asm.CALL || in.Op == x86asm.LCALL {
				f.Exits = true
			}
			lastPC, last = pc, in
			pc += uint64(in.Len)
		}
		next, hasNext := at[profile.Addr(pc)]
		if hasNext && bs[next].fn != b.fn {
			hasNext = false // the next function: nothing falls into an entry
		}
		target := func() (int, bool) {
			rel, isRel := last.Args[0].(x86asm.Rel)
			if !isRel {
				return -1, false
			}
			t, ok := at[profile.Addr(int64(lastPC)+int64(last.Len)+int64(rel))]
			return t, ok && bs[t].fn == b.fn
		}
		switch {
		case !ok:
			f.Exits = true // bytes that do not decode: flow unknown
		case condJump[last.Op]:
			f.Cond = true
			jcc[i] = profile.Addr(lastPC)
			if t, ok := target(); ok {
				f.Jump = t
			} else {
				f.Exits = true
			}
			if hasNext {
				f.Fall = next
			} else {
				f.Exits = true
			}
		case last.Op == x86asm.JMP:
			if t, ok := target(); ok {
				f.Jump = t
			} else {
				f.Exits = true // indirect, or a tail call
			}
		case last.Op == x86asm.RET || last.Op == x86asm.LRET || last.Op == x86asm.IRET ||
			last.Op == x86asm.UD2 || last.Op == x86asm.HLT:
			f.Exits = true
		default:
			if hasNext {
				f.Fall = next
			} else {
				f.Exits = true
			}
		}
		blocks[i] = profile.ListingBlock{Func: b.fn, Flow: f,
			Instrs: []profile.ListingInstr{{File: b.file, Line: b.line}}}
	}
	// Entered from outside: function entries and blocks nothing reaches.
	preds := make([]int, len(bs))
	for _, bl := range blocks {
		for _, s := range []int{bl.Flow.Jump, bl.Flow.Fall} {
			if s >= 0 {
				preds[s]++
			}
		}
	}
	for i := range blocks {
		if preds[i] == 0 || i == 0 || bs[i-1].fn != bs[i].fn {
			blocks[i].Flow.Entered = true
		}
	}
	var out []Branch
	if capped {
		out = verdicts(blocks, counts)
	} else {
		out = solve("", blocks, counts, nil)
	}
	// each branch on the conditional jump's line
	for k := range out {
		br := &out[k]
		br.Scope = mp.Path
		if sym == nil {
			continue
		}
		fs, err := sym.Frames(mp, jcc[br.Block])
		if err != nil {
			return nil, symbolizerError{err}
		}
		if len(fs) > 0 && fs[0].Line > 0 {
			br.File, br.Line = fs[0].File, fs[0].Line
		}
	}
	return out, nil
}

// symbolizerError is a symbolizer's failure, which aborts Of (the
// symbolizers report an object's problems themselves and fail only when
// nothing can go on).
type symbolizerError struct{ err error }

func (e symbolizerError) Error() string { return e.err.Error() }
func (e symbolizerError) Unwrap() error { return e.err }

func isSymbolizerError(err error) bool {
	_, ok := err.(symbolizerError)
	return ok
}

// condJump are the conditional jumps.
var condJump = map[x86asm.Op]bool{
	x86asm.JA: true, x86asm.JAE: true, x86asm.JB: true, x86asm.JBE: true, x86asm.JCXZ: true, x86asm.JE: true,
	x86asm.JECXZ: true, x86asm.JG: true, x86asm.JGE: true, x86asm.JL: true, x86asm.JLE: true, x86asm.JNE: true,
	x86asm.JNO: true, x86asm.JNP: true, x86asm.JNS: true, x86asm.JO: true, x86asm.JP: true, x86asm.JRCXZ: true,
	x86asm.JS: true, x86asm.LOOP: true, x86asm.LOOPE: true, x86asm.LOOPNE: true,
}

// verdicts decides the ways of each conditional jump from which blocks
// ran (counts capped at 1): see the comment at the top of the file. A
// decided way's range is {1, 1} (taken) or {0, 0}; an undecided one is
// {0, 1}. Exact is never set: these are not counts.
func verdicts(blocks []profile.ListingBlock, counts []uint64) []Branch {
	n := len(blocks)
	preds := make([]int, n)
	for _, b := range blocks {
		if b.Flow.Jump >= 0 {
			preds[b.Flow.Jump]++
		}
		if b.Flow.Fall >= 0 && b.Flow.Fall != b.Flow.Jump {
			preds[b.Flow.Fall]++
		}
	}
	way := func(to int) Range {
		switch {
		case to < 0:
			return Range{0, 1}
		case counts[to] == 0:
			return Range{0, 0}
		case preds[to] == 1 && !blocks[to].Flow.Entered:
			return Range{1, 1}
		}
		return Range{0, 1}
	}
	var out []Branch
	for i, b := range blocks {
		if !b.Flow.Cond {
			continue
		}
		br := Branch{Block: i, Func: b.Func, Count: counts[i], TakenTo: b.Flow.Jump, FallTo: b.Flow.Fall, Capped: true}
		if len(b.Instrs) > 0 {
			br.File, br.Line = b.Instrs[0].File, b.Instrs[0].Line
		}
		if counts[i] == 0 {
			out = append(out, br) // neither way: both {0, 0}
			continue
		}
		br.Taken, br.Fall = way(b.Flow.Jump), way(b.Flow.Fall)
		if b.Flow.Jump == b.Flow.Fall {
			br.Taken, br.Fall = Range{0, 1}, Range{0, 1}
		}
		// the block ran and left by one of its ways
		if !b.Flow.Exits || b.Flow.Jump >= 0 && b.Flow.Fall >= 0 {
			if br.Taken.Verdict() == NotTaken && br.Fall.Verdict() == Unknown {
				br.Fall = Range{1, 1}
			}
			if br.Fall.Verdict() == NotTaken && br.Taken.Verdict() == Unknown {
				br.Taken = Range{1, 1}
			}
		}
		out = append(out, br)
	}
	return out
}

// objectCode returns a reader of m's bytes by link-time address: from the
// profile's image of it, else from its file, which must have m's build-id.
func objectCode(p *profile.Profile, m *profile.Mapping) (func(addr uint64, n int) ([]byte, error), error) {
	var r io.ReaderAt
	if img := p.ObjectImage(m.Path, m.BuildID); img != nil {
		r = bytes.NewReader(img.Data)
	} else {
		data, err := os.ReadFile(m.Path)
		if err != nil {
			return nil, fmt.Errorf("read %s for its branches: %w", m.Path, err)
		}
		r = bytes.NewReader(data)
	}
	var ef *elf.File
	err := objfile.Safe(m.Path, func() error {
		var err error
		ef, err = elf.NewFile(r)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read %s for its branches: %w", m.Path, err)
	}
	if id := objfile.BuildID(ef); m.BuildID != "" && id != m.BuildID {
		return nil, fmt.Errorf("%s has build-id %s, the profile's object %s: it changed since the run", m.Path, id, m.BuildID)
	}
	var progs []*elf.Prog
	for _, pr := range ef.Progs {
		if pr.Type == elf.PT_LOAD && pr.Flags&elf.PF_X != 0 {
			progs = append(progs, pr)
		}
	}
	return func(addr uint64, n int) ([]byte, error) {
		for _, pr := range progs {
			if addr >= pr.Vaddr && addr < pr.Vaddr+pr.Filesz {
				n = int(min(uint64(n), pr.Vaddr+pr.Filesz-addr))
				b := make([]byte, n)
				if _, err := pr.ReadAt(b, int64(addr-pr.Vaddr)); err != nil && err != io.EOF {
					return nil, err
				}
				return b, nil
			}
		}
		return nil, fmt.Errorf("address %#x is in no executable segment of %s", addr, m.Path)
	}, nil
}
