// Package asm instruments GNU assembler source for x86-64 in AT&T syntax, as
// gcc 12 and clang 14 emit it, with basic-block counters: the "bb" program of
// Weinberger's "Cheap dynamic instruction counting" (1984) for today's
// compilers.
//
// Instrument reads one compilation unit's assembly, finds its basic blocks
// (leaders are labels that something refers to, the first instruction of a
// function and every instruction after a jump, return or call), works out
// whether the flags are live where each block starts, chooses the blocks
// whose counts cannot be derived from the others by flow conservation
// (Knuth and Stevenson, derive.go), and inserts one RIP-relative counter
// increment in each of those by byte-offset edits in the style of
// cmd/cover: every original byte is kept, in order, so the assembler (not
// the instrumenter) relaxes branch sizes. A one-block loop keeps its count
// in a dead register and adds it to its counter where it exits (loops.go).
// At the end it appends the counter array, the unit's static universe as a
// constant sonde.data Units payload, the table the runtime derives the
// other blocks' counts with, and a descriptor in the "sonde_cus" section
// that the runtime finds through the linker's __start_sonde_cus and
// __stop_sonde_cus symbols; and the unit's listing (every block's
// instructions, for sonde report --instructions) as a constant Listing
// payload with its descriptor in the "sonde_listings" section.
package asm

import (
	"strings"
)

// stmt is one statement of a source line: a label, a directive or an
// instruction. A line holds zero or more statements ("1: movl %eax, %ebx",
// "rep; ret").
type stmt struct {
	kind stmtKind
	// off is the byte offset of the statement's first character in the
	// whole source.
	off int
	// name is the label (without the colon), the directive (".loc") or the
	// instruction's mnemonic with prefixes removed ("ret" for "rep ret").
	name string
	// args is the rest of the statement: operands or directive arguments.
	args string
	// prefixed says the instruction carried a prefix (lock, rep, notrack).
	prefixed bool
	// lockPrefix says it carried lock.
	lockPrefix bool
	// text is an instruction's whole text, prefixes and operands, without
	// comment or surrounding blanks ("rep stosq").
	text string
}

type stmtKind uint8

const (
	stLabel stmtKind = iota + 1
	stDirective
	stInstr
	stPrefixOnly // a prefix alone ("rep" on its own line): it applies to the next instruction
)

// line is one physical source line.
type line struct {
	off   int    // offset of the line's first byte in the source
	text  string // without the newline
	stmts []stmt
	// comment is the comment text after '#', "" when none ("APP", "NO_APP").
	comment string
}

var prefixes = map[string]bool{
	"lock": true, "rep": true, "repe": true, "repz": true, "repne": true, "repnz": true,
	"notrack": true, "bnd": true, "data16": true, "data32": true, "addr32": true, "rex64": true,
	"rex": true, "cs": true, "ds": true, "es": true, "fs": true, "gs": true, "ss": true,
	"xacquire": true, "xrelease": true,
}

// splitLines splits src into lines and their statements. It never fails:
// text it does not understand becomes an instruction with that mnemonic,
// which the flag analysis then treats as unknown (conservatively).
func splitLines(src string) []line {
	var lines []line
	off := 0
	for off <= len(src) {
		end := strings.IndexByte(src[off:], '\n')
		text := src[off:]
		if end >= 0 {
			text = src[off : off+end]
		}
		if end < 0 && text == "" {
			break
		}
		lines = append(lines, parseLine(off, text))
		if end < 0 {
			break
		}
		off += end + 1
	}
	return lines
}

// parseLine splits one line into statements at ';' outside strings and
// stops at a '#' comment outside strings.
func parseLine(off int, text string) line {
	l := line{off: off, text: text}
	start := 0
	inStr := false
	flush := func(end int) {
		parseStatements(&l, off, text, start, end)
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == ';':
			flush(i)
			start = i + 1
		case c == '#':
			flush(i)
			l.comment = strings.TrimSpace(text[i+1:])
			return l
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			// A C comment: treat the rest of the line as comment. Compilers
			// do not emit them mid-statement.
			flush(i)
			return l
		}
	}
	flush(len(text))
	return l
}

// parseStatements parses text[start:end] of the line at lineOff: labels
// first, then at most one directive or instruction.
func parseStatements(l *line, lineOff int, text string, start, end int) {
	s := text[start:end]
	pos := start
	for {
		trimmed := strings.TrimLeft(s, " \t")
		pos += len(s) - len(trimmed)
		s = trimmed
		if s == "" {
			return
		}
		n := labelLen(s)
		if n == 0 {
			break
		}
		name := s[:n]
		if name[0] == '"' {
			name = name[1 : len(name)-1]
		}
		l.stmts = append(l.stmts, stmt{kind: stLabel, off: lineOff + pos, name: name})
		s = s[n+1:]
		pos += n + 1
	}
	s = strings.TrimRight(s, " \t\r")
	word, rest := cutSpace(s)
	if word == "" {
		return // only a carriage return left
	}
	if word[0] == '.' {
		l.stmts = append(l.stmts, stmt{kind: stDirective, off: lineOff + pos, name: word, args: rest})
		return
	}
	st := stmt{kind: stInstr, off: lineOff + pos, text: s}
	for prefixes[strings.ToLower(word)] {
		st.prefixed = true
		if strings.EqualFold(word, "lock") {
			st.lockPrefix = true
		}
		if rest == "" {
			st.kind = stPrefixOnly
			st.name = strings.ToLower(word)
			l.stmts = append(l.stmts, st)
			return
		}
		word, rest = cutSpace(rest)
	}
	st.name = strings.ToLower(word)
	st.args = rest
	l.stmts = append(l.stmts, st)
}

// labelLen returns the length of a label name at the start of s when s
// starts with "name:", else 0. Names are symbols (letters, digits, _ . $ @),
// numeric local labels ("1") or quoted symbols.
func labelLen(s string) int {
	if s[0] == '"' {
		i := strings.IndexByte(s[1:], '"')
		if i < 0 || 2+i >= len(s) || s[2+i] != ':' {
			return 0
		}
		return i + 2
	}
	i := 0
	for i < len(s) && isSymChar(s[i]) {
		i++
	}
	if i == 0 || i >= len(s) || s[i] != ':' {
		return 0
	}
	// "a::b" is not a label; neither is "%fs:" (it starts with '%').
	if i+1 < len(s) && s[i+1] == ':' {
		return 0
	}
	return i
}

func isSymChar(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '@' ||
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func cutSpace(s string) (string, string) {
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}

// symbolRefs calls f for every symbol name that appears in an operand or
// directive argument string (outside quoted strings).
func symbolRefs(args string, f func(string)) {
	for i := 0; i < len(args); {
		c := args[i]
		if c == '"' {
			j := strings.IndexByte(args[i+1:], '"')
			if j < 0 {
				return
			}
			i += j + 2
			continue
		}
		if c == '%' { // a register
			i++
			for i < len(args) && isSymChar(args[i]) {
				i++
			}
			continue
		}
		if isSymChar(c) && !('0' <= c && c <= '9') {
			j := i
			for j < len(args) && isSymChar(args[j]) {
				j++
			}
			name := args[i:j]
			// "foo@PLT", "foo@GOTPCREL": the symbol is foo.
			if at := strings.IndexByte(name, '@'); at > 0 {
				name = name[:at]
			}
			f(name)
			i = j
			continue
		}
		if '0' <= c && c <= '9' {
			// A number, or a numeric label reference ("1b", "2f").
			j := i
			for j < len(args) && isSymChar(args[j]) {
				j++
			}
			i = j
			continue
		}
		i++
	}
}
