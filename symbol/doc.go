// Package symbol maps link-time addresses in ELF objects to source frames
// (function, file, line, column), with inline frames from DWARF, through
// .gopclntab for Go binaries without DWARF, and degrading to symbol-table
// names when that is all an object has.
//
// Use a Cache in reports (it opens each object once and remembers
// failures), Object.Frames for one address at a time (a streaming
// addr2line; Options.Prefetch decodes all units in the background for
// one), and Object.FramesBatch when all addresses are known: it decodes the
// DWARF units they need on all CPUs first.
//
//	c := symbol.NewCache(nil)
//	defer c.Close()
//	obj, err := c.Object("/usr/lib/libfoo.so", buildID)
//	frames, err := obj.Frames(addr) // innermost first; nil if unknown
//
// Design. Open reads, through package objfile, the segments, build-id,
// symbol table (.symtab, else .dynsym), the raw DWARF sections (of a
// separate debug file found by build-id, .gnu_debuglink or debuginfod when
// the object has none; SHF_COMPRESSED and legacy .zdebug sections are
// decompressed) and
// .gopclntab; then it indexes the compilation units by address range from
// their unit DIEs. Nothing else is decoded until an address falls into a
// unit: then that unit's line program (line.go) and its subprogram and
// inlined-subroutine tree (die.go, dwarf.go, a DIE walker that skips what
// it does not need) are decoded once, flattened into sorted segments, and
// every later answer is a binary search. Names follow DW_AT_abstract_origin
// and DW_AT_specification chains, across units too. Split DWARF units
// (DWARF 5 and GNU DWARF 4) are read from the object's .dwp package or
// their .dwo files (dwo.go). Go
// binaries without DWARF get lines through debug/gosym and inline frames
// from the .gopclntab inline tree (goinline.go).
//
// Answers follow llvm-symbolizer 14 (--inlining --functions=linkage):
// linkage names, file paths joined with the unit's comp_dir without
// cleaning, the outermost frame named after the covering symbol (gcc's
// "f.constprop.0", "f.cold"), discriminators. Deliberate differences, each
// tested: Go binaries keep Go's names (no ".abi0"); a size-0 symbol covers
// nothing past its section (binutils' answer for addresses beyond .bss);
// separate debug files are also found under DebugDirs + the object's
// directory, as gdb does.
//
// Errors: a file that is not ELF gives ErrNotELF; corrupt bytes give a
// *FormatError naming the file and offset. Corrupt DWARF does not fail
// Open or Frames: answers degrade to symbol names and Info().Missing says
// so. debug/elf and debug/gosym are called under recover (they panic on
// some corrupt inputs); sonde's own parsers use bounds-checked readers with
// a sticky error and are fuzzed (fuzz_test.go).
package symbol
