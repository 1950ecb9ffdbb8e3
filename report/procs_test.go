package report

import (
	"strings"
	"testing"

	"sonde/profile"
)

// TestFlatByProcess: --flat --by process, comm and cgroup share the
// sample values of each group; a sample of a process the profile does not
// describe is named with "?". The ± is 2·sqrt(p(1-p)/N) of N = 8 samples.
func TestFlatByProcess(t *testing.T) {
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Processes: []profile.Process{
			{PID: 1, Comm: "a", Cgroup: "/x"},
			{PID: 2, Comm: "a", Cgroup: "/y"},
			{PID: 3, Comm: "b", Cgroup: "/x"},
		},
	}
	for pid, n := range map[int32]int{1: 2, 2: 1, 3: 1, 4: 4} {
		for i := 0; i < n; i++ {
			p.Samples = append(p.Samples, profile.Sample{PID: pid, Values: []int64{1, 10}})
		}
	}
	tests := []struct {
		by   By
		want []string
	}{
		{ByProcess, []string{"50.0% ±35.4  pid 4 (?)", "25.0% ±30.6  pid 1 (a)", "12.5% ±23.4  pid 2 (a)", "12.5% ±23.4  pid 3 (a)"}},
		{ByComm, []string{"50.0% ±35.4  comm ?", "37.5% ±34.2  comm a", "12.5% ±23.4  comm b"}},
		{ByCgroup, []string{"50.0% ±35.4  cgroup ?", "37.5% ±34.2  cgroup /x", "12.5% ±23.4  cgroup /y"}},
	}
	p.Processes[2].Comm = "b"
	tests[0].want[3] = "12.5% ±23.4  pid 3 (b)"
	for _, tt := range tests {
		t.Run(tt.by.String(), func(t *testing.T) {
			var b strings.Builder
			if err := processSamples(&b, p, tt.by, 0); err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimSpace(b.String()), "\n")
			for i := range got {
				got[i] = strings.TrimSpace(got[i])
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
