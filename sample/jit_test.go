package sample

import (
	"os"
	"testing"
	"time"
)

func TestJitDumpName(t *testing.T) {
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/tmp/jit-1234.dump", true},
		{"/home/u/app/jit-1.dump", true},
		{"/tmp/jit-.dump", false},
		{"/tmp/jit-12a.dump", false},
		{"/tmp/xjit-12.dump", false},
		{"/tmp/jit-12.dump.bak", false},
		{"/tmp/perf-12.map", false},
	} {
		if got := jitDumpName(tt.path); got != tt.want {
			t.Errorf("jitDumpName(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// TestProcStart: the test's own start, from /proc/self/stat and the boot
// time, is before now and after the test binary's file was written.
func TestProcStart(t *testing.T) {
	start := procStart(os.Getpid())
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(exe)
	if err != nil {
		t.Fatal(err)
	}
	if start.IsZero() || start.After(time.Now()) || start.Before(st.ModTime().Add(-2*time.Second)) {
		t.Errorf("procStart = %v; now %v, test binary written %v", start, time.Now(), st.ModTime())
	}
	if !procStart(-1).IsZero() {
		t.Error("procStart of no process is not zero")
	}
}
