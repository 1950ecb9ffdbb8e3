package report

import (
	"strings"
	"testing"
)

// TestSort checks --sort on the synthetic profiles: the first data row of
// each listing, from fake_test.go's figures.
func TestSort(t *testing.T) {
	tests := []struct {
		name  string
		opts  *Options
		first string // the first row after the header
		line  int    // its line number in the output
	}{
		// default: flat; worker's 8 of 20 samples lead
		{"functions flat", &Options{View: ViewFunctions}, "worker", 2},
		// cum: main is on every stack but the unmapped one's (19 of 20);
		// __libc_start_call_main too: equal cum, flat 0 both, by name
		{"functions cum", &Options{View: ViewFunctions, Sort: SortCum}, "__libc_start_call_main", 2},
		// name: byte order puts "[kernel.kallsyms]@..." before letters?
		// '[' is 0x5b, after upper case and before lower case and '_'
		{"functions name", &Options{View: ViewFunctions, Sort: SortName}, "[kernel.kallsyms]@0xffffffff81000100", 2},
		{"flat name", &Options{View: ViewFlat, Sort: SortName}, "/src/inline.c:21", 1},
		{"hier name", &Options{View: ViewHier, Sort: SortName}, "[kernel.kallsyms]@0xffffffff81000100 <- getc <- main", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, samplesProfile(), newFake(), tt.opts); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(b.String(), "\n")
			if len(lines) <= tt.line || !strings.HasSuffix(lines[tt.line], " "+tt.first) {
				t.Errorf("row %d = %q, want it to end in %q\n%s", tt.line, lines[tt.line], tt.first, b.String())
			}
		})
	}
}

func TestSortDiff(t *testing.T) {
	for _, tt := range []struct {
		col   SortColumn
		first string
	}{
		{SortDefault, "worker"}, // +17.1 points
		{SortBase, "worker"},    // 40% in base
		{SortNew, "worker"},     // 57.1% in new
		{SortName, "[kernel.kallsyms]@0xffffffff81000100"},
	} {
		t.Run(tt.col.String(), func(t *testing.T) {
			var b strings.Builder
			if err := WriteDiff(&b, samplesProfile(), dearerWorker(), newFake(), &Options{Sort: tt.col, Top: 1}); err != nil {
				t.Fatal(err)
			}
			if lines := strings.Split(b.String(), "\n"); !strings.HasSuffix(lines[2], " "+tt.first) {
				t.Errorf("first row %q, want %q", lines[2], tt.first)
			}
		})
	}
}

func TestParseSort(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want SortColumn
		err  bool
	}{{"flat", SortFlat, false}, {"count", SortFlat, false}, {"cum", SortCum, false}, {"function", SortName, false},
		{"delta", SortDelta, false}, {"base", SortBase, false}, {"new", SortNew, false}, {"size", 0, true}} {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseSort(tt.in)
			if got != tt.want || (err != nil) != tt.err {
				t.Errorf("ParseSort(%q) = %v, %v", tt.in, got, err)
			}
		})
	}
}
