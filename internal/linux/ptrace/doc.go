// Package ptrace holds sonde's uses of ptrace(2): starting a command held
// at its exec (StartStopped, StartDetachedStopped), and the Tracer, which
// launches and seizes threads, interrupts, continues, steps and detaches
// them, waits for them and decodes their stops (fork, vfork, clone, exec,
// exit, group-stop, signal delivery) into Events. The kernel takes ptrace
// requests for a tracee only from the thread that attached it, so every
// function here runs on an OS thread locked for as long as it traces: the
// Tracer on the goroutine Run starts for it.
//
// The Tracer serves the ptrace sampler (package sample) and count's ptrace
// engine (package monitor/ptracer).
package ptrace
