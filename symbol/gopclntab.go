package symbol

import (
	"debug/elf"
	"debug/gosym"
	"fmt"
	"sync"
)

// goTable answers from a Go binary's .gopclntab through debug/gosym, for Go
// binaries linked without DWARF (-ldflags=-w) such as the toolchain's own
// go command. It gives the out-of-line function (gosym does not decode the
// inline tree, FUNCDATA_InlTree) with the file:line of the innermost
// inlined code at the address, which is what `go tool addr2line` prints.
type goTable struct {
	mu  sync.Mutex // gosym's tables are not documented as safe for concurrent use
	tab *gosym.Table
}

// loadGoTable reads f's .gopclntab; nil, nil when it has none.
func loadGoTable(f *elf.File, path string) (*goTable, error) {
	s := f.Section(".gopclntab")
	if s == nil || s.Type == elf.SHT_NOBITS {
		return nil, nil
	}
	data, err := s.Data()
	if err != nil {
		return nil, &FormatError{File: path, Off: int64(s.Offset), Msg: fmt.Sprintf(".gopclntab: %v", err)}
	}
	var text uint64
	if t := f.Section(".text"); t != nil {
		text = t.Addr
	}
	var tab *gosym.Table
	err = safeCall(path, func() error {
		var err error
		tab, err = gosym.NewTable(nil, gosym.NewLineTable(data, text))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("parse .gopclntab of %s: %w", path, err)
	}
	return &goTable{tab: tab}, nil
}

func (g *goTable) frames(addr uint64) []Frame {
	g.mu.Lock()
	defer g.mu.Unlock()
	var frames []Frame
	safeCall("", func() error {
		file, line, fn := g.tab.PCToLine(addr)
		if fn == nil {
			return nil
		}
		frames = []Frame{{Func: fn.Name, File: file, Line: line, FuncAddr: fn.Entry}}
		return nil
	})
	return frames
}
