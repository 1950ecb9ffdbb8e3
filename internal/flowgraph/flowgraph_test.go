package flowgraph

import (
	"reflect"
	"slices"
	"testing"

	"sonde/profile"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name       string
		blocks     []profile.BlockFlow
		edges      []Edge
		jump, fall []int
		wantErr    bool
	}{{
		// entry 0: if (c) goto 2; 1: ...; 2: return
		name: "diamond half",
		blocks: []profile.BlockFlow{
			{Jump: 2, Fall: 1, Cond: true, Entered: true},
			{Jump: -1, Fall: 2},
			{Jump: -1, Fall: -1, Exits: true},
		},
		edges: []Edge{{0, 1}, {0, 2}, {Outside, 0}, {1, 2}, {2, Outside}},
		jump:  []int{1, -1, -1},
		fall:  []int{0, 3, -1},
	}, {
		// a conditional tail call: its exit is its jump edge
		name: "conditional jump out",
		blocks: []profile.BlockFlow{
			{Jump: -1, Fall: 1, Cond: true, Entered: true, Exits: true},
			{Jump: -1, Fall: -1, Exits: true},
		},
		edges: []Edge{{0, 1}, {0, Outside}, {Outside, 0}, {1, Outside}},
		jump:  []int{1, -1},
		fall:  []int{0, -1},
	}, {
		name:    "damaged",
		blocks:  []profile.BlockFlow{{Jump: 5, Fall: -1}},
		wantErr: true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.blocks)
			if tt.wantErr {
				if err == nil {
					t.Fatal("no error for a target beyond the blocks")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g.Edges, tt.edges) || !reflect.DeepEqual(g.Jump, tt.jump) || !reflect.DeepEqual(g.Fall, tt.fall) {
				t.Errorf("edges %v jump %v fall %v, want %v %v %v", g.Edges, g.Jump, g.Fall, tt.edges, tt.jump, tt.fall)
			}
			for i, e := range g.Edges { // every edge at its two ports
				if e.From != Outside && !slices.Contains(g.Out[e.From], i) || e.To != Outside && !slices.Contains(g.In[e.To], i) {
					t.Errorf("edge %d %v missing from its ports", i, e)
				}
			}
		})
	}
}
