package symbol

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
)

// ErrBuildIDMismatch is wrapped by Cache.Object's error when the file at a
// path no longer has the build-id a profile recorded for it.
var ErrBuildIDMismatch = errors.New("build-id mismatch")

// ErrNoImage is wrapped by Cache.Object's error for a pseudo-path ("[vdso]")
// whose bytes the profile did not keep (data files written before sonde
// kept them).
var ErrNoImage = errors.New("no copy of the object in the data file")

// Cache opens each object once, keyed by path and build-id, and remembers
// failures so that a missing or broken object is reported once. It is safe
// for concurrent use.
type Cache struct {
	opts   *Options
	mu     sync.Mutex
	objs   map[cacheKey]*cacheEntry
	images map[cacheKey][]byte
	interp map[uint64]Frame
}

type cacheKey struct{ path, buildID string }

type cacheEntry struct {
	once   sync.Once
	obj    *Object
	err    error
	failed atomic.Bool // err != nil, once known (EvictFailed)
}

// NewCache returns an empty cache that opens objects with opts (nil for
// defaults).
func NewCache(opts *Options) *Cache {
	return &Cache{opts: opts, objs: map[cacheKey]*cacheEntry{}}
}

// AddImage makes Object(path, buildID) read data, a whole ELF file, instead
// of the file at path: an object a profile kept because it cannot be read
// from the file system (the vDSO, "[vdso]"; a file deleted while it ran,
// "/t/prog (deleted)"). The cache keeps data; the caller must not change
// it. An image added after the object was first asked for is not used.
func (c *Cache) AddImage(path, buildID string, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.images == nil {
		c.images = map[cacheKey][]byte{}
	}
	c.images[cacheKey{path, buildID}] = data
}

// AddInterp makes Interp(id) answer f: a frame of interpreted code (a
// Python function at a line) that a profile names by id rather than by an
// address in an object.
func (c *Cache) AddInterp(id uint64, f Frame) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.interp == nil {
		c.interp = map[uint64]Frame{}
	}
	c.interp[id] = f
}

// Interp returns the frame AddInterp gave id, nil when none.
func (c *Cache) Interp(id uint64) []Frame {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.interp[id]; ok {
		return []Frame{f}
	}
	return nil
}

// Image returns the data AddImage gave for path and buildID.
func (c *Cache) Image(path, buildID string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	data, ok := c.images[cacheKey{path, buildID}]
	return data, ok
}

// Object returns the object at path, opening it on first use. When buildID
// is not "" the file must carry that build-id, or the error wraps
// ErrBuildIDMismatch. A path that failed returns the same error again
// without retrying.
func (c *Cache) Object(path, buildID string) (*Object, error) {
	k := cacheKey{path, buildID}
	c.mu.Lock()
	e := c.objs[k]
	if e == nil {
		e = &cacheEntry{}
		c.objs[k] = e
	}
	img, haveImg := c.images[k]
	c.mu.Unlock()
	e.once.Do(func() {
		var o *Object
		var err error
		switch {
		case haveImg:
			o, err = openReader(path, bytes.NewReader(img), c.opts, func() (io.ReaderAt, func(), error) {
				return bytes.NewReader(img), func() {}, nil
			})
		case strings.HasPrefix(path, "["):
			err = fmt.Errorf("%s: %w", path, ErrNoImage)
		default:
			o, err = Open(path, c.opts)
		}
		if err == nil && buildID != "" && o.BuildID() != buildID {
			err = fmt.Errorf("open %s: want build-id %s, file has %q: %w", path, buildID, o.BuildID(), ErrBuildIDMismatch)
			o.Close()
			o = nil
		}
		e.obj, e.err = o, err
		e.failed.Store(err != nil)
	})
	return e.obj, e.err
}

// Close closes every object the cache opened.
func (c *Cache) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.objs {
		if e.obj != nil {
			e.obj.Close()
		}
		delete(c.objs, k)
	}
	return nil
}

// Evict forgets the opened objects for which keep returns false and
// returns how many it forgot, so that a long-running caller (the agent,
// on a machine where programs come and go) holds only the objects it
// still uses. An object asked for again is opened again. Images added
// with AddImage stay. The evicted objects are not closed: a caller may
// still hold one.
func (c *Cache) Evict(keep func(path, buildID string) bool) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k := range c.objs {
		if !keep(k.path, k.buildID) {
			delete(c.objs, k)
			n++
		}
	}
	return n
}

// EvictFailed forgets the objects that failed to open, so that the next
// request tries them again (a file that was missing or being written), and
// returns how many it forgot. A long-running caller that keeps its cache
// calls it now and then, as a fresh cache would retry them.
func (c *Cache) EvictFailed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k, e := range c.objs {
		if e.failed.Load() {
			delete(c.objs, k)
			n++
		}
	}
	return n
}

// DropImages forgets every image AddImage gave. Objects already opened
// from one keep reading it; an object asked for later finds only the
// images added again.
func (c *Cache) DropImages() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.images = nil
}

// Len returns how many objects the cache holds (opened, or failed).
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.objs)
}
