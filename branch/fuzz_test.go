package branch

import (
	"testing"

	"sonde/profile"
)

// FuzzSolve: any flow a damaged Listing frame can carry (successors in or
// out of range, cycles, self loops) and any counts (inconsistent ones, as
// a profile read mid-block has) give branches whose ranges are ordered,
// never a panic.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{0, 2, 1, 1, 10, 1, 255, 3, 0, 4, 4, 255, 255, 4, 10})
	f.Add([]byte{1, 2, 1, 3, 10, 0, 1, 2, 1, 12, 4, 255, 255, 4, 10})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var blocks []profile.ListingBlock
		var counts []uint64
		for len(data) >= 5 {
			fl := data[0]
			blocks = append(blocks, profile.ListingBlock{Func: "f",
				Instrs: []profile.ListingInstr{{File: "f.c", Line: 1}},
				Flow: profile.BlockFlow{HasFlow: true, Cond: fl&1 != 0, Entered: fl&2 != 0, Exits: fl&4 != 0,
					Jump: int(int8(data[1])), Fall: int(int8(data[2]))}})
			counts = append(counts, uint64(data[3])<<8|uint64(data[4]))
			data = data[5:]
		}
		for i := range blocks {
			// what the decoder lets through: -1 or an index of the listing
			if blocks[i].Flow.Jump < -1 {
				blocks[i].Flow.Jump = -1
			}
			if blocks[i].Flow.Fall < -1 {
				blocks[i].Flow.Fall = -1
			}
		}
		for _, bs := range [][]Branch{solve("u", blocks, counts, nil), verdicts(clampFlow(blocks), counts)} {
			for _, b := range bs {
				if b.Taken.Lo > b.Taken.Hi || b.Fall.Lo > b.Fall.Hi {
					t.Fatalf("unordered range: %+v", b)
				}
			}
		}
	})
}

// clampFlow drops successors out of range, as objectBranches never makes
// them.
func clampFlow(blocks []profile.ListingBlock) []profile.ListingBlock {
	out := make([]profile.ListingBlock, len(blocks))
	copy(out, blocks)
	for i := range out {
		if out[i].Flow.Jump >= len(out) {
			out[i].Flow.Jump = -1
		}
		if out[i].Flow.Fall >= len(out) {
			out[i].Flow.Fall = -1
		}
	}
	return out
}
