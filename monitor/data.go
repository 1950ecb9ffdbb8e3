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
// they were found at), their counts, the processes and how they ended, the
// notes and the run's end.
func WriteData(w *datafile.Writer, res *Result, command []string) error {
	return NewDataWriter(w, command).Finish(res)
}

// DataWriter writes one counting run to a data file in steps: checkpoints
// of the counts while the target runs (Options.Checkpoint), so that a
// sonde killed by SIGKILL leaves the counts of its last checkpoint, and
// the whole result at the end. Counts are written as CountsTotal frames
// (see datafile's format): each replaces the run's previous one for the
// object, so checkpoints never add up. Not safe for concurrent use.
type DataWriter struct {
	w       *datafile.Writer
	command []string
	started bool
	hashes  []uint64 // the Units hash of each object written so far
}

// NewDataWriter returns a DataWriter of a run of command on w.
func NewDataWriter(w *datafile.Writer, command []string) *DataWriter {
	return &DataWriter{w: w, command: command}
}

// Checkpoint writes the counts of res so far: the Run frame the first
// time, the Mapping and Units frames of objects not written yet, and a
// CountsTotal frame per object, flushed to the file.
func (d *DataWriter) Checkpoint(res *Result) error {
	if err := d.counts(res); err != nil {
		return err
	}
	if err := d.w.Flush(); err != nil {
		return fmt.Errorf("write count run: %w", err)
	}
	return nil
}

func (d *DataWriter) counts(res *Result) error {
	w := d.w
	if !d.started {
		if _, err := w.WriteRun(datafile.RunHeader{Collector: "count", Command: d.command, Start: res.Start, CountTypes: CountTypes}); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
		d.started = true
	}
	for i := len(d.hashes); i < len(res.Objects); i++ {
		o := res.Objects[i]
		if err := w.WriteMapping(i, &profile.Mapping{Path: o.Path, BuildID: o.BuildID}); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
		var body []byte
		var hash uint64
		if i == 0 {
			// Encoded once, kept by the plan cache.
			body, hash = o.Body()
		} else if all := o.Units(); len(all) == o.NumUnits() {
			body = datafile.EncodeUnitsMapped(nil, all, int32(i))
			hash = datafile.BodyHash(body)
		}
		if body == nil {
			return fmt.Errorf("write count run: the units of %s in the plan cache do not decode (remove %s)", o.Path, o.EntryPath())
		}
		if err := w.WriteEncodedUnits(body, hash); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
		d.hashes = append(d.hashes, hash)
	}
	for i, o := range res.Objects {
		if err := w.WriteCountsTotal(d.hashes[i], o.NumUnits(), res.Counts[i]); err != nil {
			return fmt.Errorf("write count run: %w", err)
		}
	}
	return nil
}

// Finish writes the final counts of res, the processes and how they
// ended, the notes and the run's end.
func (d *DataWriter) Finish(res *Result) error {
	w := d.w
	if err := d.counts(res); err != nil {
		return err
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
		n += o.NumUnits()
	}
	return n
}
