// Command symopen measures the first query of an object: what a process
// that has not opened it yet pays to name one address in it, the cost the
// agent pays when a sample first lands in a library (and paid again after
// every spool rotation until the agent kept its objects). Each tool runs as
// a cold process on one address, by default malloc's entry in the C
// library, whose DWARF (Debian's libc6-dbg) is a separate debug file with
// zlib-compressed sections:
//
//	sonde addr2line -f -i -e OBJ ADDR
//	llvm-symbolizer --inlining --obj=OBJ ADDR
//	addr2line -f -i -e OBJ ADDR
//
// in rotating order for several rounds in the same run. It prints the
// median, min and max wall and CPU (user+system, wait4's rusage) time of
// each, and the median of the per-round ratios of sonde's to each anchor's.
// With -base, a second sonde binary (a build of another commit) is
// measured beside the first, for before/after figures in one run.
//
// Usage (from the repository root):
//
//	go run ./bench/symopen [-rounds 11] [-obj PATH] [-addr 0xADDR] [-sonde PATH] [-base PATH]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"sonde/bench/internal/alternate"
	"sonde/internal/oracle"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "symopen:", err)
		os.Exit(1)
	}
}

// tool is one program measured, with its runs.
type tool struct {
	name string
	argv []string
	wall []time.Duration
	cpu  []time.Duration
}

func run() error {
	rounds := flag.Int("rounds", 11, "rounds; each runs every tool once, in rotating order")
	obj := flag.String("obj", "/usr/lib/x86_64-linux-gnu/libc.so.6", "object to symbolize")
	addrFlag := flag.String("addr", "", "address to symbolize (default: malloc's, from nm -D)")
	sonde := flag.String("sonde", "", "sonde binary (default: go build ./cmd/sonde into a temporary directory)")
	base := flag.String("base", "", "a second sonde binary to measure beside the first (optional)")
	flag.Parse()
	if *sonde == "" {
		dir, err := os.MkdirTemp("", "sonde-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if *sonde, err = alternate.BuildSonde(dir); err != nil {
			return err
		}
	}
	addr := *addrFlag
	if addr == "" {
		a, err := mallocAddr(*obj)
		if err != nil {
			return err
		}
		addr = fmt.Sprintf("%#x", a)
	}
	if _, err := strconv.ParseUint(strings.TrimPrefix(addr, "0x"), 16, 64); err != nil {
		return fmt.Errorf("-addr %q: not a hex address", addr)
	}
	for _, t := range []string{"llvm-symbolizer", "addr2line"} {
		if _, err := exec.LookPath(t); err != nil {
			return err
		}
	}
	tools := []*tool{{name: "sonde", argv: []string{*sonde, "addr2line", "-f", "-i", "-e", *obj, addr}}}
	if *base != "" {
		tools = append(tools, &tool{name: "sonde -base", argv: []string{*base, "addr2line", "-f", "-i", "-e", *obj, addr}})
	}
	llvm := &tool{name: "llvm-symbolizer", argv: []string{"llvm-symbolizer", "--inlining", "--obj=" + *obj, addr}}
	a2l := &tool{name: "addr2line", argv: []string{"addr2line", "-f", "-i", "-e", *obj, addr}}
	tools = append(tools, llvm, a2l)

	fmt.Printf("object:  %s, address %s\n", *obj, addr)
	fmt.Printf("anchors: %s; %s\n", oracle.Version("llvm-symbolizer"), oracle.Version("addr2line"))
	for r := 0; r < *rounds; r++ {
		for i := range tools {
			t := tools[(i+r)%len(tools)]
			if err := t.run(); err != nil {
				return err
			}
		}
	}
	fmt.Printf("\n%-16s %28s   %28s\n", "", "wall: median  min  max (ms)", "CPU: median  min  max (ms)")
	for _, t := range tools {
		w, c := slices.Sorted(slices.Values(t.wall)), slices.Sorted(slices.Values(t.cpu))
		fmt.Printf("%-16s %14.1f %6.1f %6.1f   %14.1f %6.1f %6.1f\n", t.name,
			ms(alternate.Median(w)), ms(w[0]), ms(w[len(w)-1]), ms(alternate.Median(c)), ms(c[0]), ms(c[len(c)-1]))
	}
	fmt.Println()
	for _, s := range tools {
		if !strings.HasPrefix(s.name, "sonde") {
			continue
		}
		for _, a := range []*tool{llvm, a2l} {
			fmt.Printf("ratio %s/%s (median of %d rounds): wall %.2f, CPU %.2f\n", s.name, a.name, *rounds, ratio(s.wall, a.wall), ratio(s.cpu, a.cpu))
		}
	}
	return nil
}

// run runs the tool once and records its times; it must print a frame.
func (t *tool) run() error {
	cmd := exec.Command(t.argv[0], t.argv[1:]...)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return fmt.Errorf("%s: %w: %s", t.name, err, strings.TrimSpace(stderr.String()))
	}
	if bytes.Count(out.Bytes(), []byte("\n")) < 2 || bytes.HasPrefix(out.Bytes(), []byte("??")) {
		return fmt.Errorf("%s printed %q: no function", t.name, out.String())
	}
	st := cmd.ProcessState
	t.wall = append(t.wall, wall)
	t.cpu = append(t.cpu, st.UserTime()+st.SystemTime())
	return nil
}

// ratio is the median of the per-round ratios a[r]/b[r].
func ratio(a, b []time.Duration) float64 {
	r := make([]float64, len(a))
	for i := range a {
		r[i] = a[i].Seconds() / b[i].Seconds()
	}
	slices.Sort(r)
	return alternate.Median(r)
}

func ms(d time.Duration) float64 { return d.Seconds() * 1000 }

// mallocAddr returns malloc's address in obj's dynamic symbol table.
func mallocAddr(obj string) (uint64, error) {
	out, err := exec.Command("nm", "-D", "--defined-only", obj).Output()
	if err != nil {
		return 0, fmt.Errorf("nm -D %s: %w", obj, err)
	}
	syms, err := oracle.ParseNm(out)
	if err != nil {
		return 0, err
	}
	for _, s := range syms {
		if s.Name == "malloc" || strings.HasPrefix(s.Name, "malloc@") {
			return s.Addr, nil
		}
	}
	return 0, fmt.Errorf("%s: no malloc in nm -D", obj)
}
