// Package profile is sonde's one data model for all four collectors: samples
// (a stack of object addresses with values, a pid, a tid and a time) and
// counts (a unit and its numbers, together with the static universe of units
// so that zero counts exist), keyed by mapping (object identity) and by the
// address inside that object; with them the runs and processes the
// collectors saw, the expressions evaluated at samples and their values,
// and what a report needs besides the file system: images of objects that
// existed only while the program ran (the vDSO, deleted files) and the
// instruction listings of sonde cc's units.
//
// Addresses in the model are link-time addresses of the object (Addr), not
// runtime addresses: collectors convert once per mapping, so profiles of
// several runs, processes or machines merge even under ASLR. Collectors never
// symbolize; the report layer symbolizes each distinct (mapping, Addr) once.
package profile

import (
	"fmt"
	"time"
)

// Addr is a link-time virtual address inside an object file: the address its
// symbol table, DWARF and addr2line use. A runtime address becomes an Addr
// through the Mapping it falls in (see Mapping.ObjAddr). For objects with no
// file (kernel, anonymous memory) Addr is the runtime address.
type Addr uint64

// Mapping identifies an object file mapped into one or more processes. Two
// mappings are the same object when their Key is equal.
type Mapping struct {
	// Path is the object's file name as the process saw it
	// ("/usr/lib/x86_64-linux-gnu/libc.so.6"), or a pseudo-name in brackets
	// for memory with no file ("[kernel.kallsyms]", "[vdso]", "[anon]").
	Path string
	// BuildID is the hex NT_GNU_BUILD_ID of the object, "" when unknown.
	BuildID string
	// Start, Limit and Offset describe one runtime placement, as in
	// /proc/PID/maps: [Start, Limit) is mapped from file offset Offset. They
	// are informational: the model's addresses do not depend on them.
	Start, Limit, Offset uint64
	// Bias is what was added to link-time addresses to get runtime
	// addresses in that placement (0 for fixed executables).
	Bias uint64
}

// MappingKey is the identity of an object, used to merge profiles.
type MappingKey struct {
	Path    string
	BuildID string
}

// Key returns the mapping's identity. Placement is not part of it.
func (m *Mapping) Key() MappingKey { return MappingKey{Path: m.Path, BuildID: m.BuildID} }

// ObjAddr converts a runtime address inside this placement to the object's
// link-time address.
func (m *Mapping) ObjAddr(runtime uint64) Addr { return Addr(runtime - m.Bias) }

// NoMapping is the Location.Mapping of an address that fell in no known
// mapping; its Addr is the raw runtime address.
const NoMapping = -1

// Location is one program address: an index into Profile.Mappings (or
// NoMapping) and the link-time address inside that object.
type Location struct {
	Mapping int32
	Addr    Addr
}

// ValueType names one value column of samples or of counts, as in pprof
// ("samples"/"count", "cpu"/"nanoseconds", "calls"/"count", "ticks"/"count").
type ValueType struct {
	Type string
	Unit string
}

// Sample is one observation by a sampling collector.
type Sample struct {
	// Stack holds the program counter first, then the return addresses of
	// its callers, outermost last. Return addresses are stored as read from
	// the stack; readers subtract one to find the call instruction's line.
	Stack []Location
	// Values holds one value per Profile.SampleTypes.
	Values []int64
	// PID and TID identify the process and thread that was running.
	PID, TID int32
	// Time is when the sample was taken, in nanoseconds since the Unix epoch.
	Time int64
	// Exprs are the values of Profile.Exprs read at this sample, at most
	// one per expression; an expression whose function was not on the
	// stack has none.
	Exprs []ExprValue
}

// UnitKind says what a counted unit stands for.
type UnitKind uint8

// The kinds of counted units.
const (
	UnitAddress  UnitKind = iota + 1 // one instruction address
	UnitLine                         // the first address of a source line (Bishop, lines)
	UnitFunction                     // a function entry
	UnitBlock                        // a basic block (Bishop blocks, Weinberger)
	// UnitEdge is the fall-through edge of a conditional jump that sonde
	// cc counts because the block counts do not determine it (Index is
	// the jump's block). Readers keep edges in Profile.Edges, apart from
	// the units every view counts.
	UnitEdge
)

var unitKindNames = [...]string{UnitAddress: "address", UnitLine: "line", UnitFunction: "function", UnitBlock: "block", UnitEdge: "edge"}

// String returns the kind's name as used on the command line ("lines" is
// accepted by ParseUnitKind too).
func (k UnitKind) String() string {
	if int(k) < len(unitKindNames) && unitKindNames[k] != "" {
		return unitKindNames[k]
	}
	return fmt.Sprintf("UnitKind(%d)", uint8(k))
}

