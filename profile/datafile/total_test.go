package datafile

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"sonde/profile"
)

// TestCountsTotal: a CountsTotal frame replaces the run's previous one for
// the same universe (checkpoints of one run never add up), Counts frames
// of the run still add, another run's totals add, and a file cut after a
// checkpoint reads that checkpoint's counts.
func TestCountsTotal(t *testing.T) {
	data, cuts, firstRun := totalsFile(t)
	for _, tc := range []struct {
		name  string
		upTo  int // bytes of the file read
		want  []uint64
		warns int
	}{
		{"first checkpoint", cuts[0], []uint64{1, 2}, 0},
		{"second replaces the first", cuts[1], []uint64{3, 5}, 0},
		{"counts add", cuts[2], []uint64{13, 15}, 0},
		{"third replaces the second only", cuts[firstRun-1], []uint64{14, 19}, 0},
		{"another run adds", len(data), []uint64{114, 219}, 0},
		{"cut inside a checkpoint", cuts[1] - 3, []uint64{1, 2}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, warns, err := Decode("t.data", data[:tc.upTo])
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) != tc.warns {
				t.Errorf("warnings %v, want %d", warns, tc.warns)
			}
			var got []uint64
			for _, u := range p.Units {
				got = append(got, u.Counts[0])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("counts %v, want %v", got, tc.want)
			}
		})
	}
}

// totalsFile writes two count runs over one universe: run 1 with
// CountsTotal (1,2), (3,5), Counts (10,10), CountsTotal (4,9); run 2 with
// CountsTotal (100,200). It returns the file, its length after each
// counts frame, and the number of those in run 1.
func totalsFile(t testing.TB) (data []byte, cuts []int, firstRun int) {
	units := []profile.Unit{
		{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "a", Index: 0, Func: "f"},
		{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "a", Index: 1, Func: "g"},
	}
	body := EncodeUnits(nil, units)
	hash := BodyHash(body)
	var file bytes.Buffer
	w := NewWriter(&file)
	run := func(id uint64, frames ...func() error) {
		if _, err := w.WriteRun(RunHeader{ID: id, Collector: "count", Start: time.Unix(1, 0), CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}}}); err != nil {
			t.Fatal(err)
		}
		if err := w.WriteEncodedUnits(body, hash); err != nil {
			t.Fatal(err)
		}
		for _, f := range frames {
			if err := f(); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			cuts = append(cuts, file.Len())
		}
	}
	total := func(c ...uint64) func() error { return func() error { return w.WriteCountsTotal(hash, 2, c) } }
	counts := func(c ...uint64) func() error { return func() error { return w.WriteCounts(hash, 2, c) } }
	run(1, total(1, 2), total(3, 5), counts(10, 10), total(4, 9))
	firstRun = len(cuts)
	run(2, total(100, 200))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return file.Bytes(), cuts, firstRun
}
