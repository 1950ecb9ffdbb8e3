package symbol

import (
	"debug/elf"
	"debug/gosym"
	"fmt"
	"sync"

	"sonde/objfile"
)

// goTable answers from a Go binary's .gopclntab, for Go binaries linked
// without DWARF (-ldflags=-w) such as the toolchain's own go command:
// positions through debug/gosym, inline frames from the inline tree
// (goInline) when the binary's symbol table locates go:func.*. Without it,
// it gives the out-of-line function with the file:line of the innermost
// inlined code, which is what `go tool addr2line` prints.
type goTable struct {
	mu  sync.Mutex // gosym's tables are not documented as safe for concurrent use
	tab *gosym.Table
	inl *goInline // nil when the inline tree cannot be found
}

// newGoTable parses a .gopclntab whose .text starts at text. It calls
// debug/gosym, so it runs under objfile.Safe.
func newGoTable(data []byte, text uint64, path string) (*goTable, error) {
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text))
	if err != nil {
		return nil, fmt.Errorf("parse .gopclntab of %s: %w", path, err)
	}
	return &goTable{tab: tab}, nil
}

func (g *goTable) frames(addr uint64) []Frame {
	g.mu.Lock()
	defer g.mu.Unlock()
	var frames []Frame
	if g.inl != nil && g.tab == nil {
		return g.inl.frames(addr, g.inl.line)
	}
	if g.inl != nil {
		lineAt := func(pc uint64) (file string, line int) {
			objfile.Safe("", func() error {
				file, line, _ = g.tab.PCToLine(pc)
				return nil
			})
			return file, line
		}
		return g.inl.frames(addr, lineAt)
	}
	objfile.Safe("", func() error {
		file, line, fn := g.tab.PCToLine(addr)
		if fn == nil {
			return nil
		}
		frames = []Frame{{Func: fn.Name, File: file, Line: line, FuncAddr: fn.Entry}}
		return nil
	})
	return frames
}

// goFuncData finds go:func.* (go.func.* before Go 1.20's renaming) in f's
// symbol table and the contents of the section holding it, which the
// inline trees are offsets into. It returns zeros when f has no symbol
// table (go build -ldflags=-s).
func goFuncData(f *elf.File) (addr uint64, data []byte, secAddr uint64) {
	// A scan of the raw table (symbolValue), not elf.File.Symbols: the
	// names of all symbols cost more than the rest of opening a Go binary.
	addr, ok := symbolValue(f, "go:func.*")
	if !ok {
		addr, ok = symbolValue(f, "go.func.*")
	}
	if !ok || addr == 0 {
		return 0, nil, 0
	}
	for _, sec := range f.Sections {
		if sec.Type == elf.SHT_PROGBITS && sec.Addr <= addr && addr < sec.Addr+sec.Size {
			d, err := sec.Data()
			if err != nil {
				return 0, nil, 0
			}
			return addr, d, sec.Addr
		}
	}
	return 0, nil, 0
}
