package export

import (
	"bytes"
	"encoding/json"
	"testing"

	"sonde/profile"
)

// ssRead decodes a speedscope file and checks the invariants speedscope's
// importer relies on (file-format-spec.ts): frame indexes in range, one
// weight per sample, endValue - startValue = the sum of the weights.
func ssRead(t *testing.T, data []byte) ssFile {
	t.Helper()
	var f ssFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if f.Schema != speedscopeSchema {
		t.Errorf("$schema = %q", f.Schema)
	}
	for _, p := range f.Profiles {
		if p.Type != "sampled" || len(p.Samples) != len(p.Weights) {
			t.Errorf("profile %q: type %q, %d samples, %d weights", p.Name, p.Type, len(p.Samples), len(p.Weights))
		}
		var sum int64
		for i, s := range p.Samples {
			for _, fi := range s {
				if fi < 0 || fi >= len(f.Shared.Frames) {
					t.Errorf("profile %q sample %d: frame %d of %d", p.Name, i, fi, len(f.Shared.Frames))
				}
			}
			sum += p.Weights[i]
		}
		if p.EndValue-p.StartValue != sum {
			t.Errorf("profile %q: end-start %d, weights sum to %d", p.Name, p.EndValue-p.StartValue, sum)
		}
	}
	return f
}

// TestSpeedscope checks the export of sampleProfile against its
// construction: three processes, tids pid+1, cpu nanoseconds as weights.
func TestSpeedscope(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSpeedscope(&b, sampleProfile(), appFrames); err != nil {
		t.Fatal(err)
	}
	f := ssRead(t, b.Bytes())
	names := []string{"app (pid 10 tid 11)", "app (pid 11 tid 12)", "pid 12 tid 13"}
	if len(f.Profiles) != len(names) {
		t.Fatalf("%d profiles, want %d", len(f.Profiles), len(names))
	}
	for i, n := range names {
		if f.Profiles[i].Name != n || f.Profiles[i].Unit != "nanoseconds" {
			t.Errorf("profile %d = %q %q, want %q nanoseconds", i, f.Profiles[i].Name, f.Profiles[i].Unit, n)
		}
	}
	// thread 10/11: worker via dispatch_2 (3003003 ns), then the inlined
	// square in main (1001001 ns), stacks root first
	p0 := f.Profiles[0]
	stackNames := func(s []int) []string {
		var out []string
		for _, i := range s {
			out = append(out, f.Shared.Frames[i].Name)
		}
		return out
	}
	if got := stackNames(p0.Samples[0]); len(got) != 2 || got[0] != "dispatch_2" || got[1] != "worker" || p0.Weights[0] != 3003003 {
		t.Errorf("sample 0 = %v %d", got, p0.Weights[0])
	}
	if got := stackNames(p0.Samples[1]); len(got) != 3 || got[0] != "main" || got[2] != "square" || p0.Weights[1] != 1001001 {
		t.Errorf("sample 1 = %v %d", got, p0.Weights[1])
	}
	if p0.EndValue != 4004004 {
		t.Errorf("endValue = %d", p0.EndValue)
	}
}

func TestSpeedscopeCounts(t *testing.T) {
	p := &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Mappings:   []*profile.Mapping{{Path: "/bin/app"}},
		Units: []profile.Unit{
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x1150}, Counts: []uint64{3000}},
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x1300}, Counts: []uint64{0}},
		},
	}
	var b bytes.Buffer
	if err := WriteSpeedscope(&b, p, appFrames); err != nil {
		t.Fatal(err)
	}
	f := ssRead(t, b.Bytes())
	if len(f.Profiles) != 1 || f.Profiles[0].Name != "counts" || f.Profiles[0].Unit != "none" || f.Profiles[0].EndValue != 3000 || len(f.Profiles[0].Samples) != 1 {
		t.Errorf("profiles = %+v", f.Profiles)
	}
}
