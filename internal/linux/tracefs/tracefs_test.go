package tracefs

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestUnescape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/sys/kernel/tracing", "/sys/kernel/tracing"},
		{`/mnt/my\040trace`, "/mnt/my trace"},
		{`/a\011b\012c\134d`, "/a\tb\nc\\d"},
		{`/bad\9`, `/bad\9`},
		{`/short\04`, `/short\04`},
		{`/end\`, `/end\`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := unescape(tt.in); got != tt.want {
				t.Errorf("unescape(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestFind checks Find against util-linux's findmnt: the directory it
// returns is one findmnt lists as a tracefs mount point, and it returns
// ErrNotMounted only when findmnt lists none.
func TestFind(t *testing.T) {
	findmnt, err := exec.LookPath("findmnt")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("findmnt not found (util-linux)")
		}
		t.Skip("findmnt not found (util-linux)")
	}
	out, _ := exec.Command(findmnt, "-n", "-l", "-t", "tracefs", "-o", "TARGET").Output()
	points := strings.Fields(string(out))
	dir, err := Find()
	t.Logf("findmnt: %q; Find: %q, %v", points, dir, err)
	switch {
	case errors.Is(err, ErrNotMounted):
		if len(points) > 0 {
			t.Errorf("Find says not mounted; findmnt lists %q", points)
		}
	case err != nil:
		t.Fatal(err)
	default:
		found := false
		for _, p := range points {
			found = found || p == dir
		}
		if !found {
			t.Errorf("Find: %s; findmnt lists %q", dir, points)
		}
	}
}
