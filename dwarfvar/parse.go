package dwarfvar

import (
	"fmt"
	"strconv"
)

// CompileError is an expression Compile cannot take: unsupported syntax or
// an unknown name. Col is the 1-based column of the offending token; the
// caller may hand the expression to gdb instead.
type CompileError struct {
	Expr string
	Col  int
	Msg  string
}

func (e *CompileError) Error() string {
	return fmt.Sprintf("expression %q, column %d: %s", e.Expr, e.Col, e.Msg)
}

// astKind is the kind of a node of a parsed expression.
type astKind uint8

const (
	aIdent astKind = iota
	aNum
	aDeref  // *x
	aNeg    // -x
	aAddrOf // &x
	aField  // x.name
	aArrow  // x->name
	aIndex  // x[y]
	aBinary // x op y on integers
)

type ast struct {
	kind astKind
	name string // identifier, field name
	num  uint64
	op   byte // aBinary: + - * / % & | ^, < for <<, > for >>
	col2 int  // aField, aArrow: the field name's column
	x, y *ast
	col  int
}

// maxDepth bounds the nesting of an expression (the parser recurses).
const maxDepth = 100

type parser struct {
	src   string
	pos   int
	tok   string // current token; "" at the end
	tcol  int
	kind  byte // 'i' identifier, 'n' number, 'p' punctuation, 0 end
	depth int
	err   *CompileError
}

// parse parses a C expression of the supported subset.
func parse(src string) (*ast, error) {
	p := &parser{src: src}
	p.next()
	a := p.expr()
	if p.err == nil && p.kind != 0 {
		p.fail("unexpected %q", p.tok)
	}
	if p.err != nil {
		return nil, p.err
	}
	return a, nil
}

func (p *parser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = &CompileError{Expr: p.src, Col: p.tcol + 1, Msg: fmt.Sprintf(format, args...)}
	}
	p.kind, p.tok = 0, ""
}

func (p *parser) next() {
	if p.err != nil {
		return
	}
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
	p.tcol = p.pos
	if p.pos >= len(p.src) {
		p.kind, p.tok = 0, ""
		return
	}
	c := p.src[p.pos]
	start := p.pos
	switch {
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		for p.pos < len(p.src) && isIdent(p.src[p.pos]) {
			p.pos++
		}
		p.kind = 'i'
	case c >= '0' && c <= '9':
		for p.pos < len(p.src) && isIdent(p.src[p.pos]) {
			p.pos++
		}
		p.kind = 'n'
	case c == '-' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '>':
		p.pos += 2
		p.kind = 'p'
	case (c == '<' || c == '>') && p.pos+1 < len(p.src) && p.src[p.pos+1] == c:
		p.pos += 2
		p.kind = 'p'
	case c == '*' || c == '-' || c == '+' || c == '&' || c == '|' || c == '^' || c == '.' || c == '[' || c == ']' || c == '(' || c == ')' || c == '/' || c == '%':
		p.pos++
		p.kind = 'p'
	default:
		p.tok = string(c)
		p.fail("unsupported character %q", c)
		return
	}
	p.tok = p.src[start:p.pos]
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *parser) is(tok string) bool { return p.kind == 'p' && p.tok == tok }

// binary operators by precedence level, loosest first (C's order).
var levels = [][]string{{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}}

// expr := binary expression of unary operands
func (p *parser) expr() *ast { return p.binary(0) }

func (p *parser) binary(level int) *ast {
	if level == len(levels) {
		return p.unary()
	}
	x := p.binary(level + 1)
	for p.err == nil && p.kind == 'p' && oneOf(p.tok, levels[level]) {
		a := &ast{kind: aBinary, op: binopCode(p.tok), col: p.tcol, x: x}
		p.next()
		a.y = p.binary(level + 1)
		x = a
	}
	return x
}

func oneOf(s string, set []string) bool {
	for _, t := range set {
		if s == t {
			return true
		}
	}
	return false
}

// binopCode is the one-byte code of a binary operator ('<' for <<, '>'
// for >>).
func binopCode(tok string) byte { return tok[0] }

// unary := (*|-|&|+) unary | postfix
func (p *parser) unary() *ast {
	if p.depth++; p.depth > maxDepth {
		p.fail("expression nested too deeply")
		return nil
	}
	defer func() { p.depth-- }()
	col := p.tcol
	switch {
	case p.is("*"):
		p.next()
		return &ast{kind: aDeref, x: p.unary(), col: col}
	case p.is("-"):
		p.next()
		return &ast{kind: aNeg, x: p.unary(), col: col}
	case p.is("&"):
		p.next()
		return &ast{kind: aAddrOf, x: p.unary(), col: col}
	case p.is("+"):
		p.next()
		return p.unary()
	}
	return p.postfix()
}

// postfix := primary { .name | ->name | [expr] }
func (p *parser) postfix() *ast {
	x := p.primary()
	for p.err == nil {
		col := p.tcol
		switch {
		case p.is(".") || p.is("->"):
			k := aField
			if p.tok == "->" {
				k = aArrow
			}
			p.next()
			if p.kind != 'i' {
				p.fail("field name expected")
				return nil
			}
			x = &ast{kind: k, name: p.tok, x: x, col: col, col2: p.tcol}
			p.next()
		case p.is("["):
			p.next()
			i := p.expr()
			if !p.is("]") {
				p.fail("] expected")
				return nil
			}
			p.next()
			x = &ast{kind: aIndex, x: x, y: i, col: col}
		default:
			return x
		}
	}
	return x
}

// primary := identifier | number | ( expr )
func (p *parser) primary() *ast {
	col := p.tcol
	switch p.kind {
	case 'i':
		switch p.tok {
		case "sizeof", "struct", "union", "enum", "int", "char", "long", "short", "unsigned", "signed", "float", "double", "void", "const", "volatile", "_Bool", "bool":
			p.fail("%q is not supported (casts and sizeof need --gdb)", p.tok)
			return nil
		}
		a := &ast{kind: aIdent, name: p.tok, col: col}
		p.next()
		return a
	case 'n':
		v, err := parseInt(p.tok)
		if err != nil {
			p.fail("bad number %q", p.tok)
			return nil
		}
		p.next()
		return &ast{kind: aNum, num: v, col: col}
	case 'p':
		if p.tok == "(" {
			p.next()
			x := p.expr()
			if !p.is(")") {
				p.fail(") expected")
				return nil
			}
			p.next()
			return x
		}
		p.fail("unexpected %q", p.tok)
		return nil
	}
	p.fail("unexpected end of expression")
	return nil
}

// parseInt parses a C integer literal (decimal, 0x hex, 0 octal, u/l
// suffixes).
func parseInt(s string) (uint64, error) {
	for len(s) > 1 {
		c := s[len(s)-1]
		if c != 'u' && c != 'U' && c != 'l' && c != 'L' {
			break
		}
		s = s[:len(s)-1]
	}
	return strconv.ParseUint(s, 0, 64)
}
