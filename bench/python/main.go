// Command python measures what reading Python frames costs `sonde record
// -g` (issue 21): on a benchmark-like CPython workload (3.11 by default;
// -python names a 3.12 or 3.13)
// (testdata/work.py: nbody, a recursive fib, json round trips, a
// generator pipeline), each round runs
//
//	baseline: python3.11 work.py R                      alone
//	plain:    sonde record -g --python=false -- python3.11 work.py R
//	python:   sonde record -g -- python3.11 work.py R   (the default: the
//	          frames copied at the sample by BPF with perf events)
//	late:     setpriv --bounding-set -bpf,-sys_admin sonde record -g -- …
//	          (with -late, as root: BPF refused, the frames read after the
//	          sample with process_vm_readv, the fallback)
//
// in an order rotated round by round, and prints, as medians of per-round
// ratios, sonde's CPU time per sample with Python frames over plain
// record -g's, and the target's slowdown (its own wall and CPU time of its
// work, which it writes to stderr, so no start-up counts) under each over
// the baseline. sonde's CPU is its rusage (wait4, the target included)
// minus the target's own CPU time of its work, less that of the same sonde
// command on work.py 0 (start-up, python's own start-up, and the one-time
// reading of libpython's DWARF, which is printed apart), over the samples
// the work added. With -ptrace the two sonde ways use --sampler ptrace
// instead.
//
// Usage (from the repository root):
//
//	go run ./bench/python [-rounds 7] [-work 1000] [-ptrace] [-late] [-python path]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"sonde/bench/internal/alternate"
	"sonde/profile"
	"sonde/profile/datafile"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "python bench:", err)
		os.Exit(1)
	}
}

// result is one measured run.
type result struct {
	elapsed, cpu time.Duration // the target's own, of its work
	tool         time.Duration // sonde's CPU time, the target's taken off
	samples      int
	spliced      int           // samples with Python frames
	fixed        time.Duration // sonde's CPU on work.py 0
}

