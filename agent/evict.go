package agent

import (
	"io"
	"time"

	"sonde/profile"
	"sonde/report"
)

// keepObjects is how long an object stays open without a request
// needing it. The agent symbolizes, every interval, the objects its
// samples name; on a machine where programs come and go (a build
// machine's test binaries) keeping every one it ever opened grows
// without bound, and forgetting them after a few intervals made the agent
// open the machine's occasional programs (the compiler, the linker) again
// and again (bench/agent run 7: twice main's CPU in the steady state).
const keepObjects = 10 * time.Minute

// objectsUsed notes that a request built at now needs the objects of the
// samples' mappings.
func (a *agent) objectsUsed(p *profile.Profile, samples []profile.Sample, now time.Time) {
	if a.used == nil {
		a.used = make(map[profile.MappingKey]time.Time)
	}
	// Each mapping once: hashing its key (path, build ID) for every
	// location of every sample cost a fifth of building the request.
	seen := make([]bool, len(p.Mappings))
	for i := range samples {
		for _, l := range samples[i].Stack {
			if l.Mapping >= 0 && int(l.Mapping) < len(p.Mappings) && !seen[l.Mapping] {
				seen[l.Mapping] = true
				a.used[p.Mappings[l.Mapping].Key()] = now
			}
		}
	}
}

// evictObjects forgets the objects no request of the last keepObjects
// needed, and then the symbolizer's memory of their addresses too (a new
// one: its answers for the objects kept come back from the cache).
func (a *agent) evictObjects(now time.Time) {
	if now.Sub(a.evicted) < keepObjects/10 {
		return
	}
	a.forget(now)
}

// forget evicts the objects no request of the last keepObjects needed.
func (a *agent) forget(now time.Time) {
	a.evicted = now
	for k, t := range a.used {
		if now.Sub(t) > keepObjects {
			delete(a.used, k)
		}
	}
	if a.cache.Evict(func(path, buildID string) bool {
		_, ok := a.used[profile.MappingKey{Path: path, BuildID: buildID}]
		return ok
	}) > 0 {
		a.sym = report.NewSymbolizer(a.cache, io.Discard)
	}
}

// symbolizerAfterRotation keeps, across a rotation, the objects requests
// used in the last keepObjects, identified by path and build ID as the
// samples of the new spool name them: what a fresh symbolizer would open
// again. It forgets the rest, as a fresh one would: the objects not used
// since, those with no build ID (the file at the path may have been
// replaced), those that failed to open (tried again), the images of the
// old spool (the new spool's are added again as it is read, addImages),
// and every address's answer.
func (a *agent) symbolizerAfterRotation(now time.Time) {
	a.cache.DropImages()
	a.images = nil
	a.cache.EvictFailed()
	a.cache.Evict(func(_, buildID string) bool { return buildID != "" })
	a.forget(now)
	a.sym = report.NewSymbolizer(a.cache, io.Discard)
}
