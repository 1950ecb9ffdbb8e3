package cli

import (
	"fmt"
	"strconv"
	"strings"

	"sonde/profile"
)

// parsePIDs parses "12,34".
func parsePIDs(s string) (map[int32]bool, error) {
	keep := make(map[int32]bool)
	for _, f := range strings.Split(s, ",") {
		pid, err := strconv.ParseInt(strings.TrimSpace(f), 10, 32)
		if err != nil || pid <= 0 {
			return nil, fmt.Errorf("%q is not a process id", f)
		}
		keep[int32(pid)] = true
	}
	return keep, nil
}

// selectPIDs returns p with only the samples of the processes keep (in
// any run) and those processes; counts are kept whole.
func selectPIDs(p *profile.Profile, keep map[int32]bool) *profile.Profile {
	q := *p
	q.Samples = nil
	for _, s := range p.Samples {
		if keep[s.PID] {
			q.Samples = append(q.Samples, s)
		}
	}
	q.Processes = nil
	for _, pr := range p.Processes {
		if keep[pr.PID] {
			q.Processes = append(q.Processes, pr)
		}
	}
	return &q
}
