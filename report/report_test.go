package report

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/profile"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// checkGolden compares got with testdata/name, or rewrites it under -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n%s", path, diff(string(want), got))
	}
}

// diff shows the lines that differ between want and got.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("- " + a + "\n+ " + c + "\n")
		}
	}
	return b.String()
}

// The golden files were checked by hand against the synthetic profiles'
// comments in fake_test.go (sample counts per leaf, counts per unit).
func TestGolden(t *testing.T) {
	profiles := map[string]func() *profile.Profile{
		"samples":   samplesProfile,
		"merged":    mergedProfile,
		"lines":     linesProfile,
		"functions": functionsProfile,
	}
	views := []struct {
		name string
		opts *Options
	}{
		{"default", nil},
		{"flat", &Options{View: ViewFlat}},
		{"flat-function", &Options{View: ViewFlat, By: ByFunction}},
		{"flat-file", &Options{View: ViewFlat, By: ByFile}},
		{"flat-object", &Options{View: ViewFlat, By: ByObject}},
		{"functions", &Options{View: ViewFunctions}},
		{"functions-top3", &Options{View: ViewFunctions, Top: 3}},
	}
	for _, pname := range []string{"samples", "merged", "lines", "functions"} {
		for _, v := range views {
			name := pname + "." + v.name
			t.Run(name, func(t *testing.T) {
				var b strings.Builder
				if err := Write(&b, profiles[pname](), newFake(), v.opts); err != nil {
					t.Fatal(err)
				}
				checkGolden(t, name+".golden", b.String())
			})
		}
	}
}

// TestFigures checks single figures derived by hand from the synthetic
// profiles, independently of the golden files.
func TestFigures(t *testing.T) {
	tests := []struct {
		name    string
		p       func() *profile.Profile
		opts    *Options
		line    string // a line the output must hold
		notLine string // a line it must not hold
	}{
		// 6+2 of 20 samples have their leaf in worker: 40.0%; 4 samples at
		// 0x1150 via dispatch_2 and 2 via dispatch_1 = 6/20 = 30.0%. The ±
		// is 200·sqrt(p(1-p)/20) by hand (python3: 200*(.3*.7/20)**.5 =
		// 20.49; .4: 21.91; .2: 17.89; .15: 15.97; .1: 13.42; .05: 9.75).
		{"flat line worker:22", samplesProfile, nil, " 30.0% ±20.5  /src/inline.c:22", ""},
		{"flat function worker", samplesProfile, &Options{View: ViewFlat, By: ByFunction}, " 40.0% ±21.9  worker", ""},
		// inline frames: the 4 samples in square count for square, not main
		{"flat function inlined", samplesProfile, &Options{View: ViewFlat, By: ByFunction}, " 20.0% ±17.9  square", ""},
		// getc: 3 leaf samples of 20, symbols only
		{"flat symbols only", samplesProfile, nil, " 15.0% ±16.0  libc.so.6:getc", ""},
		{"flat nothing", samplesProfile, nil, " 10.0% ±13.4  libfoo.so+0x1a2b", ""},
		{"flat unmapped", samplesProfile, nil, "  5.0% ±9.7  [unmapped]@0x7f00deadbeef", ""},
		// cum of main: every sample but the unmapped one passes main
		// (4 through inlined square), 19 × 1001001 ns = 19.02s... in ms:
		// 19019019 ns = 19.02ms, 95.00%; its flat is 0 and it sorts
		// after every leaf, so sum% is 100.
		{"functions cum main", samplesProfile, &Options{View: ViewFunctions}, "         0   0.00%  0.00 100.00%    19.02ms  95.00%  main", ""},
		// dispatch_2 is reached through return address 0x1185 whose call
		// is at 0x1184: 6 samples, 6.01ms, 30%.
		{"functions return address", samplesProfile, &Options{View: ViewFunctions}, "", "app+0x1185"},
		// two functions named init in two objects stay apart and say where
		// they are from; 3 and 1 of 4 samples: ± 200*(.75*.25/4)**.5 = 43.30
		{"same name app", twoInitsProfile, &Options{View: ViewFlat, By: ByFunction}, " 75.0% ±43.3  init (/usr/local/bin/app)", ""},
		{"same name libc", twoInitsProfile, &Options{View: ViewFunctions}, "         1  25.00% 43.30 100.00%          1  25.00%  init (/lib/x86_64-linux-gnu/libc.so.6)", ""},
		// with no sample types each sample counts 1
		{"no sample types", twoInitsProfile, nil, "unknown collector: 4 samples, 0 runs, 0 processes, 0 lost", ""},
		// unused never ran: 0 lines; worker: 3000+3001 = 6001 of 7010.
		{"counts zero function", linesProfile, nil, "    0    0.0%  unused", ""},
		{"counts worker", linesProfile, nil, " 6001   85.6%  worker", ""},
		// entry counts win over block sums for worker: 3, not 3003; total
		// 3+1+1+1 entries and 11 for helper's blocks (no entry count) = 17
		{"entries", functionsProfile, nil, "    3   17.6%  worker", ""},
		{"blocks without entries", functionsProfile, nil, "   11   64.7%  helper", ""},
		{"never entered", functionsProfile, nil, "    0    0.0%  unused", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, tt.p(), newFake(), tt.opts); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(b.String(), "\n")
			if tt.line != "" && !contains(lines, tt.line) {
				t.Errorf("output lacks %q:\n%s", tt.line, b.String())
			}
			if tt.notLine != "" && strings.Contains(b.String(), tt.notLine) {
				t.Errorf("output holds %q:\n%s", tt.notLine, b.String())
			}
		})
	}
}

