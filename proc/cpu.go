package proc

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ParseCPUList parses a kernel CPU list ("0-3,8,10-11").
func ParseCPUList(s string) ([]int, error) {
	var cpus []int
	for _, part := range strings.Split(strings.TrimSpace(s), ",") {
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return nil, fmt.Errorf("parse CPU list %q: bad CPU %q", s, lo)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a || b-a > 1<<16 {
				return nil, fmt.Errorf("parse CPU list %q: bad range %q", s, part)
			}
		}
		for c := a; c <= b; c++ {
			cpus = append(cpus, c)
		}
	}
	if len(cpus) == 0 {
		return nil, fmt.Errorf("parse CPU list %q: no CPUs", s)
	}
	return cpus, nil
}

// OnlineCPUs returns the CPUs that are online
// (/sys/devices/system/cpu/online).
func OnlineCPUs() ([]int, error) {
	data, err := os.ReadFile("/sys/devices/system/cpu/online")
	if err != nil {
		return nil, fmt.Errorf("read online CPUs: %w", err)
	}
	return ParseCPUList(string(data))
}
