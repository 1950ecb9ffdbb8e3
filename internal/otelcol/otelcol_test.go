package otelcol

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBuild: the builder makes a collector that lists the components sonde's
// tests configure (its own "components" command is the oracle).
func TestBuild(t *testing.T) {
	bin := Binary(t)
	out, err := exec.Command(bin, "components").CombinedOutput()
	if err != nil {
		t.Fatalf("%s components: %v\n%s", bin, err, out)
	}
	for _, want := range []string{"otlp", "debug", "otlp_http"} {
		if !strings.Contains(string(out), "name: "+want) {
			t.Errorf("component %s missing from:\n%s", want, out)
		}
	}
}
