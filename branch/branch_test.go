package branch

import (
	"testing"

	"sonde/profile"
)

func blk(line int, f profile.BlockFlow) profile.ListingBlock {
	f.HasFlow = true
	return profile.ListingBlock{Func: "f", Instrs: []profile.ListingInstr{{File: "f.c", Line: line, Text: "x"}}, Flow: f}
}

// TestSolve: the edges of small graphs whose true edge counts are known
// (the counts are what a run of each shape gives).
func TestSolve(t *testing.T) {
	for _, tt := range []struct {
		name   string
		blocks []profile.ListingBlock
		counts []uint64
		fall   map[int]uint64 // measured fall-through edges
		// want, per branch: taken and fall ranges, and exactness
		want []Branch
	}{{
		// if (c) x; y:  b0 jumps over b1 to b2 six times of ten
		name: "diamond",
		blocks: []profile.ListingBlock{
			blk(1, profile.BlockFlow{Jump: 2, Fall: 1, Cond: true, Entered: true}),
			blk(2, profile.BlockFlow{Jump: -1, Fall: 2}),
			blk(3, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}),
		},
		counts: []uint64{10, 4, 10},
		want:   []Branch{{Block: 0, Line: 1, Count: 10, Taken: Range{6, 6}, Fall: Range{4, 4}, Exact: true}},
	}, {
		// a loop whose exit test is its own block: b1 jumps back to itself
		name: "loop",
		blocks: []profile.ListingBlock{
			blk(1, profile.BlockFlow{Jump: -1, Fall: 1, Entered: true}),
			blk(2, profile.BlockFlow{Jump: 1, Fall: 2, Cond: true}),
			blk(3, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}),
		},
		counts: []uint64{3, 30, 3},
		want:   []Branch{{Block: 1, Line: 2, Count: 30, Taken: Range{27, 27}, Fall: Range{3, 3}, Exact: true}},
	}, {
		// b0 enters the loop b1 or skips it: two blocks share the same two
		// successors' ports (a cycle), so the block counts leave one
		// degree of freedom; truth is 0->1 4, 0->2 6, 1->1 8, 1->2 4
		name: "cycle",
		blocks: []profile.ListingBlock{
			blk(1, profile.BlockFlow{Jump: 2, Fall: 1, Cond: true, Entered: true}),
			blk(2, profile.BlockFlow{Jump: 1, Fall: 2, Cond: true}),
			blk(3, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}),
		},
		counts: []uint64{10, 12, 10},
		want: []Branch{
			{Block: 0, Line: 1, Count: 10, Taken: Range{0, 10}, Fall: Range{0, 10}},
			{Block: 1, Line: 2, Count: 12, Taken: Range{2, 12}, Fall: Range{0, 10}},
		},
	}, {
		// the same cycle with b0's fall-through edge counted (sonde cc
		// counts it: instrument/asm's edgeCounters): all exact
		name: "cycle counted",
		blocks: []profile.ListingBlock{
			blk(1, profile.BlockFlow{Jump: 2, Fall: 1, Cond: true, Entered: true}),
			blk(2, profile.BlockFlow{Jump: 1, Fall: 2, Cond: true}),
			blk(3, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}),
		},
		counts: []uint64{10, 12, 10},
		fall:   map[int]uint64{0: 4},
		want: []Branch{
			{Block: 0, Line: 1, Count: 10, Taken: Range{6, 6}, Fall: Range{4, 4}, Exact: true},
			{Block: 1, Line: 2, Count: 12, Taken: Range{8, 8}, Fall: Range{4, 4}, Exact: true},
		},
	}, {
		// a conditional tail call: the taken way leaves the unit
		name: "tail",
		blocks: []profile.ListingBlock{
			blk(1, profile.BlockFlow{Jump: -1, Fall: 1, Cond: true, Entered: true, Exits: true}),
			blk(2, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}),
		},
		counts: []uint64{5, 2},
		want:   []Branch{{Block: 0, Line: 1, Count: 5, Taken: Range{3, 3}, Fall: Range{2, 2}, Exact: true}},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			got := solve("u", tt.blocks, tt.counts, tt.fall)
			if len(got) != len(tt.want) {
				t.Fatalf("%d branches, want %d: %+v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				w.Scope, w.Func, w.File = "u", "f", "f.c"
				w.TakenTo, w.FallTo = tt.blocks[w.Block].Flow.Jump, tt.blocks[w.Block].Flow.Fall
				if got[i] != w {
					t.Errorf("branch %d\n got %+v\nwant %+v", i, got[i], w)
				}
			}
		})
	}
}

// TestVerdicts: a coverage run's verdicts from which blocks ran.
func TestVerdicts(t *testing.T) {
	// b0 branches to b2 or falls to b1; b1 falls to b2; b3 (never ran)
	// is reached only from b2's jump; b2 loops back to itself or falls to b3.
	blocks := []profile.ListingBlock{
		blk(1, profile.BlockFlow{Jump: 2, Fall: 1, Cond: true, Entered: true}),
		blk(2, profile.BlockFlow{Jump: -1, Fall: 2}),
		blk(3, profile.BlockFlow{Jump: 2, Fall: 3, Cond: true}),
		blk(4, profile.BlockFlow{Jump: -1, Fall: -1, Exits: true}),
	}
	got := verdicts(blocks, []uint64{1, 1, 1, 0})
	want := []Branch{
		// b1 ran and b0 is its only way in: taken; b2's way is open
		{Block: 0, Line: 1, Count: 1, TakenTo: 2, FallTo: 1, Taken: Range{0, 1}, Fall: Range{1, 1}, Capped: true},
		// b3 never ran: that way never; b2 ran and had to leave: taken back
		{Block: 2, Line: 3, Count: 1, TakenTo: 2, FallTo: 3, Taken: Range{1, 1}, Fall: Range{0, 0}, Capped: true},
	}
	if len(got) != len(want) {
		t.Fatalf("%d branches, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		w.Func, w.File = "f", "f.c"
		if got[i] != w {
			t.Errorf("branch %d\n got %+v\nwant %+v", i, got[i], w)
		}
	}
	if got[0].Decided() || !got[1].Decided() {
		t.Errorf("Decided: %v %v, want false true", got[0].Decided(), got[1].Decided())
	}
}
