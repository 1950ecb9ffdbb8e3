package cli

import (
	"os"
	"path/filepath"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
)

// TestRecordContainer records hier-test run from a private copy of its
// binary in its own mount namespace (unshare -m, a tmpfs mounted over a
// directory that stays empty outside): sonde reads the object through
// /proc/PID/root and keeps its bytes in the data file, so that after the
// namespace is gone the report still unwinds and symbolizes it into
// worker's 1/3 : 2/3 split (±5 points at 2500 samples, 5.3 standard
// errors).
func TestRecordContainer(t *testing.T) {
	p, inside := recordContainer(t, "hierns", `"$1/hierns" 300000000`, 2500)
	if p.ObjectImage(inside, buildIDOf(t, p, inside)) == nil {
		t.Errorf("no Object frame for %s", inside)
	}
	shares, text := hierSharesIn(t, p, true)
	t.Logf("%d samples\n%s", len(p.Samples), text)
	d1 := shares["worker <- dispatch_1 <- main"]
	d2 := shares["worker <- dispatch_2 <- main"]
	if d1 < 100.0/3-5 || d1 > 100.0/3+5 || d2 < 200.0/3-5 || d2 > 200.0/3+5 {
		t.Errorf("dispatch_1 %.1f%%, dispatch_2 %.1f%%; want 33.3 and 66.7 ± 5", d1, d2)
	}
}

// recordContainer records (-g), until it has samples samples, a shell
// loop of runs of hier-test from a copy of its binary named name in a
// tmpfs mounted over a directory in a private mount namespace (unshare
// -m); run is the shell command of one run ("$1" is the directory). It
// returns the profile and the copy's path, which must not exist outside
// the namespace.
func recordContainer(t *testing.T, name, run string, samples int64) (p *profile.Profile, inside string) {
	t.Helper()
	requirePerf(t)
	testprog.RequireRoot(t, "mounts a tmpfs in a new mount namespace")
	unshare := testprog.Require(t, "unshare")
	sh := testprog.Require(t, "sh")
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fomit-frame-pointer", "-fno-optimize-sibling-calls"}})
	dir := t.TempDir()
	private := filepath.Join(dir, "private")
	if err := os.Mkdir(private, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "ns.data")
	stop, done := stopWhen(t, out, atLeastSamples(samples))
	script := `mount -t tmpfs none "$1" && cp "$2" "$1/` + name + `" && while :; do ` + run + ` || exit; [ -e "$3" ] && exit 0; done`
	code, stderr := record(t, "-g", "-o", out, "--", unshare, "-m", "--propagation", "private", sh, "-c", script, "sh", private, bin, stop)
	done()
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	inside = filepath.Join(private, name)
	if _, err := os.Stat(inside); !os.IsNotExist(err) {
		t.Fatalf("%s exists outside the namespace (%v): the test proves nothing", inside, err)
	}
	return readProfile(t, out), inside
}

// buildIDOf returns the build ID of the mapping of path in p.
func buildIDOf(t *testing.T, p *profile.Profile, path string) string {
	t.Helper()
	for _, m := range p.Mappings {
		if m.Path == path {
			return m.BuildID
		}
	}
	t.Errorf("no mapping of %s", path)
	return ""
}
