package datafile

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"sonde/profile"
)

// testInterp are Python locations as the sampler interns them.
var testInterp = []profile.InterpFrame{
	{ID: profile.InterpID("a", "/t/app.py", 12), Func: "a", File: "/t/app.py", Line: 12},
	{ID: profile.InterpID("JSONEncoder.encode", "/py/json/encoder.py", 199), Func: "JSONEncoder.encode", File: "/py/json/encoder.py", Line: 199},
	{ID: profile.InterpID(profile.InterpUnreadable, "", 0), Func: profile.InterpUnreadable},
}

// writeInterpFile writes a sampling run with a "[python]" mapping, a
// sample through two Python frames, and Interp frames for frames (each
// twice, as two runs of a sampler that met them twice would).
func writeInterpFile(t testing.TB, id uint64, frames []profile.InterpFrame) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "interp.data")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	r := recordRun(id)
	r.mappings = append(r.mappings, profile.Mapping{Path: profile.InterpPath})
	py := int32(len(r.mappings) - 1)
	r.samples = []profile.Sample{{
		Stack:  []profile.Location{{Mapping: 0, Addr: 0x401000}, {Mapping: py, Addr: frames[0].ID}, {Mapping: py, Addr: frames[1].ID}, {Mapping: 0, Addr: 0x400800}},
		Values: []int64{1, 1001001}, PID: 100, TID: 100, Time: t0.UnixNano(),
	}}
	r.write(t, w)
	for range 2 {
		if err := w.WriteInterp(frames); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInterpFrames: Interp frames come back as Profile.Interp, one per
// ID, in one file and across files merged, and samples keep their Python
// locations.
func TestInterpFrames(t *testing.T) {
	a := writeInterpFile(t, 0x9999, testInterp)
	b := writeInterpFile(t, 0xaaaa, testInterp[1:])
	for _, tt := range []struct {
		name  string
		files []string
		want  []profile.InterpFrame
	}{
		{"one", []string{a}, testInterp},
		{"merged", []string{b, a}, append(append([]profile.InterpFrame(nil), testInterp[1:]...), testInterp[0])},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := ReadFiles(tt.files)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(p.Interp, tt.want) {
				t.Errorf("Interp = %+v\nwant %+v", p.Interp, tt.want)
			}
			s := p.Samples[0].Stack[1]
			if m := p.Mappings[s.Mapping]; m.Path != profile.InterpPath {
				t.Errorf("python frame in mapping %q", m.Path)
			}
			if err := p.CheckValid(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestInterpTruncated: an Interp frame cut short is skipped with the
// rest of the file kept.
func TestInterpTruncated(t *testing.T) {
	path := writeInterpFile(t, 0xbbbb, testInterp)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data[:len(data)-5], 0o644); err != nil {
		t.Fatal(err)
	}
	p, _, err := ReadFiles([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Samples) != 1 || !reflect.DeepEqual(p.Interp, testInterp) {
		t.Errorf("cut file: %d samples, Interp %+v", len(p.Samples), p.Interp)
	}
}
