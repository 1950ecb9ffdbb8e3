package unix

import xunix "golang.org/x/sys/unix"

// PerfBitContextSwitch asks a perf event for PERF_RECORD_SWITCH records:
// one when its task is switched out (misc PERF_RECORD_MISC_SWITCH_OUT,
// with PERF_RECORD_MISC_SWITCH_OUT_PREEMPT when it was preempted) and one
// when it is switched back in (Linux 4.3, attr bit "context_switch").
const PerfBitContextSwitch = xunix.PerfBitContextSwitch
