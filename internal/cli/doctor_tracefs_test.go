package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"sonde/internal/testprog"
)

// requireRoot skips a test that needs root (a failure under CI=true, which
// runs as root), and skips it under -short.
func requireRoot(t *testing.T) {
	t.Helper()
	testprog.RequireRoot(t, "this test")
}

// unmountScript unmounts every tracefs of the mount namespace it runs in
// and fails (exit 97) when one is left.
const unmountScript = `
for d in /sys/kernel/debug/tracing /sys/kernel/tracing; do umount "$d" 2>/dev/null; umount "$d" 2>/dev/null; done
if grep -q ' tracefs ' /proc/self/mounts; then echo "tracefs still mounted:"; grep ' tracefs ' /proc/self/mounts; exit 97; fi
`

// inPrivateMounts runs the shell script in a new mount namespace whose
// mounts are private (Go's Unshareflags CLONE_NEWNS remounts / with
// MS_REC|MS_PRIVATE in the child): what it mounts or unmounts, tracefs
// included, is not seen by the machine's other processes. It returns the
// combined output. The machine's own tracefs mount, which other tests and
// engineers use, is checked to be there afterwards when it was before.
func inPrivateMounts(t *testing.T, script string, env ...string) (string, error) {
	t.Helper()
	before := hostTracefs(t)
	cmd := exec.Command("sh", "-c", script)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if after := hostTracefs(t); before && !after {
		t.Errorf("the machine's tracefs mount is gone after the private-namespace run")
	}
	return string(out), err
}

// hostTracefs reports whether this process sees tracefs mounted.
func hostTracefs(t *testing.T) bool {
	t.Helper()
	data, err := os.ReadFile("/proc/self/mounts")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(data), " tracefs ")
}

