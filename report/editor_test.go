package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/profile"
	"sonde/symbol"
)

// TestEditor checks the file:line: layout on the synthetic profiles
// (figures from fake_test.go's comments) and its golden files.
func TestEditor(t *testing.T) {
	tests := []struct {
		name     string
		p        func() *profile.Profile
		coverage bool
		top      int
		first    string
	}{
		// worker:22 has 6 of 20 samples: 30%, 2σ = 200·sqrt(.3·.7/20) = 20.5
		{"samples", samplesProfile, false, 0, "/src/inline.c:22: 30.0% ±20.5"},
		{"samples-top2", samplesProfile, false, 2, "/src/inline.c:22: 30.0% ±20.5"},
		// worker's line 21 ran 3001 times of 7010 counted
		{"lines", linesProfile, false, 0, "/src/inline.c:21: 3001 (42.8%)"},
		// unused's lines 40 and 41 never ran
		{"coverage", linesProfile, true, 0, "/src/inline.c:40: never executed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteEditor(&b, tt.p(), newFake(), tt.coverage, tt.top); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "editor."+tt.name+".golden", b.String())
			if first := strings.SplitN(b.String(), "\n", 2)[0]; first != tt.first {
				t.Errorf("first line %q, want %q", first, tt.first)
			}
			if tt.top > 0 && strings.Count(b.String(), "\n") != tt.top {
				t.Errorf("%d lines, want %d", strings.Count(b.String(), "\n"), tt.top)
			}
		})
	}
	if err := WriteEditor(&strings.Builder{}, samplesProfile(), newFake(), true, 0); err == nil {
		t.Errorf("--coverage of samples: no error")
	}
}

// TestEditorSource: the source line's text follows when the file exists.
func TestEditorSource(t *testing.T) {
	src := filepath.Join(t.TempDir(), "s.c")
	if err := os.WriteFile(src, []byte("int x;\n\tx = x + 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := &profile.Profile{Mappings: []*profile.Mapping{{Path: "/bin/s"}},
		Samples: []profile.Sample{{Stack: []profile.Location{{Mapping: 0, Addr: 1}}}}}
	sym := &fakeSymbolizer{frames: map[fakeKey][]symbol.Frame{{"/bin/s", 1}: {{Func: "f", File: src, Line: 2}}}}
	var b strings.Builder
	if err := WriteEditor(&b, p, sym, false, 0); err != nil {
		t.Fatal(err)
	}
	if want := src + ":2: 100.0% ±0.0  x = x + 1;\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestEditorPartly: a line with two units of which one never ran is
// partly executed.
func TestEditorPartly(t *testing.T) {
	p := linesProfile()
	// a second unit on worker's line 22 (0x1150's line), never run
	fakeFrames[fakeKey{appPath, 0x1151}] = fakeFrames[fakeKey{appPath, 0x1150}]
	defer delete(fakeFrames, fakeKey{appPath, 0x1151})
	p.Units = append(p.Units, profile.Unit{Kind: profile.UnitLine, Loc: loc(0, 0x1151), Counts: []uint64{0}})
	var b strings.Builder
	if err := WriteEditor(&b, p, newFake(), true, 0); err != nil {
		t.Fatal(err)
	}
	want := "/src/inline.c:22: partly executed (1 of 2 units never ran)\n/src/inline.c:40: never executed\n/src/inline.c:41: never executed\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
