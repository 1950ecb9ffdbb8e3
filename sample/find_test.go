package sample

import (
	"math/rand/v2"
	"testing"
)

// TestFindLastHit checks process.find, which tries the placement it found
// last first, against a plain scan of the maps, on addresses in, between,
// before and after placements, in random order (so that the last hit is
// sometimes right and sometimes not), and after the maps are replaced by
// fewer (the last hit's index then past their end) or shifted ones.
func TestFindLastHit(t *testing.T) {
	scan := func(p *process, pc uint64) *placement {
		for i := range p.maps {
			if p.maps[i].start <= pc && pc < p.maps[i].limit {
				return &p.maps[i]
			}
		}
		return nil
	}
	mk := func(bounds ...uint64) []placement {
		var ps []placement
		for i := 0; i+1 < len(bounds); i += 2 {
			ps = append(ps, placement{start: bounds[i], limit: bounds[i+1], index: i / 2})
		}
		return ps
	}
	for _, tt := range []struct {
		name string
		maps [][]placement // in turn
	}{
		{"one", [][]placement{mk(0x1000, 0x2000)}},
		{"adjacent", [][]placement{mk(0x1000, 0x2000, 0x2000, 0x3000, 0x3000, 0x4000)}},
		{"gaps", [][]placement{mk(0x1000, 0x2000, 0x5000, 0x6000, 0x7fff0000, 0x7fff8000)}},
		{"shrunk", [][]placement{mk(0x1000, 0x2000, 0x3000, 0x4000, 0x5000, 0x6000), mk(0x1000, 0x2000)}},
		{"shifted", [][]placement{mk(0x1000, 0x2000, 0x3000, 0x4000), mk(0x0800, 0x0900, 0x1000, 0x1800, 0x3800, 0x4000)}},
		{"emptied", [][]placement{mk(0x1000, 0x2000), nil}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			p := &process{}
			hits := 0
			for _, maps := range tt.maps {
				p.maps = maps
				var pcs []uint64
				for _, pl := range maps {
					pcs = append(pcs, pl.start-1, pl.start, pl.start+1, (pl.start+pl.limit)/2, pl.limit-1, pl.limit)
				}
				pcs = append(pcs, 0, 0xfff, 0x1000, 0x1fff, 0x3fff, 0x4000, ^uint64(0))
				for range 2000 {
					pc := pcs[rng.IntN(len(pcs))]
					got, want := p.find(pc), scan(p, pc)
					if got != want {
						t.Fatalf("find(%#x) = %+v, want %+v (maps %+v)", pc, got, want, p.maps)
					}
					if got != nil {
						hits++
					}
				}
			}
			if hits == 0 {
				t.Error("no address found: the test checks nothing")
			}
		})
	}
}
