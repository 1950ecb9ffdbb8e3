package unix

import xunix "golang.org/x/sys/unix"

// MountTracefs mounts a tracefs instance at target, as
// "mount -t tracefs nodev TARGET" does (needs CAP_SYS_ADMIN in the mount
// namespace's user namespace).
func MountTracefs(target string) error {
	return xunix.Mount("nodev", target, "tracefs", 0, "")
}
