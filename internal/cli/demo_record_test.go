package cli

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/examples"
	"sonde/internal/testprog"
)

// TestDemoRecord runs the demo's record step on hier-test built so that
// its call paths exist at -O2, and checks PCT's two paths are printed.
func TestDemoRecord(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	ex := examples.All[0]
	ex.Args = []string{"300000000"}
	out, err := demoRecord(&env{getenv: func(string) string { return "" }}, ex, bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", out)
	for _, want := range []string{"worker <- dispatch_2 <- main", "worker <- dispatch_1 <- main", "sonde report --hier", "sonde report --expr int-avg"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
	// PCT's -expr: the mean of n, 5q/6 = 2.5e+08 for q = 3e8 (see
	// hierTruth), within 10% (about 300 samples: 3 standard errors are
	// about 6%).
	m := regexp.MustCompile(`@worker@n  int-avg\n(\S+) ±`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no int-avg line in the demo output")
	}
	if v, err := strconv.ParseFloat(m[1], 64); err != nil || math.Abs(v-hierTruth(3e8)) > 0.1*hierTruth(3e8) {
		t.Errorf("demo's mean of n %s, truth %.3g", m[1], hierTruth(3e8))
	}
}
