package profile

import (
	"strings"
	"testing"
	"time"
)

func TestCheckValid(t *testing.T) {
	valid := func() *Profile {
		return &Profile{
			SampleTypes: cpuTypes,
			CountTypes:  []ValueType{{"count", "count"}},
			Mappings:    []*Mapping{{Path: "/bin/a"}},
			Samples:     []Sample{{Stack: []Location{{Mapping: 0, Addr: 1}, {Mapping: NoMapping, Addr: 2}}, Values: []int64{1, 2}}},
			Units:       []Unit{{Kind: UnitBlock, Loc: Location{Mapping: NoMapping}, Counts: []uint64{3}}},
			Runs:        []Run{{ID: 1, Start: time.Unix(10, 0), End: time.Unix(11, 0)}},
			Processes:   []Process{{RunID: 1, PID: 5}},
		}
	}
	tests := []struct {
		name    string
		break_  func(p *Profile)
		wantErr string // "" for valid
	}{
		{"valid", func(p *Profile) {}, ""},
		{"empty", func(p *Profile) { *p = Profile{} }, ""},
		{"nil mapping", func(p *Profile) { p.Mappings[0] = nil }, "mapping 0 is nil"},
		{"mapping index", func(p *Profile) { p.Samples[0].Stack[1].Mapping = 1 }, "sample 0 frame 1: mapping index 1 out of range [0,1)"},
		{"negative index", func(p *Profile) { p.Samples[0].Stack[0].Mapping = -2 }, "mapping index -2 out of range"},
		{"values", func(p *Profile) { p.Samples[0].Values = p.Samples[0].Values[:1] }, "sample 0 has 1 values, want 2"},
		{"counts", func(p *Profile) { p.Units[0].Counts = nil }, "unit 0 has 0 counts, want 1"},
		{"unit kind", func(p *Profile) { p.Units[0].Kind = 9 }, "unit 0 has unknown kind 9"},
		{"unit mapping", func(p *Profile) { p.Units[0].Loc.Mapping = 4 }, "unit 0: mapping index 4 out of range"},
		{"negative line", func(p *Profile) { p.Units[0].Line = -1 }, "unit 0 has a negative line"},
		{"duplicate run", func(p *Profile) { p.Runs = append(p.Runs, Run{ID: 1}) }, "run 1: duplicate run ID 0x1"},
		{"run ends early", func(p *Profile) { p.Runs[0].End = time.Unix(9, 0) }, "run 0x1 ends before it starts"},
		{"process of no run", func(p *Profile) { p.Processes[0].RunID = 2 }, "belongs to run 0x2"},
		{"process twice", func(p *Profile) { p.Processes = append(p.Processes, Process{RunID: 1, PID: 5}) }, "pid 5 listed twice"},
		{"negative period", func(p *Profile) { p.Period = -1 }, "negative period"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := valid()
			tt.break_(p)
			err := p.CheckValid()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("CheckValid = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), "invalid profile: ") || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("CheckValid = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
	if err := (*Profile)(nil).CheckValid(); err == nil {
		t.Error("nil profile is valid")
	}
}
