package report

import (
	"regexp"
	"strings"
	"testing"

	"sonde/profile"
)

// TestFilter checks each filter on samplesProfile and linesProfile; the
// expected numbers of samples and units come from their comments in
// fake_test.go.
func TestFilter(t *testing.T) {
	re := regexp.MustCompile
	tests := []struct {
		name          string
		p             func() *profile.Profile
		f             Filter
		samples       int
		units         int
		firstFlatLine string // of the default view, "" to skip
	}{
		// stacks through dispatch_2: 4 at worker:22, 2 at worker:21; ± by
		// hand: 200*(4/6*2/6/6)**.5 = 38.49
		{"focus dispatch_2", samplesProfile, Filter{Focus: re("^dispatch_2$")}, 6, 0, " 66.7% ±38.5  /src/inline.c:22"},
		// inlined frames count: square is inlined into main
		{"focus inlined", samplesProfile, Filter{Focus: re("^square$")}, 4, 0, "100.0% ±0.0  /src/inline.c:7"},
		// ignore worker: 20 - 8
		{"ignore worker", samplesProfile, Filter{Ignore: re("^worker$")}, 12, 0, ""},
		{"focus and ignore", samplesProfile, Filter{Focus: re("^worker$"), Ignore: re("dispatch_1")}, 6, 0, ""},
		// leaves in libc: getc ×3
		{"object base name", samplesProfile, Filter{Objects: []string{"libc.so.6"}}, 3, 0, "100.0% ±0.0  libc.so.6:getc"},
		{"object path", samplesProfile, Filter{Objects: []string{fooPath, "[unmapped]"}}, 3, 0, ""},
		{"object no stack", samplesProfile, Filter{Objects: []string{"[kernel.kallsyms]"}}, 1, 0, ""},
		// every sample is pid 100, comm app
		{"comm app", samplesProfile, Filter{Comms: []string{"app"}}, 20, 0, ""},
		{"comm other", samplesProfile, Filter{Comms: []string{"sh"}}, 0, 0, ""},
		// units: worker's two lines; unused's two; the object filter keeps
		// libfoo's one
		{"units focus", linesProfile, Filter{Focus: re("worker")}, 0, 2, ""},
		{"units ignore", linesProfile, Filter{Ignore: re("worker|unused")}, 0, 3, ""},
		{"units object", linesProfile, Filter{Objects: []string{"libfoo.so"}}, 0, 1, ""},
		{"units comm keeps counts", linesProfile, Filter{Comms: []string{"nobody"}}, 0, 7, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.p()
			n0 := len(p.Samples)
			q, err := tt.f.Apply(p, newFake())
			if err != nil {
				t.Fatal(err)
			}
			if len(q.Samples) != tt.samples || len(q.Units) != tt.units {
				t.Errorf("kept %d samples, %d units; want %d, %d", len(q.Samples), len(q.Units), tt.samples, tt.units)
			}
			if len(p.Samples) != n0 {
				t.Errorf("Apply changed its input")
			}
			if tt.firstFlatLine != "" {
				var b strings.Builder
				if err := Write(&b, q, newFake(), &Options{View: ViewFlat}); err != nil {
					t.Fatal(err)
				}
				if lines := strings.Split(b.String(), "\n"); len(lines) < 2 || lines[1] != tt.firstFlatLine {
					t.Errorf("flat view:\n%s\nwant first row %q", b.String(), tt.firstFlatLine)
				}
			}
		})
	}
}

func TestFilterEmpty(t *testing.T) {
	p := samplesProfile()
	q, err := (&Filter{}).Apply(p, newFake())
	if err != nil || q != p {
		t.Errorf("empty filter: %v, copied=%v", err, q != p)
	}
	p.Samples[0].Stack[0].Mapping = 9
	if _, err := (&Filter{Focus: regexp.MustCompile("x")}).Apply(p, newFake()); err == nil || !strings.Contains(err.Error(), "refers to mapping 9") {
		t.Errorf("error = %v", err)
	}
}
