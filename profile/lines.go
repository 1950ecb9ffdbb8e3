package profile

import (
	"strconv"
	"strings"
)

// The count of a source line, one rule for every view and export (report
// --lines, --flat --by line, --editor, lcov DA lines):
//
//	A line's count is, in each copy of the line's code, the count of its
//	most executed unit; the copies add up.
//
// A copy is the code one compilation unit (or object) made for the line
// in one function: the out-of-line function's own code, and each inlined
// instance of a callee in it, told apart by its call chain. A function's
// .cold part is part of the function's copy.
//
// This is gcov's count of a line, "the number of times the line was
// entered" (gcov.cc: the arcs entering the line's blocks from blocks of
// other lines, plus the cycles entirely on the line), wherever the blocks
// of a line run each time the line is entered: a loop condition
// ("while (*p)": the jump into the loop and the condition at its bottom,
// counted as often as the condition is tested), a for statement's header
// (initialization once, condition n+1 times, increment n times: n+1), a
// "?:" and a one-line if/else (the test's count). Adding a line's units
// up would count such a line several times; taking its first unit in
// program order would count a while loop's entries, not its tests. Where
// the compiler duplicated a line's code inside one copy (loop unrolling,
// tail duplication) the rule counts the busiest duplicate only and is
// below gcov's count, which is measured before such optimizations.

// LineKey names a source line.
type LineKey struct {
	File string
	Line int
}

// LineCopy names one copy of a line's code (see the rule above).
type LineCopy struct {
	LineKey
	// Copy identifies the copy: the object or compilation unit, the
	// out-of-line function and the call chain of inlined instances.
	Copy string
}

// LineTally gathers units into line counts by the rule above. The zero
// value is not usable: make it with NewLineTally.
type LineTally struct {
	copies map[LineCopy]uint64
}

// NewLineTally returns an empty tally.
func NewLineTally() *LineTally { return &LineTally{copies: make(map[LineCopy]uint64)} }

// Add counts a unit with count c that lies in copy cp of its line.
func (t *LineTally) Add(cp LineCopy, c uint64) {
	if old, ok := t.copies[cp]; !ok || c > old {
		t.copies[cp] = c
	}
}

// Lines returns each line's count: the copies' counts added up.
func (t *LineTally) Lines() map[LineKey]uint64 {
	out := make(map[LineKey]uint64, len(t.copies))
	for cp, c := range t.copies {
		out[cp.LineKey] += c
	}
	return out
}

// OutOfLine returns the name of the function a split-off part belongs to:
// gcc names the unlikely part of f "f.cold" (and further parts "f.cold.1"),
// which is f's code; other suffixes (".part.0", ".constprop.0", ".isra.0")
// name functions of their own and are kept.
func OutOfLine(name string) string {
	i := strings.LastIndex(name, ".cold")
	if i <= 0 {
		return name
	}
	rest := name[i+len(".cold"):]
	if rest == "" {
		return name[:i]
	}
	if rest[0] != '.' || len(rest) == 1 {
		return name
	}
	for _, c := range rest[1:] {
		if c < '0' || c > '9' {
			return name
		}
	}
	return name[:i]
}

// SourcePos is a frame's function and source position, as LineCopyOf needs
// it (a symbolizer's frame, or a unit's static position).
type SourcePos struct {
	Func string
	File string
	Line int
}

// LineCopyOf returns the line of unit u and the copy of that line's code
// it lies in. object names u's object ("" for units without an address);
// frames are u's frames, innermost first, at least one.
func LineCopyOf(u *Unit, object string, frames []SourcePos) LineCopy {
	var b strings.Builder
	b.WriteString(u.Scope)
	b.WriteByte(0)
	b.WriteString(object)
	for _, f := range frames[1:] {
		b.WriteByte(0)
		b.WriteString(OutOfLine(f.Func))
		b.WriteByte(0)
		b.WriteString(f.File)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(f.Line))
	}
	if len(frames) == 1 {
		b.WriteByte(0)
		b.WriteString(OutOfLine(frames[0].Func))
	}
	return LineCopy{LineKey: LineKey{frames[0].File, frames[0].Line}, Copy: b.String()}
}
