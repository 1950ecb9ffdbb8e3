package units

import (
	"strings"
	"testing"
)

// FuzzParseSpec: --only never panics, and what it accepts prints back as a
// spec that parses to the same thing.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"sort.c", "sort.c:20-30", "sort.c:7", "func:^shell", "obj:libfoo.so",
		"obj:libpython3.11.so.1.0", "src/a:b.c:3", "x.c:9-3", "func:(", "obj:", "func:", ":3", "a.c:-3", "a.c:3-", "C:\\x.c:1-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		sp, err := ParseSpec(arg)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "parse --only ") {
				t.Errorf("error %q lacks the prefix", err)
			}
			return
		}
		again, err := ParseSpec(sp.String())
		if err != nil {
			t.Fatalf("%q parsed to %q, which does not parse: %v", arg, sp.String(), err)
		}
		if again.String() != sp.String() || again.Kind != sp.Kind {
			t.Errorf("%q: %q then %q", arg, sp.String(), again.String())
		}
		if sp.Kind == SpecLines && (sp.From <= 0 || sp.To < sp.From) {
			t.Errorf("%q: range %d-%d", arg, sp.From, sp.To)
		}
	})
}

// FuzzBlocks: disassembling any bytes never panics, blocks start inside
// the code in increasing order, the entry is the first block, and every
// decoded instruction belongs to exactly one block.
func FuzzBlocks(f *testing.F) {
	f.Add([]byte{0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0x48, 0x89, 0xe5, 0x74, 0x02, 0x90, 0x90, 0xc3})             // endbr64; push; mov; je; nops; ret
	f.Add([]byte{0x31, 0xc0, 0x39, 0xf8, 0x7d, 0x05, 0x83, 0xc0, 0x01, 0xeb, 0xf7, 0xc3})                   // a counted loop
	f.Add([]byte{0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0x24, 0xc5, 0, 0, 0, 0}) // cs nopw; jmp *table
	f.Add([]byte{0xe9, 0xff, 0xff, 0xff, 0x7f})                                                             // jmp far outside
	f.Add([]byte{0x0f, 0x0b, 0xf3})                                                                         // ud2; lone prefix
	f.Fuzz(func(t *testing.T, code []byte) {
		const base = 0x401000
		blocks := Blocks(code, base)
		if len(code) == 0 {
			return
		}
		if len(blocks) == 0 || blocks[0].Addr != base {
			t.Fatalf("blocks %v do not start at the entry", blocks)
		}
		for i, b := range blocks {
			if b.Addr < base || b.Addr >= base+uint64(len(code)) || b.Instrs <= 0 {
				t.Fatalf("block %d %+v outside the code or empty", i, b)
			}
			if i > 0 && b.Addr <= blocks[i-1].Addr {
				t.Fatalf("blocks out of order: %v", blocks)
			}
		}
	})
}
