package report

import (
	"fmt"
	"sort"
	"strings"

	"sonde/profile"
)

// The block tables: lprint's summaries by function and by file, for any
// counting profile whose block units say how many instructions they hold
// (sonde cc; sonde count --units blocks).
//
// By function (Weinberger, section IX):
//
//	  executed      calls   instrs    never  function
//	  21946541       1000      918      156  naget
//
// executed is the number of instructions executed in the function (each
// block's count times its instructions), calls the count of its entry block
// (its first block: the lowest block number in its unit, or the lowest
// address), instrs the instructions it has, never those that never ran.
//
// By file (compilation unit), three more columns: basic-block executions,
// basic blocks, and blocks never entered:
//
//	  executed   instrs    never   blocks-exec   blocks    never  file
//	 219465412      918      156      60352487      255       59  neta.c

// blockKey identifies a basic block: its number in its unit, or its
// address when the collector numbered none.
type blockKey struct {
	scope string
	index int
	loc   profile.Location
}

func unitBlockKey(u *profile.Unit) blockKey {
	if u.Scope != "" {
		return blockKey{scope: u.Scope, index: u.Index}
	}
	return blockKey{loc: u.Loc}
}

// hasBlockInstrs reports whether the profile has block units with
// instruction counts, which the block tables need.
func hasBlockInstrs(r *resolver) bool {
	for i := range r.p.Units {
		if u := &r.p.Units[i]; u.Kind == profile.UnitBlock && u.Instrs > 0 {
			return true
		}
	}
	return false
}

// blockRow accumulates one function or file.
type blockRow struct {
	key            rowKey
	name           string
	executed       uint64 // instructions executed
	instrs, never  uint64 // instructions, never executed
	blocks, bnever uint64 // blocks, never entered
	bexec          uint64 // block executions
	blocksSeen     map[blockKey]bool
	// The entry block: the lowest-numbered (or lowest-addressed) one.
	haveEntry  bool
	entryCount uint64
	entryIndex int
	entryAddr  profile.Addr
}

// blockTables gathers rows by function (byFile false) or by compilation
// unit or file (byFile true).
func blockTables(r *resolver, byFile bool) ([]*blockRow, error) {
	rows := make(map[rowKey]*blockRow)
	var order []*blockRow
	for i := range r.p.Units {
		u := &r.p.Units[i]
		if u.Kind != profile.UnitBlock {
			continue
		}
		c, err := unitCount(r.p, i)
		if err != nil {
			return nil, err
		}
		s, err := r.unitSite(u)
		if err != nil {
			return nil, err
		}
		var k rowKey
		if byFile {
			name := u.Scope
			if name == "" {
				name = fileName(s)
			}
			k = rowKey{name: name}
		} else {
			if len(s.frames) > 0 {
				// A block belongs to the function whose code it is: the
				// outermost frame (inlined code counts for its caller).
				fr := s.frames[len(s.frames)-1]
				k = functionKey(s, &fr)
			} else {
				k = functionKey(s, nil)
			}
			if u.Scope != "" {
				k.obj.Path = u.Scope // static functions of the same name in two units stay apart
			}
		}
		row := rows[k]
		if row == nil {
			row = &blockRow{key: k, name: k.name, blocksSeen: make(map[blockKey]bool)}
			rows[k] = row
			order = append(order, row)
		}
		n := uint64(u.Instrs)
		row.instrs += n
		row.executed += c * n
		if c == 0 {
			row.never += n
		}
		bk := unitBlockKey(u)
		if !row.blocksSeen[bk] {
			row.blocksSeen[bk] = true
			row.blocks++
			row.bexec += c
			if c == 0 {
				row.bnever++
			}
			first := !row.haveEntry ||
				(u.Scope != "" && u.Index < row.entryIndex) ||
				(u.Scope == "" && u.Loc.Addr < row.entryAddr)
			if first {
				row.haveEntry, row.entryCount = true, c
				row.entryIndex, row.entryAddr = u.Index, u.Loc.Addr
			}
		}
	}
	// Same-named rows from different units get the unit appended.
	names := make(map[string]int)
	for _, row := range order {
		names[row.key.name]++
	}
	for _, row := range order {
		if names[row.key.name] > 1 && row.key.obj.Path != "" {
			row.name += " (" + row.key.obj.Path + ")"
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.executed != b.executed {
			return a.executed > b.executed
		}
		return a.name < b.name
	})
	return order, nil
}

// blockFunctions prints the table by function.
func blockFunctions(b *strings.Builder, r *resolver, top int) error {
	rows, err := blockTables(r, false)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "%12s %10s %8s %8s  %s\n", "executed", "calls", "instrs", "never", "function")
	shown := rows
	if top > 0 && top < len(rows) {
		shown = rows[:top]
	}
	for _, row := range shown {
		fmt.Fprintf(b, "%12d %10d %8d %8d  %s\n", row.executed, row.entryCount, row.instrs, row.never, row.name)
	}
	if len(shown) < len(rows) {
		fmt.Fprintf(b, "(%d of %d rows shown)\n", len(shown), len(rows))
	}
	return nil
}

// blockFiles prints the table by compilation unit (or file).
func blockFiles(b *strings.Builder, r *resolver, top int) error {
	rows, err := blockTables(r, true)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "%12s %8s %8s %12s %8s %8s  %s\n", "executed", "instrs", "never", "blocks-exec", "blocks", "never", "file")
	shown := rows
	if top > 0 && top < len(rows) {
		shown = rows[:top]
	}
	for _, row := range shown {
		fmt.Fprintf(b, "%12d %8d %8d %12d %8d %8d  %s\n", row.executed, row.instrs, row.never, row.bexec, row.blocks, row.bnever, row.name)
	}
	if len(shown) < len(rows) {
		fmt.Fprintf(b, "(%d of %d rows shown)\n", len(shown), len(rows))
	}
	return nil
}
