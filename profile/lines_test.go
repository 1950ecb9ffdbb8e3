package profile

import "testing"

func TestOutOfLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"step", "step"},
		{"step.cold", "step"},
		{"step.cold.1", "step"},
		{"step.part.0.cold", "step.part.0"},
		{"step.part.0", "step.part.0"},
		{"f.constprop.0", "f.constprop.0"},
		{"step.colder", "step.colder"},
		{"step.cold.x", "step.cold.x"},
		{".cold", ".cold"},
		{"", ""},
	} {
		if got := OutOfLine(tc.in); got != tc.want {
			t.Errorf("OutOfLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLineTally: the rule by hand on gcc -O0's shapes: a while loop's jump
// into the loop (1,000) and its condition (27,000) are one copy, 27,000; a
// header's line inlined into two functions is two copies that add up; a
// cold part is its function's copy; two objects add up.
func TestLineTally(t *testing.T) {
	pos := func(fn, file string, line int) []SourcePos { return []SourcePos{{Func: fn, File: file, Line: line}} }
	inl := func(fn, file string, line int, caller string, callLine int) []SourcePos {
		return []SourcePos{{Func: fn, File: file, Line: line}, {Func: caller, File: "a.c", Line: callLine}}
	}
	for _, tc := range []struct {
		name  string
		add   func(t *LineTally)
		line  LineKey
		count uint64
	}{
		{"while", func(t *LineTally) {
			u := &Unit{Scope: "a.c"}
			t.Add(LineCopyOf(u, "", pos("count_chars", "a.c", 10)), 1000)
			t.Add(LineCopyOf(u, "", pos("count_chars", "a.c", 10)), 27000)
		}, LineKey{"a.c", 10}, 27000},
		{"inlined twice", func(t *LineTally) {
			u := &Unit{}
			t.Add(LineCopyOf(u, "/bin/a", inl("mix", "h.h", 3, "step", 30)), 5000)
			t.Add(LineCopyOf(u, "/bin/a", inl("mix", "h.h", 3, "main", 50)), 7)
		}, LineKey{"h.h", 3}, 5007},
		{"cold part", func(t *LineTally) {
			u := &Unit{Scope: "a.c"}
			t.Add(LineCopyOf(u, "", pos("step", "a.c", 26)), 4)
			t.Add(LineCopyOf(u, "", pos("step.cold", "a.c", 26)), 3)
		}, LineKey{"a.c", 26}, 4},
		{"two objects", func(t *LineTally) {
			u := &Unit{}
			t.Add(LineCopyOf(u, "/lib/a.so", pos("f", "a.c", 5)), 2)
			t.Add(LineCopyOf(u, "/lib/b.so", pos("f", "a.c", 5)), 3)
		}, LineKey{"a.c", 5}, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tally := NewLineTally()
			tc.add(tally)
			lines := tally.Lines()
			if len(lines) != 1 || lines[tc.line] != tc.count {
				t.Errorf("lines %v, want %v: %d", lines, tc.line, tc.count)
			}
		})
	}
}
