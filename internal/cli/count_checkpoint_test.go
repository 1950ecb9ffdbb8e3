package cli

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/profile/datafile"
)

// TestCountKilled: sonde count killed by SIGKILL mid-run leaves the counts
// of its last checkpoint in the data file (written every 0.1 s): the
// count of counted() read afterwards is at least what the file held
// before the kill, and never more than the fixture's own progress says
// it called counted() (it prints its running total after each batch of
// 1000 calls; the target dies with sonde, so its last line bounds the
// truth to within a batch).
func TestCountKilled(t *testing.T) {
	sonde := buildSonde(t)
	bin := testprog.Build(t, "count/progress.c", testprog.Opts{Flags: []string{"-g", "-O1"}})
	for _, engine := range [][]string{{"--engine", "ptrace"}, {"--engine", "ptrace", "--trampolines=false"}, {"--engine", "uprobe"}} {
		t.Run(strings.Join(engine[1:], ""), func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "k.data")
			args := append([]string{"count", "--units", "functions", "--only", "func:^counted$", "-o", data}, engine...)
			cmd := exec.Command(sonde, append(args, "--", bin)...)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var errb strings.Builder
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			lines := make(chan int64, 1<<16)
			sc := bufio.NewScanner(out)
			var target int
			if !sc.Scan() || !strings.HasPrefix(sc.Text(), "pid ") {
				t.Fatalf("first line %q: %s", sc.Text(), errb.String())
			}
			target, _ = strconv.Atoi(strings.TrimPrefix(sc.Text(), "pid "))
			defer syscall.Kill(target, syscall.SIGKILL) // the uprobe engine's target outlives sonde
			go func() {
				for sc.Scan() {
					n, _ := strconv.ParseInt(sc.Text(), 10, 64)
					lines <- n
				}
				close(lines)
			}()
			// Wait for a checkpoint that counted something.
			var before uint64
			var last int64
			for before == 0 {
				select {
				case n, ok := <-lines:
					if !ok {
						t.Fatalf("the fixture ended: %s", errb.String())
					}
					last = n
				case <-time.After(10 * time.Millisecond):
				}
				before = countedInFile(t, data)
				if before == 0 && last >= 1000*1000 {
					// A thousand batches, each with a 1 ms sleep: more
					// than a second, ten checkpoints' time.
					t.Fatalf("no counts in %s after the fixture's %d calls", data, last)
				}
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Process.Wait() // not cmd.Wait: a target left running holds sonde's stderr
			after := countedInFile(t, data)
			// The fixture dies with sonde (ptrace) or runs on (uprobes):
			// what it printed by now bounds what it had done at the kill.
			if target > 0 {
				syscall.Kill(target, syscall.SIGKILL)
			}
			for n := range lines {
				last = n
			}
			if after < before {
				t.Errorf("counted() after the kill: %d, less than the %d the file held before", after, before)
			}
			if after > uint64(last)+1000 {
				t.Errorf("counted() after the kill: %d, more than the fixture's %d calls (+1000 of its last batch)", after, last)
			}
			t.Logf("file: %d before the kill, %d after; the fixture's last progress %d", before, after, last)
		})
	}
}

// countedInFile returns the count of function counted() in the data file
// at path (0 when there is none yet).
func countedInFile(t *testing.T, path string) uint64 {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		return 0
	}
	p, _, err := datafile.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var n uint64
	for _, u := range p.Units {
		if u.Func == "counted" {
			n += u.Counts[0]
		}
	}
	return n
}
