package cli

import (
	"bufio"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/linux/unix"
	"sonde/internal/testprog"
)

// TestCountAttachKilled attaches sonde count -p to a running server (the
// server.c fixture, -O2 -rdynamic: stripped or not), kills sonde with
// SIGKILL while it counts, and checks the server goes on answering
// correctly and exits with its own status (7) and output. A stripped
// build has no symbols to prove windows safe, so every site would keep an
// int3 of sonde's; after sonde's death the next hit would kill the server
// by SIGTRAP. Sonde must leave nothing behind that can: the trampolines
// stay (their code and counters are mapped in the server) and work on.
func TestCountAttachKilled(t *testing.T) {
	sonde := buildSonde(t)
	src := testprog.Build(t, "count/server.c", testprog.Opts{Flags: []string{"-g", "-O2", "-rdynamic"}, Name: "server"})
	dir := t.TempDir()
	stripped := filepath.Join(dir, "server-stripped")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stripped, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(testprog.Require(t, "strip"), stripped).CombinedOutput(); err != nil {
		t.Fatalf("strip: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		name string
		bin  string
		args []string
	}{
		{"stripped/ptrace", stripped, []string{"--engine", "ptrace"}},
		{"stripped/auto", stripped, nil},
		{"stripped/int3", stripped, []string{"--engine", "ptrace", "--trampolines=false"}},
		{"symbols/ptrace", src, []string{"--engine", "ptrace"}},
		{"symbols/coverage", src, []string{"--coverage", "--units", "lines"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := exec.Command(tc.bin)
			in, err := srv.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			outp, err := srv.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := srv.Start(); err != nil {
				t.Fatal(err)
			}
			defer srv.Process.Kill()
			rd := bufio.NewReader(outp)
			ask := func(n int) {
				t.Helper()
				fmt.Fprintf(in, "%d\n", n)
				l, err := rd.ReadString('\n')
				if want := fmt.Sprintf("%d\n", checksum(n)); err != nil || l != want {
					t.Fatalf("server answered %q, %v to %d; want %q", l, err, n, want)
				}
			}
			if l, err := rd.ReadString('\n'); err != nil || l != "ready\n" {
				t.Fatalf("first line %q, %v", l, err)
			}
			ask(10)
			pid := srv.Process.Pid
			hot := runtimeAddr(t, pid, tc.bin, "work")
			orig := memBytes(t, pid, hot)
			args := append([]string{"count", "-p", strconv.Itoa(pid), "--units", "functions", "--only", "func:^(handle|work)$", "-o", filepath.Join(dir, tc.name[:3]+".data")}, tc.args...)
			if tc.name == "symbols/coverage" {
				args = append([]string{"count", "-p", strconv.Itoa(pid), "-o", filepath.Join(dir, "cov.data")}, tc.args...)
			}
			cmd := exec.Command(sonde, args...)
			var errb strings.Builder
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			ended := make(chan struct{})
			go func() { cmd.Wait(); close(ended) }()
			// Planted: work's first bytes hold a jump or a trap (a
			// uprobe's int3 shows through /proc/PID/mem).
			for memBytes(t, pid, hot) == orig {
				select {
				case <-ended:
					t.Fatalf("sonde ended before planting: %s", errb.String())
				case <-time.After(10 * time.Millisecond):
				}
			}
			for i := range 20 {
				ask(100 + i)
			}
			cmd.Process.Signal(syscall.SIGKILL)
			<-ended
			// The tracer gone, the server runs on its own.
			for i := range 50 {
				ask(1000 + i)
			}
			fmt.Fprintln(in, "quit")
			in.Close()
			rest, _ := io.ReadAll(rd)
			err = srv.Wait()
			if string(rest) != "bye\n" || srv.ProcessState.ExitCode() != 7 {
				t.Fatalf("server after sonde's death: output %q, %v; want \"bye\" and exit 7 (sonde: %s)", rest, err, errb.String())
			}
		})
	}
}

// checksum is what server.c's work(n) returns.
func checksum(n int) int64 {
	var s int64
	for i := int64(0); i < int64(n); i++ {
		s += i * i % 7
	}
	return s
}

// runtimeAddr returns where dynamic symbol name of bin is in process pid.
func runtimeAddr(t *testing.T, pid int, bin, name string) uint64 {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.DynamicSymbols()
	if err != nil {
		t.Fatal(err)
	}
	var value uint64
	for _, s := range syms {
		if s.Name == name {
			value = s.Value
		}
	}
	var off uint64
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && value >= p.Vaddr && value < p.Vaddr+p.Memsz {
			off = value - p.Vaddr + p.Off
		}
	}
	if value == 0 {
		t.Fatalf("no symbol %s in %s", name, bin)
	}
	maps, err := os.ReadFile(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(maps), "\n") {
		fs := strings.Fields(l)
		if len(fs) < 6 || fs[5] != bin {
			continue
		}
		var lo, hi, mo uint64
		fmt.Sscanf(fs[0], "%x-%x", &lo, &hi)
		fmt.Sscanf(fs[2], "%x", &mo)
		if off >= mo && off < mo+hi-lo {
			return lo + off - mo
		}
	}
	t.Fatalf("%s not mapped in process %d", bin, pid)
	return 0
}

// memBytes reads the 16 bytes at a in process pid's memory.
func memBytes(t *testing.T, pid int, a uint64) [16]byte {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b [16]byte
	if _, err := f.ReadAt(b[:], int64(a)); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCountAutoTraced: --engine auto counts a process that another tracer
// holds (a debugger; here this test, by PTRACE_SEIZE) with uprobes, says
// why in one line, and the process finishes normally.
func TestCountAutoTraced(t *testing.T) {
	bin := testprog.Build(t, "count/attach.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	cmd := exec.Command(bin, "1.5")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	rd := bufio.NewReader(stdout)
	if l, err := rd.ReadString('\n'); err != nil || l != "ready\n" {
		t.Fatalf("first line %q, %v", l, err)
	}
	pid := cmd.Process.Pid
	seized := make(chan error)
	go func() {
		runtime.LockOSThread() // the tracer is this thread; it stays locked
		seized <- unix.PtraceSeize(pid, 0)
		select {}
	}()
	if err := <-seized; err != nil {
		t.Fatalf("seize %d: %v", pid, err)
	}
	data := filepath.Join(t.TempDir(), "t.data")
	_, errOut, code := countRun(t, "-p", strconv.Itoa(pid), "--duration", "300ms", "--units", "functions", "--only", "func:^counted$", "-o", data)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], fmt.Sprintf("cannot trace process %d (already traced by process ", pid)) ||
		!strings.Contains(lines[0], "counting with uprobes") || !strings.Contains(lines[1], "uprobe engine") {
		t.Fatalf("want the reason in one line and the summary, got:\n%s", errOut)
	}
	if strings.Contains(lines[1], "(0 reached)") {
		t.Errorf("nothing counted: %s", lines[1])
	}
	if rest, _ := rd.ReadString('\n'); rest != "finished ok\n" {
		t.Errorf("after the count: %q", rest)
	}
}
