package cli

import (
	"bytes"
	"strings"
	"testing"
)

// run runs sonde in-process with args and returns what it printed.
func run(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// The verbs of the command-line contract in DESIGN.md: each must be in the
// verb table, and "sonde help VERB" must describe it with an example.
var contractVerbs = []string{"record", "top", "count", "cc", "c++", "report", "addr2line"}

func TestHelpListsEveryVerb(t *testing.T) {
	out, _, code := run("help")
	if code != 0 {
		t.Fatalf("sonde help: exit %d", code)
	}
	for _, v := range append(contractVerbs, "demo") {
		if !strings.Contains(out, "\n  "+v+" ") {
			t.Errorf("sonde help does not list %q:\n%s", v, out)
		}
	}
}

func TestHelpVerb(t *testing.T) {
	for _, v := range append(contractVerbs, "demo") {
		t.Run(v, func(t *testing.T) {
			out, stderr, code := run("help", v)
			if code != 0 {
				t.Fatalf("sonde help %s: exit %d: %s", v, code, stderr)
			}
			if !strings.HasPrefix(out, "Usage: sonde "+v) {
				t.Errorf("sonde help %s does not start with its synopsis:\n%s", v, out)
			}
			if !strings.Contains(out, "Example") || !strings.Contains(out, "\n  sonde ") {
				t.Errorf("sonde help %s has no example:\n%s", v, out)
			}
		})
	}
}

// A verb that is not built yet says so in one line and exits 2, printing
// nothing on stdout.
func TestPendingVerbs(t *testing.T) {
	for _, v := range verbs() {
		if v.run != nil {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			out, stderr, code := run(v.name, "--", "true")
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if out != "" {
				t.Errorf("printed on stdout: %q", out)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "not built yet") {
				t.Errorf("stderr is not one 'not built yet' line: %q", stderr)
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no verb", nil, "Usage: sonde VERB"},
		{"unknown verb", []string{"frobnicate"}, `sonde: unknown verb "frobnicate"`},
		{"help of unknown verb", []string{"help", "frobnicate"}, `unknown verb "frobnicate"`},
		{"unknown flag", []string{"demo", "--frobnicate"}, "sonde demo: flag provided but not defined: -frobnicate"},
		{"stray argument", []string{"demo", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := run(tt.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q does not contain %q", stderr, tt.want)
			}
			if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
				t.Errorf("stderr shows a panic: %s", stderr)
			}
		})
	}
}
