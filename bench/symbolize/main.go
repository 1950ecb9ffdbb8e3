// Command symbolize measures "sonde addr2line" against llvm-symbolizer from a
// cold start of each process: 20,000 addresses drawn with a fixed seed from
// the bytes of libpython3.11's functions (nm -S), symbolized with inline
// frames by
//
//	sonde addr2line -f -i -C -e LIB ADDR...
//	llvm-symbolizer --inlining --obj=LIB ADDR...
//
// alternating the two for several rounds in the same run. It prints the
// median wall time of each, the median of the per-round ratios
// sonde/llvm-symbolizer, the peak resident memory of each child (max RSS
// from wait4's rusage), and how many addresses the two answer differently
// (frames compared as the acceptance tests compare them: function as the
// object spells it, file, line, and the innermost discriminator).
//
// Both tools get the same address list the same way. With -input args
// (the default) it is the command line, where each may read every address
// before answering (sonde decodes the DWARF units they need in parallel).
// With -input stdin the list is piped in, where both answer and flush
// address by address, as a co-process would use them.
//
// Usage (from the repository root):
//
//	go run ./bench/symbolize [-rounds 7] [-n 20000] [-input args|stdin] [-lib PATH] [-sonde PATH] [-cpuprofile FILE]
//
// -cpuprofile runs the sonde side once more in-process (cli.Main, the same
// code the binary runs) under the CPU profiler, for "go tool pprof".
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"sonde/internal/cli"
	"sonde/internal/oracle"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "symbolize:", err)
		os.Exit(1)
	}
}

// options are the benchmark's flags.
type options struct {
	rounds     int
	n          int
	seed       uint64
	input      string
	lib        string
	sonde      string
	cpuprofile string
}

func run() error {
	var o options
	flag.IntVar(&o.rounds, "rounds", 7, "rounds; each runs both tools once, in alternating order")
	flag.IntVar(&o.n, "n", 20000, "number of addresses")
	flag.Uint64Var(&o.seed, "seed", 20261122, "seed of the address draw")
	flag.StringVar(&o.input, "input", "args", "how the tools get the addresses: args or stdin")
	flag.StringVar(&o.lib, "lib", "", "object to symbolize (default: python3.11's libpython3.11.so.1.0)")
	flag.StringVar(&o.sonde, "sonde", "", "sonde binary (default: go build ./cmd/sonde into a temporary directory)")
	flag.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of an in-process sonde run to this file")
	flag.Parse()
	if o.input != "args" && o.input != "stdin" {
		return fmt.Errorf("-input %q: want args or stdin", o.input)
	}
	if o.lib == "" {
		lib, err := findLibpython()
		if err != nil {
			return err
		}
		o.lib = lib
	}
	if o.sonde == "" {
		dir, err := os.MkdirTemp("", "sonde-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		o.sonde = filepath.Join(dir, "sonde")
		if msg, err := exec.Command("go", "build", "-o", o.sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
			return fmt.Errorf("build sonde: %w\n%s", err, msg)
		}
	}
	llvm, err := exec.LookPath("llvm-symbolizer")
	if err != nil {
		return err
	}

	nmOut, err := exec.Command("nm", "-S", "--defined-only", o.lib).Output()
	if err != nil {
		return fmt.Errorf("nm %s: %w", o.lib, err)
	}
	syms, err := oracle.ParseNm(nmOut)
	if err != nil {
		return err
	}
	addrs := oracle.RandomAddrs(oracle.FuncRanges(syms), o.n, o.seed)
	if len(addrs) == 0 {
		return fmt.Errorf("nm: no function symbols with sizes in %s", o.lib)
	}
	hex := make([]string, len(addrs))
	for i, a := range addrs {
		hex[i] = fmt.Sprintf("0x%x", a)
	}

	fmt.Printf("object:  %s\n", o.lib)
	fmt.Printf("input:   %d addresses (seed %d) on %s\n", len(addrs), o.seed, map[string]string{"args": "the command line", "stdin": "standard input"}[o.input])
	fmt.Printf("llvm:    %s (%s)\n", llvm, oracle.Version("llvm-symbolizer"))
	fmt.Printf("sonde:   %s\n", o.sonde)

	sondeCmd := tool{name: "sonde", path: o.sonde, args: []string{"addr2line", "-f", "-i", "-C", "-e", o.lib}}
	llvmCmd := tool{name: "llvm-symbolizer", path: llvm, args: []string{"--inlining", "--obj=" + o.lib}}
	var sondeRuns, llvmRuns []result
	for r := 0; r < o.rounds; r++ {
		order := []*tool{&sondeCmd, &llvmCmd}
		if r%2 == 1 {
			order[0], order[1] = order[1], order[0]
		}
		for _, t := range order {
			res, err := t.run(hex, o.input)
			if err != nil {
				return err
			}
			// Each address gives at least a function and a file:line line.
			if lines := bytes.Count(res.out, []byte("\n")); lines < 2*len(addrs) {
				return fmt.Errorf("%s printed %d lines for %d addresses", t.name, lines, len(addrs))
			}
			if t == &sondeCmd {
				sondeRuns = append(sondeRuns, res)
			} else {
				llvmRuns = append(llvmRuns, res)
			}
		}
	}
	ratios := make([]float64, o.rounds)
	for r := range ratios {
		ratios[r] = sondeRuns[r].wall.Seconds() / llvmRuns[r].wall.Seconds()
	}
	fmt.Printf("\n%-16s %10s %10s %10s %12s\n", "", "median", "min", "max", "max RSS")
	for _, x := range []struct {
		name string
		runs []result
	}{{"sonde", sondeRuns}, {"llvm-symbolizer", llvmRuns}} {
		walls := make([]time.Duration, len(x.runs))
		var rss int64
		for i, r := range x.runs {
			walls[i] = r.wall
			rss = max(rss, r.maxRSSKiB)
		}
		slices.Sort(walls)
		fmt.Printf("%-16s %9.3fs %9.3fs %9.3fs %9.1f MiB\n", x.name,
			median(walls).Seconds(), walls[0].Seconds(), walls[len(walls)-1].Seconds(), float64(rss)/1024)
	}
	slices.Sort(ratios)
	fmt.Printf("\nratio sonde/llvm-symbolizer (median of %d rounds): %.2f  (min %.2f, max %.2f)\n",
		o.rounds, ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])

	if err := agreement(o, addrs, hex, sondeCmd, llvm); err != nil {
		return err
	}
	if o.cpuprofile != "" {
		return profile(o, hex)
	}
	return nil
}

