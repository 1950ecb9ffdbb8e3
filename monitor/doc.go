// Package monitor is sonde count's execution monitor, after Bishop's
// "Profiling under UNIX by patching" (1987): it plants a probe at each
// unit of a program (package units finds them from the binary alone),
// runs the program or attaches to it, and counts how often each unit ran,
// with no rebuild.
//
// Count drives two engines through one small interface (engine, in
// engine.go): startTarget starts the command or attaches to the process
// and decides, once, which engine counts (--engine auto: ptrace, or
// uprobes when -p cannot trace, with one notice), and the engine's count
// plants, runs and removes. The ptrace engine (package ptracer) jumps
// from each site to a counting trampoline (package trampoline plans and
// emits them) or plants an int3 where none fits; it follows fork, vfork,
// clone and exec, stops every thread of the process while one steps past
// a removed breakpoint, and removes a coverage run's jumps once their
// windows ran. The uprobe engine (package uprobes) opens the kernel's
// uprobes in counting mode or under a BPF program, with no round trip
// through sonde per hit. Each engine counts the sites the other cannot,
// and that glue is monitor's, in the two adapters of engine.go: uprobes
// refuse some instructions in a command sonde started (ptrace
// breakpoints count them), and sonde writes no int3 into a process it
// attached to (uprobes count the sites left without a trampoline).
//
// What a run shares (Options, Result, the placed objects) is package
// counting; monitor keeps its names (Options, Result, EngineKind) as
// aliases. Plans come from package plancache, which keeps them between
// runs. Nothing here prints: notices go to Options.Notice, SONDE_DEBUG's
// timings to Options.Debug.
package monitor
