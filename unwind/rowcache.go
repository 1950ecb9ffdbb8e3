package unwind

import "sync"

// rowCacheMax bounds the rows one table remembers (under 1 KiB each).
const rowCacheMax = 4096

// rowCache remembers the rows a table was asked for, by link-time pc: a
// sampled program's hot code asks for the same few hundred again and
// again, and each row runs its FDE's CFA program from the start.
type rowCache struct {
	mu   sync.Mutex
	rows map[uint64]*row
}

// rowAt returns the row of f, one of t's FDEs, in effect at pc: from the
// cache when pc was asked for before. The row must not be changed.
func (t *Table) rowAt(f *fde, pc uint64) (*row, error) {
	c := &t.rows
	c.mu.Lock()
	r, ok := c.rows[pc]
	c.mu.Unlock()
	if ok {
		return r, nil
	}
	v, err := f.rowAt(pc)
	if err != nil {
		return nil, err
	}
	r = &v
	c.mu.Lock()
	if c.rows == nil {
		c.rows = make(map[uint64]*row)
	}
	if len(c.rows) < rowCacheMax {
		c.rows[pc] = r
	}
	c.mu.Unlock()
	return r, nil
}
