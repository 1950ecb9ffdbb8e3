package runtime

import _ "embed"

// AttribSource is the C source of the attrib-mode runtime (sonde cc
// --sonde-mode=attrib): per-thread CPU-time timers charging ticks to the
// thread's current function, and the data-file writer for its counts. It
// includes FrameSource.
//
//go:embed csrc/sonde_attrib.c
var AttribSource []byte

// AttribLinkFlags are the flags every link of an attrib-mode program adds
// besides AttribObject: threads get their timer through a pthread_create
// wrapper.
var AttribLinkFlags = []string{"-Wl,--wrap=pthread_create", "-pthread"}

var attribRuntime = cRuntime{
	what:   "attrib runtime",
	prefix: "attrib",
	main:   "sonde_attrib.c",
	sources: map[string][]byte{
		"sonde_attrib.c": AttribSource,
		"sonde_frame.h":  FrameSource,
	},
}

// AttribObject returns the attrib runtime compiled by compiler for extra
// flags, cached in cacheDir as Object caches the blocks runtime.
func AttribObject(compiler string, extra []string, cacheDir string) (string, error) {
	return attribRuntime.object(compiler, extra, cacheDir)
}
