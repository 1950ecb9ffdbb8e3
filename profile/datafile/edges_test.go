package datafile

import (
	"path/filepath"
	"reflect"
	"testing"

	"sonde/profile"
)

// TestEdgeUnits: the edge units of sonde cc (profile.UnitEdge, after a
// scope's blocks in its Units frame) come back in Profile.Edges with their
// counts, not among the units; two runs, in one file and in two files
// merged, add up.
func TestEdgeUnits(t *testing.T) {
	write := func(path string, ids ...uint64) {
		w, err := Create(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			r := countRun(id)
			r.units = append(r.units, profile.Unit{Kind: profile.UnitEdge, Loc: profile.Location{Mapping: profile.NoMapping},
				Scope: "a.c", Index: 1, Func: "main", File: "a.c", Line: 4, Counts: []uint64{3}})
			r.write(t, w)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one.data"), filepath.Join(dir, "two.data")
	write(one, 1, 2)
	write(two, 3)
	edge := func(c uint64) []profile.Unit {
		return []profile.Unit{{Kind: profile.UnitEdge, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: "a.c", Index: 1, Func: "main", File: "a.c", Line: 4, Counts: []uint64{c}}}
	}
	for _, tt := range []struct {
		name  string
		files []string
		want  []profile.Unit
	}{
		{"two runs in one file", []string{one}, edge(6)},
		{"three runs in two files", []string{one, two}, edge(9)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, warns, err := ReadFiles(tt.files)
			if err != nil || len(warns) > 0 {
				t.Fatalf("ReadFiles: %v %v", err, warns)
			}
			if !reflect.DeepEqual(p.Edges, tt.want) {
				t.Errorf("edges %+v, want %+v", p.Edges, tt.want)
			}
			for _, u := range p.Units {
				if u.Kind == profile.UnitEdge {
					t.Errorf("an edge among the units: %+v", u)
				}
			}
			if len(p.Units) != 4 {
				t.Errorf("%d units, want countRun's 4", len(p.Units))
			}
		})
	}
}
