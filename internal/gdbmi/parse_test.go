package gdbmi

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The expected values below are decoded by hand from the grammar in the GDB
// manual ("GDB/MI Output Syntax") and gdb's C-string escapes (printchar in
// gdb/utils.c); the input lines are real gdb 13.1 output.
func TestParseRecord(t *testing.T) {
	tests := []struct {
		name string
		line string
		want Record
	}{
		{"prompt", "(gdb) \n", Record{Kind: KindPrompt}},
		{"done", "1^done\n", Record{Kind: KindResult, Token: "1", Class: "done"}},
		{"value", `17^done,value="2951685249"`, Record{Kind: KindResult, Token: "17", Class: "done",
			Results: Tuple{{"value", Const("2951685249")}}}},
		{"error with quotes", `19^error,msg="No symbol \"no_such_variable\" in current context."`,
			Record{Kind: KindResult, Token: "19", Class: "error",
				Results: Tuple{{"msg", Const(`No symbol "no_such_variable" in current context.`)}}}},
		{"escapes in a value", `^done,value="\"a\\001b\\tc\\\"d\""`, Record{Kind: KindResult, Class: "done",
			Results: Tuple{{"value", Const(`"a\001b\tc\"d"`)}}}},
		{"octal", `~"\310\001\0x"`, Record{Kind: KindConsole, Text: "\310\001\000x"}},
		{"console", `~"35\t\t\tn--;\n"`, Record{Kind: KindConsole, Text: "35\t\t\tn--;\n"}},
		{"log", `&"26\t../sysdeps/unix/sysv/linux/write.c: No such file or directory.\n"`,
			Record{Kind: KindLog, Text: "26\t../sysdeps/unix/sysv/linux/write.c: No such file or directory.\n"}},
		{"running", `*running,thread-id="all"`, Record{Kind: KindExec, Class: "running",
			Results: Tuple{{"thread-id", Const("all")}}}},
		{"exited", `*stopped,reason="exited",exit-code="03"`, Record{Kind: KindExec, Class: "stopped",
			Results: Tuple{{"reason", Const("exited")}, {"exit-code", Const("03")}}}},
		{"notify", `=thread-group-exited,id="i1",exit-code="03"`, Record{Kind: KindNotify, Class: "thread-group-exited",
			Results: Tuple{{"id", Const("i1")}, {"exit-code", Const("03")}}}},
		{"stack: list of results", `16^done,stack=[frame={level="0",addr="0x0000563eb1445236",func="worker"},frame={level="1",addr="0x0000563eb144543f",func="main"}]`,
			Record{Kind: KindResult, Token: "16", Class: "done", Results: Tuple{{"stack", List{
				{"frame", Tuple{{"level", Const("0")}, {"addr", Const("0x0000563eb1445236")}, {"func", Const("worker")}}},
				{"frame", Tuple{{"level", Const("1")}, {"addr", Const("0x0000563eb144543f")}, {"func", Const("main")}}},
			}}}}},
		{"list of values and tuples", `^done,thread-groups=["i1"],args=[{name="n"},{name="slot"}],none=[],empty={}`,
			Record{Kind: KindResult, Class: "done", Results: Tuple{
				{"thread-groups", List{{"", Const("i1")}}},
				{"args", List{{"", Tuple{{"name", Const("n")}}}, {"", Tuple{{"name", Const("slot")}}}}},
				{"none", List{}},
				{"empty", Tuple{}},
			}}},
		{"crlf", "^exit\r\n", Record{Kind: KindResult, Class: "exit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseRecord([]byte(tt.line))
			if err != nil {
				t.Fatalf("ParseRecord(%q): %v", tt.line, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseRecord(%q)\n got %#v\nwant %#v", tt.line, got, tt.want)
			}
		})
	}
}

func TestParseRecordErrors(t *testing.T) {
	tests := []struct {
		name   string
		line   string
		offset int
	}{
		{"empty", "", 0},
		{"unknown type", "12?done", 2},
		{"no class", "^", 1},
		{"no value", "^done,a=", 8},
		{"no name", `^done,="x"`, 6},
		{"unterminated", `^done,a="x`, 10},
		{"bad escape", `~"a\qb"`, 4},
		{"octal too big", `~"\777"`, 5},
		{"open tuple", `^done,a={b="1"`, 14},
		{"open list", `^done,a=["1"`, 12},
		{"trailing", `~"x"y`, 4},
		{"token on stream", `3~"x"`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRecord([]byte(tt.line))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("ParseRecord(%q) = %v, want a *SyntaxError", tt.line, err)
			}
			if se.Offset != tt.offset {
				t.Errorf("ParseRecord(%q): offset %d (%v), want %d", tt.line, se.Offset, err, tt.offset)
			}
		})
	}
}

func TestParseDeepNesting(t *testing.T) {
	line := "^done,a=" + strings.Repeat("[", 100000)
	if _, err := ParseRecord([]byte(line)); err == nil {
		t.Fatal("100,000 nested lists parsed")
	}
}

