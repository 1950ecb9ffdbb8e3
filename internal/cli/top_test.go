package cli

import (
	"bytes"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/testprog"
)

// TestTopAttachQuit runs sonde top -p on a running fixture, quits with q
// after about two refreshes, and checks the live pictures (burn_a, the
// fixture's only busy function, holds the time) and that the target runs
// on after sonde detached.
func TestTopAttachQuit(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O1", "-g"}, Name: "burn_a"})
	target := exec.Command(bin, "100000000000")
	if err := target.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		target.Process.Kill()
		target.Wait()
	}()
	pr, pw := io.Pipe()
	go func() {
		time.Sleep(2300 * time.Millisecond)
		pw.Write([]byte("q"))
	}()
	var stdout, stderr bytes.Buffer
	code := Main([]string{"top", "-g", "-p", strconv.Itoa(target.Process.Pid)}, pr, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	t.Logf("%s", out)
	refreshes := regexp.MustCompile(`(?m)^sonde top: \d+s, (\d+) samples, 1 processes`).FindAllStringSubmatch(out, -1)
	if len(refreshes) < 2 {
		t.Errorf("%d live refreshes in 2.3s, want 2", len(refreshes))
	}
	final := out[strings.LastIndex(out, "final"):]
	if !regexp.MustCompile(`(?m)^\s+\S+\s+(9\d|100)\.\d\d%.*burn_a$`).MatchString(final) {
		t.Errorf("burn_a does not hold the time in the final picture")
	}
	if err := target.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("target gone after sonde top quit: %v", err)
	}
}
