package sample

import (
	"fmt"
	"os"

	"sonde/proc"
)

// dumpVDSO writes this process's vDSO image to a temporary file and returns
// its path. Every process of a boot shares the kernel's one vDSO image, so
// sonde's own copy serves to unwind through the targets' (its CFI) and to
// compute their placement's bias: time spent in clock_gettime and friends
// would otherwise end every stack at the vDSO.
func dumpVDSO() (string, error) {
	maps, err := proc.Maps(os.Getpid())
	if err != nil {
		return "", err
	}
	for _, m := range maps {
		if m.Path != "[vdso]" {
			continue
		}
		f, err := os.Open("/proc/self/mem")
		if err != nil {
			return "", fmt.Errorf("read vDSO: %w", err)
		}
		defer f.Close()
		img := make([]byte, m.Limit-m.Start)
		if _, err := f.ReadAt(img, int64(m.Start)); err != nil {
			return "", fmt.Errorf("read vDSO at %#x: %w", m.Start, err)
		}
		out, err := os.CreateTemp("", "sonde-vdso-*.so")
		if err != nil {
			return "", fmt.Errorf("save vDSO: %w", err)
		}
		if _, err := out.Write(img); err != nil {
			out.Close()
			os.Remove(out.Name())
			return "", fmt.Errorf("save vDSO: %w", err)
		}
		return out.Name(), out.Close()
	}
	return "", fmt.Errorf("read vDSO: no [vdso] mapping")
}
