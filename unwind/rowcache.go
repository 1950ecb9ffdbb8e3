package unwind

import "sync/atomic"

// rowSlots is the number of entries of a table's row cache, 1<<rowBits: a
// sampled program's hot code asks for the rows of its hot instructions
// (where samples land) and call sites again and again, a few hundred even
// in a small program (work.c's loops: with 32 slots its benchmark missed
// most of the time). The slot array (8 KiB) is made on the table's first
// lookup, one allocation the slots are in (a slice, sized by the table,
// costs the benchmark 12 % more: one more dependent load a lookup); the
// entries it holds are under 1 KiB each.
const (
	rowBits  = 10
	rowSlots = 1 << rowBits
)

// rowCache remembers the rows a table was asked for, by link-time pc, in
// a direct-mapped array: a hit is a multiply, a load and a compare, with
// no lock (walks of several goroutines share a table) and no hashing of
// a map; a miss runs the FDE's CFA program from its start and replaces
// the slot's entry. Entries are immutable once published.
type rowCache struct {
	slots atomic.Pointer[[rowSlots]atomic.Pointer[frameRow]]
}

// frameRow is the row in effect at one pc of a table, with its FDE, and
// what step needs of it ready: the registers whose rule is not ruleSame
// (step copies the others in bulk), and whether the return address is
// undefined there (the outermost frame).
type frameRow struct {
	pc    uint64
	f     *fde
	row   row
	raEnd bool
	nrule uint8
	rules [numRegs]uint8
}

// newFrameRow returns the frameRow of row v of f at pc.
func newFrameRow(f *fde, pc uint64, v *row) *frameRow {
	e := &frameRow{pc: pc, f: f, row: *v}
	ra := f.cie.raReg
	e.raEnd = ra < numRegs && v.regs[ra].kind == ruleUndefined
	for i := range v.regs {
		if v.regs[i].kind != ruleSame {
			e.rules[e.nrule] = uint8(i)
			e.nrule++
		}
	}
	return e
}

// slot returns the index of pc's slot: Fibonacci hashing, so that the
// pcs of one function, close together, spread over the array.
func slot(pc uint64) uint64 { return (pc * 0x9e3779b97f4a7c15) >> (64 - rowBits) }

// frameAt returns the FDE covering link-time pc and the row in effect
// there: f is nil when no FDE covers pc; err says that f's CFA program
// could not be run to pc. The result must not be changed.
func (t *Table) frameAt(pc uint64) (*fde, *frameRow, error) {
	if slots := t.rows.slots.Load(); slots != nil {
		if e := slots[slot(pc)].Load(); e != nil && e.pc == pc {
			return e.f, e, nil
		}
	}
	f := t.find(pc)
	if f == nil {
		return nil, nil, nil
	}
	e, err := t.fill(f, pc)
	return f, e, err
}

// fill computes the row of f at pc and caches it.
func (t *Table) fill(f *fde, pc uint64) (*frameRow, error) {
	v, err := f.rowAt(pc)
	if err != nil {
		return nil, err
	}
	e := newFrameRow(f, pc, &v)
	slots := t.rows.slots.Load()
	if slots == nil {
		t.rows.slots.CompareAndSwap(nil, new([rowSlots]atomic.Pointer[frameRow]))
		slots = t.rows.slots.Load()
	}
	slots[slot(pc)].Store(e)
	return e, nil
}
