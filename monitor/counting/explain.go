package counting

import (
	"debug/elf"
	"fmt"

	"sonde/monitor/units"
	"sonde/profile"
)

// WhyEmpty says, one line per counted object that has no unit, why it
// has none: what its file lacks (a stripped executable keeps only the
// .dynsym names of the functions it exports), or that the --only specs
// accepted none of its units. It reads the files again: call it only
// when nothing was counted.
func (res *Result) WhyEmpty(kind profile.UnitKind) []string {
	var out []string
	for _, o := range res.Objects {
		if o.NumUnits() > 0 {
			continue
		}
		all, err := units.LoadUnits(o.File, kind, nil, false)
		switch {
		case err != nil:
			out = append(out, err.Error())
		case all.NumUnits() > 0:
			out = append(out, fmt.Sprintf("the --only specs accept none of the %d %ss of %s", all.NumUnits(), kind, o.Path))
		case kind == profile.UnitLine:
			out = append(out, fmt.Sprintf("the line table of %s has no rows in its executable code", o.Path))
		case stripped(o.File):
			out = append(out, fmt.Sprintf("no %ss in %s: it is stripped (no .symtab) and its .dynsym names none of its own functions (link it with -rdynamic, or count an unstripped build)", kind, o.Path))
		default:
			out = append(out, fmt.Sprintf("no %ss in %s: its symbol tables name no function in its executable code", kind, o.Path))
		}
	}
	return out
}

// stripped reports whether the ELF file at path has no .symtab.
func stripped(path string) bool {
	f, err := elf.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return f.Section(".symtab") == nil
}

// UnusedOnDisk returns the paths of the objects that the uprobe engine
// probed on disk, mapped by no traced process at the start (an obj: spec
// resolved as the dynamic loader would, for a library loaded later), of
// which no unit ran: no traced process may have mapped that file at all
// (it loaded another copy, or none).
func (res *Result) UnusedOnDisk() []string {
	var out []string
	for i, o := range res.Objects {
		if !res.onDisk[o] {
			continue
		}
		ran := false
		for _, c := range res.Counts[i] {
			ran = ran || c > 0
		}
		if !ran {
			out = append(out, o.Path)
		}
	}
	return out
}
