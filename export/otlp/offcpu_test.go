package otlp

import (
	"testing"
	"time"

	"sonde/profile"
)

// TestBuildOffCPU: a profile with off-CPU samples (record --off-cpu's
// columns) gives each process a CPU profile of its CPU samples only and
// an off_cpu/nanoseconds profile, without period, of its off-CPU time
// aggregated by stack; a process that only waited has no CPU profile.
func TestBuildOffCPU(t *testing.T) {
	wait := profile.Location{Mapping: 1, Addr: 202} // futex
	user := profile.Location{Mapping: 0, Addr: 0x10}
	p := &profile.Profile{
		SampleTypes: profile.OffCPUSampleTypes,
		Period:      1000,
		Mappings:    []*profile.Mapping{{Path: "/bin/a", Start: 0x1000, Limit: 0x2000, Bias: 0x1000}, {Path: profile.WaitPath}},
		Processes:   []profile.Process{{PID: 3, Comm: "a", Exe: "/bin/a"}, {PID: 7, Comm: "a", Exe: "/bin/a"}},
		Samples: []profile.Sample{
			{PID: 3, Values: []int64{1, 1000, 0, 1000}, Stack: []profile.Location{user}},
			{PID: 3, Values: []int64{1, 0, 5000, 5000}, Stack: []profile.Location{wait, user}},
			{PID: 3, Values: []int64{1, 1000, 0, 1000}, Stack: []profile.Location{user}},
			{PID: 3, Values: []int64{1, 0, 2000, 2000}, Stack: []profile.Location{wait, user}},
			{PID: 7, Values: []int64{1, 0, 300, 300}, Stack: []profile.Location{wait, user}},
		},
	}
	start := time.Unix(100, 0)
	out, err := Build(p, nil, &Options{Start: start, End: start.Add(time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	d := out.Dictionary()
	str := func(i int32) string { return d.StringTable().At(int(i)) }
	type got struct {
		typ, unit string
		period    int64
		values    []int64
	}
	var profs [][]got
	for i := 0; i < out.ResourceProfiles().Len(); i++ {
		ps := out.ResourceProfiles().At(i).ScopeProfiles().At(0).Profiles()
		var g []got
		for j := 0; j < ps.Len(); j++ {
			pr := ps.At(j)
			x := got{typ: str(pr.SampleType().TypeStrindex()), unit: str(pr.SampleType().UnitStrindex()), period: pr.Period()}
			for k := 0; k < pr.Samples().Len(); k++ {
				x.values = append(x.values, pr.Samples().At(k).Values().AsRaw()...)
			}
			if pr.DurationNano() != uint64(time.Second) {
				t.Errorf("%s profile of %d ns", x.typ, pr.DurationNano())
			}
			g = append(g, x)
		}
		profs = append(profs, g)
	}
	want := [][]got{
		{{"cpu", "nanoseconds", 1000, []int64{2000}}, {"off_cpu", "nanoseconds", 0, []int64{7000}}},
		{{"off_cpu", "nanoseconds", 0, []int64{300}}},
	}
	if len(profs) != len(want) {
		t.Fatalf("profiles %+v, want %+v", profs, want)
	}
	for i := range want {
		if len(profs[i]) != len(want[i]) {
			t.Errorf("resource %d: %+v, want %+v", i, profs[i], want[i])
			continue
		}
		for j := range want[i] {
			g, w := profs[i][j], want[i][j]
			if g.typ != w.typ || g.unit != w.unit || g.period != w.period || len(g.values) != len(w.values) || g.values[0] != w.values[0] {
				t.Errorf("resource %d profile %d: %+v, want %+v", i, j, g, w)
			}
		}
	}
}
