// Package branch gives the branch coverage of sonde cc profiles: for every
// conditional jump of an instrumented compilation unit, how often it was
// taken and how often it fell through, mapped to its source line.
//
// sonde cc counts blocks, not edges (Knuth and Stevenson's derivation in
// instrument/asm fills in the blocks it does not count). The edges follow
// from the block counts by the same flow conservation: a block's count is
// the sum of the edges that leave it and of the edges that enter it, so in
// every block's out-port and in-port an edge is the block's count minus its
// port's other edges. Solving port by port (a port with one unknown edge
// gives it) determines every edge of a port group without a cycle; the
// control flow of a unit's listing (profile.BlockFlow: jump target, fall
// through, and the fake edges to and from outside the unit, a call's
// possible exit, a function's entry) is the graph. An edge that stays
// unknown (two blocks that both branch to the same two blocks; a branch
// into a block that is also entered from outside) keeps the bounds that
// conservation allows, which still decide most taken / not-taken verdicts;
// Exact says which.
package branch

import (
	"sort"

	"sonde/internal/flowgraph"
	"sonde/profile"
	"sonde/profile/datafile"
)

// Branch is one conditional jump of a compilation unit.
type Branch struct {
	// Scope is the compilation unit (the block units' Scope), Block the
	// index of the block that ends with the jump.
	Scope string
	Block int
	// Func is the function, File and Line the source position of the
	// conditional jump (the block's last instruction with a line).
	Func string
	File string
	Line int
	// TakenTo and FallTo are the blocks the two ways go to, -1 for
	// outside the unit (a conditional tail call).
	TakenTo, FallTo int
	// Count is how often the block ran: Taken.Lo..Hi plus Fall's.
	Count uint64
	// Taken is how often the jump was taken, Fall how often it fell
	// through. When Exact, Lo == Hi for both.
	Taken, Fall Range
	// Exact says both counts are determined by the block counts.
	Exact bool
	// Capped says the counts are a coverage run's (sonde count --coverage:
	// 0 or 1 per block), so the ways have verdicts, not counts: {1, 1}
	// taken, {0, 0} never, {0, 1} undecided.
	Capped bool
}

// Decided reports whether both ways have a count (Exact) or, for a
// coverage run, a verdict.
func (b *Branch) Decided() bool {
	return b.Exact || b.Capped && b.Taken.Verdict() != Unknown && b.Fall.Verdict() != Unknown
}

// Range is what flow conservation allows for an edge's count.
type Range struct{ Lo, Hi uint64 }

// Known reports whether the range is one number.
func (r Range) Known() bool { return r.Lo == r.Hi }

// Verdict is a branch way's coverage: taken at least once, never, or not
// decided by the counts.
type Verdict int8

// The verdicts.
const (
	Unknown Verdict = iota
	NotTaken
	Taken
)

// Verdict says whether the way ran.
func (r Range) Verdict() Verdict {
	switch {
	case r.Lo > 0:
		return Taken
	case r.Hi == 0:
		return NotTaken
	}
	return Unknown
}

// Value is the count a format that needs one number shows: the count when
// known, else the lower bound (what certainly ran).
func (r Range) Value() uint64 { return r.Lo }

// Result is the branches of a profile.
type Result struct {
	// Branches in unit, then block order.
	Branches []Branch
	// NoFlow counts the compilation units whose listing lacks the control
	// flow (built by a sonde that did not record it, or no listing at all):
	// their branches are unknown.
	NoFlow int
	// Unread says, one line an object, why the blocks of a sonde count
	// profile in that object have no branches (its file cannot be read, or
	// changed since the run).
	Unread []string
}