// kernelAtLeast reports whether the running kernel is at least
// major.minor (/proc/sys/kernel/osrelease, "6.18.44-...").
func kernelAtLeast(t *testing.T, major, minor int) bool {
	t.Helper()
	data, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^(\d+)\.(\d+)`).FindStringSubmatch(string(data))
	if m == nil {
		t.Fatalf("kernel release %q", data)
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	return a > major || a == major && b >= minor
}

// section returns the text of out between the lines "=== name" and the
// next "=== " line.
func section(out, name string) string {
	i := strings.Index(out, "=== "+name+"\n")
	if i < 0 {
		return ""
	}
	s := out[i+len(name)+5:]
	if j := strings.Index(s, "\n=== "); j >= 0 {
		s = s[:j+1]
	}
	return s
}

// TestDoctorFixMountsTracefs unmounts tracefs in a private mount namespace
// and runs sonde doctor there: it names tracefs as missing, with its cost;
// sonde doctor --fix mounts it (checked in /proc/self/mounts, not by
// sonde's word), prints the change, and its report afterwards finds what
// sonde count's uprobe engine needs: tracefs and, on Linux 6.6 or later
// (uprobe_multi), BPF uprobe counters that load.
func TestDoctorFixMountsTracefs(t *testing.T) {
	requireRoot(t)
	sonde := buildSonde(t)
	out, err := inPrivateMounts(t, unmountScript+`
echo "=== before"; "$SONDE" doctor
echo "=== fix"; "$SONDE" doctor --fix; echo "exit $?"
echo "=== mounts"; grep ' tracefs ' /proc/self/mounts
echo "=== end"
`, "SONDE="+sonde)
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("private-namespace run: %v", err)
	}
	before := section(out, "before")
	if !strings.Contains(before, "MISSING  tracefs: not mounted") || !strings.Contains(before, "cost: sonde count's uprobe engine cannot use BPF") {
		t.Errorf("sonde doctor does not name tracefs as missing with its cost")
	}
	fix := section(out, "fix")
	if !strings.Contains(fix, "changed  tracefs: not mounted -> mounted at /sys/kernel/tracing\n") {
		t.Errorf("sonde doctor --fix does not say it mounted tracefs")
	}
	if !strings.Contains(fix, "\nexit 0\n") {
		t.Errorf("sonde doctor --fix did not exit 0")
	}
	if !regexp.MustCompile(`(?m)^\S+ /sys/kernel/tracing tracefs `).MatchString(section(out, "mounts")) {
		t.Errorf("tracefs is not mounted at /sys/kernel/tracing after sonde doctor --fix")
	}
	// The report --fix prints after its changes.
	if !strings.Contains(fix, "ok       tracefs: mounted at /sys/kernel/tracing") {
		t.Errorf("the report after --fix does not find tracefs")
	}
	if kernelAtLeast(t, 6, 6) && !strings.Contains(fix, "ok       BPF uprobe counters: work") {
		t.Errorf("the report after --fix: BPF uprobe counters do not work on Linux 6.6 or later")
	}
	if strings.Contains(fix, "FAILED") {
		t.Errorf("a fix failed")
	}
}

// TestCountMountsTracefs runs sonde count as root where tracefs is not
// mounted (a private mount namespace), with the uprobe engine (the one
// that needs tracefs: auto counts a command it starts with ptrace), on threads.c, whose four threads
// call counted() exactly 4*N times and whose main thread never does: sonde
// mounts tracefs itself, says so in one note, prints no degradation note,
// and counts 4*N (without tracefs, the perf counters of the threads present
// at the start counted 0, and BPF was refused).
func TestCountMountsTracefs(t *testing.T) {
	requireRoot(t)
	sonde := buildSonde(t)
	bin := testprog.Build(t, "count/threads.c", testprog.Opts{Flags: []string{"-g", "-O0", "-pthread"}})
	const n = 5000
	data := filepath.Join(t.TempDir(), "sonde.data")
	out, err := inPrivateMounts(t, unmountScript+fmt.Sprintf(`
echo "=== count"; "$SONDE" count --engine uprobe --units functions --only 'func:^counted$' -o %s -- %s %d 2>&1; echo "exit $?"
echo "=== mounts"; grep ' tracefs ' /proc/self/mounts
echo "=== end"
`, data, bin, n), "SONDE="+sonde)
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("private-namespace run: %v", err)
	}
	if !strings.Contains(section(out, "count"), "\nexit 0\n") {
		t.Fatalf("sonde count did not exit 0")
	}
	if !strings.Contains(section(out, "mounts"), " /sys/kernel/tracing tracefs ") {
		t.Errorf("tracefs is not mounted at /sys/kernel/tracing after sonde count")
	}
	rep, errOut, code := repRun(t, "--functions", data)
	t.Logf("%s%s", rep, errOut)
	if code != 0 {
		t.Fatalf("sonde report: exit %d", code)
	}
	text := section(out, "count") + rep + errOut
	for _, bad := range []string{"not mounted", "refused", "BPF not supported", "only the threads present at the start"} {
		if strings.Contains(text, bad) {
			t.Errorf("degradation note %q where root could fix it", bad)
		}
	}
	if !strings.Contains(rep, "note: uprobe engine: mounted tracefs at /sys/kernel/tracing (nobody had)") {
		t.Errorf("no note that sonde mounted tracefs")
	}
	m := regexp.MustCompile(`(?m)^\s*(\d+)\s+[0-9.]+%\s+counted\s*$`).FindStringSubmatch(rep)
	if m == nil {
		t.Fatalf("no count for counted() in the report")
	}
	if got, _ := strconv.Atoi(m[1]); got != 4*n {
		t.Errorf("counted() ran %d times; the program calls it 4*%d = %d times", got, n, 4*n)
	}
}

// TestSetSysctl writes a sysctl its own value (the machine is shared: no
// test changes a setting): as root it reads back and reports "NAME: OLD ->
// NEW"; not as root it fails and says to use sudo.
func TestSetSysctl(t *testing.T) {
	testprog.SkipShort(t, "writes a sysctl as root")
	const name = "kernel.perf_event_paranoid"
	cur, err := readTrim("/proc/sys/kernel/perf_event_paranoid")
	if err != nil {
		t.Skipf("no perf events: %v", err)
	}
	change, err := setSysctl(name, cur, cur)
	if os.Geteuid() != 0 {
		if err == nil || !strings.Contains(err.Error(), "sudo sonde doctor --fix") {
			t.Errorf("not root: setSysctl = %q, %v; want an error naming sudo", change, err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if want := name + ": " + cur + " -> " + cur; change != want {
		t.Errorf("setSysctl = %q, want %q", change, want)
	}
}
