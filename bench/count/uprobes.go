package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"sonde/internal/linux/unix"
	"sonde/monitor"
	"sonde/monitor/units"
	"sonde/profile"
)

// uprobeMechanisms compares the uprobe engine's two mechanisms (BPF
// uprobe_multi and one perf counter per probe), in this process through
// package monitor, round by round:
//
//   - setup and teardown: a program that maps libpython (linked against
//     it) and exits at once, counted with --units functions on about 40
//     and on all 5,363 functions of libpython; the engine's own timing of
//     planting and removing the probes (Result.Setup, Result.Teardown);
//   - cost per hit: hits.c as in hits(), (t(n) - t(0)) / n of the
//     target's CPU time, which the kernel's uprobe handling is charged
//     to (wall time on this shared machine mostly measures preemption).
func uprobeMechanisms(rounds, n, bigRounds int, python, td, dir string) error {
	lib := filepath.Join(filepath.Dir(filepath.Dir(python)), "lib")
	noop := filepath.Join(dir, "noop")
	src := filepath.Join(dir, "noop.c")
	if err := os.WriteFile(src, []byte("int main(void) { return 0; }\n"), 0o644); err != nil {
		return err
	}
	if out, err := exec.Command("gcc", "-o", noop, src, "-Wl,--no-as-needed", "-L"+lib, "-lpython3.11", "-Wl,-rpath,"+lib).CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v\n%s", err, out)
	}
	mechs := []monitor.UprobeMechanism{monitor.UprobesBPF, monitor.UprobesPerf}
	// count returns the target's CPU time (user+system, from
	// RUSAGE_CHILDREN: the kernel's uprobe handling is charged to it)
	// and the result.
	count := func(m monitor.UprobeMechanism, kind profile.UnitKind, only []string, bin string, args ...string) (time.Duration, *monitor.Result, error) {
		var specs []units.Spec
		for _, o := range only {
			sp, err := units.ParseSpec(o)
			if err != nil {
				return 0, nil, err
			}
			specs = append(specs, sp)
		}
		cmd := exec.Command(bin, args...)
		u0, s0, err := unix.Getrusage(true)
		if err != nil {
			return 0, nil, err
		}
		res, err := monitor.Count(context.Background(), &monitor.Options{Units: kind, Only: specs, Engine: monitor.EngineUprobe, Uprobes: m, Cmd: cmd})
		u1, s1, _ := unix.Getrusage(true)
		d := time.Duration(u1 - u0 + s1 - s0)
		if err == nil && res.Uprobes != m {
			err = fmt.Errorf("counted by %v, not %v", res.Uprobes, m)
		}
		return d, res, err
	}
	obj := "obj:libpython3.11.so.1.0"
	fmt.Printf("uprobe setup and teardown (a program mapping libpython, no hits; monitor.Result.Setup, .Teardown), median of rounds:\n")
	fmt.Printf("%-40s %6s %6s %12s %12s %12s %10s\n", "probes", "mech", "rounds", "setup s", "ms/probe", "teardown s", "setup/bpf")
	for _, set := range []struct {
		name   string
		only   []string
		rounds int
	}{
		{"func:^Py(Long|Dict)_", []string{obj, "func:^Py(Long|Dict)_"}, rounds},
		{"every function of libpython", []string{obj}, bigRounds},
	} {
		if set.rounds == 0 {
			continue
		}
		setup := map[monitor.UprobeMechanism][]float64{}
		teardown := map[monitor.UprobeMechanism][]float64{}
		probes := 0
		for range set.rounds {
			for _, m := range mechs {
				_, res, err := count(m, profile.UnitFunction, set.only, noop)
				if err != nil {
					return fmt.Errorf("%v: %w", m, err)
				}
				probes = res.Sites
				setup[m] = append(setup[m], res.Setup.Seconds())
				teardown[m] = append(teardown[m], res.Teardown.Seconds())
			}
		}
		b := median(setup[monitor.UprobesBPF])
		for _, m := range mechs {
			x := median(setup[m])
			fmt.Printf("%-40s %6v %6d %12.4f %12.4f %12.4f %10.1f\n", fmt.Sprintf("%d (%s)", probes, set.name), m, set.rounds, x, 1000*x/float64(probes), median(teardown[m]), x/b)
		}
	}
	fmt.Printf("\ncost per hit by mechanism: the target's CPU time (user+sys), median of %d rounds of %d calls (t(N)-t(0))/N:\n", rounds, n)
	fmt.Printf("%-8s %-26s %10s\n", "mech", "probed instruction", "µs/hit")
	for _, v := range []struct{ opt, what string }{{"-O0", "push %rbp (emulable)"}, {"-O2", "add (single-stepped)"}} {
		bin := filepath.Join(dir, "hits"+v.opt)
		if out, err := exec.Command("gcc", "-g", v.opt, "-o", bin, filepath.Join(td, "hits.c")).CombinedOutput(); err != nil {
			return fmt.Errorf("gcc: %v\n%s", err, out)
		}
		per := map[monitor.UprobeMechanism][]float64{}
		for range rounds {
			for _, m := range mechs {
				t0, _, err := count(m, profile.UnitFunction, []string{"func:^hit$"}, bin, "0")
				if err != nil {
					return err
				}
				tn, _, err := count(m, profile.UnitFunction, []string{"func:^hit$"}, bin, strconv.Itoa(n))
				if err != nil {
					return err
				}
				per[m] = append(per[m], float64((tn-t0).Microseconds())/float64(n))
			}
		}
		for _, m := range mechs {
			fmt.Printf("%-8v %-26s %10.2f\n", m, v.what, median(per[m]))
		}
	}
	return nil
}
