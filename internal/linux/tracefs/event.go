package tracefs

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// EventID returns the id of the trace event system:name ("sched",
// "sched_switch"): the perf_event_attr.config of a PERF_TYPE_TRACEPOINT
// event (Documentation/trace/events.rst, "events/SYSTEM/EVENT/id"). It
// mounts tracefs where nobody did (Dir), which needs root.
func EventID(system, name string) (uint64, error) {
	d, err := Dir()
	if err != nil {
		return 0, err
	}
	return eventID(d, system, name)
}

// eventID reads the id of system:name under the tracefs directory dir.
func eventID(dir, system, name string) (uint64, error) {
	p := filepath.Join(dir, "events", system, name, "id")
	data, err := os.ReadFile(p)
	if err != nil {
		return 0, fmt.Errorf("trace event %s:%s: %w", system, name, err)
	}
	id, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("trace event %s:%s: %s: not a number: %q", system, name, p, strings.TrimSpace(string(data)))
	}
	return id, nil
}
