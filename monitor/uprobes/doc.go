// Package uprobes is sonde count's uprobe engine: it counts the sites
// of a counting run (counting.Placed) in the kernel, without waking
// sonde on a hit, by one of two mechanisms (counting.UprobeMechanism).
// With BPF (bpf.go), one program is attached to every site of an object
// by one uprobe_multi link and counts per site in an array, for the
// traced process tree. With perf counters, there is one perf_event
// counter per site and per traced thread given at the start (children
// and new threads are inherited), opened on the object's file at the
// site's file offset; the counters are read when the target has ended
// (counts of inherited children are folded into the parent's counter
// when they exit) and closed in parallel, since each close waits for the
// kernel to unregister the probe (about 80 ms here), or handed to a
// helper process that closes them after sonde has gone (CloseInherited).
//
// Open plants the probes, CountLaunched and CountAttached count a
// command or an attached process until it ends, and Set.Refused gives
// the sites whose instruction the kernel will not probe, which monitor
// has the ptrace engine count with breakpoints in a command sonde
// started. A library an obj: spec names that is not mapped yet is found
// on disk as the dynamic loader would find it (libpath.go, ldcache.go)
// and probed there.
package uprobes
