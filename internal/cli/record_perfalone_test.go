package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/sample"
	"sonde/unwind"
)

// TestRecordLeavesPerfAlone runs perf record and perf script on a program
// that execs (so its MMAP2 records come from the kernel) while sonde
// record -a watches the machine. An event that asks for build IDs in its
// MMAP2 records makes the kernel (up to at least 6.x) set
// PERF_RECORD_MISC_MMAP_BUILD_ID in the other events' records too, where
// the bytes are a device and inode; perf 6.1 then aborts in its build-id
// code. Sonde must not do that to the other tools of the machine: perf is
// run once, not retried, and must succeed, and no MMAP2 record in its
// file may claim a build ID (perf record was not asked for any).
func TestRecordLeavesPerfAlone(t *testing.T) {
	requirePerf(t)
	perf := testprog.Require(t, "perf")
	sh := testprog.Require(t, "sh")
	dir := t.TempDir()
	out := filepath.Join(dir, "all.data")
	stop, stderr := startSystemRecording(t, out, sample.Options{Freq: 99, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 8192}, nil)
	defer func() {
		if c := stop(); c != 0 {
			t.Errorf("record -a: exit %d: %s", c, stderr.String())
		}
	}()
	pd := filepath.Join(dir, "perf.data")
	bid := filepath.Join(dir, "buildid")
	rec1 := exec.Command(perf, "--buildid-dir", bid, "record", "-q", "-B", "-N", "-e", "task-clock:u", "-o", pd, "--", sh, "-c", "for i in 1 2 3 4 5 6 7 8; do ls / >/dev/null; done")
	if msg, err := rec1.CombinedOutput(); err != nil {
		t.Fatalf("perf record beside sonde record -a: %v\n%s", err, msg)
	}
	if msg, err := exec.Command(perf, "--buildid-dir", bid, "script", "-i", pd).CombinedOutput(); err != nil {
		t.Fatalf("perf script of a recording made beside sonde record -a: %v\n%s", err, lastLines(string(msg), 5))
	}
	raw, err := exec.Command(perf, "--buildid-dir", bid, "script", "-D", "-i", pd).Output()
	if err != nil {
		t.Fatalf("perf script -D: %v", err)
	}
	// perf -D prints an MMAP2 record's header as its first raw line:
	// "0000:  0a 00 00 00 MM mm ..." (type 10, then misc, little-endian);
	// misc's bit 14 (byte mm's 0x40) is PERF_RECORD_MISC_MMAP_BUILD_ID.
	n, leaked := 0, 0
	for _, l := range strings.Split(string(raw), "\n") {
		f := strings.Fields(l)
		if len(f) < 8 || f[1] != "0000:" || f[2] != "0a" || f[3] != "00" {
			continue
		}
		n++
		if strings.ContainsAny(f[7][:1], "4567cdef") {
			leaked++
		}
	}
	if n == 0 {
		t.Fatalf("no MMAP2 record in perf's file")
	}
	if leaked > 0 {
		t.Errorf("%d of %d MMAP2 records in perf's file say they carry a build ID", leaked, n)
	}
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}
