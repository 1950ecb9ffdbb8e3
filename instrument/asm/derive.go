package asm

import (
	"sort"
	"strings"

	"sonde/internal/flowgraph"
	"sonde/profile"
)

// Knuth and Stevenson ("Optimal measurement points for program frequency
// counts", BIT 13, 1973; Weinberger's reference 5): a block's count is the
// sum of the counts of the edges into it and of the edges out of it, so not
// every block needs a counter. Group the ports of the blocks (each block
// has an in-port and an out-port) into the connected components the
// control-flow edges make of them; then in every component the blocks that
// leave into it carry as much flow as the blocks that enter from it. In the
// graph whose vertices are the components and whose edges are the blocks
// (from the component of its in-port to that of its out-port), the block
// counts are a circulation: the blocks of a spanning tree are determined by
// the others, and only the blocks outside the tree need counters.
//
// The derivation is exact only if every execution of a block enters it
// through an edge of the graph and leaves through one. As gcc's profiler
// does, the graph gets fake edges where flow is abnormal: every block
// ending with a call may leave to EXIT (the callee may exit, longjmp or
// throw); function entries, landing pads, and labels whose address is taken
// (jump tables, computed goto, exception tables, inline assembly) are
// entered from ENTRY; after a call in a unit that calls setjmp or the like,
// the next block is entered from ENTRY too (it returns twice); indirect
// jumps, returns and tail calls leave to EXIT. ENTRY and EXIT are one
// virtual block whose count is never needed. Fake edges can only merge
// components, which costs counters, never exactness.
//
// The counts are exact when every frame has left its blocks or stands at a
// call (the program's end, a process blocked in a system call): a frame
// stopped elsewhere (a crash, a read from outside while a loop runs) has
// entered a block without leaving it, which can shift the derived counts of
// that moment by one.

// Term is one measured counter in a derived counter's formula: Counter is
// added, or subtracted when Neg is set.
type Term struct {
	Counter int
	Neg     bool
}

// deriveCounters decides which blocks get counters. It sets each block's
// Counter (a measured counter, below the returned number, or a derived one
// from it on) and returns the number of measured counters and, for each
// derived counter, its formula.
func deriveCounters(instrs []instr, blocks []*blockInfo, labelBlock map[string]int, refs, jumpRefs map[string]int,
	blockLabels [][]string, twice bool) (int, [][]Term) {
	n := len(blocks)
	x := n // the virtual block: in-port EXIT, out-port ENTRY
	parent := make([]int, 2*(n+1))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	edge := func(from, to int) { // out-port of from to in-port of to
		a, b := find(2*from+1), find(2*to)
		if a != b {
			parent[a] = b
		}
	}
	for _, b := range blocks {
		for _, s := range b.succ {
			edge(b.Index, s)
		}
	}
	entered, exits := fakeEdges(instrs, blocks, labelBlock, refs, jumpRefs, blockLabels, twice)
	for v := 0; v < n; v++ {
		if exits[v] {
			edge(v, x)
		}
		if entered[v] {
			edge(x, v)
		}
	}

	// Spanning forest of the component graph, hot blocks first (they are
	// the ones worth not counting); the virtual block before all.
	depth := loopDepth(instrs, blocks, labelBlock)
	order := make([]int, 0, n+1)
	order = append(order, x)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return depth[idx[i]] > depth[idx[j]] })
	order = append(order, idx...)
	// A second union-find over components, for the forest.
	comp := make([]int, 2*(n+1))
	for i := range comp {
		comp[i] = i
	}
	var findc func(int) int
	findc = func(i int) int {
		for comp[i] != i {
			comp[i] = comp[comp[i]]
			i = comp[i]
		}
		return i
	}
	inTree := make([]bool, n+1)
	adj := map[int][]int{} // component -> tree blocks touching it
	for _, v := range order {
		a, b := find(2*v), find(2*v+1)
		ca, cb := findc(a), findc(b)
		if ca == cb {
			continue
		}
		comp[ca] = cb
		inTree[v] = true
		adj[a] = append(adj[a], v)
		adj[b] = append(adj[b], v)
	}
	// Measured blocks, in block order.
	counter := make([]int, n+1)
	nmeasured := 0
	for v := 0; v < n; v++ {
		if !inTree[v] {
			counter[v] = nmeasured
			nmeasured++
		}
	}
	// members lists, per component, the blocks entering it (whose
	// out-port is in it) and leaving it (in-port in it).
	into := map[int][]int{}
	outof := map[int][]int{}
	for v := 0; v <= n; v++ {
		into[find(2*v+1)] = append(into[find(2*v+1)], v)
		outof[find(2*v)] = append(outof[find(2*v)], v)
	}
	// Peel the forest from its leaves: at a component with one unsolved
	// tree block t, conservation gives t from the others.
	formula := make([]map[int]int, n+1) // block -> measured counter -> coefficient
	for v := 0; v <= n; v++ {
		if !inTree[v] && v < n {
			formula[v] = map[int]int{counter[v]: 1}
		}
	}
	deg := map[int]int{}
	for c, ts := range adj {
		deg[c] = len(ts)
	}
	var queue []int
	for c, d := range deg {
		if d == 1 {
			queue = append(queue, c)
		}
	}
	sort.Ints(queue)
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if deg[c] != 1 {
			continue
		}
		t := -1
		for _, v := range adj[c] {
			if formula[v] == nil {
				t = v
			}
		}
		if t < 0 {
			continue
		}
		// Σ into c = Σ out of c; t is on one side.
		f := map[int]int{}
		add := func(vs []int, sign int) {
			for _, v := range vs {
				if v == t || v == x && !inTree[x] {
					continue
				}
				for k, co := range formula[v] {
					f[k] += sign * co
				}
			}
		}
		if find(2*t+1) == c { // t enters c: t = Σ out - Σ other into
			add(outof[c], 1)
			add(into[c], -1)
		} else { // t leaves c: t = Σ into - Σ other out
			add(into[c], 1)
			add(outof[c], -1)
		}
		for k, co := range f {
			if co == 0 {
				delete(f, k)
			}
		}
		formula[t] = f
		deg[c]--
		other := find(2 * t)
		if other == c {
			other = find(2*t + 1)
		}
		deg[other]--
		if deg[other] == 1 {
			queue = append(queue, other)
		}
	}
	var derived [][]Term
	for v := 0; v < n; v++ {
		b := blocks[v]
		if !inTree[v] {
			b.Counter = counter[v]
			continue
		}
		b.Counter = nmeasured + len(derived)
		var ts []Term
		keys := make([]int, 0, len(formula[v]))
		for k := range formula[v] {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			co := formula[v][k]
			for ; co > 0; co-- {
				ts = append(ts, Term{k, false})
			}
			for ; co < 0; co++ {
				ts = append(ts, Term{k, true})
			}
		}
		derived = append(derived, ts)
	}
	return nmeasured, derived
}

