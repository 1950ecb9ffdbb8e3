// Package gdbmi drives gdb through its machine interface (GDB/MI) to sample
// a running process: stop it, list every thread's stack, evaluate
// expressions in the frame of a chosen function, and let it run again. It is
// sonde's form of PCT's debugger controller, dbctl (Blake & Bauer 2002,
// sections 3 and 4.3), and the catch-all behind `sonde record --gdb` for
// expressions that sonde's own DWARF evaluator cannot handle (casts, calls,
// any language gdb knows).
//
// The package has two parts: a parser of GDB/MI output records (parse.go,
// the grammar of the GDB manual's "GDB/MI Output Syntax"), and a Session
// (session.go) that owns one gdb process attached to one target process.
//
// gdb runs with -nx (no init files), in all-stop mode with mi-async on, so
// that -exec-interrupt can stop a running target without a signal to the
// target's process group: gdb stops the target with a SIGINT that it does
// not pass on. Every other signal is passed to the target without stopping
// (`handle all nostop noprint pass`). gdb's own output goes to the MI pipe;
// the target's standard streams are not touched. A SIGINT or SIGTRAP from
// elsewhere stops the target in gdb; the session passes it on and lets the
// target run.
//
// Known limits: a job-control stop (SIGSTOP, SIGTSTP) sent to the target
// while gdb is attached lasts only until the next sample, whose continue
// resumes it (gdb traces with PTRACE_ATTACH, under which a group stop is
// not kept across a resume); gdb follows neither forks nor threads of other
// processes (detach-on-fork: children run free); a sample of a thread
// blocked in a system call interrupts it, and the kernel restarts the call
// (tested with read(2)).
package gdbmi
