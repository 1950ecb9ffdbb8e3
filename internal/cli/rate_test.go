package cli

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"sonde/internal/testprog"
)

// TestRateNote checks where the achieved rate is stated: from 100 ms of
// CPU time and 100 sampling periods on, and the figure is samples over
// seconds (worked by hand).
func TestRateNote(t *testing.T) {
	const hz999 = 1001001 // -F 999's period in ns
	tests := []struct {
		name    string
		samples int
		cpu     time.Duration
		period  int64
		kernel  bool
		want    string
	}{
		{"5 ms", 4, 5 * time.Millisecond, hz999, false,
			"achieved rate: not measured: 4 samples in 0.005s of the command's user CPU time, too little to measure a rate by (under 0.10s at 999 Hz)"},
		{"just under", 99, 99 * time.Millisecond, hz999, false,
			"achieved rate: not measured: 99 samples in 0.099s of the command's user CPU time, too little to measure a rate by (under 0.10s at 999 Hz)"},
		// 100 periods of -F 999 are 100.1 ms
		{"100 periods", 100, 100100100, hz999, true,
			"achieved rate: 999 samples per CPU second (100 samples in 0.10s of the command's user+system CPU time; asked 999 Hz)"},
		{"one second", 1161, 1100 * time.Millisecond, hz999, false,
			"achieved rate: 1055 samples per CPU second (1161 samples in 1.10s of the command's user CPU time; asked 999 Hz)"},
		// at -F 99, 100 periods are 1.01 s
		{"F 99 half a second", 50, 500 * time.Millisecond, 10101010, false,
			"achieved rate: not measured: 50 samples in 0.500s of the command's user CPU time, too little to measure a rate by (under 1.01s at 99 Hz)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rateNote(tt.samples, tt.cpu, tt.period, tt.kernel); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestRecordRateTiny records burn.c for 5 ms of its CPU time: a rate of
// 4 or 5 samples over a CPU time the kernel splits into user and system
// by 4 ms ticks was stated as anything from 770 to 1500 Hz. The note says
// it is not measured, and gives no rate.
func TestRecordRateTiny(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "record/burn.c", testprog.Opts{Flags: []string{"-O1", "-g"}, Name: "burn_tiny"})
	out := filepath.Join(t.TempDir(), "tiny.data")
	code, stderr := record(t, "-o", out, "--", bin, "5ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if regexp.MustCompile(`samples per CPU second`).MatchString(stderr) {
		t.Errorf("a rate stated for 5 ms of CPU time:\n%s", stderr)
	}
	p := readProfile(t, out)
	var notes []string
	for _, r := range p.Runs {
		notes = append(notes, r.Notes...)
	}
	all := strings.Join(notes, "\n")
	if len(p.Samples) > 0 && !strings.Contains(all, "achieved rate: not measured: ") {
		t.Errorf("%d samples and no note that the rate is not measured:\n%s", len(p.Samples), all)
	}
	if strings.Contains(all, "samples per CPU second") {
		t.Errorf("a rate in the notes:\n%s", all)
	}
}