func contains(lines []string, l string) bool {
	for _, x := range lines {
		if x == l {
			return true
		}
	}
	return false
}

// TestCallerAddresses checks that return addresses are looked up one byte
// early and leaves at their own address.
func TestCallerAddresses(t *testing.T) {
	f := newFake()
	var b strings.Builder
	if err := Write(&b, samplesProfile(), f, &Options{View: ViewFunctions}); err != nil {
		t.Fatal(err)
	}
	for _, k := range []fakeKey{{appPath, 0x1184}, {appPath, 0x1150}, {libcPath, 0x29d8f}} {
		if f.asked[k] != 1 {
			t.Errorf("asked %s %#x %d times, want once", k.path, uint64(k.addr), f.asked[k])
		}
	}
	for _, k := range []fakeKey{{appPath, 0x1185}, {appPath, 0x114f}} {
		if f.asked[k] != 0 {
			t.Errorf("asked %s %#x, which is no address to look up", k.path, uint64(k.addr))
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		p    func() *profile.Profile
		sym  Symbolizer
		opts *Options
		want string
	}{
		{"symbolizer error", samplesProfile, &fakeSymbolizer{fail: map[fakeKey]bool{{appPath, 0x1150}: true}}, nil,
			"symbolize /usr/local/bin/app 0x1150: fake symbolizer: broken"},
		{"bad mapping index", func() *profile.Profile {
			p := samplesProfile()
			p.Samples[0].Stack[0].Mapping = 9
			return p
		}, newFake(), nil, "location 0x1150 refers to mapping 9 of 5"},
		{"short values", func() *profile.Profile {
			p := samplesProfile()
			p.Samples[3].Values = p.Samples[3].Values[:1]
			return p
		}, newFake(), nil, "report: sample 3 has 1 values for 2 sample types"},
		{"negative top", samplesProfile, newFake(), &Options{Top: -1}, "report: --top -1 is negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			err := Write(&b, tt.p(), tt.sym, tt.opts)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("Write() error = %v, want %q", err, tt.want)
			}
			if tt.name == "symbolizer error" && !errors.Is(err, errFake) {
				t.Errorf("error %v does not wrap the symbolizer's", err)
			}
			if b.Len() != 0 {
				t.Errorf("Write wrote %q before failing", b.String())
			}
		})
	}
}

func TestParseBy(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want By
		err  bool
	}{{"line", ByLine, false}, {"functions", ByFunction, false}, {"file", ByFile, false}, {"object", ByObject, false}, {"stack", 0, true}} {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseBy(tt.in)
			if got != tt.want || (err != nil) != tt.err {
				t.Errorf("ParseBy(%q) = %v, %v", tt.in, got, err)
			}
		})
	}
}