// Of returns the branches of every compilation unit of p that sonde cc
// built and of every object whose blocks sonde count counted, with their
// counts (the first count type). sym places the conditional jumps of
// sonde count's blocks on their lines; nil leaves them on their block's
// first line.
func Of(p *profile.Profile, sym Symbolizer) (*Result, error) {
	res := &Result{}
	byObject := make(map[int][]addrBlock)
	for _, u := range p.Units {
		if u.Kind != profile.UnitBlock || u.Loc.Mapping < 0 || int(u.Loc.Mapping) >= len(p.Mappings) || u.Instrs <= 0 {
			continue
		}
		var c uint64
		if len(u.Counts) > 0 {
			c = u.Counts[0]
		}
		byObject[int(u.Loc.Mapping)] = append(byObject[int(u.Loc.Mapping)],
			addrBlock{addr: u.Loc.Addr, instrs: u.Instrs, count: c, fn: u.Func, file: u.File, line: u.Line})
	}
	ms := make([]int, 0, len(byObject))
	for m := range byObject {
		ms = append(ms, m)
	}
	sort.Ints(ms)
	for _, m := range ms {
		bs, err := objectBranches(p, m, byObject[m], sym)
		if err != nil {
			if sym != nil && isSymbolizerError(err) {
				return nil, err
			}
			res.Unread = append(res.Unread, err.Error())
			continue
		}
		res.Branches = append(res.Branches, bs...)
	}
	for _, uv := range p.Universes() {
		l := p.Listing(datafile.UnitsHash(uv.Units))
		if l == nil || len(l.Blocks) == 0 || !l.Blocks[0].Flow.HasFlow {
			res.NoFlow++
			continue
		}
		counts := make([]uint64, len(l.Blocks))
		for _, u := range uv.Units {
			if u.Index >= 0 && u.Index < len(counts) && len(u.Counts) > 0 {
				counts[u.Index] = u.Counts[0]
			}
		}
		// the fall-through edges sonde cc counted, by their jump's block
		fall := make(map[int]uint64)
		for _, e := range p.Edges {
			if e.Kind != profile.UnitEdge || e.Scope != uv.Scope || e.Index < 0 || e.Index >= len(l.Blocks) ||
				e.Func != l.Blocks[e.Index].Func || !l.Blocks[e.Index].Flow.Cond || len(e.Counts) == 0 {
				continue
			}
			fall[e.Index] = e.Counts[0]
		}
		res.Branches = append(res.Branches, solve(uv.Scope, l.Blocks, counts, fall)...)
	}
	return res, nil
}

// edge is one edge of the flow graph; from or to is -1 for outside.
type edge struct {
	from, to int
	r        Range
	known    bool
}

// unbounded stands for the count of outside, which no counter measures.
const unbounded = ^uint64(0)

