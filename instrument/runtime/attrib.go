package runtime

import _ "embed"

// AttribSource is the C source of the attrib-mode runtime (sonde cc
// --sonde-mode=attrib): per-thread CPU-time timers charging ticks to the
// thread's current function, and the data-file writer for its counts. It
// includes FrameSource.
//
//go:embed csrc/sonde_attrib.c
var AttribSource []byte

// AttribLinkFlags are the flags every link of an attrib-mode program or
// shared library adds besides AttribObject: the program's calls of _exit,
// _Exit and the exec family end the run first, as in the blocks runtime
// (LinkFlags); threads get their timer through a pthread_create wrapper; the program's calls of sigaction,
// signal, sigprocmask and pthread_sigmask go through the runtime, which
// keeps the timers' real-time signal out of the program's way and the
// program's blocks out of the timers' way; and an executable exports the
// runtime's entry point, "current" and signal state so that instrumented
// libraries, dlopen'ed ones included, find them (a shared library exports
// them anyway).
var AttribLinkFlags = []string{LinkFlags()[0], "-Wl,--wrap=pthread_create,--wrap=sigaction,--wrap=signal,--wrap=__sysv_signal," +
	"--wrap=sigprocmask,--wrap=pthread_sigmask", "-Wl,--export-dynamic-symbol=__sonde_attrib_*", "-pthread"}

var attribRuntime = cRuntime{
	what:   "attrib runtime",
	prefix: "attrib",
	main:   "sonde_attrib.c",
	sources: map[string][]byte{
		"sonde_attrib.c": AttribSource,
		"sonde_frame.h":  FrameSource,
		"sonde_exec.h":   ExecSource,
	},
}

// AttribObject returns the attrib runtime compiled by compiler for extra
// flags, cached in cacheDir as Object caches the blocks runtime.
func AttribObject(compiler string, extra []string, cacheDir string) (string, error) {
	return attribRuntime.object(compiler, extra, cacheDir)
}
