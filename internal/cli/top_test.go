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

	"sonde/internal/syncbuf"
	"sonde/internal/testprog"
)

// TestTopAttachQuit runs sonde top -p on a running fixture, quits with q
// once it has shown two refreshes, and checks the live pictures (burn_a, the
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
	refresh := regexp.MustCompile(`(?m)^sonde top: \d+s, (\d+) samples, 1 processes`)
	pr, pw := io.Pipe()
	var stdout syncbuf.Buffer
	var stderr bytes.Buffer
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		// q once two pictures are out, however long they take.
		for len(refresh.FindAllString(stdout.String(), -1)) < 2 {
			select {
			case <-quit:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
		pw.Write([]byte("q"))
	}()
	code := Main([]string{"top", "-g", "-p", strconv.Itoa(target.Process.Pid)}, pr, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	t.Logf("%s", out)
	if refreshes := refresh.FindAllStringSubmatch(out, -1); len(refreshes) < 2 {
		t.Errorf("%d live refreshes, want 2", len(refreshes))
	}
	final := out[strings.LastIndex(out, ", final"):] // not _dl_start_final
	if !regexp.MustCompile(`(?m)^\s+\S+\s+(9\d|100)\.\d\d%.*burn_a$`).MatchString(final) {
		t.Errorf("burn_a does not hold the time in the final picture")
	}
	if err := target.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("target gone after sonde top quit: %v", err)
	}
}
