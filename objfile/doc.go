// Package objfile opens ELF objects the one way every part of sonde reads
// them: the ELF file behind a recover guard (debug/elf panics on some
// malformed files), its GNU build-id, its symbol tables, and its debug
// information wherever it is: in the file itself; in a separate debug file
// found by build-id (DIR/.build-id/xx/rest.debug) or by .gnu_debuglink
// (next to the object, in its .debug directory, under each debug
// directory), as gdb looks for them [gdb manual, "Separate Debug Files"];
// from a debuginfod server (DEBUGINFOD_URLS) through a local cache; and, for
// split DWARF, in .dwo files or a .dwp package next to the object.
//
// Open never fails because debug information is missing: the File says
// where it looked (Missing), so that callers degrade and tell the user.
//
//	f, err := objfile.Open("/usr/bin/app", nil)
//	if err != nil { ... }
//	defer f.Close()
//	d, err := f.DWARF() // the debug file's, wherever it was found
package objfile
