package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// LLVMOptions says how to run llvm-symbolizer.
type LLVMOptions struct {
	// Inlining asks for inline frames (--inlining); otherwise only the
	// innermost frame is reported (--no-inlines).
	Inlining bool
	// Demangle asks for demangled names (--demangle); otherwise names are
	// printed as the object spells them (--no-demangle).
	Demangle bool
}

// Args returns llvm-symbolizer's command-line flags for o and obj, without
// addresses.
func (o LLVMOptions) Args(obj string) []string {
	args := []string{"--output-style=JSON", "--obj=" + obj}
	if o.Inlining {
		args = append(args, "--inlining")
	} else {
		args = append(args, "--no-inlines")
	}
	if o.Demangle {
		args = append(args, "--demangle")
	} else {
		args = append(args, "--no-demangle")
	}
	return args
}

// LLVMSymbolizer asks llvm-symbolizer for the frames of addrs (link-time
// addresses) in obj, feeding the addresses on standard input.
func LLVMSymbolizer(t testing.TB, obj string, addrs []uint64, o LLVMOptions) ([]Answer, error) {
	t.Helper()
	out, err := run(t, hexLines(addrs), "llvm-symbolizer", o.Args(obj)...)
	if err != nil {
		return nil, err
	}
	ans, err := ParseLLVMJSON(out)
	if err != nil {
		return nil, err
	}
	if len(ans) != len(addrs) {
		return nil, fmt.Errorf("llvm-symbolizer: %d answers for %d addresses", len(ans), len(addrs))
	}
	return ans, nil
}

// llvmRecord is one line of llvm-symbolizer --output-style=JSON when the
// addresses come on standard input (one object per line; with addresses as
// arguments it prints one array instead, which ParseLLVMJSON also reads).
type llvmRecord struct {
	Address string
	Error   *struct{ Message string }
	Symbol  []struct {
		FunctionName  string
		FileName      string
		Line          int
		Column        int
		Discriminator int
	}
}

// ParseLLVMJSON parses llvm-symbolizer --output-style=JSON output: one JSON
// object per line (addresses on stdin) or JSON arrays of them (addresses as
// arguments). A record that carries an error fails the parse. An answer whose
// frames are all empty (llvm-symbolizer's "??") has nil Frames.
func ParseLLVMJSON(out []byte) ([]Answer, error) {
	var ans []Answer
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var recs []llvmRecord
		if line[0] == '[' {
			if err := json.Unmarshal(line, &recs); err != nil {
				return nil, fmt.Errorf("parse llvm-symbolizer JSON line %d: %w", n, err)
			}
		} else {
			var r llvmRecord
			if err := json.Unmarshal(line, &r); err != nil {
				return nil, fmt.Errorf("parse llvm-symbolizer JSON line %d: %w", n, err)
			}
			recs = []llvmRecord{r}
		}
		for _, r := range recs {
			if r.Error != nil {
				return nil, fmt.Errorf("llvm-symbolizer: address %s: %s", r.Address, r.Error.Message)
			}
			a, err := strconv.ParseUint(strings.TrimPrefix(r.Address, "0x"), 16, 64)
			if err != nil {
				return nil, fmt.Errorf("parse llvm-symbolizer JSON line %d: address %q: %w", n, r.Address, err)
			}
			an := Answer{Addr: a}
			known := false
			for _, s := range r.Symbol {
				f := Frame{Func: s.FunctionName, File: s.FileName, Line: s.Line, Column: s.Column, Discriminator: s.Discriminator}
				known = known || f.Func != "" || f.File != "" || f.Line != 0
				an.Frames = append(an.Frames, f)
			}
			if !known {
				an.Frames = nil
			}
			ans = append(ans, an)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read llvm-symbolizer output: %w", err)
	}
	return ans, nil
}
