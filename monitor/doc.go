// Package monitor is sonde count's execution monitor, after Bishop's
// "Profiling under UNIX by patching" (1987): it finds the units of a
// program from its binary alone (the first address of each source line
// from the DWARF line table, function entries from the symbol tables,
// basic blocks by disassembly), plants a probe at each, runs the program
// and counts how often each unit ran, with no rebuild.
//
// Two engines do the counting behind one interface: uprobes opened through
// perf_event_open's uprobe PMU in counting mode (the kernel counts, no round
// trip through sonde per hit), and ptrace breakpoints (an int3 at each
// site; on a hit, count, restore the byte, single-step, re-insert), which
// follow fork, vfork, clone and exec, stop every thread of the process
// while one is stepped past a removed breakpoint, and support one-shot
// breakpoints for coverage.
//
// A physical Site (one address in one object) is kept apart from the
// logical units counted there: lines that share an address share a site
// and all get its count, as in the paper, and a function whose first
// instruction is ENDBR64 is probed just after it, where the kernel can
// emulate the instruction, and counted as its entry.
package monitor
