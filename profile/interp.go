package profile

import (
	"hash/fnv"
	"strconv"
)

// InterpPath is the pseudo-path of the mapping whose locations are frames
// of interpreted code (Python functions at a line) rather than machine
// addresses: a sample's stack holds them where the interpreter's native
// frames stood, and Profile.Interp names them.
const InterpPath = "[python]"

// InterpUnreadable is the function name of the one frame a collector puts
// in a stack whose interpreted part it could not read (the interpreter
// changed it during the read, or what was read failed a check): the
// stack is marked, never given a wrong frame.
const InterpUnreadable = "[python frames unreadable]"

// InterpUnverified is the function name of the frame a collector puts
// between the innermost interpreted frame, checked against the sample,
// and its callers when those were read after the sample without a check
// (a running thread, read by the perf sampler): a caller that returned
// and was replaced by another call of the same code at the same place
// in the meantime cannot be told apart, so the callers above this frame
// may be later ones than the sample's.
const InterpUnverified = "[python callers as read after the sample]"

// InterpFrame is one interpreted code location: a function, its file and
// the line being run. ID is its address in the InterpPath mapping.
type InterpFrame struct {
	ID   Addr
	Func string
	File string
	Line int
}

// InterpID returns the address that stands for a code location in the
// InterpPath mapping: a hash of its content (FNV-1a 64 of func, NUL, file,
// NUL, decimal line), so that the same location has the same address in
// every run and merged profiles need no renumbering. It is even and never
// 0: a reader that looks up a return address one byte earlier
// (InterpKey) still finds it.
func InterpID(fn, file string, line int) Addr {
	h := fnv.New64a()
	h.Write([]byte(fn))
	h.Write([]byte{0})
	h.Write([]byte(file))
	h.Write([]byte{0})
	h.Write(strconv.AppendInt(nil, int64(line), 10))
	id := Addr(h.Sum64() << 1)
	if id == 0 {
		id = 2
	}
	return id
}

// InterpKey returns the InterpID an address of the InterpPath mapping
// stands for: the address itself, or one more when a reader subtracted one
// (return addresses are looked up one byte before).
func InterpKey(a Addr) Addr { return (a + 1) &^ 1 }
