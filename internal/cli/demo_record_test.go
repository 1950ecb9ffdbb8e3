package cli

import (
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
	for _, want := range []string{"worker <- dispatch_2 <- main", "worker <- dispatch_1 <- main", "sonde report --hier"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
}
