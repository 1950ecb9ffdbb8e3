// Package jitmap names code that a runtime generates into anonymous memory:
// the functions of a JIT compiler (V8 in node, the JVM, LuaJIT, CPython
// 3.12's perf trampolines), which ELF symbol tables know nothing of.
//
// Runtimes describe their code in two ways that perf defined, and this
// package reads both:
//
//   - perf maps, /tmp/perf-PID.map (perf's Documentation/jit-interface.txt):
//     one "START SIZE name" line per piece of code, START and SIZE in hex,
//     later lines winning where they overlap (ParsePerfMap);
//   - jitdump files, jit-PID.dump (perf's jitdump-specification.txt): a
//     header, then records of code loads (with the code's name and bytes),
//     code moves, source lines of the next load, and the close of the file,
//     each stamped with CLOCK_MONOTONIC. The runtime maps the file
//     executable once, so that a profiler sees the "marker" mapping and
//     finds the file (ParseDumpHeader, NextRecord).
//
// A Source follows one such file while it grows and turns what it reads
// into Events: a load (a piece of code, its name, size and source lines,
// placed at an address from a time on) or a move (the same code at a new
// address from a time on); a clear says that all of a process's code went
// away at a time (it exited or exec'd another program, and its pid may be
// reused). Events are what sonde's data file keeps
// (AppendEvents, DecodeEvents): the files themselves may be gone by the
// time of the report.
//
// A Table, built from a process's events, answers which code held a
// runtime address at a time (Translate), honouring moves and code loaded
// later at the same place, and lays each distinct piece of code out in a
// synthetic address space, so that a profile can refer to it as an
// address in one pseudo-object, [jit], whose symbols are the Table's Image:
// events again, each code loaded once at its synthetic address.
//
// Both file formats are read from untrusted bytes with a bounds-checked
// reader; a malformed file ends with an error that names the offset,
// never with a panic (fuzz_test.go).
//
// # Event encoding
//
// The body that AppendEvents writes (little-endian; uvarint and svarint
// as in package datafile; string = uvarint length, then the bytes):
//
//	uvarint  nstrings, then nstrings × string: the string table
//	uvarint  nevents
//	nevents × event:
//	  u8       kind: 1 load, 2 move, 3 clear (all code gone: exit, exec)
//	  uvarint  id: the code's identity within the process (0 for clear)
//	  uvarint  address (0 for clear)
//	  svarint  time, ns since the Unix epoch; 0: from the process's start
//	  load only:
//	    uvarint  name: index into the string table
//	    uvarint  size in bytes
//	    uvarint  nlines, then nlines × (uvarint offset from the code's
//	             start, uvarint file: string index, uvarint line)
package jitmap
