package monitor

import (
	"sonde/monitor/units"

	"sonde/monitor/trampoline"
)

// Object is one object counted in a run: its units and sites
// (units.Object), and what counting it needs besides, made on first use
// and kept in the plan cache: its trampoline plan and its trampolines.
type Object struct {
	*units.Object
	// tplan is its trampoline plan, made on first use, and prep its
	// trampolines emitted for counts (0) and coverage (1).
	tplan *trampoline.Plan
	prep  [2]*trampoline.Prepared
	// cache is where the plan cache keeps o, nil when it does not;
	// dirty says o holds what the cached entry does not; fresh that it
	// was planned in this run.
	cache *planEntry
	dirty bool
	fresh bool
	// facts, when not nil, delivers the planner made in the background
	// (startPlanner).
	facts chan trampoline.Facts
	// onDisk says the uprobe engine probed the file on disk, mapped by no
	// process at the start (see addUnmapped).
	onDisk bool
}

// trampolines returns o's trampoline plan, made once.
func (o *Object) trampolines() *trampoline.Plan {
	if o.tplan == nil {
		o.tplan = trampoline.NewPlan(o.Object, o.facts)
		o.facts = nil
	}
	return o.tplan
}

// prepared returns o's trampolines for the mode, made once.
func (o *Object) prepared(coverage bool) *trampoline.Prepared {
	i := 0
	if coverage {
		i = 1
	}
	if o.prep[i] == nil {
		o.prep[i] = trampoline.Prepare(o.trampolines(), coverage)
		o.dirty = o.cache != nil
	}
	return o.prep[i]
}
