package gdbmi

import (
	"fmt"
	"strings"
)

// The GDB/MI output grammar, from the GDB manual, "GDB/MI Output Syntax":
//
//	output          -> ( out-of-band-record )* [ result-record ] "(gdb)" nl
//	result-record   -> [ token ] "^" result-class ( "," result )* nl
//	async-record    -> [ token ] ( "*" | "+" | "=" ) async-class ( "," result )* nl
//	stream-record   -> ( "~" | "@" | "&" ) c-string nl
//	result          -> variable "=" value
//	value           -> const | tuple | list
//	const           -> c-string
//	tuple           -> "{}" | "{" result ( "," result )* "}"
//	list            -> "[]" | "[" value ( "," value )* "]" | "[" result ( "," result )* "]"
//
// gdb writes one record per line. Tuples and lists keep their order and may
// repeat a name (stack=[frame={...},frame={...}]), so both are kept as
// ordered field slices.

// Kind is the kind of one GDB/MI output record, named for its first
// character.
type Kind uint8

// The record kinds.
const (
	KindResult  Kind = iota + 1 // ^done, ^running, ^connected, ^error, ^exit
	KindExec                    // *stopped, *running: the target's state changed
	KindStatus                  // +download: progress of a slow operation
	KindNotify                  // =thread-created, =library-loaded, ...
	KindConsole                 // ~"text": what the CLI would print
	KindTarget                  // @"text": the target's output (remote targets)
	KindLog                     // &"text": gdb's own messages, errors
	KindPrompt                  // (gdb): end of one response
)

var kindNames = [...]string{
	KindResult:  "result",
	KindExec:    "exec",
	KindStatus:  "status",
	KindNotify:  "notify",
	KindConsole: "console",
	KindTarget:  "target",
	KindLog:     "log",
	KindPrompt:  "prompt",
}

// String returns the kind's name ("result", "exec", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// A Record is one line of GDB/MI output.
type Record struct {
	Kind Kind
	// Token is the decimal token the command carried, "" when none.
	Token string
	// Class is the result or async class ("done", "error", "stopped",
	// "thread-group-exited"); empty for streams and the prompt.
	Class string
	// Results are the record's name=value pairs, in order.
	Results Tuple
	// Text is a stream record's decoded text.
	Text string
}

// A Value is a GDB/MI value: a Const, a Tuple or a List.
type Value interface{ isValue() }

// Const is a GDB/MI c-string value, decoded.
type Const string

// A Field is one name=value pair of a tuple or of a list of results. In a
// list of values the name is empty.
type Field struct {
	Name  string
	Value Value
}

// Tuple is a GDB/MI tuple ({a="1",b="2"}), and the results of a record.
type Tuple []Field

// List is a GDB/MI list: of values ([ "1","2" ], names empty) or of results
// ([frame={...},frame={...}]).
type List []Field

func (Const) isValue() {}
func (Tuple) isValue() {}
func (List) isValue()  {}

// Get returns the value of the first field named name, or nil.
func (t Tuple) Get(name string) Value {
	for _, f := range t {
		if f.Name == name {
			return f.Value
		}
	}
	return nil
}

// Str returns the first field named name if it is a Const, and whether it
// was.
func (t Tuple) Str(name string) (string, bool) {
	c, ok := t.Get(name).(Const)
	return string(c), ok
}

// Tuple returns the first field named name if it is a tuple.
func (t Tuple) Tuple(name string) (Tuple, bool) {
	v, ok := t.Get(name).(Tuple)
	return v, ok
}

// List returns the first field named name if it is a list.
func (t Tuple) List(name string) (List, bool) {
	v, ok := t.Get(name).(List)
	return v, ok
}

// SyntaxError is a GDB/MI line that does not follow the grammar.
type SyntaxError struct {
	Offset int    // byte offset in the line
	Msg    string // what was wrong there
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("gdb/mi syntax: offset %d: %s", e.Offset, e.Msg)
}

// maxDepth bounds the nesting of tuples and lists, so that a hostile line
// cannot exhaust the stack; gdb's deepest real output is a few levels.
const maxDepth = 64

// ParseRecord parses one line of GDB/MI output, without or with its
// trailing newline ("\n" or "\r\n").
func ParseRecord(line []byte) (Record, error) {
	s := string(line)
	s = strings.TrimSuffix(s, "\n")
	s = strings.TrimSuffix(s, "\r")
	if strings.TrimRight(s, " ") == "(gdb)" {
		return Record{Kind: KindPrompt}, nil
	}
	p := &parser{s: s}
	r := p.record()
	if p.err != nil {
		return Record{}, p.err
	}
	return r, nil
}

// parser reads one line with a sticky error (debug/dwarf's buf.err): after
// the first error every method returns zero values and the error stays.
type parser struct {
	s   string
	pos int
	err error
}

