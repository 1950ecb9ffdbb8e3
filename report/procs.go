package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"sonde/profile"
)

// The flat view by process, command name, cgroup or container (sonde
// record -a): the share of the sample value of each, largest first, with
// the same ± as the other flat levels:
//
//	 66.0% ±0.9  pid 4242 (hier-test)
//	 30.1% ±0.9  comm cc1
//	  3.9% ±0.4  cgroup /system.slice/cron.service
//	  2.0% ±0.3  container 3f4e2b9c…(64 hex digits)

// ofProcess reports whether by groups samples by their process.
func (by By) ofProcess() bool {
	return by == ByProcess || by == ByComm || by == ByCgroup || by == ByContainer
}

// processSamples prints the flat view of p at a process level.
func processSamples(b *strings.Builder, p *profile.Profile, by By, top int) error {
	procs := make(map[int32]*profile.Process, len(p.Processes))
	for i := range p.Processes {
		procs[p.Processes[i].PID] = &p.Processes[i]
	}
	type row struct {
		name     string
		v, count int64
	}
	rows := make(map[string]*row)
	var total, n int64
	for i := range p.Samples {
		v, err := sampleValue(p, i)
		if err != nil {
			return err
		}
		c := sampleCount(p, i)
		total += v
		n += c
		name := processName(procs[p.Samples[i].PID], p.Samples[i].PID, by)
		r := rows[name]
		if r == nil {
			r = &row{name: name}
			rows[name] = r
		}
		r.v += v
		r.count += c
	}
	list := make([]*row, 0, len(rows))
	for _, r := range rows {
		list = append(list, r)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].v != list[j].v {
			return list[i].v > list[j].v
		}
		return list[i].name < list[j].name
	})
	shown := list
	if top > 0 && len(shown) > top {
		shown = shown[:top]
	}
	for _, r := range shown {
		f := frac(r.count, n)
		pm := 200 * math.Sqrt(f*(1-f)/float64(max(n, 1)))
		fmt.Fprintf(b, "%5.1f%% ±%.1f  %s\n", percent(r.v, total), pm, r.name)
	}
	if len(shown) < len(list) {
		fmt.Fprintf(b, "(%d of %d rows shown)\n", len(shown), len(list))
	}
	return nil
}

// processName names the group of a sample of process pid (pr nil when the
// profile does not describe it).
func processName(pr *profile.Process, pid int32, by By) string {
	comm, cgroup := "?", "?"
	if pr != nil {
		if pr.Comm != "" {
			comm = pr.Comm
		}
		if pr.Cgroup != "" {
			cgroup = pr.Cgroup
		}
	}
	switch by {
	case ByComm:
		return "comm " + comm
	case ByCgroup:
		return "cgroup " + cgroup
	case ByContainer:
		if cgroup == "?" {
			return "container ?"
		}
		if id := profile.ContainerID(cgroup); id != "" {
			return "container " + id
		}
		return "no container"
	}
	return fmt.Sprintf("pid %d (%s)", pid, comm)
}
