package jitmap

import (
	"bytes"
	"strconv"
	"strings"
)

// PerfMapEntry is one line of a perf map: code of Size bytes at Start.
type PerfMapEntry struct {
	Start, Size uint64
	Name        string
}

// ParsePerfMap parses the lines of a perf map ("START SIZE name", hex
// numbers with or without 0x, the name running to the end of the line).
// Only lines ended by a newline are read unless final is set (the writer
// may be in the middle of the last one); used is the number of bytes read,
// where the next call should start. bad counts the lines it could not
// read; a line of size 0 names nothing and is skipped.
func ParsePerfMap(data []byte, final bool) (entries []PerfMapEntry, used int, bad int) {
	for used < len(data) {
		rest := data[used:]
		nl := bytes.IndexByte(rest, '\n')
		line := rest
		if nl < 0 {
			if !final {
				break
			}
			used = len(data)
		} else {
			line = rest[:nl]
			used += nl + 1
		}
		s := strings.TrimRight(string(line), "\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		e, ok := parsePerfMapLine(s)
		switch {
		case !ok:
			bad++
		case e.Size > 0:
			entries = append(entries, e)
		}
	}
	return entries, used, bad
}

func parsePerfMapLine(s string) (PerfMapEntry, bool) {
	var e PerfMapEntry
	start, rest, ok := strings.Cut(s, " ")
	if !ok {
		return e, false
	}
	size, name, ok := strings.Cut(rest, " ")
	if !ok || name == "" {
		return e, false
	}
	var err error
	if e.Start, err = strconv.ParseUint(strings.TrimPrefix(start, "0x"), 16, 64); err != nil {
		return e, false
	}
	if e.Size, err = strconv.ParseUint(strings.TrimPrefix(size, "0x"), 16, 64); err != nil {
		return e, false
	}
	if e.Start+e.Size < e.Start {
		return e, false // wraps around
	}
	e.Name = name
	return e, true
}
