package objfile

import (
	"bytes"
	"debug/elf"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Options configure Open. The zero value and nil are the defaults.
type Options struct {
	// DebugDirs are searched for separate debug files
	// (.build-id/xx/rest.debug and .gnu_debuglink names); nil means
	// DefaultDebugDirs, an empty slice none.
	DebugDirs []string
	// Debuginfod fetches debug files by build-id when none is found on
	// this machine; nil means the one DEBUGINFOD_URLS configures
	// (DebuginfodFromEnv), and Options{NoDebuginfod: true} none.
	Debuginfod *Debuginfod
	// NoDebuginfod turns debuginfod off whatever the environment says.
	NoDebuginfod bool
	// ELFOnly opens the object alone: no separate debug file is looked
	// for (Debug is the object when it has DWARF, else nil).
	ELFOnly bool
}

// DefaultDebugDirs are the directories searched for separate debug files
// when Options.DebugDirs is nil: SONDE_DEBUG_DIRS (colon-separated, as
// gdb's debug-file-directory), else /usr/lib/debug.
func DefaultDebugDirs() []string {
	if v := os.Getenv("SONDE_DEBUG_DIRS"); v != "" {
		var dirs []string
		for _, d := range strings.Split(v, ":") {
			if d != "" {
				dirs = append(dirs, d)
			}
		}
		return dirs
	}
	return []string{"/usr/lib/debug"}
}

func (o *Options) debugDirs() []string {
	if o == nil || o.DebugDirs == nil {
		return DefaultDebugDirs()
	}
	return o.DebugDirs
}

func (o *Options) debuginfod() *Debuginfod {
	switch {
	case o != nil && o.NoDebuginfod:
		return nil
	case o != nil && o.Debuginfod != nil:
		return o.Debuginfod
	}
	return defaultDebuginfod()
}

// findDebugFile looks for the separate debug file of the object at path
// (whose ELF file is f), as gdb does [gdb manual, "Separate Debug Files"]:
// first by build-id, DIR/.build-id/xx/rest.debug in each debug directory,
// which must carry the same build-id; then by .gnu_debuglink name in the
// object's directory, its .debug subdirectory, and each debug directory
// followed by the object's directory, which must match the link's CRC;
// last from debuginfod by build-id. It returns the opened debug file, its
// path and what to close, or nils, and in each case the places it looked
// in vain.
func findDebugFile(f *elf.File, path, id string, opts *Options) (*elf.File, string, io.Closer, []string) {
	var tried []string
	try := func(p string, ok func(*elf.File, *os.File) string) (*elf.File, string, io.Closer) {
		if same(p, path) {
			return nil, "", nil
		}
		osf, df, err := openELF(p)
		if err != nil {
			if os.IsNotExist(unwrapPath(err)) {
				tried = append(tried, "no "+p)
			} else {
				tried = append(tried, err.Error())
			}
			return nil, "", nil
		}
		why := ""
		Safe(p, func() error {
			if why = ok(df, osf); why == "" && !HasDWARF(df) {
				why = "no DWARF"
			}
			return nil
		})
		if why != "" {
			osf.Close()
			tried = append(tried, p+": "+why)
			return nil, "", nil
		}
		return df, p, osf
	}
	dirs := opts.debugDirs()
	byID := func(df *elf.File, _ *os.File) string {
		if got := BuildID(df); got != id {
			return "build-id " + got + ", want " + id
		}
		return ""
	}
	if len(id) > 2 {
		for _, d := range dirs {
			p := filepath.Join(d, ".build-id", id[:2], id[2:]+".debug")
			if df, dp, c := try(p, byID); df != nil {
				return df, dp, c, tried
			}
		}
	}
	if name, crc, ok := debugLink(f); ok {
		dir := filepath.Dir(path)
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		cands := []string{filepath.Join(dir, name), filepath.Join(dir, ".debug", name)}
		for _, d := range dirs {
			cands = append(cands, filepath.Join(d, dir, name))
		}
		byCRC := func(_ *elf.File, osf *os.File) string {
			if got := fileCRC(osf); got != crc {
				return fmt.Sprintf("CRC %08x, .gnu_debuglink wants %08x", got, crc)
			}
			return ""
		}
		for _, p := range cands {
			if df, dp, c := try(p, byCRC); df != nil {
				return df, dp, c, tried
			}
		}
	} else {
		tried = append(tried, "no .gnu_debuglink")
	}
	if d := opts.debuginfod(); d != nil && id != "" {
		p, err := d.Fetch(id)
		if err != nil {
			tried = append(tried, err.Error())
		} else if df, dp, c := try(p, byID); df != nil {
			return df, dp, c, tried
		}
	}
	return nil, "", nil, tried
}

// unwrapPath returns the *os.PathError inside err, or err.
func unwrapPath(err error) error {
	for e := err; e != nil; {
		if pe, ok := e.(*os.PathError); ok {
			return pe
		}
		u, ok := e.(interface{ Unwrap() error })
		if !ok {
			break
		}
		e = u.Unwrap()
	}
	return err
}

// debugLink returns the file name and CRC of f's .gnu_debuglink section.
func debugLink(f *elf.File) (string, uint32, bool) {
	s := f.Section(".gnu_debuglink")
	if s == nil || s.Type == elf.SHT_NOBITS {
		return "", 0, false
	}
	data, err := s.Data()
	if err != nil {
		return "", 0, false
	}
	i := bytes.IndexByte(data, 0)
	if i <= 0 {
		return "", 0, false
	}
	crcOff := (i + 4) &^ 3
	if crcOff+4 > len(data) {
		return "", 0, false
	}
	return string(data[:i]), f.ByteOrder.Uint32(data[crcOff:]), true
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
