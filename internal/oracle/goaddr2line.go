package oracle

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// GoAddr2line asks "go tool addr2line BINARY" for the function and file:line
// of addrs. It reports one frame per address (it knows no inline frames) and
// nil Frames where it prints "?" and "?:0".
func GoAddr2line(t testing.TB, bin string, addrs []uint64) ([]Answer, error) {
	t.Helper()
	out, err := run(t, hexLines(addrs), "go", "tool", "addr2line", bin)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 2*len(addrs) {
		return nil, fmt.Errorf("go tool addr2line: %d lines for %d addresses", len(lines), len(addrs))
	}
	ans := make([]Answer, len(addrs))
	for i, a := range addrs {
		ans[i].Addr = a
		fn, fl := lines[2*i], lines[2*i+1]
		if fn == "?" && fl == "?:0" {
			continue
		}
		k := strings.LastIndexByte(fl, ':')
		if k < 0 {
			return nil, fmt.Errorf("parse go tool addr2line line %d: %q", 2*i+2, fl)
		}
		ln, err := strconv.Atoi(fl[k+1:])
		if err != nil {
			return nil, fmt.Errorf("parse go tool addr2line line %d: %w", 2*i+2, err)
		}
		f := Frame{Func: fn, File: fl[:k], Line: ln}
		if f.Func == "?" {
			f.Func = ""
		}
		if f.File == "?" {
			f.File = ""
		}
		ans[i].Frames = []Frame{f}
	}
	return ans, nil
}