// ParseUnitKind parses "address", "line", "function", "block" or their
// plurals.
func ParseUnitKind(s string) (UnitKind, error) {
	for k, name := range unitKindNames {
		if name != "" && (s == name || s == name+"s" || s == name+"es") {
			return UnitKind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown unit kind %q (want address, line, function or block)", s)
}

// Unit is one counted thing of a counting profile, with its counts. The
// universe of units is static: a unit that never ran is present with zero
// counts, so that coverage can say what never ran.
type Unit struct {
	Kind UnitKind
	// Loc is where the unit lives in an object, when the collector knows an
	// address (Bishop-style collectors always do). Loc.Mapping is NoMapping
	// when it does not.
	Loc Location
	// Scope and Index number units that have no address: Scope names the
	// compilation unit (or object) that numbered them, Index is the number.
	Scope string
	Index int
	// Func, File and Line are the static source position when the collector
	// knows it (compiler instrumentation does); otherwise they are empty and
	// readers symbolize Loc.
	Func string
	File string
	Line int
	// Instrs is the number of machine instructions in the unit (blocks), 0
	// when unknown.
	Instrs int
	// Counts holds one number per Profile.CountTypes.
	Counts []uint64
}

// UnitKey is the identity of a unit across profiles, used to merge counts.
type UnitKey struct {
	Kind    UnitKind
	Mapping MappingKey
	Addr    Addr
	Scope   string
	Index   int
	Func    string
	File    string
	Line    int
}

// Process is one process seen by a collector.
type Process struct {
	// RunID is the Run.ID of the collection that saw the process; with PID
	// it identifies the process across merged profiles (pids are reused
	// between runs).
	RunID     uint64
	PID, PPID int32
	// Comm is the command name (the last one, after exec).
	Comm string
	// Exe is the executable's path, when known.
	Exe string
	// Cgroup is the process's cgroup v2 path ("/system.slice/x.service"),
	// when the collector read it (record -a, agent).
	Cgroup string
	// Ended says how the process ended, in words ("exit 0", "killed by
	// SIGSEGV", "still running"), "" when unknown.
	Ended string
}

// Run describes one collection: one invocation of a collector, or one run of
// an instrumented program.
type Run struct {
	// ID is unique within a data file; the file format ties frames to runs
	// by it.
	ID uint64
	// Collector names what produced the run: "record", "count", "cc",
	// "attrib", or another collector's name.
	Collector string
	// Command is the profiled command line, when known.
	Command []string
	// Start and End bound the collection; End is zero when the run was cut
	// short (crash of the collector or of the program).
	Start, End time.Time
	// Lost counts samples or records the collector knows it lost.
	Lost uint64
	// Notes are one-line remarks of the collector ("no frame pointers in
	// libpython3.11.so: used dwarf unwinding").
	Notes []string
}

// Profile holds everything read from one or more data files.
type Profile struct {
	// SampleTypes names the columns of Sample.Values.
	SampleTypes []ValueType
	// Period is the sampling period in units of SampleTypes[len-1] (for
	// example 1001001 nanoseconds at 999 Hz), 0 when not sampled.
	Period int64
	// CountTypes names the columns of Unit.Counts.
	CountTypes []ValueType
	// Mappings are the objects that Locations refer to by index.
	Mappings []*Mapping
	// Samples are in collection order (time order within a run).
	Samples []Sample
	// Units are the counted units, the static universe included.
	Units []Unit
	// Edges are the counted edges (UnitEdge) of sonde cc's units, kept
	// apart from Units: they are no units of code, only what branch
	// coverage needs besides the block counts.
	Edges []Unit
	// Processes are the processes the collectors saw.
	Processes []Process
	// Runs are the collections this profile holds.
	Runs []Run
	// Exprs are the expressions evaluated at samples (record --expr);
	// Sample.Exprs refer to them by index.
	Exprs []ExprDef
	// Objects are the bytes of objects that a report cannot read from
	// the file system: the vDSO, and files deleted while they ran. Each is
	// kept once per path and build ID.
	Objects []ObjectImage
	// Listings are the instructions of the blocks of the compilation
	// units sonde cc instrumented, one per universe hash.
	Listings []Listing
	// Interp names the locations of the InterpPath mapping (Python
	// frames), one per ID.
	Interp []InterpFrame
}

// ObjectImage is an object file kept in the profile, for the mappings
// whose Path and BuildID are its own.
type ObjectImage struct {
	Path, BuildID string
	// Data is the whole ELF file; for the pseudo-object "[jit]" (code a
	// process generated, named from its perf map or jitdump), the events
	// of package symbol/jitmap that name its addresses.
	Data []byte
}

// ObjectImage returns the image kept for objects at path with build ID
// buildID, nil if none is.
func (p *Profile) ObjectImage(path, buildID string) *ObjectImage {
	for i := range p.Objects {
		if o := &p.Objects[i]; o.Path == path && o.BuildID == buildID {
			return o
		}
	}
	return nil
}
