// Package counting holds what one counting run of sonde count shares
// between monitor's driver and its two engines: the run's Options, the
// Result its engines fill (objects, counts per unit, processes, notes),
// and the Placed objects (an object's plan with where a process maps
// it) that an engine plants probes in.
package counting

import (
	"io"
	"log"
	"os/exec"
	"syscall"
	"time"

	"sonde/monitor/plancache"
	"sonde/monitor/units"
	"sonde/proc"
	"sonde/profile"
)

// Options says what monitor.Count counts and how.
type Options struct {
	// Units is the kind of unit: profile.UnitLine (the default when 0),
	// UnitFunction or UnitBlock.
	Units profile.UnitKind
	// Only restricts the units (see units.Selector).
	Only []units.Spec
	// Coverage plants one-shot breakpoints: each unit counts 1 at its first
	// run and costs nothing after.
	Coverage bool
	// Engine chooses the engine.
	Engine EngineKind
	// NoTrampolines keeps the ptrace engine on int3 breakpoints at every
	// site (a trap per hit) instead of jumps to counting trampolines.
	NoTrampolines bool
	// Cmd is the command to start and count; nil when PID is set.
	Cmd *exec.Cmd
	// PID is a running process to attach to (all its threads), counted
	// until monitor.Count's context is done, then detached with every original
	// byte restored.
	PID int
	// CloseHelper, when set, is the command line of a helper that closes
	// the uprobe counters after the run in the background (see
	// monitor.CloseInherited): "sonde count --internal-close-uprobes". nil closes
	// them before monitor.Count returns, about 85 ms a probe.
	CloseHelper []string
	// Uprobes chooses how the uprobe engine plants its probes (BPF or
	// perf counters); the zero value takes BPF where the kernel allows.
	Uprobes UprobeMechanism
	// PlanCache is the directory of the plan cache (package plancache):
	// the units, sites and trampolines of each object file, kept between
	// runs; "" plans every object afresh.
	PlanCache string
	// Notice receives one-line notices (the auto engine's fallback); nil
	// discards them.
	Notice io.Writer
	// Debug receives timings for sonde's developers (SONDE_DEBUG: how long
	// the uprobes took to open and to close); nil discards them. Nothing
	// in monitor writes to stderr itself.
	Debug *log.Logger
	// Checkpoint, when set, is called about every CheckpointEvery while
	// the target runs, from the counting goroutine, with a copy of the
	// result so far (objects, counts): monitor.DataWriter.Checkpoint writes it, so
	// that a sonde killed by SIGKILL leaves the counts up to a fraction of
	// a second before. The copy's Counts are its own.
	Checkpoint func(*Result)
}

// CheckpointEvery is how often Options.Checkpoint is called, as sonde
// record flushes its samples.
const CheckpointEvery = 100 * time.Millisecond

// Snapshot returns a copy of res whose Counts are its own, with extra
// (when not nil) adding what is counted elsewhere (counters in memory,
// uprobes).
func (res *Result) Snapshot(extra func(*Result) error) *Result {
	c := *res
	c.Objects = append([]*plancache.Object(nil), res.Objects...)
	c.Counts = make([][]uint64, len(res.Counts))
	for i, v := range res.Counts {
		c.Counts[i] = append([]uint64(nil), v...)
	}
	c.Notes = nil
	c.Processes = nil
	if extra != nil {
		extra(&c)
	}
	return &c
}

// UnitKind returns the kind of unit counted: Units, or lines when it is 0.
func (o *Options) UnitKind() profile.UnitKind {
	if o.Units == 0 {
		return profile.UnitLine
	}
	return o.Units
}

// NewResult returns the result of a run with opts, starting now.
func NewResult(opts *Options) *Result {
	return &Result{Start: time.Now(), coverage: opts.Coverage}
}

// AddOnDisk adds o, probed on disk and mapped by no process at the
// start, to the objects UnusedOnDisk reads.
func (res *Result) AddOnDisk(o *plancache.Object) {
	if res.onDisk == nil {
		res.onDisk = map[*plancache.Object]bool{}
	}
	res.onDisk[o] = true
}

// Result is what a counting run found.
type Result struct {
	// Engine is the engine that counted.
	Engine EngineKind
	// Uprobes is the mechanism that counted with the uprobe engine.
	Uprobes UprobeMechanism
	// Objects are the objects whose units were probed.
	Objects []*plancache.Object
	// Counts holds, per object, one count per unit of Object.Units.
	Counts [][]uint64
	// Processes are the processes seen, with how each ended.
	Processes []profile.Process
	// Status is the started command's wait status (zero for -p).
	Status syscall.WaitStatus
	// Ended says how the target ended ("exit 0", "killed by SIGSEGV",
	// "detached").
	Ended string
	// Notes are remarks for the report.
	Notes []string
	// Start and End bound the run.
	Start, End time.Time
	// Sites is the number of probes planted.
	Sites int
	// Setup and Teardown are the time the uprobe engine took to plant
	// and to remove (or hand off) its probes.
	Setup, Teardown time.Duration
	// coverage caps the counts at 1 (Options.Coverage).
	coverage bool
	// onDisk are the objects the uprobe engine probed on disk, mapped by
	// no process at the start (AddOnDisk).
	onDisk map[*plancache.Object]bool
}

// ExitCode returns the exit status sonde should exit with: the command's
// own, or 128+signal when a signal killed it (as a shell reports it).
func (r *Result) ExitCode() int {
	switch {
	case r.Status.Exited():
		return r.Status.ExitStatus()
	case r.Status.Signaled():
		return 128 + int(r.Status.Signal())
	}
	return 0
}

// Placed is an object mapped into a process: runtime = link-time + bias
// for the addresses of its executable segment.
type Placed struct {
	Obj  *plancache.Object
	Maps []proc.Mapping // the file's mappings in the process
	// Only, when not nil, restricts the sites to plant to those it
	// holds (the sites uprobes refused, counted by breakpoints instead).
	Only map[int]bool
}

// RuntimeAddr returns where link-time address a of the object is in the
// process (see Object.RuntimeAddr).
func (p *Placed) RuntimeAddr(a profile.Addr) (uint64, bool) {
	return p.Obj.RuntimeAddr(p.Maps, a)
}

// MappingOf returns the bounds of the mapping of p holding run-time
// address a (0, 0 if none).
func (p *Placed) MappingOf(a uint64) (lo, hi uint64) {
	for _, m := range p.Maps {
		if a >= m.Start && a < m.Limit {
			return m.Start, m.Limit
		}
	}
	return 0, 0
}

// ObjectIndex returns the index of o in res.Objects, adding it.
func (res *Result) ObjectIndex(o *plancache.Object) int {
	for i, x := range res.Objects {
		if x == o {
			return i
		}
	}
	res.Objects = append(res.Objects, o)
	res.Counts = append(res.Counts, make([]uint64, o.NumUnits()))
	return len(res.Objects) - 1
}

// AddSiteCount credits n executions of site s of object i to its units;
// in a coverage run a unit that ran counts 1, however many processes ran
// it.
func (res *Result) AddSiteCount(i, s int, n uint64) {
	for _, u := range res.Objects[i].Sites[s].Units {
		if res.coverage {
			if n > 0 {
				res.Counts[i][u] = 1
			}
			continue
		}
		res.Counts[i][u] += n
	}
}
