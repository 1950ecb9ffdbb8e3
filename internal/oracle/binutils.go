package oracle

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Addr2lineOptions says how to run binutils addr2line.
type Addr2lineOptions struct {
	Inlines  bool // -i
	Demangle bool // -C
}

// Addr2line asks binutils addr2line for the frames of addrs in obj. It always
// runs with -a -f so that answers can be split by address.
func Addr2line(t testing.TB, obj string, addrs []uint64, o Addr2lineOptions) ([]Answer, error) {
	t.Helper()
	args := []string{"-a", "-f", "-e", obj}
	if o.Inlines {
		args = append(args, "-i")
	}
	if o.Demangle {
		args = append(args, "-C")
	}
	out, err := Addr2lineOutput(t, args, addrs)
	if err != nil {
		return nil, err
	}
	ans, err := ParseAddr2line(out)
	if err != nil {
		return nil, err
	}
	if len(ans) != len(addrs) {
		return nil, fmt.Errorf("addr2line: %d answers for %d addresses", len(ans), len(addrs))
	}
	return ans, nil
}

// Addr2lineOutput runs binutils addr2line with args, the addresses on
// standard input, and returns its standard output unchanged, for tests that
// compare sonde's text byte for byte.
func Addr2lineOutput(t testing.TB, args []string, addrs []uint64) ([]byte, error) {
	t.Helper()
	return run(t, hexLines(addrs), "addr2line", args...)
}

var (
	a2lAddr  = regexp.MustCompile(`^0x[0-9a-f]{8,16}$`)
	a2lDiscr = regexp.MustCompile(` \(discriminator (\d+)\)$`)
)

// ParseAddr2line parses the output of binutils addr2line run with -a and -f
// (and optionally -i and -C, not -p): an address line, then pairs of lines
// "function" and "file:line[ (discriminator N)]". "??" and "?" are unknown
// and become "" and 0; an answer "??" "??:0" has nil Frames.
func ParseAddr2line(out []byte) ([]Answer, error) {
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil, nil
	}
	var ans []Answer
	for i := 0; i < len(lines); {
		if !a2lAddr.MatchString(lines[i]) {
			return nil, fmt.Errorf("parse addr2line output line %d: want an address, got %q", i+1, lines[i])
		}
		a, _ := strconv.ParseUint(lines[i][2:], 16, 64)
		an := Answer{Addr: a}
		i++
		known := false
		for i < len(lines) && !a2lAddr.MatchString(lines[i]) {
			if i+1 >= len(lines) {
				return nil, fmt.Errorf("parse addr2line output line %d: function %q without a file:line", i+1, lines[i])
			}
			f, err := parseFileLine(lines[i+1])
			if err != nil {
				return nil, fmt.Errorf("parse addr2line output line %d: %w", i+2, err)
			}
			if lines[i] != "??" {
				f.Func = lines[i]
			}
			known = known || f.Func != "" || f.File != "" || f.Line != 0
			an.Frames = append(an.Frames, f)
			i += 2
		}
		if !known {
			an.Frames = nil
		}
		ans = append(ans, an)
	}
	return ans, nil
}

// parseFileLine parses "file:line", "file:line (discriminator N)", "??:0"
// and "file:?".
func parseFileLine(s string) (Frame, error) {
	var f Frame
	if m := a2lDiscr.FindStringSubmatchIndex(s); m != nil {
		f.Discriminator, _ = strconv.Atoi(s[m[2]:m[3]])
		s = s[:m[0]]
	}
	k := strings.LastIndexByte(s, ':')
	if k < 0 {
		return f, fmt.Errorf("no ':' in %q", s)
	}
	if file := s[:k]; file != "??" {
		f.File = file
	}
	if ln := s[k+1:]; ln != "?" {
		n, err := strconv.Atoi(ln)
		if err != nil {
			return f, fmt.Errorf("line number in %q: %w", s, err)
		}
		f.Line = n
	}
	return f, nil
}

// Nm lists the defined symbols of obj with their sizes (nm -S
// --defined-only), from .dynsym instead of .symtab when dynamic is true.
func Nm(t testing.TB, obj string, dynamic bool) ([]Symbol, error) {
	t.Helper()
	args := []string{"-S", "--defined-only"}
	if dynamic {
		args = append(args, "-D")
	}
	out, err := run(t, "", "nm", append(args, obj)...)
	if err != nil {
		return nil, err
	}
	return ParseNm(out)
}

// ParseNm parses nm -S output: "addr [size] type name" per line.
func ParseNm(out []byte) ([]Symbol, error) {
	var syms []Symbol
	for n, line := range bytes.Split(out, []byte("\n")) {
		f := strings.Fields(string(line))
		var s Symbol
		var err error
		switch {
		case len(f) == 0:
			continue
		case len(f) >= 4 && len(f[2]) == 1:
			s.Name = strings.Join(f[3:], " ")
			s.Type = f[2][0]
			if s.Size, err = strconv.ParseUint(f[1], 16, 64); err != nil {
				return nil, fmt.Errorf("parse nm output line %d: size: %w", n+1, err)
			}
		case len(f) == 3 && len(f[1]) == 1:
			s.Name, s.Type = f[2], f[1][0]
		default:
			return nil, fmt.Errorf("parse nm output line %d: %q", n+1, line)
		}
		if s.Addr, err = strconv.ParseUint(f[0], 16, 64); err != nil {
			return nil, fmt.Errorf("parse nm output line %d: address: %w", n+1, err)
		}
		syms = append(syms, s)
	}
	return syms, nil
}
