package monitor

import (
	"sonde/monitor/counting"
	"sonde/monitor/ptracer"
	"sonde/monitor/uprobes"
)

// The names of a counting run (package counting), as monitor's callers
// know them.
type (
	// Options says what Count counts and how.
	Options = counting.Options
	// Result is what a counting run found.
	Result = counting.Result
	// EngineKind chooses how the probes are planted.
	EngineKind = counting.EngineKind
	// UprobeMechanism chooses how the uprobe engine plants its probes.
	UprobeMechanism = counting.UprobeMechanism
)

// The engines and uprobe mechanisms (see package counting).
const (
	EngineAuto   = counting.EngineAuto
	EngineUprobe = counting.EngineUprobe
	EnginePtrace = counting.EnginePtrace
	EngineHybrid = counting.EngineHybrid
	UprobesAuto  = counting.UprobesAuto
	UprobesBPF   = counting.UprobesBPF
	UprobesPerf  = counting.UprobesPerf
)

// CheckpointEvery is how often Options.Checkpoint is called.
const CheckpointEvery = counting.CheckpointEvery

// ParseEngine parses --engine's argument.
func ParseEngine(s string) (EngineKind, error) { return counting.ParseEngine(s) }

// ErrUprobe says the uprobe engine cannot work here (no PMU, no
// permission).
var ErrUprobe = uprobes.ErrUnavailable

// CloseInherited is the helper of Options.CloseHelper: it closes the n
// uprobe counters it inherited (descriptors 3...) and removes the uprobe
// definitions of group in the tracefs directory dir.
func CloseInherited(n int, dir, group string) error { return uprobes.CloseInherited(n, dir, group) }

// ErrTraced says that a thread to attach to is traced by another process
// already (a debugger, strace, another sonde): ptrace allows one tracer.
var ErrTraced = ptracer.ErrTraced
