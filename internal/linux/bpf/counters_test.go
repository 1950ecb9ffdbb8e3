package bpf

import (
	"debug/elf"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// requireBPF skips (fails under CI=true) when the kernel will not load
// the counters here (not root, old kernel).
func requireBPF(t *testing.T) *UprobeCounters {
	t.Helper()
	testprog.SkipShort(t, "loads BPF programs")
	c, err := NewUprobeCounters(4)
	if errors.Is(err, ErrNotSupported) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("BPF uprobe counters: %v", err)
		}
		t.Skipf("BPF uprobe counters: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fileOffset returns the file offset of symbol name in the ELF file at
// path, through its section's vaddr-to-offset mapping (oracle: the
// symbol table and section headers, as nm and readelf -S show them).
func fileOffset(t *testing.T, path, name string) uint64 {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name && int(s.Section) < len(f.Sections) {
			sec := f.Sections[s.Section]
			return s.Value - sec.Addr + sec.Offset
		}
	}
	t.Fatalf("no symbol %s in %s", name, path)
	return 0
}

// TestUprobeCounters: forkexec.c calls counted() 10 times in the parent,
// 100 in a forked child and 1000 in a vforked child that execs the same
// program (the fixture's own arithmetic): 1110 when the parent is
// followed, its children followed through task_newtask; 0 when nobody
// is followed (the pid filter keeps other processes out). A second
// cookie on main counts 2 (the parent's main and the exec'd child's).
func TestUprobeCounters(t *testing.T) {
	bin := testprog.Build(t, "count/forkexec.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	for _, tc := range []struct {
		name         string
		follow       bool
		counted, mai uint64
	}{
		{"followed", true, 1110, 2},
		{"not-followed", false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := requireBPF(t)
			defer c.Close()
			offs := []uint64{fileOffset(t, bin, "counted"), fileOffset(t, bin, "main")}
			if err := c.Attach(bin, offs, []uint64{1, 3}); err != nil {
				t.Fatal(err)
			}
			if c.Probes() != 2 {
				t.Errorf("%d probes, want 2", c.Probes())
			}
			// The shell waits for a line, then execs the fixture in
			// the same process, so it is followed before main runs.
			cmd := exec.Command("/bin/sh", "-c", `read x; exec "$0"`, bin)
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if tc.follow {
				if err := c.Follow(cmd.Process.Pid); err != nil {
					t.Fatal(err)
				}
			}
			if f, err := c.Following(cmd.Process.Pid); err != nil || f != tc.follow {
				t.Errorf("following %d before the run: %v, %v; want %v", cmd.Process.Pid, f, err, tc.follow)
			}
			io.WriteString(in, "go\n")
			text, _ := io.ReadAll(out)
			if err := cmd.Wait(); err != nil || string(text) != "forkexec ok\n" {
				t.Fatalf("fixture: %q, %v", text, err)
			}
			// Its exit removed it (sched_process_exit's group_dead).
			if f, err := c.Following(cmd.Process.Pid); c.forget != nil && (err != nil || f) {
				t.Errorf("following %d after its exit: %v, %v", cmd.Process.Pid, f, err)
			}
			got, err := c.Counts()
			if err != nil {
				t.Fatal(err)
			}
			want := []uint64{0, tc.counted, 0, tc.mai}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("counter %d: %d, want %d", i, got[i], want[i])
				}
			}
		})
	}
}

// TestVerifierLog: a program reading an uninitialised register is
// refused, and the error carries the verifier's words for it
// (kernel/bpf/verifier.c, check_reg_arg: "R%d !read_ok").
func TestVerifierLog(t *testing.T) {
	requireBPF(t).Close()
	_, err := LoadProgram(ProgramSpec{Name: "sonde_bad", Type: Kprobe, License: "GPL",
		Insns: []Insn{LoadMem(R0, R2, 0, BPF_DW), Exit()}})
	if err == nil {
		t.Fatal("the verifier accepted a read of R2, never written")
	}
	if !strings.Contains(err.Error(), "R2 !read_ok") {
		t.Errorf("error %q does not carry the verifier's R2 !read_ok", err)
	}
}
