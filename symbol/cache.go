package symbol

import (
	"errors"
	"fmt"
	"sync"
)

// ErrBuildIDMismatch is wrapped by Cache.Object's error when the file at a
// path no longer has the build-id a profile recorded for it.
var ErrBuildIDMismatch = errors.New("build-id mismatch")

// Cache opens each object once, keyed by path and build-id, and remembers
// failures so that a missing or broken object is reported once. It is safe
// for concurrent use.
type Cache struct {
	opts *Options
	mu   sync.Mutex
	objs map[cacheKey]*cacheEntry
}

type cacheKey struct{ path, buildID string }

type cacheEntry struct {
	once sync.Once
	obj  *Object
	err  error
}

// NewCache returns an empty cache that opens objects with opts (nil for
// defaults).
func NewCache(opts *Options) *Cache {
	return &Cache{opts: opts, objs: map[cacheKey]*cacheEntry{}}
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
	c.mu.Unlock()
	e.once.Do(func() {
		o, err := Open(path, c.opts)
		if err == nil && buildID != "" && o.BuildID() != buildID {
			err = fmt.Errorf("open %s: want build-id %s, file has %q: %w", path, buildID, o.BuildID(), ErrBuildIDMismatch)
			o.Close()
			o = nil
		}
		e.obj, e.err = o, err
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
