// Package ir instruments LLVM IR text (.ll files) for Appel, Duba and
// MacQueen's profiler (sonde cc --sonde-mode=attrib): every function
// definition increments its call counter and sets the thread's "current"
// tick counter to its own on entry, and resets "current" to its own after
// every call that returns to it (except self-recursive calls, calls followed
// directly by ret, LLVM intrinsics and inline assembly), and at the start of
// every exception landing pad. The edits are made before the optimizer runs,
// so that inlining carries them along with the code.
//
// The rewriter parses only what it needs from the text: function
// definitions, their basic-block labels, call, invoke, landingpad,
// catchpad, cleanuppad and ret lines, and the debug metadata that names
// each function and gives its file and line. Edits are insertions at byte
// offsets (as in cmd/cover), so the text it does not touch stays
// byte-identical.
package ir

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// FormatError is a problem in the IR text, at a 1-based line.
type FormatError struct {
	Line int
	Msg  string
}

// Error returns "line N: MSG".
func (e *FormatError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// line is one line of the module: its byte range (without the newline) and
// its number.
type line struct {
	start, end int // text[start:end] is the line, without "\n"
	num        int // 1-based
}

// function is one definition found in the module.
type function struct {
	name      string         // IR name without @ (and unquoted)
	linkage   string         // the definition's keywords before the return type, as written
	dbg       string         // "!16" of the DISubprogram, "" when none
	open      int            // index into lines of the "define ... {" line
	close     int            // index into lines of the closing "}"
	skip      bool           // not instrumented (available_externally, naked)
	entryAt   int            // byte offset where the entry statements go
	resets    []int          // byte offsets after which "current" is reset
	calls     int            // call sites that were considered
	exempt    int            // call sites left without a reset
	landpads  int            // landing pads found
	firstBody int            // index into lines of the first body line
	labels    map[string]int // block label -> index into lines of its label line
}

// module is the parsed skeleton of an .ll file.
type module struct {
	text   []byte
	lines  []line
	funcs  []*function
	meta   map[string]metaNode // "!16" -> node
	opaque bool                // the module uses opaque pointers ("ptr")
}

func (m *module) str(l line) string { return string(m.text[l.start:l.end]) }

// parse splits text into lines and finds function definitions and their
// instrumentation points.
func parse(text []byte) (*module, error) {
	m := &module{text: text, meta: map[string]metaNode{}}
	for off, num := 0, 1; off < len(text); num++ {
		end := bytes.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		m.lines = append(m.lines, line{start: off, end: end, num: num})
		off = end + 1
	}
	for i := 0; i < len(m.lines); i++ {
		s := m.str(m.lines[i])
		switch {
		case strings.HasPrefix(s, "define "):
			f, next, err := m.parseFunction(i)
			if err != nil {
				return nil, err
			}
			m.funcs = append(m.funcs, f)
			i = next
		case strings.HasPrefix(s, "!"):
			if id, node, ok := parseMetaLine(s); ok {
				m.meta[id] = node
			}
		}
		if !m.opaque && opaqueUse(s) {
			m.opaque = true
		}
	}
	// A naked function is only inline assembly: it has no frame for IR
	// statements to work in (clang puts "naked" in an attribute group).
	naked := map[string]bool{}
	for _, l := range m.lines {
		s := m.str(l)
		if strings.HasPrefix(s, "attributes #") && strings.Contains(s, " naked ") {
			naked[strings.Fields(s)[1]] = true
		}
	}
	for _, f := range m.funcs {
		for _, tok := range strings.Fields(m.str(m.lines[f.open])) {
			if naked[tok] {
				f.skip = true
			}
		}
	}
	return m, nil
}

// opaqueUse reports whether the line uses the opaque pointer type "ptr"
// (LLVM 15 and later by default; clang 14 writes typed pointers).
func opaqueUse(s string) bool {
	for _, p := range []string{" ptr ", "(ptr ", " ptr,", " ptr)", "[ptr ", "{ ptr"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// globalName reads an IR global name at s[0] == '@': @foo, @"quoted name".
// It returns the name and the bytes it used.
func globalName(s string) (string, int, bool) {
	if len(s) < 2 || s[0] != '@' {
		return "", 0, false
	}
	if s[1] == '"' {
		end := strings.IndexByte(s[2:], '"')
		if end < 0 {
			return "", 0, false
		}
		return unescape(s[2 : 2+end]), end + 3, true
	}
	n := 1
	for n < len(s) && isIdent(s[n]) {
		n++
	}
	if n == 1 {
		return "", 0, false
	}
	return s[1:n], n, true
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-'
}

// unescape decodes LLVM's \XX escapes in quoted names and strings.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		if s[i] == '\\' && i+1 < len(s) && s[i+1] == '\\' {
			b.WriteByte('\\')
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// parseFunction reads the definition starting at lines[i] and returns it
// with the index of its closing line.
func (m *module) parseFunction(i int) (*function, int, error) {
	l := m.lines[i]
	s := m.str(l)
	at := strings.IndexByte(s, '@')
	if at < 0 {
		return nil, 0, &FormatError{l.num, "function definition without a name"}
	}
	name, n, ok := globalName(s[at:])
	if !ok {
		return nil, 0, &FormatError{l.num, "bad function name"}
	}
	if !strings.HasSuffix(strings.TrimRight(s, " \t"), "{") {
		return nil, 0, &FormatError{l.num, "function definition does not end with {"}
	}
	f := &function{name: name, open: i, linkage: s[len("define "):at]}
	rest := s[at+n:]
	if k := strings.Index(rest, " !dbg !"); k >= 0 {
		id := rest[k+len(" !dbg "):]
		e := 1
		for e < len(id) && id[e] >= '0' && id[e] <= '9' {
			e++
		}
		f.dbg = id[:e]
	}
	if strings.Contains(f.linkage, "available_externally") || strings.Contains(rest, " naked") {
		f.skip = true
	}
	// Attribute groups may say naked too ("attributes #0 = { naked ...");
	// parse checks them once the module has been read.
	j := i + 1
	f.firstBody = j
	for ; j < len(m.lines); j++ {
		if m.str(m.lines[j]) == "}" {
			break
		}
	}
	if j == len(m.lines) {
		return nil, 0, &FormatError{l.num, fmt.Sprintf("function @%s has no closing }", name)}
	}
	f.close = j
	if err := m.scanBody(f); err != nil {
		return nil, 0, err
	}
	return f, j, nil
}

// instr returns the instruction part of a body line: without the result
// ("%x = "), trimmed; "" for blank lines and comments.
func instr(s string) string {
	t := strings.TrimSpace(s)
	if t == "" || t[0] == ';' {
		return ""
	}
	if t[0] == '%' {
		if k := strings.Index(t, " = "); k >= 0 {
			t = t[k+3:]
		}
	}
	return t
}

// isLabel reports whether a body line is a basic-block label ("8:",
// "invoke.cont:", `"a b":`), and returns the label's name.
func isLabel(s string) (string, bool) {
	if s == "" || s[0] == ' ' || s[0] == '\t' || s[0] == ';' {
		return "", false
	}
	t := s
	if k := strings.Index(t, ";"); k >= 0 {
		t = t[:k]
	}
	t = strings.TrimRight(t, " \t")
	if !strings.HasSuffix(t, ":") {
		return "", false
	}
	name := t[:len(t)-1]
	if strings.HasPrefix(name, `"`) && strings.HasSuffix(name, `"`) && len(name) >= 2 {
		name = unescape(name[1 : len(name)-1])
	}
	return name, true
}

// scanBody finds the entry point, the call sites and the landing pads of f.
func (m *module) scanBody(f *function) error {
	// The entry statements go at the start of the entry block: after its
	// label when it has one (the entry block cannot hold phi nodes).
	f.entryAt = m.lines[f.open].end + 1
	for j := f.firstBody; j < f.close; j++ {
		s := m.str(m.lines[j])
		if instr(s) == "" && !strings.HasPrefix(s, "\"") && (len(s) == 0 || s[0] == ' ' || s[0] == '\t' || s[0] == ';') {
			continue
		}
		if _, ok := isLabel(s); ok {
			f.entryAt = m.lines[j].end + 1
		}
		break
	}
	f.labels = map[string]int{}
	for j := f.firstBody; j < f.close; j++ {
		if name, ok := isLabel(m.str(m.lines[j])); ok {
			f.labels[name] = j
		}
	}
	// Normal destinations of invokes: reset at their start, after phis.
	invokeDest := map[string]bool{}
	for j := f.firstBody; j < f.close; j++ {
		t := instr(m.str(m.lines[j]))
		switch {
		case isCall(t):
			f.calls++
			if m.exemptCall(f, t, j) {
				f.exempt++
				continue
			}
			f.resets = append(f.resets, m.lines[j].end+1)
		case strings.HasPrefix(t, "invoke "):
			f.calls++
			// "invoke ... to label %N unwind label %M" may span lines;
			// clang writes it on two.
			k := j
			text := t
			for !strings.Contains(text, " unwind ") && k+1 < f.close {
				k++
				text += " " + strings.TrimSpace(m.str(m.lines[k]))
			}
			to := strings.Index(text, "to label %")
			if to < 0 {
				return &FormatError{m.lines[j].num, "invoke without a normal destination"}
			}
			dest := labelRef(text[to+len("to label %"):])
			if m.calleeIsSelf(f, t) || isIntrinsicCall(t) {
				f.exempt++
				continue
			}
			invokeDest[dest] = true
		case strings.HasPrefix(t, "landingpad "):
			f.landpads++
			// Clauses follow on lines of their own.
			k := j
			for k+1 < f.close {
				n := instr(m.str(m.lines[k+1]))
				if strings.HasPrefix(n, "catch ") || strings.HasPrefix(n, "filter ") || n == "cleanup" || strings.HasPrefix(n, "cleanup,") {
					k++
					continue
				}
				break
			}
			f.resets = append(f.resets, m.lines[k].end+1)
		case strings.HasPrefix(t, "catchpad ") || strings.HasPrefix(t, "cleanuppad "):
			f.landpads++
			f.resets = append(f.resets, m.lines[j].end+1)
		}
	}
	if len(invokeDest) == 0 {
		return nil
	}
	for j := f.firstBody; j < f.close; j++ {
		name, ok := isLabel(m.str(m.lines[j]))
		if !ok || !invokeDest[name] {
			continue
		}
		at := m.lines[j].end + 1
		for k := j + 1; k < f.close; k++ {
			t := instr(m.str(m.lines[k]))
			if t == "" {
				continue
			}
			if strings.HasPrefix(t, "phi ") {
				at = m.lines[k].end + 1
				continue
			}
			break
		}
		f.resets = append(f.resets, at)
		delete(invokeDest, name)
	}
	if len(invokeDest) > 0 {
		for d := range invokeDest {
			return &FormatError{m.lines[f.open].num, fmt.Sprintf("function @%s: invoke destination %%%s not found", f.name, d)}
		}
	}
	return nil
}

// labelRef reads a local label reference after "%": 8, invoke.cont, "a b".
func labelRef(s string) string {
	if strings.HasPrefix(s, `"`) {
		if e := strings.IndexByte(s[1:], '"'); e >= 0 {
			return unescape(s[1 : 1+e])
		}
	}
	n := 0
	for n < len(s) && isIdent(s[n]) {
		n++
	}
	return s[:n]
}

// isCall reports whether the instruction t is a call.
func isCall(t string) bool {
	for _, p := range []string{"call ", "tail call ", "musttail call ", "notail call "} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// callee returns the called global's name, "" for indirect calls.
func callee(t string) string {
	// The callee is the first @name or %name directly followed by "(".
	for i := 0; i < len(t); i++ {
		if t[i] != '@' && t[i] != '%' {
			continue
		}
		if t[i] == '@' {
			name, n, ok := globalName(t[i:])
			if ok && i+n < len(t) && t[i+n] == '(' {
				return name
			}
			continue
		}
		n := i + 1
		for n < len(t) && isIdent(t[n]) {
			n++
		}
		if n < len(t) && t[n] == '(' && n > i+1 {
			return ""
		}
	}
	return ""
}

func isIntrinsicCall(t string) bool {
	return strings.HasPrefix(callee(t), "llvm.") || strings.Contains(t, " asm ") || strings.Contains(t, " asm sideeffect ")
}

func (m *module) calleeIsSelf(f *function, t string) bool { return callee(t) == f.name }

// exemptCall reports whether the call t at line j needs no reset after it:
// self-recursive calls, tail calls, calls that never return (followed
// directly by unreachable), LLVM intrinsics and inline assembly, which
// never touch "current".
func (m *module) exemptCall(f *function, t string, j int) bool {
	if isIntrinsicCall(t) || m.calleeIsSelf(f, t) {
		return true
	}
	return m.tailCall(f, t, j)
}

// next returns the index of the first instruction line after line j in
// f (skipping blank lines, comments and debug intrinsics), or f.close.
func (m *module) next(f *function, j int) int {
	for k := j + 1; k < f.close; k++ {
		n := instr(m.str(m.lines[k]))
		if n == "" || (isCall(n) && strings.HasPrefix(callee(n), "llvm.dbg.")) {
			continue
		}
		return k
	}
	return f.close
}

// tailCall reports whether the call t at line j is in tail position: it is
// followed directly by ret (or unreachable), or, in the shape clang gives
// a function with several returns before optimization, its result is
// stored to the return slot and control goes to a block that only loads
// the slot and returns it:
//
//	%10 = call i64 @leaf(i64 %9)
//	store i64 %10, i64* %2, align 8
//	br label %19
//	19:
//	%20 = load i64, i64* %2, align 8
//	ret i64 %20
func (m *module) tailCall(f *function, t string, j int) bool {
	k := m.next(f, j)
	if k >= f.close {
		return false
	}
	n := instr(m.str(m.lines[k]))
	if strings.HasPrefix(n, "ret ") || n == "unreachable" {
		return true
	}
	result := ""
	if s := strings.TrimSpace(m.str(m.lines[j])); strings.HasPrefix(s, "%") {
		if e := strings.Index(s, " = "); e > 0 {
			result = s[:e]
		}
	}
	slot := ""
	if result != "" && strings.HasPrefix(n, "store ") {
		// "store i64 %10, i64* %2, align 8": the stored value is the
		// call's result, the slot the pointer.
		fs := strings.Fields(strings.ReplaceAll(n, ",", " ,"))
		if len(fs) < 5 || fs[2] != result || fs[3] != "," {
			return false
		}
		slot = fs[5]
		k = m.next(f, k)
		if k >= f.close {
			return false
		}
		n = instr(m.str(m.lines[k]))
	}
	if !strings.HasPrefix(n, "br label %") {
		return false
	}
	b, ok := f.labels[labelRef(strings.TrimPrefix(n, "br label %"))]
	if !ok {
		return false
	}
	r := m.next(f, b)
	if r >= f.close {
		return false
	}
	n = instr(m.str(m.lines[r]))
	if slot == "" {
		return n == "ret void" || strings.HasPrefix(n, "ret void,")
	}
	// "%20 = load i64, i64* %2, align 8"
	ld := strings.Fields(strings.ReplaceAll(strings.TrimSpace(m.str(m.lines[r])), ",", " ,"))
	if len(ld) < 7 || ld[1] != "=" || ld[2] != "load" || ld[6] != slot {
		return false
	}
	val := ld[0]
	r = m.next(f, r)
	if r >= f.close {
		return false
	}
	fs := strings.Fields(strings.ReplaceAll(instr(m.str(m.lines[r])), ",", " ,"))
	return len(fs) >= 3 && fs[0] == "ret" && fs[2] == val
}
