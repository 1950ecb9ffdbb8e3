package unix

import xunix "golang.org/x/sys/unix"

// LockExclusive takes flock(2)'s exclusive lock of the open file fd,
// waiting for it; closing fd releases it. Test helpers use it so that test
// binaries run in parallel build a shared cached tool once.
func LockExclusive(fd int) error {
	for {
		err := xunix.Flock(fd, xunix.LOCK_EX)
		if err != xunix.EINTR {
			return err
		}
	}
}