// solve computes the edges of one unit's graph and returns its branches.
// fall holds the measured fall-through edges, by their jump's block.
func solve(scope string, blocks []profile.ListingBlock, counts []uint64, fall map[int]uint64) []Branch {
	n := len(blocks)
	flows := make([]profile.BlockFlow, n)
	for i, b := range blocks {
		flows[i] = b.Flow
	}
	g, err := flowgraph.New(flows)
	if err != nil {
		return nil // a damaged listing: no branches rather than wrong ones
	}
	edges := make([]edge, len(g.Edges))
	for i, e := range g.Edges {
		edges[i] = edge{from: e.From, to: e.To}
	}
	out, in, jumpEdge, fallEdge := g.Out, g.In, g.Jump, g.Fall
	for i, c := range fall {
		if e := fallEdge[i]; e >= 0 {
			edges[e].r, edges[e].known = Range{c, c}, true
		}
	}
	// Peel: a port with one unknown edge determines it.
	type port struct {
		block int
		out   bool
	}
	ports := func(e edge) []port {
		var ps []port
		if e.from >= 0 {
			ps = append(ps, port{e.from, true})
		}
		if e.to >= 0 {
			ps = append(ps, port{e.to, false})
		}
		return ps
	}
	portEdges := func(p port) []int {
		if p.out {
			return out[p.block]
		}
		return in[p.block]
	}
	var queue []port
	for i := 0; i < n; i++ {
		queue = append(queue, port{i, true}, port{i, false})
	}
	for i := range fall { // a measured edge may leave one unknown at its ends
		if fallEdge[i] >= 0 {
			queue = append(queue, port{i, true}, port{blocks[i].Flow.Fall, false})
		}
	}
	for len(queue) > 0 {
		p := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		unknown, sum := -1, uint64(0)
		nunknown := 0
		for _, e := range portEdges(p) {
			if edges[e].known {
				sum += edges[e].r.Lo
			} else {
				unknown = e
				nunknown++
			}
		}
		if nunknown != 1 {
			continue
		}
		v := uint64(0)
		if counts[p.block] > sum {
			v = counts[p.block] - sum
		}
		edges[unknown].r = Range{v, v}
		edges[unknown].known = true
		for _, q := range ports(edges[unknown]) {
			if q != p {
				queue = append(queue, q)
			}
		}
	}
	// Bounds for the rest: an edge carries at most what either end does,
	// and at least what its port's count leaves over the others' most.
	for i := range edges {
		e := &edges[i]
		if e.known {
			continue
		}
		hi := unbounded
		if e.from >= 0 {
			hi = min(hi, counts[e.from])
		}
		if e.to >= 0 {
			hi = min(hi, counts[e.to])
		}
		e.r = Range{0, hi}
	}
	for round := 0; round < 8; round++ {
		changed := false
		for i := 0; i < n; i++ {
			for _, es := range [][]int{out[i], in[i]} {
				for _, e := range es {
					if edges[e].known {
						continue
					}
					var otherLo, otherHi uint64
					for _, o := range es {
						if o != e {
							otherLo += edges[o].r.Lo
							otherHi = satAdd(otherHi, edges[o].r.Hi)
						}
					}
					c := counts[i]
					r := edges[e].r
					if c > otherHi && c-otherHi > r.Lo {
						r.Lo, changed = c-otherHi, true
					}
					if hi := satSub(c, otherLo); hi < r.Hi {
						r.Hi, changed = hi, true
					}
					if r.Lo > r.Hi { // inconsistent counts (a profile read mid-block)
						r.Lo = r.Hi
					}
					edges[e].r = r
				}
			}
		}
		if !changed {
			break
		}
	}
	var bs []Branch
	for i, b := range blocks {
		if !b.Flow.Cond || jumpEdge[i] < 0 || fallEdge[i] < 0 {
			continue
		}
		br := Branch{Scope: scope, Block: i, Func: b.Func, Count: counts[i], TakenTo: b.Flow.Jump, FallTo: b.Flow.Fall}
		for k := len(b.Instrs) - 1; k >= 0; k-- {
			if b.Instrs[k].Line > 0 {
				br.File, br.Line = b.Instrs[k].File, b.Instrs[k].Line
				break
			}
		}
		t, f := edges[jumpEdge[i]], edges[fallEdge[i]]
		br.Taken, br.Fall = t.r, f.r
		if jumpEdge[i] != fallEdge[i] && blocks[i].Flow.Jump == blocks[i].Flow.Fall && b.Flow.Jump >= 0 {
			// a jump to the next block: both ways reach the same port and
			// only their sum is known
			br.Taken, br.Fall = Range{0, counts[i]}, Range{0, counts[i]}
			t.known, f.known = false, false
		}
		br.Exact = t.known && f.known
		bs = append(bs, br)
	}
	return bs
}

func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return unbounded
	}
	return a + b
}

func satSub(a, b uint64) uint64 {
	if b >= a {
		return 0
	}
	return a - b
}

// Line is the branches of one source line, in the order of their blocks.
type Line struct {
	File     string
	Line     int
	Branches []Branch
}

// ByLine groups branches by file and line, in file and line order;
// branches with no line are left out.
func ByLine(bs []Branch) []Line {
	type key struct {
		file string
		line int
	}
	m := make(map[key][]Branch)
	for _, b := range bs {
		if b.File == "" || b.Line <= 0 {
			continue
		}
		k := key{b.File, b.Line}
		m[k] = append(m[k], b)
	}
	out := make([]Line, 0, len(m))
	for k, v := range m {
		out = append(out, Line{File: k.file, Line: k.line, Branches: v})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}
