package symbol

import (
	"errors"
	"fmt"
)

// ErrNotELF is wrapped by Open's error when the file is not an ELF object.
var ErrNotELF = errors.New("not an ELF file")

// ErrNoDebugInfo is wrapped by errors that say an object (or one of its
// parts) has no usable debugging information, so that callers can degrade to
// symbol names or object+offset.
var ErrNoDebugInfo = errors.New("no debug info")

// FormatError reports corrupt bytes in a file at an offset.
type FormatError struct {
	File string // the file's path
	Off  int64  // offset in the file, or in the section named by Msg
	Msg  string // what was wrong, naming the section
}

// Error implements error.
func (e *FormatError) Error() string {
	return fmt.Sprintf("%s: offset %#x: %s", e.File, e.Off, e.Msg)
}
