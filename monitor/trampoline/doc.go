// Package trampoline plans and emits the counting trampolines of sonde
// count's ptrace engine, as pure code over an object file's bytes: for
// each site a window of whole instructions that a 5-byte jmp (or a 2-byte
// jmp to a 5-byte hop nearby) can replace without cutting an instruction
// or a branch target in two (NewPlan, from the file's functions, branch
// targets, jump tables and landing pads in .eh_frame), then trampolines
// that count and run the displaced instructions, relocated, before
// jumping back (Prepare). A Prepared is flat little-endian records, the
// same in memory as in the plan cache; Relocate fills in its addresses
// once the pages' address and the object's bias are known.
//
// Nothing here touches a process: package monitor maps the pages and
// writes the jumps (arming).
package trampoline
