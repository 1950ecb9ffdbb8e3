package report

import (
	"strings"
	"testing"

	"sonde/profile"
)

// dearerWorker is samplesProfile with 8 more samples in worker (via
// dispatch_2): worker goes from 8 of 20 samples (40.0%) to 16 of 28
// (57.1%), +17.1 points.
func dearerWorker() *profile.Profile {
	p := samplesProfile()
	extra := p.Samples[0]
	for range 8 {
		p.Samples = append(p.Samples, extra)
	}
	return p
}

func TestDiff(t *testing.T) {
	tests := []struct {
		name      string
		base, cur func() *profile.Profile
		opts      *Options
		golden    string
		first     string // the first row after the two header lines
	}{
		// 2σ of the difference: 200·sqrt(.4·.6/20 + .5714·.4286/28) = 28.8
		{"samples", samplesProfile, dearerWorker, nil, "diff.samples.golden", " 40.0%  57.1%   +17.1%  28.8  worker"},
		// worker's line 22: 6 of 20 → 14 of 28; 200·sqrt(.3·.7/20 + .5·.5/28) = 27.9
		{"samples by line", samplesProfile, dearerWorker, &Options{By: ByLine, Top: 2}, "diff.samples-line.golden", " 30.0%  50.0%   +20.0%  27.9  /src/inline.c:22"},
		// linesProfile: worker's two lines 3000+3001; the cheaper one has
		// line 22 at 1000 instead of 3000: worker -2000, ratio 4001/6001
		{"counts", cheaperLines, linesProfile, nil, "diff.counts.golden", "        4001         6001        +2000    1.50x  worker"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteDiff(&b, tt.base(), tt.cur(), newFake(), tt.opts); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tt.golden, b.String())
			lines := strings.Split(b.String(), "\n")
			if len(lines) < 3 || lines[2] != tt.first {
				t.Errorf("first row %q, want %q\n%s", lines[2], tt.first, b.String())
			}
		})
	}
}

// cheaperLines is linesProfile with worker's line 22 (0x1150) run 1000
// times instead of 3000.
func cheaperLines() *profile.Profile {
	p := linesProfile()
	p.Units[0].Counts = []uint64{1000}
	return p
}

func TestDiffErrors(t *testing.T) {
	var b strings.Builder
	err := WriteDiff(&b, samplesProfile(), linesProfile(), newFake(), nil)
	if err == nil || !strings.Contains(err.Error(), "one profile has samples and the other none") {
		t.Errorf("error = %v", err)
	}
	err = WriteDiff(&b, &profile.Profile{}, &profile.Profile{}, newFake(), nil)
	if err == nil || !strings.Contains(err.Error(), "both profiles are empty") {
		t.Errorf("error = %v", err)
	}
}
