package report

import (
	"strings"
	"testing"

	"sonde/profile"
)

// TestGoldenMore covers the views TestGolden leaves out (objects, files of
// samples and of unit counts, hier, sorted listings); the golden files
// were checked by hand against fake_test.go's comments, and TestObjects
// checks single figures independently of them.
func TestGoldenMore(t *testing.T) {
	profiles := map[string]func() *profile.Profile{
		"samples": samplesProfile,
		"merged":  mergedProfile,
		"lines":   linesProfile,
	}
	views := []struct {
		name    string
		opts    *Options
		samples bool // a view of samples only
	}{
		{"objects", &Options{View: ViewObjects}, false},
		{"files", &Options{View: ViewFiles}, false},
		{"hier", &Options{View: ViewHier}, true},
		{"hier-depth2", &Options{View: ViewHier, Depth: 2}, true},
		{"functions-sort-cum", &Options{View: ViewFunctions, Sort: SortCum}, true},
	}
	for _, pname := range []string{"samples", "merged", "lines"} {
		for _, v := range views {
			if v.samples && pname == "lines" {
				continue
			}
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

func TestObjects(t *testing.T) {
	tests := []struct {
		name string
		p    func() *profile.Profile
		opts *Options
		line string
	}{
		// app holds the leaves of 8 worker + 4 square samples of 20: 60%,
		// 2σ = 200·sqrt(.6·.4/20) = 21.9; every sample but the unmapped
		// one passes through app (main): 95%
		{"app", samplesProfile, &Options{View: ViewObjects}, " 60.0%  21.9  95.0%  /usr/local/bin/app"},
		// libc: 3 getc leaves; cum: getc ×4 (one under the kernel) and
		// __libc_start_call_main on 19 stacks
		{"libc", samplesProfile, &Options{View: ViewObjects}, " 15.0%  16.0  95.0%  /lib/x86_64-linux-gnu/libc.so.6"},
		// file of the innermost frame: worker:21,22 ×8, square ×4 → 60%
		{"file", samplesProfile, &Options{View: ViewFiles}, " 60.0%  21.9  95.0%  /src/inline.c"},
		// counts: app has 6 line units, 4 executed, 3000+3001+2+1000
		{"counts app", linesProfile, &Options{View: ViewObjects}, " 7003   99.9%       6         4  /usr/local/bin/app"},
		{"counts libfoo", linesProfile, &Options{View: ViewObjects}, "    7    0.1%       1         1  /opt/foo/libfoo.so"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, tt.p(), newFake(), tt.opts); err != nil {
				t.Fatal(err)
			}
			if !contains(strings.Split(b.String(), "\n"), tt.line) {
				t.Errorf("output lacks %q:\n%s", tt.line, b.String())
			}
		})
	}
}
