package cli

import (
	"fmt"
	"regexp"

	"sonde/instrument/ccdriver"
)

// attribMode builds --sonde-mode=attrib's mode from the options:
// unprofiled is --sonde-unprofiled's (or $SONDE_UNPROFILED's) regular
// expression, "" for none.
func attribMode(atomic bool, unprofiled string) (*ccdriver.AttribMode, error) {
	m := &ccdriver.AttribMode{Atomic: atomic}
	if unprofiled != "" {
		re, err := regexp.Compile(unprofiled)
		if err != nil {
			return nil, fmt.Errorf("--sonde-unprofiled: %w", err)
		}
		m.Unprofiled = re
	}
	return m, nil
}
