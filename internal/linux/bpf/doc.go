// Package bpf loads the few BPF programs sonde needs, with no loader
// library: the instructions are assembled by hand (asm.go), the bpf(2)
// calls go through internal/linux/unix, and every kernel object (map,
// program, link) is a type that owns its Close.
//
// Its uses are UprobeCounters: one BPF program attached to thousands of
// uprobes with one uprobe_multi link per object (Linux 6.6), counting hits
// per probe in an array map, for the processes of one traced tree only;
// and FrameCapture: a program on the sampler's perf events that copies
// the sampled thread's interpreter frame chain (CPython's) into a ring
// buffer (RingReader) at the sample.
package bpf
