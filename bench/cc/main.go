// Command cc measures what "sonde cc" costs a CPU-bound C program (work.c:
// quicksort, hash table, switch interpreter, sieve, checksum) built -O2,
// against the anchor of the issue: the same program built with
// "gcc -O2 -fprofile-arcs" (gcov's edge counters), and against the
// uninstrumented build. The three builds run alternately, round after round,
// on the same input in the same run; each run's CPU time (user+system, from
// wait4's rusage) is recorded, and the program prints the median of each
// and the median of the per-round ratios sonde/gcov and sonde/plain. Every
// build must print the same checksum. It also prints how many of the
// program's blocks have counters and how many the runtime derives from
// them (read from the sonde_cus descriptors of the instrumented binary).
//
// Usage (from the repository root):
//
//	go run ./bench/cc [-rounds 9] [-scale 10] [-cc gcc] [-atomic]
package main

import (
	"debug/elf"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"sonde/bench/internal/alternate"
)

func main() {
	rounds := flag.Int("rounds", 9, "rounds; each runs every build once")
	scale := flag.Int("scale", 10, "work.c's scale argument")
	cc := flag.String("cc", "gcc", "compiler")
	atomic := flag.Bool("atomic", false, "also measure --sonde-atomic (against -fprofile-update=atomic)")
	flag.Parse()
	if err := run(*rounds, *scale, *cc, *atomic); err != nil {
		fmt.Fprintln(os.Stderr, "bench/cc:", err)
		os.Exit(1)
	}
}

func run(rounds, scale int, cc string, atomic bool) error {
	_, file, _, _ := runtime.Caller(0)
	src := filepath.Join(filepath.Dir(file), "testdata", "work.c")
	dir, err := os.MkdirTemp("", "bench-cc-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sonde, err := alternate.BuildSonde(dir)
	if err != nil {
		return err
	}
	bin := func(name string) string { return filepath.Join(dir, name) }
	builds := []*alternate.Build{
		{Name: "plain", Bin: bin("plain"), Cmd: []string{cc, "-O2", "-o", bin("plain"), src}},
		{Name: "gcov", Bin: bin("gcov"), Cmd: []string{cc, "-O2", "-fprofile-arcs", "-o", bin("gcov"), src}},
		{Name: "sonde", Bin: bin("sonde-prog"), Cmd: []string{sonde, "cc", "-O2", "-o", bin("sonde-prog"), src}},
	}
	if atomic {
		builds = append(builds,
			&alternate.Build{Name: "gcov-atomic", Bin: bin("gcov-atomic"),
				Cmd: []string{cc, "-O2", "-fprofile-arcs", "-fprofile-update=atomic", "-o", bin("gcov-atomic"), src}},
			&alternate.Build{Name: "sonde-atomic", Bin: bin("sonde-atomic"),
				Cmd: []string{sonde, "cc", "--sonde-atomic", "-O2", "-o", bin("sonde-atomic"), src}})
	}
	if err := alternate.Compile(dir, append(os.Environ(), "SONDE_CC="+cc), builds); err != nil {
		return err
	}
	for _, b := range builds {
		b.Env = append(os.Environ(), "SONDE_OUT="+filepath.Join(dir, b.Name+".data"))
	}
	if err := alternate.Run(rounds, dir, []string{strconv.Itoa(scale)}, builds); err != nil {
		return err
	}
	fmt.Printf("work.c -O2 with %s, scale %d, %d rounds alternated; CPU time (user+sys) medians:\n", cc, scale, rounds)
	if counted, derived, err := blockCounters(builds[2].Bin); err == nil {
		fmt.Printf("  (sonde: %d counters, %d measured (blocks, and the edges branch coverage needs), %d derived)\n", counted+derived, counted, derived)
	} else {
		fmt.Fprintln(os.Stderr, "bench/cc:", err)
	}
	for _, b := range builds {
		fmt.Printf("  %-13s %8.3fs\n", b.Name, alternate.Median(b.CPU).Seconds())
	}
	fmt.Printf("median per-round ratios:\n")
	fmt.Printf("  sonde/gcov   %.2f  (goal <= 1.0)\n", alternate.Ratio(builds[2], builds[1]))
	fmt.Printf("  sonde/plain  %.2f  (Weinberger: 1.5 to 2)\n", alternate.Ratio(builds[2], builds[0]))
	fmt.Printf("  gcov/plain   %.2f\n", alternate.Ratio(builds[1], builds[0]))
	if atomic {
		fmt.Printf("  sonde-atomic/gcov-atomic %.2f\n", alternate.Ratio(builds[4], builds[3]))
	}
	return nil
}

// blockCounters sums the measured and derived counters over the sonde_cus
// descriptors of prog (asm.DescriptorSection: word 1 is measured | derived
// << 32).
func blockCounters(prog string) (counted, derived uint64, err error) {
	f, err := elf.Open(prog)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sec := f.Section("sonde_cus")
	if sec == nil {
		return 0, 0, fmt.Errorf("%s: no sonde_cus section", prog)
	}
	data, err := sec.Data()
	if err != nil {
		return 0, 0, fmt.Errorf("%s: sonde_cus: %w", prog, err)
	}
	for off := 0; off+48 <= len(data); off += 48 {
		w := binary.LittleEndian.Uint64(data[off+8:])
		counted += w & 0xffffffff
		derived += w >> 32
	}
	return counted, derived, nil
}