// fakeEdges returns, for each block, whether flow may enter it from
// outside the unit's edges (ENTRY: a function entry, a landing pad, a label
// whose address is taken, the return of a call in a unit that calls
// setjmp) and whether it may leave to outside (EXIT: a call, a return, an
// indirect or external jump, inline assembly, falling off its section).
// These are the fake edges of deriveCounters; the report's branch counts
// (profile.Branches) solve the same graph for its edges.
func fakeEdges(instrs []instr, blocks []*blockInfo, labelBlock map[string]int, refs, jumpRefs map[string]int,
	blockLabels [][]string, twice bool) (entered, exits []bool) {
	n := len(blocks)
	entered, exits = make([]bool, n), make([]bool, n)
	preds := make([]int, n)
	for _, b := range blocks {
		for _, s := range b.succ {
			preds[s]++
		}
	}
	for _, b := range blocks {
		last := &instrs[b.last]
		m := last.st.name
		app := false
		for i := b.first; i <= b.last; i++ {
			app = app || instrs[i].app
		}
		switch {
		case app || b.unknownSucc || isReturn(m) || isCall(m):
			exits[b.Index] = true
		case isJump(m) || isCondJump(m):
			if _, ok := labelBlock[strings.TrimSpace(last.st.args)]; !ok {
				exits[b.Index] = true
			}
		}
		if fallsThrough(m) && !b.fall {
			exits[b.Index] = true // falls off the end of its section
		}
		if twice && isCall(m) {
			for _, s := range b.succ {
				entered[s] = true
			}
		}
		if app || preds[b.Index] == 0 {
			entered[b.Index] = true
		}
		for _, lb := range blockLabels[b.Index] {
			if !strings.HasPrefix(lb, ".L") && !isNumeric(lb) || refs[lb] > jumpRefs[lb] {
				entered[b.Index] = true
			}
		}
	}
	return entered, exits
}

// edgeCounters returns the blocks whose conditional jump's fall-through
// edge needs a counter of its own for branch coverage: with every block's
// count known (measured or derived), an edge is known when it is the only
// unknown edge of a block's out-port or in-port (conservation gives it);
// the jumps whose ways stay unknown (two jumps into the same two blocks,
// a one-block loop entered past its test) get their fall-through counted,
// one at a time in block order until every jump is known. The solver of
// the report (package branch) repeats this on the same graph.
func edgeCounters(blocks []*blockInfo) []int {
	n := len(blocks)
	flows := make([]profile.BlockFlow, n)
	for i, b := range blocks {
		flows[i] = b.flow()
	}
	g, err := flowgraph.New(flows)
	if err != nil {
		panic("asm: " + err.Error()) // the blocks' targets are their own indexes
	}
	type edge struct {
		known bool
	}
	edges := make([]edge, len(g.Edges))
	out, in, jumpEdge, fallEdge := g.Out, g.In, g.Jump, g.Fall
	peel := func() {
		for changed := true; changed; {
			changed = false
			for i := 0; i < n; i++ {
				for _, es := range [][]int{out[i], in[i]} {
					unknown := -1
					for _, e := range es {
						if !edges[e].known {
							if unknown >= 0 {
								unknown = -2
								break
							}
							unknown = e
						}
					}
					if unknown >= 0 {
						edges[unknown].known, changed = true, true
					}
				}
			}
		}
	}
	peel()
	var counted []int
	for i, b := range blocks {
		if !b.Cond || jumpEdge[i] < 0 || fallEdge[i] < 0 || b.Jump == b.Fall {
			continue
		}
		if edges[jumpEdge[i]].known && edges[fallEdge[i]].known {
			continue
		}
		edges[fallEdge[i]].known = true
		counted = append(counted, i)
		peel()
	}
	return counted
}

// loopDepth estimates each block's loop nesting depth: every jump back to
// an earlier block of the same function adds one to the blocks between.
func loopDepth(instrs []instr, blocks []*blockInfo, labelBlock map[string]int) []int {
	d := make([]int, len(blocks))
	for _, b := range blocks {
		m := instrs[b.last].st.name
		if !isJump(m) && !isCondJump(m) {
			continue
		}
		t, ok := labelBlock[strings.TrimSpace(instrs[b.last].st.args)]
		if !ok || t > b.Index || blocks[t].Func != b.Func {
			continue
		}
		for i := t; i <= b.Index; i++ {
			d[i]++
		}
	}
	return d
}
