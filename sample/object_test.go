package sample

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/proc"
)

// TestBias checks the link-time conversion of runtime addresses: for each
// executable mapping of a running fixture (PIE executable, libc), the bias
// computed from the ELF program headers must turn gdb's runtime address of
// a function (gdb -batch -p PID -ex 'print &FN', GNU gdb 13) into nm's
// link-time address of it (nm -S --defined-only, dynamic symbols for libc).
func TestBias(t *testing.T) {
	gdb := testprog.Require(t, "gdb")
	for _, tt := range []struct {
		name  string
		flags []string
	}{
		{"pie", []string{"-O1", "-g", "-DWHO=a"}},
		{"no-pie", []string{"-O1", "-g", "-DWHO=a", "-no-pie"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bin := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: tt.flags})
			cmd := exec.Command(bin, "100000000000")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				cmd.Process.Kill()
				cmd.Wait()
			}()
			// Wait for the loader to map libc (however long a loaded
			// machine takes), then for the rest of the startup.
			var maps []proc.Mapping
			for deadline := time.Now().Add(5 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
				var err error
				if maps, err = proc.Maps(cmd.Process.Pid); err != nil {
					t.Fatal(err)
				}
				libc := false
				for _, m := range maps {
					libc = libc || m.Exec() && strings.Contains(m.Path, "libc.so")
				}
				if libc || time.Now().After(deadline) {
					break
				}
			}
			out, err := exec.Command(gdb, "-batch", "-p", strconv.Itoa(cmd.Process.Pid), "-ex", "print &burn_a", "-ex", "print &getppid").Output()
			if err != nil {
				t.Fatalf("gdb: %v", err)
			}
			re := regexp.MustCompile(`(?m)^\$\d+ = .* (0x[0-9a-f]+) <(\w+)>`)
			runtimeAddr := map[string]uint64{}
			for _, m := range re.FindAllStringSubmatch(string(out), -1) {
				a, _ := strconv.ParseUint(m[1], 0, 64)
				runtimeAddr[m[2]] = a
			}
			t.Logf("gdb: %v", runtimeAddr)
			checks := 0
			for _, m := range maps {
				if !m.Exec() || !strings.HasPrefix(m.Path, "/") {
					continue
				}
				var fn string
				var dynamic bool
				switch {
				case m.Path == bin:
					fn = "burn_a"
				case strings.Contains(m.Path, "libc.so"):
					fn, dynamic = "getppid", true
				default:
					continue
				}
				rt := uint64(0)
				for name, a := range runtimeAddr {
					if strings.HasSuffix(name, fn) {
						rt = a
					}
				}
				if rt < m.Start || rt >= m.Limit {
					t.Fatalf("gdb's %s at %#x is not in %s's mapping %#x-%#x", fn, rt, m.Path, m.Start, m.Limit)
				}
				syms, err := oracle.Nm(t, m.Path, dynamic)
				if err != nil {
					t.Fatal(err)
				}
				var link uint64
				for _, s := range syms {
					if name, _, _ := strings.Cut(s.Name, "@"); name == fn { // nm -D: getppid@@GLIBC_2.2.5
						link = s.Addr
					}
				}
				o := readObject(m.Path)
				if o.err != nil {
					t.Fatal(o.err)
				}
				bias, ok := o.bias(m.Start, m.Offset)
				if !ok || rt-bias != link {
					t.Errorf("%s: runtime %#x - bias %#x = %#x, nm says %s is at %#x", m.Path, rt, bias, rt-bias, fn, link)
				}
				checks++
			}
			if checks != 2 {
				t.Errorf("%d mappings checked, want the executable and libc", checks)
			}
		})
	}
}