// TestParseTranscript parses every line of testdata/gdb13.mi, real output
// of gdb 13.1 (Debian 13.1-3) recorded with SONDE_GDBMI_TRACE while the
// tests of this package ran, one line per record kind and class; and checks
// that encoding a parsed record gives the line back.
func TestParseTranscript(t *testing.T) {
	lines := transcript(t)
	kinds := map[Kind]int{}
	for i, line := range lines {
		r, err := ParseRecord([]byte(line))
		if err != nil {
			t.Errorf("gdb13.mi:%d: %v", i+1, err)
			continue
		}
		kinds[r.Kind]++
		if got := encode(r); got != strings.TrimRight(line, " ") && r.Kind != KindPrompt {
			t.Errorf("gdb13.mi:%d: encoded back as\n%s\nwant\n%s", i+1, got, line)
		}
	}
	for _, k := range []Kind{KindResult, KindExec, KindNotify, KindConsole, KindLog, KindPrompt} {
		if kinds[k] == 0 {
			t.Errorf("gdb13.mi has no %v record", k)
		}
	}
}

func transcript(t testing.TB) []string {
	f, err := os.Open("testdata/gdb13.mi")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// encode writes r in GDB/MI syntax, escaping as gdb does for the characters
// gdb escapes (\n \t \" \\), octal for other control bytes.
func encode(r Record) string {
	var b strings.Builder
	switch r.Kind {
	case KindPrompt:
		return "(gdb)"
	case KindConsole, KindTarget, KindLog:
		b.WriteByte("~@&"[r.Kind-KindConsole])
		b.WriteString(encodeString(r.Text))
		return b.String()
	}
	b.WriteString(r.Token)
	b.WriteByte(map[Kind]byte{KindResult: '^', KindExec: '*', KindStatus: '+', KindNotify: '='}[r.Kind])
	b.WriteString(r.Class)
	for _, f := range r.Results {
		b.WriteByte(',')
		encodeField(&b, f)
	}
	return b.String()
}

func encodeField(b *strings.Builder, f Field) {
	if f.Name != "" {
		b.WriteString(f.Name)
		b.WriteByte('=')
	}
	switch v := f.Value.(type) {
	case Const:
		b.WriteString(encodeString(string(v)))
	case Tuple:
		b.WriteByte('{')
		for i, g := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			encodeField(b, g)
		}
		b.WriteByte('}')
	case List:
		b.WriteByte('[')
		for i, g := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			encodeField(b, g)
		}
		b.WriteByte(']')
	}
}

func encodeString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\%03o`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestQuote: a command argument that quote writes reads back as itself
// through the same c-string grammar gdb's MI command parser uses.
func TestQuote(t *testing.T) {
	for _, s := range []string{"n", `p->name[0] == '"'`, "a\\b", "tab\there\nnl", "\x01\x7f"} {
		t.Run(s, func(t *testing.T) {
			r, err := ParseRecord([]byte("~" + quote(s)))
			if err != nil || r.Text != s {
				t.Errorf("quote(%q) = %s reads back as %q, %v", s, quote(s), r.Text, err)
			}
		})
	}
}

func FuzzParseMI(f *testing.F) {
	for _, line := range transcript(f) {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r, err := ParseRecord(line)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(line) {
				t.Fatalf("ParseRecord(%q): %v, want a *SyntaxError inside the line", line, err)
			}
			return
		}
		// What parses, encoded again, parses to the same record.
		if r.Kind == KindPrompt {
			return
		}
		again, err := ParseRecord([]byte(encode(r)))
		if err != nil {
			t.Fatalf("ParseRecord(encode(%#v)) = %v", r, err)
		}
		if !reflect.DeepEqual(again, r) {
			t.Fatalf("round trip of %q:\n got %#v\nwant %#v", line, again, r)
		}
	})
}

// TestParseTID reads the LWP out of the target-id forms gdb 13 prints:
// with libthread_db (recorded in testdata/gdb13.mi), and without it
// (linux-nat.c's "LWP %d", inf-ptrace.c's "process %d").
func TestParseTID(t *testing.T) {
	tests := []struct {
		target string
		want   int
		ok     bool
	}{
		{"Thread 0x7f4bdbe01740 (LWP 21648)", 21648, true},
		{"LWP 22887", 22887, true},
		{"process 1234", 1234, true},
		{"Thread 0x7f4bdbe01740", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			got, err := parseTID(tt.target)
			if (err == nil) != tt.ok || got != tt.want {
				t.Errorf("parseTID(%q) = %d, %v; want %d, ok %v", tt.target, got, err, tt.want, tt.ok)
			}
		})
	}
}

// TestFuncMatches: gdb 13's frame names are C names and qualified C++
// names ("ns::A::get", "(anonymous namespace)::g", recorded in
// testdata/gdb13.mi); names with a parameter list match without it.
func TestFuncMatches(t *testing.T) {
	tests := []struct {
		name, fn string
		want     bool
	}{
		{"worker", "worker", true},
		{"ns::A::get", "ns::A::get", true},
		{"(anonymous namespace)::g", "(anonymous namespace)::g", true},
		{"worker", "work", false},
		{"ns::f(int)", "ns::f", true},
		{"ns::f(int)", "f", false},
		{"(anonymous namespace)::g()", "(anonymous namespace)::g", true},
		{"A::get() const", "A::get", true},
		{"f(void (*)(int))", "f", true},
		{"f(void (*)(int))", "f(void (*)", false},
		{"", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.fn, func(t *testing.T) {
			if got := funcMatches(tt.name, tt.fn); got != tt.want {
				t.Errorf("funcMatches(%q, %q) = %v, want %v", tt.name, tt.fn, got, tt.want)
			}
		})
	}
}
