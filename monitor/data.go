package monitor

import (
	"fmt"

	"sonde/profile"
	"sonde/profile/datafile"
)

// CountTypes are the count columns of a sonde count run: executions.
var CountTypes = []profile.ValueType{{Type: "count", Unit: "count"}}

// WriteData writes res as one run of collector "count" to w: the Run
// frame, one Mapping per object, its Units (the static universe, zero
// counts included, with their link-time addresses and the DWARF position
// they were found at), their Counts, the processes and how they ended, the
// notes and the run's end.
func WriteData(w *datafile.Writer, res *Result, command []string) error {
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "count", Command: command, Start: res.Start, CountTypes: CountTypes}); err != nil {
		return fmt.Errorf("write count run: %w", err)
	}
	for i, o := range res.Objects {
		if err := w.WriteMapping(i, &profile.Mapping{Path: o.Path, BuildID: o.BuildID}); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
	}
	for i, o := range res.Objects {
		var hash uint64
		if body, h := o.encoded(i); body != nil {
			// Encoded once, kept by the plan cache.
			hash = h
			if err := w.WriteEncodedUnits(body, hash); err != nil {
				return fmt.Errorf("write count run: %w", err)
			}
		} else {
			all := o.Units()
			if len(all) != o.nunits {
				return fmt.Errorf("write count run: the units of %s in the plan cache do not decode (remove %s)", o.Path, o.cache.path())
			}
			body := datafile.EncodeUnitsMapped(nil, all, int32(i))
			hash = datafile.BodyHash(body)
			if err := w.WriteEncodedUnits(body, hash); err != nil {
				return fmt.Errorf("write count run: %w", err)
			}
		}
		if err := w.WriteCounts(hash, o.nunits, res.Counts[i]); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
	}
	for _, p := range res.Processes {
		if err := w.WriteProcess(p); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
		if p.Ended != "" {
			if err := w.WriteProcessEnd(p.PID, p.Ended); err != nil {
				return fmt.Errorf("write count run: %w", err)
			}
		}
	}
	notes := append([]string{fmt.Sprintf("sonde count: %d units at %d sites, %s engine; target %s", nunits(res), res.Sites, res.Engine, res.Ended)}, res.Notes...)
	for _, n := range notes {
		if err := w.WriteNote(n); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
	}
	if err := w.WriteRunEnd(res.End); err != nil {
		return fmt.Errorf("write count run: %w", err)
	}
	return nil
}

func nunits(res *Result) int {
	n := 0
	for _, o := range res.Objects {
		n += o.nunits
	}
	return n
}
