package counting

import "fmt"

// EngineKind chooses how the probes are planted.
type EngineKind uint8

// The engines.
const (
	EngineAuto   EngineKind = iota // ptrace where sonde can trace the target, else uprobes (with a notice)
	EngineUprobe                   // kernel uprobes in counting mode
	EnginePtrace                   // int3 breakpoints through ptrace
	// EngineHybrid is what counted when uprobes refused some
	// instructions (segment-prefixed padding): those sites were counted
	// with ptrace breakpoints, the rest with uprobes. It is a result, not
	// a choice.
	EngineHybrid
)

var engineNames = [...]string{EngineAuto: "auto", EngineUprobe: "uprobe", EnginePtrace: "ptrace", EngineHybrid: "uprobe+ptrace"}

// String returns the engine's name as --engine spells it.
func (k EngineKind) String() string {
	if int(k) < len(engineNames) {
		return engineNames[k]
	}
	return fmt.Sprintf("EngineKind(%d)", uint8(k))
}

// ParseEngine parses --engine's argument.
func ParseEngine(s string) (EngineKind, error) {
	for k, n := range engineNames {
		if s == n && EngineKind(k) != EngineHybrid {
			return EngineKind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown engine %q (want auto, uprobe or ptrace)", s)
}

// UprobeMechanism chooses how the uprobe engine plants its probes.
type UprobeMechanism uint8

// The mechanisms.
const (
	// UprobesAuto uses BPF where the kernel allows it, else perf
	// counters, with a note saying which counted.
	UprobesAuto UprobeMechanism = iota
	// UprobesBPF attaches one BPF program to every probe of an object
	// with one uprobe_multi link (Linux 6.6); the program counts in an
	// array, for the traced process tree only. Setting up thousands of
	// probes takes milliseconds, removing them one close per object.
	// The probes are on the files: while they are in place, every other
	// process that maps a probed object takes the trap at each hit too
	// (0.4-28 µs, not counted), so probing libc slows the whole machine.
	UprobesBPF
	// UprobesPerf opens one counting perf event per probe, on a trace
	// event defined through tracefs's uprobe_events (or through the
	// uprobe PMU where tracefs is missing): about 0.2 s a probe to define
	// and 80 ms to remove here.
	UprobesPerf
)

var uprobeMechanismNames = [...]string{UprobesAuto: "auto", UprobesBPF: "bpf", UprobesPerf: "perf"}

// String returns the mechanism's name.
func (m UprobeMechanism) String() string {
	if int(m) < len(uprobeMechanismNames) {
		return uprobeMechanismNames[m]
	}
	return fmt.Sprintf("UprobeMechanism(%d)", uint8(m))
}
