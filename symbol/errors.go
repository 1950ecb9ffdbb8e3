package symbol

import (
	"errors"

	"sonde/objfile"
)

// ErrNotELF is wrapped by Open's error when the file is not an ELF object.
var ErrNotELF = objfile.ErrNotELF

// ErrNoDebugInfo is wrapped by errors that say an object (or one of its
// parts) has no usable debugging information, so that callers can degrade to
// symbol names or object+offset.
var ErrNoDebugInfo = errors.New("no debug info")

// FormatError reports corrupt bytes in a file at an offset.
type FormatError = objfile.FormatError
