package report

import (
	"strings"
	"testing"

	"sonde/profile"
)

// TestFlatByContainer: --flat --by container groups TestFlatByProcess's
// samples by the container their process's cgroup names (the id
// profile.ContainerID takes from it, which the agent sends as
// container.id): two docker containers (the systemd driver's scope and
// the cgroupfs driver's path), a process on the host ("no container") and
// one the profile does not describe ("?"). The ± is 2·sqrt(p(1-p)/N) of
// N = 8 samples.
func TestFlatByContainer(t *testing.T) {
	const a = "3f4e2b9c1d0a8e7f6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a"
	const b = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Processes: []profile.Process{
			{PID: 1, Comm: "a", Cgroup: "/system.slice/docker-" + a + ".scope"},
			{PID: 2, Comm: "a", Cgroup: "/docker/" + b},
			{PID: 3, Comm: "b", Cgroup: "/system.slice/docker-" + a + ".scope"},
			{PID: 5, Comm: "c", Cgroup: "/system.slice/cron.service"},
		},
	}
	for pid, n := range map[int32]int{1: 2, 2: 1, 3: 1, 4: 3, 5: 1} {
		for i := 0; i < n; i++ {
			p.Samples = append(p.Samples, profile.Sample{PID: pid, Values: []int64{1, 10}})
		}
	}
	want := []string{
		"37.5% ±34.2  container " + a,
		"37.5% ±34.2  container ?",
		"12.5% ±23.4  container " + b,
		"12.5% ±23.4  no container",
	}
	var sb strings.Builder
	if err := processSamples(&sb, p, ByContainer, 0); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(sb.String()), "\n")
	for i := range got {
		got[i] = strings.TrimSpace(got[i])
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if by, err := ParseBy("containers"); err != nil || by != ByContainer {
		t.Errorf("ParseBy(containers) = %v, %v", by, err)
	}
}
