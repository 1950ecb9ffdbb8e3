package export

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"sonde/profile"
)

// TestJSON decodes the JSON export with encoding/json into a generic value
// and checks it against sampleProfile's construction and appFrames.
func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, sampleProfile(), appFrames); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Format      string                        `json:"format"`
		Version     int                           `json:"version"`
		SampleTypes []struct{ Type, Unit string } `json:"sample_types"`
		Period      int64                         `json:"period"`
		Mappings    []struct {
			Path, BuildID, Start, Bias string
		}
		Locations []struct {
			Mapping      int32
			Addr, Lookup string
			Frames       []struct {
				Func, Name, File string
				Line             int
				Inlined          bool
			}
		}
		Samples []struct {
			Stack  []int
			Values []int64
			PID    int32
		}
		Processes []struct{ Comm string }
		Runs      []struct {
			Collector, Start, End string
			Notes                 []string
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b.Bytes()))
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("decode: %v\n%s", err, b.String())
	}
	if got.Format != "sonde-profile" || got.Version != JSONVersion || got.Period != 1001001 || len(got.SampleTypes) != 2 {
		t.Errorf("header = %q %d %d %v", got.Format, got.Version, got.Period, got.SampleTypes)
	}
	if len(got.Mappings) != 3 || got.Mappings[0].Start != "0x555555555000" || got.Mappings[0].Bias != "0x555555554000" {
		t.Errorf("mappings = %+v", got.Mappings)
	}
	if len(got.Samples) != 6 {
		t.Fatalf("%d samples, want 6", len(got.Samples))
	}
	// sample 0: worker 0x1150 called from 0x1185, looked up at 0x1184
	s0 := got.Samples[0]
	if len(s0.Stack) != 2 || s0.Values[1] != 3003003 || s0.PID != 10 {
		t.Fatalf("sample 0 = %+v", s0)
	}
	leaf, caller := got.Locations[s0.Stack[0]], got.Locations[s0.Stack[1]]
	if leaf.Addr != "0x1150" || leaf.Lookup != "0x1150" || leaf.Frames[0].Func != "worker" || leaf.Frames[0].Line != 22 {
		t.Errorf("leaf = %+v", leaf)
	}
	if caller.Addr != "0x1185" || caller.Lookup != "0x1184" || caller.Frames[0].Func != "dispatch_2" {
		t.Errorf("caller = %+v", caller)
	}
	// sample 1: three inline frames, the middle one mangled
	in := got.Locations[got.Samples[1].Stack[0]].Frames
	if len(in) != 3 || in[1].Func != "_ZN2ns3sumEi" || in[1].Name != "ns::sum(int)" || !in[0].Inlined || in[2].Inlined {
		t.Errorf("inline frames = %+v", in)
	}
	// the unmapped sample keeps its address, with no frames
	un := got.Locations[got.Samples[5].Stack[0]]
	if un.Mapping != profile.NoMapping || un.Addr != "0xdead" || len(un.Frames) != 0 {
		t.Errorf("unmapped = %+v", un)
	}
	if len(got.Runs) != 1 || got.Runs[0].Start != "2026-11-22T11:00:00Z" || got.Runs[0].End != "2026-11-22T11:00:02Z" || got.Runs[0].Notes[0] != "a note" {
		t.Errorf("runs = %+v", got.Runs)
	}
	if len(got.Processes) != 4 {
		t.Errorf("processes = %+v", got.Processes)
	}
}

func TestJSONUnits(t *testing.T) {
	p := &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Mappings:   []*profile.Mapping{{Path: "/bin/app"}},
		Units: []profile.Unit{
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x1150}, Counts: []uint64{1 << 60}},
			{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "lib.c", Index: 2, Func: "helper", File: "/src/lib.c", Line: 3, Instrs: 4, Counts: []uint64{5}},
		},
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, p, appFrames); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Units []struct {
			Kind     string
			Location int
			Scope    string
			Index    int
			Instrs   int
			Counts   []uint64
		}
		Locations []struct{ Addr string }
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Units) != 2 || got.Units[0].Kind != "line" || got.Units[0].Counts[0] != 1<<60 || got.Locations[got.Units[0].Location].Addr != "0x1150" {
		t.Errorf("unit 0 = %+v", got.Units)
	}
	if u := got.Units[1]; u.Kind != "block" || u.Location != -1 || u.Scope != "lib.c" || u.Index != 2 || u.Instrs != 4 {
		t.Errorf("unit 1 = %+v", u)
	}
}

func TestJSONErrors(t *testing.T) {
	p := sampleProfile()
	p.Samples[2].Stack[1].Mapping = 5
	if err := WriteJSON(&bytes.Buffer{}, p, appFrames); err == nil || !strings.Contains(err.Error(), "json export: location 0x1185 refers to mapping 5 of 3") {
		t.Errorf("error = %v", err)
	}
}
