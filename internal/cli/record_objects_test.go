package cli

import (
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/proc"
	"sonde/profile"
	"sonde/report"
	"sonde/symbol"
)

// recordFixture records bin ARGS, launched (ARGS then "500": half a second
// of CPU time) or attached with -p (the fixture runs until a stop file
// exists, created once the data file holds 400 samples). before, when not
// nil, is called with the process's pid while it runs (attached only).
func recordFixture(t *testing.T, mode, bin, out string, before func(pid int)) {
	t.Helper()
	if mode == "launched" || mode == "launched-ptrace" {
		args := []string{"-o", out, "--", bin, "500"}
		if mode == "launched-ptrace" {
			args = append([]string{"--sampler", "ptrace"}, args...)
		}
		if code, stderr := record(t, args...); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		return
	}
	stop := filepath.Join(t.TempDir(), "stop")
	target := exec.Command(bin, "0", stop)
	var stderr bytes.Buffer
	target.Stderr = &stderr
	if err := target.Start(); err != nil {
		t.Fatal(err)
	}
	reaped := make(chan error, 1)
	go func() { reaped <- target.Wait() }()
	defer func() {
		os.WriteFile(stop, nil, 0o644)
		if err := <-reaped; err != nil {
			t.Errorf("%s: %v: %s", bin, err, stderr.String())
		}
	}()
	// Wait until it runs its loop (it may remove its executable first).
	for {
		ran, err := proc.RunTime(target.Process.Pid)
		if err != nil {
			t.Fatal(err)
		}
		if ran > 20e6 {
			break
		}
	}
	if before != nil {
		before(target.Process.Pid)
	}
	wait := recordAttached(t, target.Process.Pid, out)
	waitFor(t, out, atLeastSamples(400))
	os.WriteFile(stop, nil, 0o644)
	if code, stderr := wait(); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// functionRows returns sonde report --flat --by function's rows of data
// file out: name -> percent.
func functionRows(t *testing.T, out string) (map[string]float64, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"report", "--flat", "--by", "function", out}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr.String())
	}
	rows := map[string]float64{}
	re := regexp.MustCompile(`(?m)^\s*([0-9.]+)% ±[0-9.]+\s+(\S.*)$`)
	for _, m := range re.FindAllStringSubmatch(stdout.String(), -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		rows[m[2]] += v
	}
	return rows, stdout.String()
}

// TestRecordVDSO: time in clock_gettime is spent in the vDSO, which has no
// file. sonde keeps the vDSO's bytes in the data file (an Object frame)
// and link-time addresses in its mapping, so the report names its
// functions and gathers each function's samples in one row (it printed
// one row per runtime address, [vdso]@0x7f023699cb46). Oracle: the .dynsym
// of the vDSO read from a live process (the attached target's own, or the
// test's: one kernel image serves every process), parsed by debug/elf;
// perf report names the same functions.
func TestRecordVDSO(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "record/vdso.c", testprog.Opts{Flags: []string{"-O1", "-g"}})
	for _, mode := range []string{"launched", "attached"} {
		t.Run(mode, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "vdso.data")
			var image []byte
			recordFixture(t, mode, bin, out, func(pid int) { image = readVDSO(t, pid) })
			if image == nil {
				image = readVDSO(t, os.Getpid())
			}
			f, err := elf.NewFile(bytes.NewReader(image))
			if err != nil {
				t.Fatalf("the live vDSO: %v", err)
			}
			syms, err := f.DynamicSymbols()
			if err != nil {
				t.Fatal(err)
			}
			// The names .dynsym gives an address (aliases: clock_gettime
			// and __vdso_clock_gettime).
			names := func(a uint64) []string {
				var ns []string
				for _, s := range syms {
					if elf.ST_TYPE(s.Info) == elf.STT_FUNC && a >= s.Value && a < s.Value+s.Size {
						ns = append(ns, s.Name)
					}
				}
				return ns
			}
			p := readProfile(t, out)
			var vdso []*profile.Mapping
			for _, m := range p.Mappings {
				if m.Path == "[vdso]" {
					vdso = append(vdso, m)
				}
			}
			if len(vdso) == 0 || p.ObjectImage("[vdso]", vdso[0].BuildID) == nil {
				t.Fatalf("vDSO mappings %+v, objects kept %d: no copy of the vDSO", vdso, len(p.Objects))
			}
			cache := symbol.NewCache(nil)
			defer cache.Close()
			addImages(cache, p)
			sym := report.NewSymbolizer(cache, io.Discard)
			inVDSO, named := 0, 0
			for _, s := range p.Samples {
				loc := s.Stack[0]
				if loc.Mapping == profile.NoMapping || p.Mappings[loc.Mapping].Path != "[vdso]" {
					continue
				}
				inVDSO++
				want := names(uint64(loc.Addr))
				fr, _ := sym.Frames(p.Mappings[loc.Mapping], loc.Addr)
				got := ""
				if len(fr) > 0 {
					got = fr[len(fr)-1].Func
				}
				switch {
				case len(want) == 0 && got != "":
					t.Errorf("vDSO address %#x: sonde says %q, .dynsym has no function there", uint64(loc.Addr), got)
				case len(want) > 0 && !slicesContains(want, got):
					t.Errorf("vDSO address %#x: sonde says %q, .dynsym %v", uint64(loc.Addr), got, want)
				case len(want) > 0:
					named++
				}
			}
			rows, text := functionRows(t, out)
			t.Logf("%d of %d samples in the vDSO, %d in a .dynsym function\n%s", inVDSO, len(p.Samples), named, text)
			if inVDSO < len(p.Samples)/2 {
				t.Fatalf("%d of %d samples in the vDSO", inVDSO, len(p.Samples))
			}
			if named == 0 || rows["__vdso_clock_gettime"]+rows["clock_gettime"] == 0 {
				t.Errorf("no row for __vdso_clock_gettime")
			}
			// Link-time addresses: one row per address at most within
			// the vDSO's few pages, never a runtime address.
			for name := range rows {
				if m := regexp.MustCompile(`^\[vdso\]@0x([0-9a-f]+)$`).FindStringSubmatch(name); m != nil {
					if a, _ := strconv.ParseUint(m[1], 16, 64); a >= uint64(len(image)) {
						t.Errorf("row %s: not an address inside the %d-byte vDSO", name, len(image))
					}
				}
			}
		})
	}
}