func run() error {
	rounds := flag.Int("rounds", 7, "alternated rounds")
	work := flag.Int("work", 1000, "work.py's rounds (about 2 s of CPU here)")
	ptrace := flag.Bool("ptrace", false, "sample with --sampler ptrace")
	late := flag.Bool("late", false, "add sonde without CAP_BPF (setpriv): the frames read after the sample")
	py := flag.String("python", "/root/.pyenv/versions/3.11.7/bin/python3.11", "the python (3.11, 3.12 or 3.13)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "sonde-bench-python-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	_, file, _, _ := runtime.Caller(0)
	target := []string{*py, filepath.Join(filepath.Dir(file), "testdata", "work.py"), strconv.Itoa(*work)}
	sonde, err := alternate.BuildSonde(dir)
	if err != nil {
		return err
	}
	sampler := "perf"
	if *ptrace {
		sampler = "ptrace"
	}
	data := filepath.Join(dir, "py.data")
	type way struct {
		name string
		args []string // sonde's, nil for the baseline
		wrap []string // the command sonde runs under
	}
	ways := []way{
		{"baseline", nil, nil},
		{"plain", []string{"record", "-q", "-g", "--sampler", sampler, "--python=false", "-o", data, "--"}, nil},
		{"python", []string{"record", "-q", "-g", "--sampler", sampler, "-o", data, "--"}, nil},
	}
	if *late {
		setpriv, err := exec.LookPath("setpriv")
		if err != nil {
			return err
		}
		ways = append(ways, way{"late", ways[2].args, []string{setpriv, "--bounding-set", "-bpf,-sys_admin", "--"}})
	}
	res := map[string][]result{}
	for r := 0; r < *rounds; r++ {
		for i := range ways {
			w := ways[(i+r)%len(ways)]
			x, err := measure(sonde, w.wrap, w.args, target, data)
			if err != nil {
				return fmt.Errorf("round %d, %s: %w", r+1, w.name, err)
			}
			if w.args != nil {
				empty, err := measure(sonde, w.wrap, w.args, append(target[:2:2], "0"), data)
				if err != nil {
					return fmt.Errorf("round %d, %s on no work: %w", r+1, w.name, err)
				}
				x.fixed = empty.tool
				x.tool -= empty.tool
				x.samples -= empty.samples
				x.spliced -= empty.spliced
			}
			res[w.name] = append(res[w.name], x)
		}
		fmt.Fprintf(os.Stderr, "round %d of %d done\n", r+1, *rounds)
	}
	perSample := func(x result) float64 { return float64(x.tool) / float64(max(x.samples, 1)) }
	fmt.Printf("python bench: work.py %d rounds under %s, %d rounds alternated, sampler %s, %d CPUs, load %s\n",
		*work, filepath.Base(*py), *rounds, sampler, runtime.NumCPU(), loadavg())
	names := []string{"plain", "python"}
	if *late {
		names = append(names, "late")
	}
	for _, n := range names {
		fmt.Printf("  %-7s %6.0f samples, %5.1f%% with Python frames, sonde %6.1f µs CPU a sample (fixed %4.0f ms), target slowdown %.3fx wall, %.3fx CPU\n", n,
			median(res[n], func(x result) float64 { return float64(x.samples) }),
			median(res[n], func(x result) float64 { return 100 * float64(x.spliced) / float64(max(x.samples, 1)) }),
			median(res[n], perSample)/1e3,
			median(res[n], func(x result) float64 { return x.fixed.Seconds() * 1e3 }),
			ratio(res[n], res["baseline"], func(x result) float64 { return x.elapsed.Seconds() }),
			ratio(res[n], res["baseline"], func(x result) float64 { return x.cpu.Seconds() }))
	}
	fmt.Printf("  python / plain record -g: sonde CPU a sample %.2fx, target wall %.3fx, target CPU %.3fx\n",
		ratio(res["python"], res["plain"], perSample),
		ratio(res["python"], res["plain"], func(x result) float64 { return x.elapsed.Seconds() }),
		ratio(res["python"], res["plain"], func(x result) float64 { return x.cpu.Seconds() }))
	if *late {
		fmt.Printf("  late / plain record -g: sonde CPU a sample %.2fx, target CPU %.3fx\n",
			ratio(res["late"], res["plain"], perSample),
			ratio(res["late"], res["plain"], func(x result) float64 { return x.cpu.Seconds() }))
	}
	return nil
}

// measure runs the target, under sonde when args is not nil, sonde under
// wrap when it is not nil.
func measure(sonde string, wrap, args, target []string, data string) (result, error) {
	var c *exec.Cmd
	if args == nil {
		c = exec.Command(target[0], target[1:]...)
	} else {
		argv := append(append(append(append([]string(nil), wrap...), sonde), args...), target...)
		c = exec.Command(argv[0], argv[1:]...)
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		return result{}, fmt.Errorf("%v: %v\n%s", c.Args, err, stderr.String())
	}
	var r result
	var e, cpu int64
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if n, _ := fmt.Sscan(lines[len(lines)-1], &e, &cpu); n != 2 {
		return r, fmt.Errorf("%v: no self-measure on stderr: %q", c.Args, stderr.String())
	}
	r.elapsed, r.cpu = time.Duration(e), time.Duration(cpu)
	if args == nil {
		return r, nil
	}
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	r.tool = time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) - r.cpu
	p, _, err := datafile.ReadFile(data)
	if err != nil {
		return r, err
	}
	os.Remove(data)
	r.samples = len(p.Samples)
	unread := profile.InterpID(profile.InterpUnreadable, "", 0)
	for _, s := range p.Samples {
		py := false
		for _, l := range s.Stack {
			if l.Mapping != profile.NoMapping && p.Mappings[l.Mapping].Path == profile.InterpPath {
				py = py || profile.InterpKey(l.Addr) != unread
				if profile.InterpKey(l.Addr) == unread {
					py = false
					break
				}
			}
		}
		if py {
			r.spliced++
		}
	}
	return r, nil
}

func median(xs []result, f func(result) float64) float64 {
	v := make([]float64, len(xs))
	for i, x := range xs {
		v[i] = f(x)
	}
	return alternate.Median(v)
}

// ratio is the median over rounds of f(a[i]) / f(b[i]).
func ratio(a, b []result, f func(result) float64) float64 {
	v := make([]float64, 0, len(a))
	for i := range a {
		if i < len(b) && f(b[i]) > 0 {
			v = append(v, f(a[i])/f(b[i]))
		}
	}
	return alternate.Median(v)
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
