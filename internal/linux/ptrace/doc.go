// Package ptrace holds sonde's uses of ptrace(2): starting a command held
// at its exec (StartStopped, StartDetachedStopped), and the Tracer, which
// seizes threads, interrupts them, waits for them and decodes their stops
// (fork, vfork, clone, exec, exit, group-stop, signal delivery) into
// Events. The kernel takes ptrace requests for a tracee only from the
// thread that attached it, so every function here runs on an OS thread
// locked for as long as it traces: the Tracer on the goroutine Run starts
// for it.
//
// The Tracer is the ptrace sampler's (package sample); monitor's ptrace
// engine still drives its own waits.
package ptrace
