package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
)

// TestRecordPythonNoBPF runs sonde record without CAP_BPF and
// CAP_SYS_ADMIN (setpriv drops them from the bounding set, so root's
// sonde has neither; CAP_PERFMON still opens the perf events): BPF is
// refused, so the Python frames are read after the sample, as the note
// says, and the recursion's frames are still there, behind the
// profile.InterpUnverified frame. Oracle: the source (recurse.py's
// lines), and the note's own words.
func TestRecordPythonNoBPF(t *testing.T) {
	testprog.RequireRoot(t, "dropping capabilities")
	requirePerf(t)
	setpriv := testprog.Require(t, "setpriv")
	py, _ := testprog.Python311(t)
	src := readPySource(t, "recurse.py")
	spin, call := src.marked(t, "# spin"), src.marked(t, "# call")
	dir := t.TempDir()
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "nobpf.data")
	cmd := exec.Command(setpriv, "--bounding-set", "-bpf,-sys_admin", "--", sonde, "record", "-g", "-q", "-o", out, "--", py, src.path, "5", "1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sonde record without CAP_BPF: %v\n%s", err, msg)
	}
	p := readProfile(t, out)
	note := ""
	for _, r := range p.Runs {
		for _, n := range r.Notes {
			if strings.HasPrefix(n, "python: ") {
				note = n
			}
		}
	}
	if !strings.Contains(note, "no BPF capture") || !strings.Contains(note, "process_vm_readv") || strings.Contains(note, "copied at the sample") {
		t.Fatalf("note %q: want the frames read after the sample, for want of BPF", note)
	}
	byID := interpIndex(p)
	inSpin := 0
	for i := range p.Samples {
		frames, _, _ := pyFrames(p, byID, &p.Samples[i])
		if len(frames) == 0 || frames[0].File != src.path || frames[0].Line != spin {
			continue
		}
		inSpin++
		if len(frames) != 7 || frames[1].Line != call {
			t.Fatalf("sample %d: frames %+v", i, frames)
		}
		if u := pyUnverified(p, byID, &p.Samples[i]); u != 0 {
			t.Fatalf("sample %d: %s after frame %d, want 0", i, profile.InterpUnverified, u)
		}
	}
	t.Logf("%d samples in the spin; %s", inSpin, note)
	if inSpin < 100 {
		t.Errorf("%d samples in the spin", inSpin)
	}
}
