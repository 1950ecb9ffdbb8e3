package agent

import (
	"io"

	"sonde/profile"
	"sonde/report"
)

// keepObjects is how many requests an object stays open without being
// needed. The agent symbolizes, every interval, the objects its samples
// name; on a machine where programs come and go (a build machine's test
// binaries) keeping every one it ever opened grew without bound (hundreds
// of MiB in a minute, bench/agent). An object of a program that runs again
// later is opened again.
const keepObjects = 3

// objectsUsed notes that the request being built (number a.requests)
// needs the objects of the samples' mappings.
func (a *agent) objectsUsed(p *profile.Profile, samples []profile.Sample) {
	if a.used == nil {
		a.used = make(map[profile.MappingKey]int)
	}
	for i := range samples {
		for _, l := range samples[i].Stack {
			if l.Mapping >= 0 && int(l.Mapping) < len(p.Mappings) {
				a.used[p.Mappings[l.Mapping].Key()] = a.requests
			}
		}
	}
}

// evictObjects forgets the objects no request of the last keepObjects
// needed, and then the symbolizer's memory of their addresses too (a new
// one: its answers for the objects kept come back from the cache).
func (a *agent) evictObjects() {
	a.requests++
	old := a.requests - keepObjects
	for k, n := range a.used {
		if n < old {
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
