package tracefs

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

func TestEventIDParse(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "events", "sched", "sched_switch")
	if err := os.MkdirAll(ev, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, content string
		want          uint64
		err           string
	}{
		{"number", "316\n", 316, ""},
		{"garbage", "x1\n", 0, "not a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(filepath.Join(ev, "id"), []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := eventID(dir, "sched", "sched_switch")
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %d, %v; want %d", got, err, tt.want)
			}
		})
	}
	if _, err := eventID(dir, "sched", "nosuch"); err == nil || !strings.Contains(err.Error(), "sched:nosuch") {
		t.Errorf("missing event: err %v", err)
	}
}

// TestEventIDKernel reads sched:sched_switch's id from the kernel's
// tracefs; the oracle is perf's own parser ("perf list" names the event),
// checked here only as "a positive id that the format file repeats".
func TestEventIDKernel(t *testing.T) {
	testprog.RequireRoot(t, "mounts and reads tracefs")
	id, err := EventID("sched", "sched_switch")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Dir()
	format, err := os.ReadFile(filepath.Join(d, "events", "sched", "sched_switch", "format"))
	if err != nil {
		t.Fatal(err)
	}
	if id == 0 || !strings.Contains(string(format), "ID: "+strconv.FormatUint(id, 10)) {
		t.Errorf("id %d not in the format file:\n%s", id, format)
	}
}
