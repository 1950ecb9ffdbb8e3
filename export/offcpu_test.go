package export

import (
	"bytes"
	"testing"

	"sonde/profile"
	"sonde/symbol"
)

type waitSym struct{}

func (waitSym) Frames(m *profile.Mapping, a profile.Addr) ([]symbol.Frame, error) {
	if m.Path == profile.WaitPath {
		return []symbol.Frame{{Func: profile.WaitName(a)}}, nil
	}
	return []symbol.Frame{{Func: map[profile.Addr]string{0x10: "spin", 0x20: "rest", 0x30: "main"}[a]}}, nil
}

// TestFoldedOffCPU: a profile with off-CPU time folds by wall time, so a
// 9 ms wait outweighs three 1 ms CPU samples, as the time says.
func TestFoldedOffCPU(t *testing.T) {
	p := &profile.Profile{
		SampleTypes: profile.OffCPUSampleTypes,
		Mappings:    []*profile.Mapping{{Path: "/bin/x"}, {Path: profile.WaitPath}},
	}
	cpu := profile.Sample{Stack: []profile.Location{{Mapping: 0, Addr: 0x10}, {Mapping: 0, Addr: 0x31}}, Values: []int64{1, 1000000, 0, 1000000}}
	for range 3 {
		p.Samples = append(p.Samples, cpu)
	}
	p.Samples = append(p.Samples, profile.Sample{Stack: []profile.Location{{Mapping: 1, Addr: 230}, {Mapping: 0, Addr: 0x21}, {Mapping: 0, Addr: 0x31}}, Values: []int64{1, 0, 9000000, 9000000}})
	var b bytes.Buffer
	if err := WriteFolded(&b, p, waitSym{}); err != nil {
		t.Fatal(err)
	}
	want := "main;rest;off-cpu:clock_nanosleep 9000000\nmain;spin 3000000\n"
	if got := b.String(); got != want {
		t.Errorf("folded:\n%s\nwant:\n%s", got, want)
	}
}
