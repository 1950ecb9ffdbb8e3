// Package units finds what sonde count counts in an ELF file, from the
// binary alone: the first address of each source line (the DWARF line
// table's is_stmt rows), the functions of the symbol tables, and basic
// blocks found by disassembly (Blocks). An Object holds one file's units
// and the sites where they are probed: a physical Site (one address) is
// kept apart from the logical units counted there, so that lines sharing
// an address share a site and its count, as in Bishop's paper; with
// emulable, a unit is probed at the first instruction of its block that
// the kernel's uprobes emulate. Selector applies the --only specs
// (ParseSpec: a file, file:lines, func:REGEXP, obj:NAME).
//
// The package reads files and nothing else: it neither plants probes nor
// touches a process (see package monitor).
package units
