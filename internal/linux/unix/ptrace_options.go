package unix

import xunix "golang.org/x/sys/unix"

// PtraceSetOptions replaces the ptrace options of stopped tracee tid.
func PtraceSetOptions(tid int, options int) error { return xunix.PtraceSetOptions(tid, options) }
