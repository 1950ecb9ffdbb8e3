package otlp

import (
	"testing"
	"time"

	"sonde/profile"
	"sonde/symbol"
)

// fakeSym answers from a table keyed by address.
type fakeSym map[profile.Addr][]symbol.Frame

func (f fakeSym) Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error) {
	return f[addr], nil
}

// TestBuild: the layout the protocol asks for (entry 0 of every table the
// zero value), one resource per process with its attributes, samples
// aggregated by stack, callers' addresses moved back into the call, inline
// frames innermost first.
func TestBuild(t *testing.T) {
	id := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Period:      1000,
		Mappings:    []*profile.Mapping{{Path: "/bin/a", BuildID: "beef", Start: 0x1000, Limit: 0x2000, Bias: 0x1000}},
		Processes: []profile.Process{
			{PID: 7, Comm: "a", Exe: "/bin/a", Cgroup: "/system.slice/docker-" + id + ".scope"},
			{PID: 3, Comm: "a", Exe: "/bin/a"},
		},
		Samples: []profile.Sample{
			{PID: 7, Values: []int64{1, 1000}, Stack: []profile.Location{{Mapping: 0, Addr: 0x10}, {Mapping: 0, Addr: 0x21}}},
			{PID: 7, Values: []int64{1, 1500}, Stack: []profile.Location{{Mapping: 0, Addr: 0x10}, {Mapping: 0, Addr: 0x21}}},
			{PID: 3, Values: []int64{1, 700}, Stack: []profile.Location{{Mapping: profile.NoMapping, Addr: 0xdead}}},
		},
	}
	sym := fakeSym{
		0x10: {{Func: "sq", File: "a.c", Line: 3, Inlined: true}, {Func: "sum", File: "a.c", Line: 9}},
		0x20: {{Func: "main", File: "a.c", Line: 14}},
	}
	start := time.Unix(100, 0)
	out, err := Build(p, sym, &Options{Host: "h", Start: start, End: start.Add(time.Second), ScopeVersion: "v"})
	if err != nil {
		t.Fatal(err)
	}
	d := out.Dictionary()
	if d.StringTable().At(0) != "" || d.MappingTable().At(0).FilenameStrindex() != 0 || d.LocationTable().At(0).Lines().Len() != 0 ||
		d.FunctionTable().At(0).NameStrindex() != 0 || d.StackTable().At(0).LocationIndices().Len() != 0 || d.AttributeTable().At(0).KeyStrindex() != 0 {
		t.Error("entry 0 of a table is not the zero value")
	}
	str := func(i int32) string { return d.StringTable().At(int(i)) }
	if n := out.ResourceProfiles().Len(); n != 2 {
		t.Fatalf("%d resources, want 2", n)
	}
	// pid order: 3 then 7.
	r7 := out.ResourceProfiles().At(1)
	attrs := r7.Resource().Attributes().AsRaw()
	want := map[string]any{"host.name": "h", "process.pid": int64(7), "process.executable.path": "/bin/a", "process.executable.name": "a",
		"process.executable.build_id.gnu": "beef", "process.linux.cgroup": "/system.slice/docker-" + id + ".scope", "container.id": id}
	for k, v := range want {
		if attrs[k] != v {
			t.Errorf("attribute %s = %v, want %v", k, attrs[k], v)
		}
	}
	prof := r7.ScopeProfiles().At(0).Profiles().At(0)
	if str(prof.SampleType().TypeStrindex()) != "cpu" || prof.Period() != 1000 || !prof.Time().AsTime().Equal(start) || prof.DurationNano() != uint64(time.Second) {
		t.Errorf("profile header: %s period %d time %v duration %d", str(prof.SampleType().TypeStrindex()), prof.Period(), prof.Time().AsTime(), prof.DurationNano())
	}
	if prof.Samples().Len() != 1 || prof.Samples().At(0).Values().At(0) != 2500 {
		t.Fatalf("want one sample of 2500 ns, got %d samples", prof.Samples().Len())
	}
	st := d.StackTable().At(int(prof.Samples().At(0).StackIndex()))
	leaf := d.LocationTable().At(int(st.LocationIndices().At(0)))
	caller := d.LocationTable().At(int(st.LocationIndices().At(1)))
	if leaf.Address() != 0x10 || caller.Address() != 0x20 {
		t.Errorf("addresses %#x %#x, want 0x10 and 0x20 (the return address 0x21 minus one)", leaf.Address(), caller.Address())
	}
	if leaf.Lines().Len() != 2 || str(d.FunctionTable().At(int(leaf.Lines().At(0).FunctionIndex())).NameStrindex()) != "sq" || leaf.Lines().At(1).Line() != 9 {
		t.Errorf("leaf lines are not sq (inlined) then sum:9")
	}
	m := d.MappingTable().At(int(leaf.MappingIndex()))
	if str(m.FilenameStrindex()) != "/bin/a" || m.MemoryStart() != 0 || m.MemoryLimit() != 0x1000 || m.AttributeIndices().Len() != 1 {
		t.Errorf("mapping %s [%#x, %#x) with %d attributes", str(m.FilenameStrindex()), m.MemoryStart(), m.MemoryLimit(), m.AttributeIndices().Len())
	}
}

// TestBuildNeedsCPU: a profile without CPU time (counts) is refused.
func TestBuildNeedsCPU(t *testing.T) {
	p := &profile.Profile{SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}}}
	if _, err := Build(p, nil, &Options{}); err == nil {
		t.Error("no error")
	}
}