func slicesContains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// readVDSO returns the vDSO image of live process pid, read from its
// memory.
func readVDSO(t *testing.T, pid int) []byte {
	t.Helper()
	maps, err := proc.Maps(pid)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range maps {
		if m.Path == "[vdso]" {
			f, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img := make([]byte, m.Limit-m.Start)
			if _, err := f.ReadAt(img, int64(m.Start)); err != nil {
				t.Fatalf("read the vDSO of %d: %v", pid, err)
			}
			return img
		}
	}
	t.Fatalf("process %d has no [vdso]", pid)
	return nil
}

// TestRecordDeletedExecutable: a program that removes its own executable
// and spins. sonde reads the deleted file through /proc/PID/map_files (or
// the descriptor it keeps open) while the process lives, computes its
// mapping's bias from it, and keeps it in the data file: the report names
// its function (it printed "spin_del (deleted)+0x55e1481561eb", a runtime
// address as an offset). Oracle: nm -S of the binary before it ran.
func TestRecordDeletedExecutable(t *testing.T) {
	requirePerf(t)
	built := testprog.Build(t, "record/spin_del.c", testprog.Opts{Flags: []string{"-O1", "-g"}})
	syms, err := oracle.Nm(t, built, false)
	if err != nil {
		t.Fatal(err)
	}
	var work oracle.Symbol
	for _, s := range syms {
		if s.Name == "spin_del_work" {
			work = s
		}
	}
	if work.Size == 0 {
		t.Fatalf("nm -S %s: no spin_del_work", built)
	}
	data, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	// launched-ptrace: the ptrace sampler wrote no copy of a file deleted
	// after it was mapped, so the report could not name its functions.
	for _, mode := range []string{"launched", "attached", "launched-ptrace"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "spin_del")
			if err := os.WriteFile(bin, data, 0o755); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "del.data")
			recordFixture(t, mode, bin, out, nil)
			if _, err := os.Stat(bin); err == nil {
				t.Fatalf("%s was not removed", bin)
			}
			p := readProfile(t, out)
			inExe, inWork := 0, 0
			var cpu, cpuWork int64 // the report's weights
			for _, s := range p.Samples {
				cpu += s.Values[1]
				loc := s.Stack[0]
				if loc.Mapping == profile.NoMapping || !strings.HasPrefix(p.Mappings[loc.Mapping].Path, bin) {
					continue
				}
				inExe++
				if a := uint64(loc.Addr); a >= work.Addr && a < work.Addr+work.Size {
					inWork++
					cpuWork += s.Values[1]
				}
			}
			rows, text := functionRows(t, out)
			t.Logf("%d samples, %d in the executable, %d in spin_del_work by nm's extent\n%s", len(p.Samples), inExe, inWork, text)
			// The ptrace sampler stops a thread at its return to user
			// mode: spin_del's clock_gettime(CLOCK_PROCESS_CPUTIME_ID),
			// a real system call, takes more of its samples.
			least := len(p.Samples) * 8 / 10
			if mode == "launched-ptrace" {
				least = len(p.Samples) / 2
			}
			if inWork < least {
				t.Errorf("%d of %d samples at addresses of spin_del_work [%#x, %#x)", inWork, len(p.Samples), work.Addr, work.Addr+work.Size)
			}
			// The ptrace sampler rereads the maps when a sample falls
			// outside them (no mmap records): the executable's later
			// samples are in its "(deleted)" mapping, and the report
			// names the function once per object.
			named := 0.0
			for k, v := range rows {
				if k == "spin_del_work" || strings.HasPrefix(k, "spin_del_work (") {
					named += v
				}
			}
			if want := 100 * float64(cpuWork) / float64(cpu); named < want-0.5 {
				t.Errorf("spin_del_work has %.1f%% in the report, want its %d of %d samples", named, inWork, len(p.Samples))
			}
		})
	}
}
