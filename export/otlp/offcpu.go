package otlp

import (
	"go.opentelemetry.io/collector/pdata/pprofile"

	"sonde/profile"
)

// Off-CPU time (sonde agent --off-cpu) goes in a Profile of its own beside
// the CPU one, in the same ScopeProfiles of the process's resource: OTLP
// profiles (pdata pprofile, v0.165.0) give each Profile one sample type,
// and the OpenTelemetry eBPF profiler sends its off-CPU samples this way,
// as sample type "off_cpu" in "nanoseconds" with no period
// (tracer/systemconfig.go, reporter/internal/pdata/generate.go: one
// Profile per sample type per resource). Each sample's value is the time
// its stack spent off the CPU; its first frame names why
// ("off-cpu:futex", "off-cpu:preempted"), as in sonde's own reports.

// OffCPUType and OffCPUUnit are the sample type of off-CPU profiles.
const (
	OffCPUType = "off_cpu"
	OffCPUUnit = "nanoseconds"
)

// splitOffCPU splits the samples of p at indices into CPU samples and
// off-CPU samples (those with off-CPU time, when p has the column).
func splitOffCPU(p *profile.Profile, indices []int) (onCPU, offCPU []int) {
	col := p.OffCPUColumn()
	if col < 0 {
		return indices, nil
	}
	for _, i := range indices {
		if profile.IsOffCPU(&p.Samples[i], col) {
			offCPU = append(offCPU, i)
		} else {
			onCPU = append(onCPU, i)
		}
	}
	return onCPU, offCPU
}

// offCPUProfile appends to sp the off-CPU profile of p's samples at
// indices, if there are any.
func (b *builder) offCPUProfile(sp pprofile.ScopeProfiles, indices []int, o *Options) error {
	if len(indices) == 0 {
		return nil
	}
	prof := sp.Profiles().AppendEmpty()
	prof.SampleType().SetTypeStrindex(b.str(OffCPUType))
	prof.SampleType().SetUnitStrindex(b.str(OffCPUUnit))
	return b.fill(prof, indices, b.p.OffCPUColumn(), o)
}
