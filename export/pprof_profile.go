package export

import (
	"fmt"

	pp "github.com/google/pprof/profile"

	"sonde/profile"
)

// Pprof converts p to a pprof profile as WritePprof does, and checks it
// with pprof's CheckValid, without encoding it: for a caller that hands the
// profile to pprof's own code (report/web mounts pprof's web UI on it).
func Pprof(p *profile.Profile, sym Symbolizer) (*pp.Profile, error) {
	out, err := toPprof(p, sym)
	if err != nil {
		return nil, err
	}
	if err := out.CheckValid(); err != nil {
		return nil, fmt.Errorf("pprof export: invalid profile: %w", err)
	}
	return out, nil
}
