package symbol

import (
	"errors"

	"sonde/internal/binread"
)

// buf reads one section with binread's bounds checks and sticky error,
// and names the section and the file in its errors.
type buf struct {
	binread.Reader
	base uint64 // section offset of the reader's data[0], for error messages
	file string
	sec  string
}

// newBuf returns a reader of data, which starts at offset base of section
// sec of file. It is small enough to inline, so that the buf stays on the
// caller's stack.
func newBuf(data []byte, base uint64, file, sec string) *buf {
	return &buf{Reader: binread.New(data), base: base, file: file, sec: sec}
}

// err returns nil or the first failure as a *FormatError at its section
// offset.
func (b *buf) err() error {
	err := b.Err()
	if err == nil {
		return nil
	}
	var e *binread.Error
	if !errors.As(err, &e) {
		return err
	}
	return &FormatError{File: b.file, Off: int64(b.base) + int64(e.Off), Msg: b.sec + ": " + e.Msg}
}

// cstrAt returns the NUL-terminated string at off in sec, "" if off is out of
// range.
func cstrAt(sec []byte, off uint64) (string, bool) {
	if off >= uint64(len(sec)) {
		return "", false
	}
	for i := off; i < uint64(len(sec)); i++ {
		if sec[i] == 0 {
			return string(sec[off:i]), true
		}
	}
	return "", false
}
