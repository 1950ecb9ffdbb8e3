package sample

// systemRingPages returns the ring size, in pages, of each CPU's event in
// whole-machine sampling: enough for systemRingTime of samples of one
// busy CPU at the rate asked for, between the call graph mode's default
// and systemRingMax. A whole machine's sampler is itself one of many
// processes competing for a loaded machine's CPUs, and it reads every
// process's objects as it starts: record -a at 999 Hz with 16 KiB stack
// copies lost up to 38 % of its first seconds' samples to 4 MiB rings.
func (s *Sampler) systemRingPages() int {
	pages := s.cfg.RingPages
	if s.opts.RingPages != 0 || s.opts.CallGraph != CallGraphDWARF {
		return pages
	}
	const page = 4096
	per := uint64(s.cfg.StackUser) + 512 // the stack copy, registers, header
	want := per * (uint64(1e9) / s.opts.period()) * systemRingTime / page
	for uint64(pages) < want && pages < systemRingMax {
		pages *= 2
	}
	return pages
}

const (
	// systemRingTime is how many seconds of one CPU's samples a ring
	// holds.
	systemRingTime = 1
	// systemRingMax bounds a ring at 16 MiB (locked kernel memory, per
	// CPU).
	systemRingMax = 4096
)
