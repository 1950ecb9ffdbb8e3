package testprog

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// Perf runs `perf args...` as an oracle and returns its standard output;
// the error carries perf's standard error. Debian 12's perf 6.1 now and
// then aborts in its build-id code ("assertion failed at
// util/build-id.c:1010", then a stack smashing: a build ID longer than
// 20 bytes copied without a bound), in record, script or report alike. A
// run that perf itself ends by a signal is tried again, up to three
// times, and every run reads and writes a build-id directory of the
// test's own, never the shared ~/.debug.
func Perf(t testing.TB, args ...string) ([]byte, error) {
	t.Helper()
	perf := Require(t, "perf")
	dir, err := os.MkdirTemp("", "sonde-perf-buildid-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for try := 1; ; try++ {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(perf, append([]string{"--buildid-dir", dir}, args...)...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if err == nil {
			return stdout.Bytes(), nil
		}
		var ee *exec.ExitError
		if try < 3 && errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				t.Logf("perf %s: %v, tried again\n%s", args[0], err, stderr.Bytes())
				continue
			}
		}
		return stdout.Bytes(), fmt.Errorf("perf %s: %w\n%s", args[0], err, stderr.Bytes())
	}
}
