package ir

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// FuzzInstrument feeds IR text to the rewriter: it must return a result
// or an error, never panic, and what it did not insert must stay
// byte-identical. Seeds: clang 14's IR of the attrib fixtures (testdata/
// *.ll, made with clang -O2 -g -S -emit-llvm -Xclang -disable-llvm-passes)
// and the small modules of the table tests.
func FuzzInstrument(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.ll"))
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{tail, body, retslot, invoke} {
		f.Add([]byte(s))
	}
	unprof := regexp.MustCompile(`^k`)
	f.Fuzz(func(t *testing.T, text []byte) {
		res, err := Instrument(text, &Options{Scope: "/f.c", Unprofiled: unprof})
		if err != nil {
			return
		}
		if len(res.Units) == 0 {
			if string(res.IR) != string(text) {
				t.Fatalf("no units, but the text changed")
			}
			return
		}
		if got := stripInserted(res.IR); string(got) != string(text) && !containsSonde(text) {
			t.Fatalf("unchanged text changed:\n%q\n%q", text, got)
		}
	})
}

func containsSonde(b []byte) bool { return regexp.MustCompile(`__sonde|; sonde attrib`).Match(b) }
