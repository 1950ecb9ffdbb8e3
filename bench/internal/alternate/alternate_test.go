package alternate

import (
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		var ds []time.Duration
		for _, x := range v {
			ds = append(ds, time.Duration(x)*time.Millisecond)
		}
		return ds
	}
	// Expected values worked out by hand: sort, take index len/2.
	for _, tc := range []struct {
		name string
		in   []time.Duration
		want time.Duration
	}{
		{"one", ms(7), 7 * time.Millisecond},
		{"odd unsorted", ms(30, 10, 20), 20 * time.Millisecond},
		{"even takes upper", ms(40, 10, 30, 20), 30 * time.Millisecond},
		{"none", nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := append([]time.Duration(nil), tc.in...)
			if got := Median(tc.in); got != tc.want {
				t.Errorf("Median(%v) = %v, want %v", tc.in, got, tc.want)
			}
			for i := range before {
				if tc.in[i] != before[i] {
					t.Fatalf("Median reordered its argument: %v, was %v", tc.in, before)
				}
			}
		})
	}
}

func TestRatio(t *testing.T) {
	// Worked out by hand: per-round ratios 2, 0.5, 3 give 2; ratios 4, 1,
	// 1 give 1, although the ratio of the medians would be 4s/2s = 2.
	for _, tc := range []struct {
		name string
		a, b []time.Duration
		want float64
	}{
		{"per-round", []time.Duration{2e9, 1e9, 3e9}, []time.Duration{1e9, 2e9, 1e9}, 2},
		{"not ratio of medians", []time.Duration{4e9, 4e9, 2e9}, []time.Duration{1e9, 4e9, 2e9}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Ratio(&Build{CPU: tc.a}, &Build{CPU: tc.b}); got != tc.want {
				t.Errorf("Ratio = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name    string
		outputs []string
		wantErr string
	}{
		{"same output", []string{"x", "x"}, ""},
		{"different output", []string{"x", "y"}, "printed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Each build is "sh -c 'echo $OUT'": the arguments are shared,
			// so the output comes from the build's environment.
			var builds []*Build
			for _, o := range tc.outputs {
				builds = append(builds, &Build{Name: "echo " + o, Bin: "/bin/sh", Env: []string{"OUT=" + o}})
			}
			err := Run(2, t.TempDir(), []string{"-c", "echo $OUT"}, builds)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				for _, b := range builds {
					if len(b.CPU) != 2 {
						t.Errorf("%s: %d CPU times, want 2 (one a round)", b.Name, len(b.CPU))
					}
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("Run: %v, want an error containing %q", err, tc.wantErr)
			}
		})
	}
}
