package unix

import xunix "golang.org/x/sys/unix"

// ReadProcessMemoryV copies, in one process_vm_readv(2), len(bufs[i])
// bytes at addrs[i] of process pid into bufs[i], for every i, and returns
// how many bytes were read in all: the kernel stops at the first remote
// range it cannot read, so a short count means the later ones were not.
func ReadProcessMemoryV(pid int, bufs [][]byte, addrs []uint64) (int, error) {
	local := make([]xunix.Iovec, 0, len(bufs))
	remote := make([]xunix.RemoteIovec, 0, len(bufs))
	for i, b := range bufs {
		if len(b) == 0 {
			continue
		}
		local = append(local, xunix.Iovec{Base: &b[0], Len: uint64(len(b))})
		remote = append(remote, xunix.RemoteIovec{Base: uintptr(addrs[i]), Len: len(b)})
	}
	if len(local) == 0 {
		return 0, nil
	}
	return xunix.ProcessVMReadv(pid, local, remote, 0)
}
