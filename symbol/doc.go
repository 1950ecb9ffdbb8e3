// Package symbol maps link-time addresses in ELF objects to source frames
// (function, file, line, column), with inline frames from DWARF, through
// .gopclntab for Go binaries without DWARF, and degrading to symbol-table
// names when that is all an object has.
package symbol
