package symbol

import (
	"debug/elf"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

// findDebugFile looks for the separate debug file of the object at path
// (whose ELF file is f), as gdb does [gdb manual, "Separate Debug Files"]:
// first by build-id, DIR/.build-id/xx/rest.debug in each debug directory,
// which must carry the same build-id; then by .gnu_debuglink name in the
// object's directory, its .debug subdirectory, and each debug directory
// followed by the object's directory, which must match the link's CRC. It
// returns the opened debug file, its path and the os.File to close, or nils.
func findDebugFile(f *elf.File, path, id string, dirs []string) (*elf.File, string, *os.File) {
	try := func(p string, ok func(*elf.File, *os.File) bool) (*elf.File, string, *os.File) {
		if same(p, path) {
			return nil, "", nil
		}
		var df *elf.File
		var osf *os.File
		err := safeCall(p, func() error {
			var err error
			osf, df, err = openELF(p)
			if err != nil {
				return err
			}
			if !ok(df, osf) || !hasDWARF(df) {
				osf.Close()
				df, osf = nil, nil
			}
			return nil
		})
		if err != nil || df == nil {
			if osf != nil {
				osf.Close()
			}
			return nil, "", nil
		}
		return df, p, osf
	}
	if len(id) > 2 {
		for _, d := range dirs {
			p := filepath.Join(d, ".build-id", id[:2], id[2:]+".debug")
			if df, dp, osf := try(p, func(df *elf.File, _ *os.File) bool { return buildID(df) == id }); df != nil {
				return df, dp, osf
			}
		}
	}
	name, crc, ok := debugLink(f)
	if !ok {
		return nil, "", nil
	}
	dir := filepath.Dir(path)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	cands := []string{filepath.Join(dir, name), filepath.Join(dir, ".debug", name)}
	for _, d := range dirs {
		cands = append(cands, filepath.Join(d, dir, name))
	}
	for _, p := range cands {
		if df, dp, osf := try(p, func(_ *elf.File, osf *os.File) bool { return fileCRC(osf) == crc }); df != nil {
			return df, dp, osf
		}
	}
	return nil, "", nil
}

// fileCRC is the CRC-32 (IEEE, as .gnu_debuglink uses) of the whole file.
func fileCRC(f *os.File) uint32 {
	h := crc32.NewIEEE()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, 1<<62)); err != nil {
		return 0
	}
	return h.Sum32()
}

// same reports whether a and b name the same existing file.
func same(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