// tool is one side of the comparison.
type tool struct {
	name string
	path string
	args []string
}

// result is one cold run of a tool.
type result struct {
	wall      time.Duration
	maxRSSKiB int64
	out       []byte
}

// run starts the tool once with the addresses as arguments or on stdin and
// waits for it; wall time runs from start to exit.
func (t *tool) run(hex []string, input string) (result, error) {
	args := t.args
	var stdin io.Reader
	if input == "args" {
		args = append(slices.Clone(args), hex...)
	} else {
		stdin = strings.NewReader(strings.Join(hex, "\n") + "\n")
	}
	cmd := exec.Command(t.path, args...)
	cmd.Stdin = stdin
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return result{}, fmt.Errorf("%s: %w: %s", t.name, err, strings.TrimSpace(stderr.String()))
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return result{}, fmt.Errorf("%s: no rusage", t.name)
	}
	return result{wall: wall, maxRSSKiB: ru.Maxrss, out: out.Bytes()}, nil
}

func median(d []time.Duration) time.Duration { return d[len(d)/2] }

// agreement runs each tool once more in a parseable form (sonde with -a and
// names as the object spells them; llvm-symbolizer as JSON without
// demangling, so that two demanglers' styles do not count) and prints how
// many addresses get different frames.
func agreement(o options, addrs []uint64, hex []string, s tool, llvm string) error {
	sp := tool{name: "sonde", path: s.path, args: []string{"addr2line", "-a", "-f", "-i", "-e", o.lib}}
	sr, err := sp.run(hex, "args")
	if err != nil {
		return err
	}
	sa, err := oracle.ParseAddr2line(sr.out)
	if err != nil {
		return fmt.Errorf("sonde output: %w", err)
	}
	lp := tool{name: "llvm-symbolizer", path: llvm, args: oracle.LLVMOptions{Inlining: true}.Args(o.lib)}
	lr, err := lp.run(hex, "args")
	if err != nil {
		return err
	}
	la, err := oracle.ParseLLVMJSON(lr.out)
	if err != nil {
		return err
	}
	if len(sa) != len(addrs) || len(la) != len(addrs) {
		return fmt.Errorf("answers: sonde %d, llvm-symbolizer %d, for %d addresses", len(sa), len(la), len(addrs))
	}
	differ, inlined := 0, 0
	var examples []string
	for i := range addrs {
		if len(la[i].Frames) > 1 {
			inlined++
		}
		if !sameFrames(sa[i].Frames, la[i].Frames) {
			differ++
			if len(examples) < 5 {
				examples = append(examples, fmt.Sprintf("  %#x: sonde %+v\n  %*s llvm  %+v", addrs[i], sa[i].Frames, len(hex[i]), "", la[i].Frames))
			}
		}
	}
	fmt.Printf("answers: %d of %d addresses differ from llvm-symbolizer (%d addresses have inline frames)\n", differ, len(addrs), inlined)
	for _, e := range examples {
		fmt.Println(e)
	}
	return nil
}

// sameFrames compares function, file and line of each frame and the
// innermost frame's discriminator (the acceptance tests' rule).
func sameFrames(a, b []oracle.Frame) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Func != b[i].Func || a[i].File != b[i].File || a[i].Line != b[i].Line {
			return false
		}
	}
	return len(a) == 0 || a[0].Discriminator == b[0].Discriminator
}

// profile runs the sonde side in-process under the CPU profiler.
func profile(o options, hex []string) error {
	f, err := os.Create(o.cpuprofile)
	if err != nil {
		return err
	}
	defer f.Close()
	args := append([]string{"addr2line", "-f", "-i", "-C", "-e", o.lib}, hex...)
	var stdin io.Reader = strings.NewReader("")
	if o.input == "stdin" {
		args = args[:6]
		stdin = strings.NewReader(strings.Join(hex, "\n") + "\n")
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	start := time.Now()
	code := cli.Main(args, stdin, io.Discard, os.Stderr)
	pprof.StopCPUProfile()
	if code != 0 {
		return fmt.Errorf("in-process sonde addr2line: exit %d", code)
	}
	fmt.Printf("cpu profile of an in-process run (%.3fs): %s\n", time.Since(start).Seconds(), o.cpuprofile)
	return nil
}

// findLibpython finds python3.11's shared library through sysconfig's LIBDIR.
func findLibpython() (string, error) {
	out, err := exec.Command("python3.11", "-c", "import sysconfig; print(sysconfig.get_config_var('LIBDIR'))").Output()
	if err != nil {
		return "", fmt.Errorf("libpython: python3.11 sysconfig LIBDIR: %w (use -lib)", err)
	}
	lib := filepath.Join(strings.TrimSpace(string(out)), "libpython3.11.so.1.0")
	if _, err := os.Stat(lib); err != nil {
		return "", fmt.Errorf("libpython: %w (use -lib)", err)
	}
	return lib, nil
}
