package report

import (
	"fmt"
	"strings"

	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/symbol"
)

// The instructions view: every assembly instruction of every counted
// compilation unit with the number of times it ran, lprint at its most
// verbose. The block number marks each block's first instruction:
//
//	unit /src/max.c
//	max
//	         1  b11      24  pushq	%rbp
//	         1           24  movq	%rsp, %rbp
//	     99999  b12      28  movl	-20(%rbp), %eax
//
// The instruction text comes from the unit's listing in the profile, which
// the program's runtime wrote to the data file with the unit's universe (a
// Listing frame), found by the hash of the universe: nothing outside the
// data file is read, so a profile shows the same instructions on any
// machine. A unit without one (built by a sonde before listings travelled
// in the data file) is named with the reason.

// instructionsCounts prints every instruction with its count, or, when
// only is not "", the instructions of the function of that name (mangled or
// demangled) in the units that hold it.
func instructionsCounts(b *strings.Builder, p *profile.Profile, only string) error {
	us := p.Universes()
	if len(us) == 0 {
		if only != "" {
			return fmt.Errorf("--instructions %s: the profile has no block units of sonde cc to look for it in", only)
		}
		b.WriteString("no block units of sonde cc: --instructions lists compiler-instrumented units\n")
		return nil
	}
	printed, missing := 0, 0
	for _, uv := range us {
		counts := make(map[int]uint64)
		for _, u := range uv.Units {
			if len(u.Counts) > 0 {
				counts[u.Index] = u.Counts[0]
			}
		}
		var blocks []profile.ListingBlock
		l := p.Listing(datafile.UnitsHash(uv.Units))
		if l != nil {
			blocks = l.Blocks
		}
		if l == nil && only != "" {
			missing++
			continue
		}
		if only != "" && !hasFunc(blocks, only) {
			continue
		}
		if printed > 0 {
			b.WriteString("\n")
		}
		printed++
		fmt.Fprintf(b, "unit %s\n", uv.Scope)
		if l == nil {
			b.WriteString("(instructions not available: the data file holds no listing of this unit; rebuild it with this sonde cc)\n")
			continue
		}
		fn := ""
		for i, bl := range blocks {
			if only != "" && !matchFunc(bl.Func, only) {
				continue
			}
			if bl.Func != fn {
				fn = bl.Func
				b.WriteString(funcName(symbol.Frame{Func: fn}) + "\n")
			}
			for k, in := range bl.Instrs {
				mark := ""
				if k == 0 {
					mark = fmt.Sprintf("b%d", i)
				}
				fmt.Fprintf(b, "%10d  %-6s %5d  %s\n", counts[i], mark, in.Line, in.Text)
			}
		}
	}
	if only != "" && printed == 0 {
		if missing > 0 {
			return fmt.Errorf("--instructions %s: no function of that name in the listings found (%d of %d units have no listing in the data file)", only, missing, len(us))
		}
		return fmt.Errorf("--instructions %s: no function of that name in the counted units", only)
	}
	return nil
}

// hasFunc reports whether one of blocks belongs to the function only.
func hasFunc(blocks []profile.ListingBlock, only string) bool {
	for _, bl := range blocks {
		if matchFunc(bl.Func, only) {
			return true
		}
	}
	return false
}
