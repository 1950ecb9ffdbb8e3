package profile

// Listing is the instructions of the basic blocks of one compilation unit
// that sonde cc instrumented, Weinberger's x.sL: what the instructions view
// prints next to each block's count. It travels in the data file (a Listing
// frame the program's runtime writes with its Units frame), so that a
// profile reports the same on any machine.
type Listing struct {
	// Hash is the hash of the universe whose blocks it lists (the Units
	// frame hash, datafile.UnitsHash of the unit's units).
	Hash uint64
	// Blocks are the unit's basic blocks, by index: block i is the one
	// whose units have Unit.Index i.
	Blocks []ListingBlock
}

// ListingBlock is one basic block's instructions.
type ListingBlock struct {
	// Func is the symbol of the function the block is in.
	Func string
	// Instrs are the block's instructions in order.
	Instrs []ListingInstr
	// Flow is the block's edges, for branch coverage; listings written
	// before sonde recorded them have HasFlow false.
	Flow BlockFlow
}

// BlockFlow is where control goes from one basic block: the edges of the
// control-flow graph that sonde cc's counters are derived over.
type BlockFlow struct {
	// HasFlow says the edges were recorded (the instrumenter always does;
	// older data files lack them).
	HasFlow bool
	// Jump is the index of the block the last instruction jumps to (a
	// jump or conditional jump to a label of the unit), -1 for none.
	Jump int
	// Fall is the index of the block it falls through to, -1 for none.
	Fall int
	// Cond says the block ends with a conditional jump: a branch whose two
	// ways are Jump (taken) and Fall (not taken).
	Cond bool
	// Entered says flow may enter the block from outside the unit's edges
	// (a function entry, a label whose address is taken); Exits that it may
	// leave to outside (a call, a return, an indirect or external jump).
	Entered, Exits bool
}

// ListingInstr is one instruction and its source position.
type ListingInstr struct {
	File string
	Line int
	// Text is the instruction as the assembly had it ("movl\t(%rdi), %eax").
	Text string
}

// Listing returns the listing of the universe with the given hash, nil if
// the profile holds none.
func (p *Profile) Listing(hash uint64) *Listing {
	for i := range p.Listings {
		if l := &p.Listings[i]; l.Hash == hash {
			return l
		}
	}
	return nil
}

// Universe is one compilation unit's block units, in order: the units one
// Units frame of sonde cc wrote, whose Listing has the hash
// datafile.UnitsHash(Units).
type Universe struct {
	Scope string
	Units []Unit
}

// Universes splits the profile's block units into the universes they came
// from: by scope, and within a scope anew wherever block numbers start
// again (two builds of one source), as the data file wrote them.
func (p *Profile) Universes() []Universe {
	var out []Universe
	index := make(map[string]int) // scope -> its last universe in out
	for _, u := range p.Units {
		if u.Kind != UnitBlock || u.Scope == "" {
			continue
		}
		i, ok := index[u.Scope]
		if ok {
			last := out[i].Units[len(out[i].Units)-1]
			if u.Index < last.Index {
				ok = false
			}
		}
		if !ok {
			out = append(out, Universe{Scope: u.Scope})
			i = len(out) - 1
			index[u.Scope] = i
		}
		out[i].Units = append(out[i].Units, u)
	}
	return out
}
