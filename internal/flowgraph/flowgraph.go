// Package flowgraph builds the control-flow graph of one compilation
// unit's basic blocks from their recorded flow (profile.BlockFlow): the
// graph over which sonde cc chooses the edges it counts and the report's
// branch solver derives the others by flow conservation. Both build it
// here, so they agree on its edges.
package flowgraph

import (
	"fmt"

	"sonde/profile"
)

// Outside stands for the world outside the unit at an edge's end.
const Outside = -1

// Edge is one edge of the graph, between block indexes (or Outside).
type Edge struct {
	From, To int
}

// Graph is a unit's flow graph.
type Graph struct {
	// Edges are the edges in the order they were added: for each block,
	// its fall-through, its jump, its exit to outside, its entry from
	// outside.
	Edges []Edge
	// Out and In are each block's out-edges and in-edges (indexes of
	// Edges): the two ports whose counts conservation equates.
	Out, In [][]int
	// Jump and Fall are each block's jump edge and fall-through edge, -1
	// for none. A conditional jump out of the unit (a tail call) has its
	// exit to outside as its jump edge.
	Jump, Fall []int
}

// New builds the graph of blocks, whose Jump and Fall are block indexes or
// -1. A target beyond the blocks (a damaged listing) is an error.
func New(blocks []profile.BlockFlow) (*Graph, error) {
	n := len(blocks)
	g := &Graph{Out: make([][]int, n), In: make([][]int, n), Jump: make([]int, n), Fall: make([]int, n)}
	for i, f := range blocks {
		g.Jump[i], g.Fall[i] = -1, -1
		if f.Fall >= n || f.Jump >= n {
			return nil, fmt.Errorf("block %d of %d: flow to block %d", i, n, max(f.Fall, f.Jump))
		}
		if f.Fall >= 0 {
			g.Fall[i] = g.add(i, f.Fall)
		}
		if f.Jump >= 0 {
			g.Jump[i] = g.add(i, f.Jump)
		}
		if f.Exits {
			e := g.add(i, Outside)
			if f.Cond && f.Jump < 0 {
				g.Jump[i] = e
			}
		}
		if f.Entered {
			g.add(Outside, i)
		}
	}
	return g, nil
}

// add adds the edge from -> to and returns its index.
func (g *Graph) add(from, to int) int {
	e := len(g.Edges)
	g.Edges = append(g.Edges, Edge{From: from, To: to})
	if from != Outside {
		g.Out[from] = append(g.Out[from], e)
	}
	if to != Outside {
		g.In[to] = append(g.In[to], e)
	}
	return e
}
