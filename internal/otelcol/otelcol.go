// Package otelcol builds and runs a real OpenTelemetry Collector for
// sonde's tests: the official builder (go.opentelemetry.io/collector/cmd/
// builder) makes a collector with the OTLP receiver and the debug and
// OTLP/HTTP exporters at Version, from the Go module proxy, once per
// machine (cached under $HOME/.cache/sonde, keyed by the builder
// configuration); a test starts it with the profiles signal enabled and a
// configuration of its own. Under CI=true a collector that cannot be built
// fails the test; elsewhere the test is skipped, saying why.
package otelcol

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sonde/internal/linux/unix"
	"sonde/internal/syncbuf"
	"sonde/internal/testprog"
)

// Version is the collector's version (its modules are all at it).
const Version = "v0.165.0"

// builderConfig is the builder's manifest; output_path is filled in.
const builderConfig = `dist:
  name: otelcol-sonde
  description: OpenTelemetry Collector for sonde's tests
  output_path: %s
receivers:
  - gomod: go.opentelemetry.io/collector/receiver/otlpreceiver ` + Version + `
exporters:
  - gomod: go.opentelemetry.io/collector/exporter/debugexporter ` + Version + `
  - gomod: go.opentelemetry.io/collector/exporter/otlphttpexporter ` + Version + `
`

var (
	buildOnce sync.Once
	buildPath string
	buildErr  error
)

// Binary returns the path of the collector, building it the first time on
// this machine (about 1.5 to 4 minutes). It skips under -short.
func Binary(t testing.TB) string {
	t.Helper()
	testprog.SkipShort(t, "builds and runs an OpenTelemetry Collector")
	buildOnce.Do(func() { buildPath, buildErr = build() })
	if buildErr != nil {
		msg := fmt.Sprintf("otelcol: cannot build the OpenTelemetry Collector %s: %v", Version, buildErr)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return buildPath
}

// CacheDir is where the collector is kept: $HOME/.cache/sonde/otelcol-
// VERSION-HASH, HASH from the builder configuration.
func CacheDir() (string, error) {
	home, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(builderConfig))
	return filepath.Join(home, "sonde", "otelcol-"+Version+"-"+hex.EncodeToString(sum[:4])), nil
}

// build runs the builder into a fresh directory and renames it into the
// cache, so that a build cut short is never taken for a collector.
func build() (string, error) {
	dir, err := CacheDir()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "otelcol-sonde")
	if st, err := os.Stat(bin); err == nil && st.Mode().IsRegular() {
		return bin, nil
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	// go test runs the packages' test binaries in parallel: one builds,
	// the others wait for it and take its collector.
	lock, err := os.OpenFile(dir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	if err := unix.LockExclusive(int(lock.Fd())); err != nil {
		return "", fmt.Errorf("lock %s: %w", lock.Name(), err)
	}
	if st, err := os.Stat(bin); err == nil && st.Mode().IsRegular() {
		return bin, nil
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "out")
	cfg := filepath.Join(tmp, "builder.yaml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(builderConfig, out)), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command(goTool, "run", "go.opentelemetry.io/collector/cmd/builder@"+Version, "--config", cfg)
	cmd.Dir = tmp
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%v: %s", err, lastLines(log.String(), 5))
	}
	if err := os.Rename(out, dir); err != nil {
		if _, serr := os.Stat(bin); serr == nil {
			return bin, nil // another test binary built it meanwhile
		}
		return "", err
	}
	return bin, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// FreePort returns a TCP port of 127.0.0.1 that nothing listens on now.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Collector is a running collector.
type Collector struct {
	bin, config string
	// Port is the port of its OTLP/HTTP receiver on 127.0.0.1.
	Port int
	cmd  *exec.Cmd
	log  *syncbuf.Buffer
}

// Endpoint returns the receiver's URL, http://127.0.0.1:PORT.
func (c *Collector) Endpoint() string { return fmt.Sprintf("http://127.0.0.1:%d", c.Port) }

// Start runs the collector with configuration config (YAML) whose OTLP/HTTP
// receiver listens on 127.0.0.1:port, with the profiles signal enabled,
// and waits until the receiver accepts connections. The test's cleanup
// stops it.
func Start(t testing.TB, config string, port int) *Collector {
	t.Helper()
	c := &Collector{bin: Binary(t), Port: port, log: &syncbuf.Buffer{}}
	c.config = filepath.Join(t.TempDir(), "otelcol.yaml")
	if err := os.WriteFile(c.config, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	c.start(t)
	t.Cleanup(func() {
		c.Stop()
		if t.Failed() {
			t.Logf("collector on port %d said:\n%s", c.Port, lastLines(c.log.String(), 40))
		}
	})
	return c
}

func (c *Collector) start(t testing.TB) {
	t.Helper()
	c.cmd = exec.Command(c.bin, "--config", c.config, "--feature-gates=+service.profilesSupport")
	c.cmd.Stdout, c.cmd.Stderr = c.log, c.log
	// A test binary killed before its cleanup takes the collector along.
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := c.cmd.Start(); err != nil {
		t.Fatalf("otelcol: %v", err)
	}
	// A guard against a collector that never comes up, not a timing.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", c.Port))
		if err == nil {
			conn.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("otelcol: no receiver on port %d after 2 minutes:\n%s", c.Port, lastLines(c.log.String(), 20))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop stops the collector (SIGTERM, then waits).
func (c *Collector) Stop() {
	if c.cmd == nil || c.cmd.Process == nil {
		return
	}
	c.cmd.Process.Signal(os.Interrupt)
	c.cmd.Wait()
	c.cmd = nil
}

// Restart starts a stopped collector again with the same configuration.
func (c *Collector) Restart(t testing.TB) {
	t.Helper()
	c.start(t)
}

// Log returns what the collector printed so far.
func (c *Collector) Log() string { return c.log.String() }
