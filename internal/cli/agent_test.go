package cli

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/otelcol"
	"sonde/internal/testprog"
)

// TestAgentUsage: the agent's bad command lines are one-line usage errors.
func TestAgentUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no endpoint", nil, "--otlp http://HOST:4318 is required"},
		{"bad scheme", []string{"--otlp", "ftp://x:1"}, "want http://HOST:PORT"},
		{"grpc with a path", []string{"--otlp", "grpc://x:1/p"}, "want grpc://HOST:PORT"},
		{"bad interval", []string{"--otlp", "http://x:1", "--interval", "0s"}, "positive duration"},
		{"bad rate", []string{"--otlp", "http://x:1", "-F", "0"}, "-F 0"},
		{"bad spool size", []string{"--otlp", "http://x:1", "--spool-size", "-1"}, "--spool-size -1"},
		{"pid and cgroup", []string{"--otlp", "http://x:1", "-p", "1", "--cgroup", "/"}, "choose one"},
		{"bad pid", []string{"--otlp", "http://x:1", "-p", "x"}, "not a process id"},
		{"argument", []string{"--otlp", "http://x:1", "ls"}, "unexpected argument"},
		{"no such cgroup", []string{"--otlp", "http://x:1", "--cgroup", "/no/such/sonde"}, "no directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(append([]string{"agent", "-o", filepath.Join(t.TempDir(), "a.data")}, tt.args...), strings.NewReader(""), &stdout, &stderr)
			if code != exitUsage || !strings.Contains(stderr.String(), tt.want) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d and one line with %q", code, stderr.String(), exitUsage, tt.want)
			}
		})
	}
}

// TestAgentCommand runs sonde agent -p on a busy shell for a few intervals
// against a real collector: it says each interval sent and ends with a
// summary whose samples all went out; the spool reads as a data file.
func TestAgentCommand(t *testing.T) {
	requirePerf(t)
	sh := testprog.Require(t, "sh")
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, fmt.Sprintf(`receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:%d
exporters:
  debug:
    verbosity: basic
service:
  telemetry:
    metrics:
      level: none
  pipelines:
    profiles:
      receivers: [otlp]
      exporters: [debug]
`, port), port)
	busy := exec.Command(sh, "-c", "while :; do :; done")
	if err := busy.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { busy.Process.Kill(); busy.Wait() }()
	spool := filepath.Join(t.TempDir(), "agent.data")
	var stdout, stderr bytes.Buffer
	code := Main([]string{"agent", "--otlp", col.Endpoint(), "-p", strconv.Itoa(busy.Process.Pid), "--interval", "1s", "--duration", "3500ms", "-F", "99", "-o", spool},
		strings.NewReader(""), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	t.Logf("%s", stderr.String())
	if n := strings.Count(stderr.String(), "sonde agent: sent "); n < 3 {
		t.Errorf("%d intervals said sent, want at least 3", n)
	}
	m := regexp.MustCompile(`sonde agent: (\d+) samples, \d+ lost, (\d+) intervals sent \((\d+) samples\), 0 dropped, 0 left`).FindStringSubmatch(stderr.String())
	if m == nil || m[1] != m[3] || m[1] == "0" {
		t.Errorf("summary %q: want every sample sent", m)
	}
	p := readProfile(t, spool)
	if strconv.Itoa(len(p.Samples)) != m[1] || len(p.Runs) != 1 || p.Runs[0].Collector != "agent" {
		t.Errorf("spool: %d samples, runs %+v", len(p.Samples), p.Runs)
	}
	if !strings.Contains(col.Log(), "profiles") {
		t.Errorf("the collector's debug exporter said nothing of profiles")
	}
}
