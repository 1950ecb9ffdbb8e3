package cli

import (
	"strings"
	"testing"
)

// TestRecordContainerShortLived: as TestRecordContainer, but the runs of
// hier-test in the private mount namespace last about 3 ms, so that most
// have exited when sonde reads their records (every 20 ms): their objects
// are read through the root of their parent (the namespace's shell, which
// lives on), and the report symbolizes them: 95% of the samples in the
// binary at least are named as its functions (without the parent's root:
// 12%), and worker's are split 1/3 : 2/3 between dispatch_1 and
// dispatch_2 (±5 points at 1500 samples of worker: 4.1 standard errors).
func TestRecordContainerShortLived(t *testing.T) {
	p, inside := recordContainer(t, "hiershort", `"$1/hiershort" 3000000 >/dev/null`, 4000)
	// The samples whose program counter is in the private binary.
	var in, all int64
	for _, s := range p.Samples {
		all += s.Values[0]
		if len(s.Stack) > 0 && s.Stack[0].Mapping >= 0 && p.Mappings[s.Stack[0].Mapping].Path == inside {
			in += s.Values[0]
		}
	}
	shares, text := hierSharesIn(t, p, true)
	d1 := shares["worker <- dispatch_1 <- main"]
	d2 := shares["worker <- dispatch_2 <- main"]
	var named float64 // samples whose leaf is named as one of the fixture's functions
	for path, v := range shares {
		switch leaf, _, _ := strings.Cut(path, " <- "); leaf {
		case "worker", "dispatch_1", "dispatch_2", "main":
			named += v * float64(all) / 100
		}
	}
	procs := 0
	for _, pr := range p.Processes {
		if pr.Exe == inside {
			procs++
		}
	}
	t.Logf("%d runs of hiershort; %d of %d samples in it, %.0f named as its functions\n%s", procs, in, all, named, text)
	if in < 1500 || named < 0.95*float64(in) {
		t.Fatalf("%d samples in %s, %.0f of them symbolized as worker's", in, inside, named)
	}
	if r := 100 * d1 / (d1 + d2); r < 100.0/3-5 || r > 100.0/3+5 {
		t.Errorf("dispatch_1 %.1f%% of worker's samples, want 33.3 ± 5", r)
	}
}