func (p *parser) fail(msg string) {
	if p.err == nil {
		p.err = &SyntaxError{Offset: p.pos, Msg: msg}
	}
}

func (p *parser) peek() byte {
	if p.err != nil || p.pos >= len(p.s) {
		return 0
	}
	return p.s[p.pos]
}

func (p *parser) expect(c byte) {
	if p.err != nil {
		return
	}
	if p.pos >= len(p.s) || p.s[p.pos] != c {
		p.fail(fmt.Sprintf("want %q", c))
		return
	}
	p.pos++
}

func (p *parser) record() Record {
	var r Record
	start := p.pos
	for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
		p.pos++
	}
	r.Token = p.s[start:p.pos]
	if p.pos >= len(p.s) {
		p.fail("missing record type")
		return r
	}
	c := p.s[p.pos]
	p.pos++
	switch c {
	case '^':
		r.Kind = KindResult
	case '*':
		r.Kind = KindExec
	case '+':
		r.Kind = KindStatus
	case '=':
		r.Kind = KindNotify
	case '~', '@', '&':
		if r.Token != "" {
			p.pos = start
			p.fail("token before a stream record")
			return r
		}
		r.Kind = map[byte]Kind{'~': KindConsole, '@': KindTarget, '&': KindLog}[c]
		r.Text = p.cstring()
		if p.err == nil && p.pos != len(p.s) {
			p.fail("text after the stream's string")
		}
		return r
	default:
		p.pos--
		p.fail(fmt.Sprintf("unknown record type %q", c))
		return r
	}
	r.Class = p.word()
	if r.Class == "" {
		p.fail("missing class")
	}
	for p.err == nil && p.pos < len(p.s) {
		p.expect(',')
		r.Results = append(r.Results, p.result(0))
	}
	return r
}

// word reads a class or variable name: letters, digits, '-', '_' and '.'
// (gdb's names are like "thread-id", "frame", "bkpt").
func (p *parser) word() string {
	if p.err != nil {
		return ""
	}
	start := p.pos
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			break
		}
		p.pos++
	}
	return p.s[start:p.pos]
}

func (p *parser) result(depth int) Field {
	name := p.word()
	if name == "" {
		p.fail("missing variable name")
		return Field{}
	}
	p.expect('=')
	return Field{Name: name, Value: p.value(depth)}
}

func (p *parser) value(depth int) Value {
	if depth >= maxDepth {
		p.fail("values nested too deep")
		return nil
	}
	switch p.peek() {
	case '"':
		return Const(p.cstring())
	case '{':
		p.pos++
		t := Tuple{}
		if p.peek() == '}' {
			p.pos++
			return t
		}
		for p.err == nil {
			t = append(t, p.result(depth+1))
			if p.peek() == ',' {
				p.pos++
				continue
			}
			p.expect('}')
			break
		}
		return t
	case '[':
		p.pos++
		l := List{}
		if p.peek() == ']' {
			p.pos++
			return l
		}
		for p.err == nil {
			// A list holds values or results; a result starts with a name.
			switch p.peek() {
			case '"', '{', '[':
				l = append(l, Field{Value: p.value(depth + 1)})
			default:
				l = append(l, p.result(depth+1))
			}
			if p.peek() == ',' {
				p.pos++
				continue
			}
			p.expect(']')
			break
		}
		return l
	}
	p.fail("want a value")
	return nil
}

// cstring reads a C string as gdb writes it (printchar in gdb/utils.c):
// \n \t \r \b \f \v \a \e \" \\ \' and octal \NNN for other bytes.
func (p *parser) cstring() string {
	p.expect('"')
	if p.err != nil {
		return ""
	}
	var b strings.Builder
	for {
		if p.pos >= len(p.s) {
			p.fail("unterminated string")
			return ""
		}
		c := p.s[p.pos]
		switch c {
		case '"':
			p.pos++
			return b.String()
		case '\\':
			p.pos++
			if p.pos >= len(p.s) {
				p.fail("unterminated escape")
				return ""
			}
			e := p.s[p.pos]
			p.pos++
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'v':
				b.WriteByte('\v')
			case 'a':
				b.WriteByte('\a')
			case 'e':
				b.WriteByte('\033')
			case '"', '\\', '\'':
				b.WriteByte(e)
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v := int(e - '0')
				for i := 0; i < 2 && p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '7'; i++ {
					v = v*8 + int(p.s[p.pos]-'0')
					p.pos++
				}
				if v > 0xff {
					p.pos--
					p.fail("octal escape above \\377")
					return ""
				}
				b.WriteByte(byte(v))
			default:
				p.pos--
				p.fail(fmt.Sprintf("unknown escape \\%c", e))
				return ""
			}
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
}

// quote writes s as a GDB/MI c-string for a command's argument.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if c < 0x20 || c == 0x7f {
				fmt.Fprintf(&b, `\%03o`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
