// Package ptracer is sonde count's ptrace engine, Bishop's monitor: it
// counts the sites of a counting run (counting.Placed) in a process it
// traces. A site gets a jump to a counting trampoline in pages sonde maps
// into the target (trampoline.go; package trampoline plans and emits
// them), or, where no jump fits, an int3: on a hit the tracer counts,
// puts the original byte back, single-steps the thread over it and
// re-inserts the int3, every other thread of the address space stopped
// meanwhile (ptrace.go). It follows fork, vfork, clone and exec, plants
// a new program at its start point (the dynamic loader's
// _dl_debug_state, launch.go) and again after each dlopen, keeps a
// program's own SIGTRAP handler working (sigtrap.go), and in a coverage
// run removes the jumps of the windows that ran (uncover.go).
//
// Every ptrace request goes through one package ptrace Tracer (Run), which
// launches, seizes, waits, steps and detaches, and decodes the stops into
// events; the engine keeps its own state of each thread (its address
// space, a vfork under way, a hold by stopOthers) in the tracee's Data.
//
// Launch starts a command traced and stopped at its start point, and
// CountLaunched counts it to its end; SeizeAll stops the threads of a
// running process, Attach arms it with trampolines only (an int3 that
// nothing removes could kill a process sonde did not start: the sites
// left are Untrapped, for uprobes) and Attached.Run counts until the
// context is done. Arming reads and writes the target through a Memory
// (/proc/PID/mem, or a byte slice in tests).
package ptracer
