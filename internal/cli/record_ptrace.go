package cli

import (
	"errors"
	"fmt"

	"sonde/internal/linux/perfevent"
	"sonde/sample"
	"sonde/unwind"
)

// chooseSampler resolves --sampler: auto picks perf events unless the
// kernel refuses them (perf_event_paranoid, seccomp, a container), and
// then says so in one line. The ptrace sampler unwinds every stack with
// the CFI unwinder, so a call graph asked as fp becomes dwarf there.
func chooseSampler(e *env, verb, flag string, opts *sample.Options) (string, error) {
	switch flag {
	case "perf":
		return "perf", nil
	case "ptrace":
	case "auto":
		err := perfevent.Probe(false)
		if err == nil {
			return "perf", nil
		}
		if !errors.Is(err, perfevent.ErrPermission) {
			return "perf", nil // another failure: let record report it
		}
		fmt.Fprintf(e.stderr, "sonde %s: %v: using the ptrace sampler (slower; see sonde doctor)\n", verb, err)
	default:
		return "", fmt.Errorf("--sampler %q: want auto, perf or ptrace", flag)
	}
	if opts.CallGraph == sample.CallGraphFP {
		opts.CallGraph = sample.CallGraphDWARF
	}
	if opts.CallGraph == sample.CallGraphDWARF && opts.Unwinder == nil {
		opts.Unwinder = unwind.NewDWARF()
	}
	if opts.Kernel {
		fmt.Fprintf(e.stderr, "sonde %s: -k: the ptrace sampler sees user frames only\n", verb)
		opts.Kernel = false
	}
	return "ptrace", nil
}
