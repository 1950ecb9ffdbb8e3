package monitor

import "sonde/monitor/units"

// Object is one object counted in a run: its units and sites
// (units.Object), and what counting it needs besides, made on first use
// and kept in the plan cache: its trampoline plan and its trampolines.
type Object struct {
	*units.Object
	// tplan is its trampoline plan, made on first use, and prep its
	// trampolines emitted for counts (0) and coverage (1).
	tplan *trampPlan
	prep  [2]*prepared
	// cache is where the plan cache keeps o, nil when it does not;
	// dirty says o holds what the cached entry does not; fresh that it
	// was planned in this run.
	cache *planEntry
	dirty bool
	fresh bool
	// facts, when not nil, delivers the planner made in the background
	// (startPlanner).
	facts chan plannerFacts
	// onDisk says the uprobe engine probed the file on disk, mapped by no
	// process at the start (see addUnmapped).
	onDisk bool
}
