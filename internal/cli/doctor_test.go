package cli

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"sonde/internal/testprog"
)

// TestDoctor checks sonde doctor's verdicts against what perf itself can
// do: "perf stat -e task-clock true" (user space) and "-e task-clock:k"
// (kernel), run as root and as the unprivileged user nobody, and its
// perf_event_paranoid against sysctl -n.
func TestDoctor(t *testing.T) {
	perf := testprog.Require(t, "perf")
	sonde := buildSonde(t)
	par, err := exec.Command("sysctl", "-n", "kernel.perf_event_paranoid").Output()
	if err != nil {
		t.Skipf("sysctl: %v", err)
	}
	tests := []struct {
		name string
		cred *syscall.Credential
	}{
		{name: "as is"},
		{name: "nobody", cred: &syscall.Credential{Uid: 65534, Gid: 65534}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.cred != nil && os.Geteuid() != 0 {
				t.Skip("needs root to become nobody")
			}
			run := func(name string, args ...string) ([]byte, error) {
				c := exec.Command(name, args...)
				c.SysProcAttr = &syscall.SysProcAttr{Credential: tt.cred}
				c.Dir = os.TempDir()
				return c.CombinedOutput()
			}
			out, _ := run(sonde, "doctor")
			text := string(out)
			t.Logf("%s", text)
			if !strings.Contains(text, "perf_event_paranoid = "+strings.TrimSpace(string(par))+" ") {
				t.Errorf("doctor does not report perf_event_paranoid %s (sysctl -n)", strings.TrimSpace(string(par)))
			}
			_, userErr := run(perf, "stat", "-e", "task-clock:u", "true")
			_, kernErr := run(perf, "stat", "-e", "task-clock:k", "true")
			wantUser := "ok       perf_event_open of a task-clock event: works"
			if (userErr == nil) != strings.Contains(text, wantUser) {
				t.Errorf("perf stat -e task-clock:u: %v; doctor says %q present: %v", userErr, wantUser, strings.Contains(text, wantUser))
			}
			wantKern := "ok       kernel sampling (-k): allowed"
			if (kernErr == nil) != strings.Contains(text, wantKern) {
				t.Errorf("perf stat -e task-clock:k: %v; doctor says %q present: %v", kernErr, wantKern, strings.Contains(text, wantKern))
			}
			if !bytes.Contains(out, []byte("remedy:")) && strings.Contains(text, "MISSING") {
				t.Error("a missing piece without a remedy")
			}
		})
	}
}
