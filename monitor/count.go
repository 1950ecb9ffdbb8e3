package monitor

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/monitor/plancache"
	"sonde/monitor/ptracer"
	"sonde/monitor/units"
	"sonde/proc"
	"sonde/profile"
)

// Count runs or attaches to the target of opts and counts its units. All
// ptrace requests are made by one Tracer, on its own OS thread
// (ptracer.Run): a command sonde starts dies with it (PTRACE_O_EXITKILL),
// a process it attached to does not.
func Count(ctx context.Context, opts *Options) (*Result, error) {
	options := ptracer.SeizeOptions
	if opts.Cmd != nil {
		options |= unix.PTRACE_O_EXITKILL
	}
	var res *Result
	err := ptracer.Run(options, func(t *ptracer.Tracer) error {
		var err error
		res, err = count(ctx, opts, t)
		return err
	})
	return res, err
}

func count(ctx context.Context, opts *Options, tracer *ptracer.Tracer) (*Result, error) {
	if (opts.Cmd == nil) == (opts.PID == 0) {
		return nil, errors.New("count: give a command or a pid")
	}
	res := counting.NewResult(opts)
	sel := units.NewSelector(opts.Only)
	engine := opts.Engine
	if engine == EngineAuto {
		// Trampolines cost a few nanoseconds a hit, uprobes 0.4-28 µs:
		// ptrace wherever sonde can trace, and it can trace what it
		// starts. An attached process that cannot be traced (another
		// tracer, Yama, seccomp, permission) is counted with uprobes
		// (startTarget changes engine, which plan reads).
		engine = EnginePtrace
		if opts.PID == 0 {
			res.Notes = append(res.Notes, "engine auto: ptrace (sonde starts the command, so it can trace it: a hit costs nanoseconds, not a uprobe's microseconds)")
		} else {
			res.Notes = append(res.Notes, "engine auto: ptrace (sonde could attach: a hit costs nanoseconds, not a uprobe's microseconds)")
		}
	}
	cache := map[string]*plancache.Object{}
	// plan loads the units of every wanted object mapped in pid. An
	// object that cannot be counted fails the run when it is the
	// command's own (the first plan); later (a program exec'd by it, a
	// library it loads) it is skipped with a note, and the rest counts.
	planned := false
	failed := map[string]bool{}
	skip := func(path string, err error) bool {
		if !failed[path] {
			failed[path] = true
			res.Notes = append(res.Notes, fmt.Sprintf("not counted: %v", err))
		}
		return true
	}
	plan := func(pid int) ([]counting.Placed, error) {
		var sk func(string, error) bool
		if planned {
			sk = skip
		}
		planned = true
		// Sites at emulable instructions make uprobes cheap; breakpoints
		// cost the same anywhere.
		return planProcess(pid, opts.UnitKind(), sel, engine != EnginePtrace, engine == EnginePtrace && !opts.NoTrampolines, opts.PlanCache, cache, failed, sk)
	}
	t, kind, err := startTarget(tracer, opts, engine, res)
	if err != nil {
		return nil, err
	}
	engine, t.plan = kind, plan
	if err := engineByKind[engine].count(ctx, t, res); err != nil {
		return nil, err
	}
	res.End = time.Now()
	hits := 0
	for _, o := range cache {
		res.Sites += len(o.Sites)
		if o.FromCache() {
			hits++
		}
		plancache.Save(o)
	}
	if opts.PlanCache != "" && len(cache) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("plan cache: %d of %d objects read from %s", hits, len(cache), opts.PlanCache))
	}
	return res, nil
}

// planProcess finds the objects of pid to count and their units.
//
// An object that does not load fails the plan unless skip, when not nil,
// says to go on without it; failed holds the paths skipped so far.
func planProcess(pid int, kind profile.UnitKind, sel *units.Selector, emulable, tramps bool, cacheDir string, cache map[string]*plancache.Object,
	failed map[string]bool, skip func(path string, err error) bool) ([]counting.Placed, error) {
	maps, err := proc.Maps(pid)
	if err != nil {
		return nil, err
	}
	exe := proc.Exe(pid)
	var out []counting.Placed
	byPath := map[string]int{}
	for _, m := range maps {
		if !strings.HasPrefix(m.Path, "/") || strings.HasSuffix(m.Path, " (deleted)") {
			continue
		}
		if i, ok := byPath[m.Path]; ok {
			out[i].Maps = append(out[i].Maps, m)
			continue
		}
		if !sel.WantsObject(m.Path, m.Path == exe) || failed[m.Path] {
			continue
		}
		o, ok := cache[m.Path]
		if !ok {
			if o, err = plancache.Load(cacheDir, filepath.Join(proc.FileRoot(pid), m.Path), kind, sel, emulable, tramps); err != nil {
				if skip != nil && skip(m.Path, err) {
					continue
				}
				return nil, err
			}
			o.Path = m.Path
			cache[m.Path] = o
		}
		byPath[m.Path] = len(out)
		out = append(out, counting.Placed{Obj: o, Maps: []proc.Mapping{m}})
	}
	return out, nil
}
