package plancache

import (
	"sonde/monitor/units"

	"sonde/monitor/trampoline"
)

// Object is one object's plan: its units and sites (units.Object), and
// what the ptrace engine needs besides, made on first use: its trampoline
// plan and its trampolines; and where the plan cache keeps them. One
// counting run's goroutine owns it.
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
}

// NewObject returns the plan of u, made afresh and kept nowhere.
func NewObject(u *units.Object) *Object { return &Object{Object: u} }

// FromCache reports whether o was read from the plan cache, not planned
// in this run.
func (o *Object) FromCache() bool { return o.cache != nil && !o.fresh }

// EntryPath returns the file of o's plan cache entry, "" when it has none.
func (o *Object) EntryPath() string {
	if o.cache == nil {
		return ""
	}
	return o.cache.path()
}

// Trampolines returns o's trampoline plan, made once.
func (o *Object) Trampolines() *trampoline.Plan {
	if o.tplan == nil {
		o.tplan = trampoline.NewPlan(o.Object, o.facts)
		o.facts = nil
	}
	return o.tplan
}

// Prepared returns o's trampolines for the mode (counts, or coverage),
// made once.
func (o *Object) Prepared(coverage bool) *trampoline.Prepared {
	i := 0
	if coverage {
		i = 1
	}
	if o.prep[i] == nil {
		o.prep[i] = trampoline.Prepare(o.Trampolines(), coverage)
		o.dirty = o.cache != nil
	}
	return o.prep[i]
}
