package cli

import (
	"fmt"

	"sonde/sample"
)

// systemFlags are record -a's flags: the whole machine, or cgroups of it.
type systemFlags struct {
	all     bool
	cgroups []string
}

func (f *systemFlags) register(fs interface {
	BoolVar(*bool, string, bool, string)
	Func(string, string, func(string) error)
}) {
	fs.BoolVar(&f.all, "a", false, "every process on every CPU")
	fs.Func("cgroup", "PATH: with -a, the processes of this cgroup (repeatable)", func(s string) error {
		if s == "" {
			return fmt.Errorf("empty cgroup path")
		}
		f.cgroups = append(f.cgroups, s)
		return nil
	})
}

// wanted reports whether -a or --cgroup was given.
func (f *systemFlags) wanted() bool { return f.all || len(f.cgroups) > 0 }

// runRecordSystem is sonde record -a: perf events on every CPU until a
// signal or --duration.
func runRecordSystem(e *env, f *recordFlags, x *recordExprFlags, sys *systemFlags, opts sample.Options, pids []int, cmd []string) int {
	switch {
	case len(pids) > 0 || len(cmd) > 0:
		fmt.Fprintln(e.stderr, "sonde record: -a samples every process: not with -p or a command")
		return exitUsage
	case len(x.exprs) > 0 || x.gdb || x.exact:
		fmt.Fprintln(e.stderr, "sonde record: -a takes no --expr, --expr-exact or --gdb")
		return exitUsage
	case opts.Wall:
		// --clock wall is the ptrace sampler's, which stops threads one
		// by one; -a's off-CPU time is --off-cpu's.
		fmt.Fprintln(e.stderr, "sonde record: -a samples with perf events: not with --clock wall (use --off-cpu)")
		return exitUsage
	case f.sampler != "auto" && f.sampler != "perf":
		fmt.Fprintf(e.stderr, "sonde record: -a needs perf events, not --sampler %s\n", f.sampler)
		return exitUsage
	}
	for _, cg := range sys.cgroups {
		if _, err := sample.CgroupDir(cg); err != nil {
			fmt.Fprintf(e.stderr, "sonde record: --cgroup: %v\n", err)
			return exitUsage
		}
	}
	rec := &recording{e: e, opts: opts, out: f.out, duration: f.duration, sampler: "perf", quiet: f.quiet, all: true, cgroups: sys.cgroups}
	return rec.run()
}

// systemCommand is the command line a system-wide run records.
func systemCommand(cgroups []string) []string {
	c := []string{"-a"}
	for _, cg := range cgroups {
		c = append(c, "--cgroup", cg)
	}
	return c
}
