package uprobes

// refusedPrefix reports whether the x86-64 instruction starting code has a
// legacy prefix the kernel's uprobes refuse with ENOTSUPP: the ES, CS,
// SS and DS segment overrides and LOCK (arch/x86/kernel/uprobes.c,
// is_prefix_bad). "cs nopw" padding is the usual one. A uprobe_multi
// link checks its instructions only in processes that map the object
// when it is created, so an object loaded later by dlopen would get no
// probe there, silently: sonde finds these sites itself.
func refusedPrefix(code []byte) bool {
	for _, b := range code {
		switch b {
		case 0x26, 0x2e, 0x36, 0x3e, 0xf0:
			return true
		case 0x64, 0x65, 0x66, 0x67, 0xf2, 0xf3:
			continue // the other legacy prefixes
		}
		return false
	}
	return false
}
