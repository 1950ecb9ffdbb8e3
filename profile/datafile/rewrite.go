package datafile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
)

// FrameRef says where a frame is and what it is, for Writer.Rewrite's
// choice. Its methods read the payload, valid only during that choice.
type FrameRef struct {
	// Off is the frame's offset in the old file.
	Off int64
	// Kind and Run are the frame's kind and run ID.
	Kind Kind
	Run  uint64

	payload []byte
}

// Rewritten is what Writer.Rewrite did.
type Rewritten struct {
	// Size and Was are the new file's size and the old one's (when it
	// was replaced: with what was appended during the copy).
	Size, Was int64
	// Gen is the new file's generation (Writer.FlushedSize).
	Gen int
	// kept are the old offsets of the frames chosen, and at[i] the new
	// offset of kept[i]; the old file from tailFrom on (written during
	// the copy) is the new one from tailAt on.
	kept, at         []int64
	tailFrom, tailAt int64
}

// Moved returns the offset in the new file of the first frame kept at or
// after the old file's offset off: where a reader that had read the old
// file up to off goes on reading.
func (r *Rewritten) Moved(off int64) int64 {
	if off >= r.tailFrom {
		return off - r.tailFrom + r.tailAt
	}
	i := sort.Search(len(r.kept), func(i int) bool { return r.kept[i] >= off })
	if i == len(r.kept) {
		return r.tailAt
	}
	return r.at[i]
}

// Rewrite replaces the data file path, which the Writer appends to (it
// opened it with Create or OpenAppend), with a new file holding the whole
// frames of the old one that keep accepts, in file order, and appends to
// the new one from then on.
//
// Writes go on while it copies: keep chooses among the frames written
// before it started (buffered samples are written first), and the frames
// written while it copied are appended to the new file whole, after them.
// Writes wait only for that last part and the rename.
//
// The replacement is atomic: the new file is written as path+".tmp",
// synced, and renamed over path, so that a crash at any instant leaves
// path whole, old or new. When keepOld is set the old file is kept as
// path+".1" (replacing an older one), as log rotation does. A failure
// before the rename leaves the old file in place and the Writer appending
// to it. One Rewrite at a time: a Rewrite that finds the file replaced by
// another since it started fails.
func (w *Writer) Rewrite(path string, keepOld bool, keep func(FrameRef) bool) (*Rewritten, error) {
	return w.RewriteFrames(path, keepOld, func(frames []FrameRef) []bool {
		out := make([]bool, len(frames))
		for i, f := range frames {
			out[i] = keep(f)
		}
		return out
	})
}

// RewriteFrames is Rewrite with a choice made over all the frames at
// once (a frame kept may need an earlier one that another, later frame
// refers to): choose returns, for each frame of the old file in file
// order, whether the new file keeps it. choose runs while the Writer
// writes.
func (w *Writer) RewriteFrames(path string, keepOld bool, choose func([]FrameRef) []bool) (*Rewritten, error) {
	// The frames written so far: the copy's source.
	from, gen, err := w.FlushedSize()
	if err != nil {
		return nil, fmt.Errorf("rewrite data file: %w", err)
	}
	data, err := readRange(path, 0, from)
	if err != nil {
		return nil, fmt.Errorf("rewrite data file: %w", err)
	}
	refs := Frames(data)
	keep := choose(refs)
	r := &Rewritten{tailFrom: from}
	var out []byte
	for i, ref := range refs {
		if i < len(keep) && keep[i] {
			end := ref.Off + HeaderSize + int64(len(ref.payload))
			r.kept = append(r.kept, ref.Off)
			r.at = append(r.at, int64(len(out)))
			out = append(out, data[ref.Off:end]...)
		}
	}
	r.tailAt = int64(len(out))

	tmp := path + ".tmp"
	nf, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o666)
	if err != nil {
		return nil, fmt.Errorf("rewrite data file: %w", err)
	}
	fail := func(err error) (*Rewritten, error) {
		nf.Close()
		os.Remove(tmp)
		return nil, fmt.Errorf("rewrite data file: %w", err)
	}
	if _, err := nf.Write(out); err != nil {
		return fail(err)
	}
	// The bulk reaches the disk before the writes wait.
	if err := nf.Sync(); err != nil {
		return fail(err)
	}

	w.mu.Lock()
	defer w.mu.Unlock()
	if w.file == nil || w.gen != gen {
		return fail(errors.New("replaced by another rewrite meanwhile"))
	}
	if err := w.flushSamplesLocked(); err != nil {
		return fail(err)
	}
	fi, err := w.file.Stat()
	if err != nil {
		return fail(err)
	}
	tail, err := readRange(path, from, fi.Size())
	if err != nil {
		return fail(err)
	}
	if _, err := nf.Write(tail); err != nil {
		return fail(err)
	}
	if err := nf.Sync(); err != nil {
		return fail(err)
	}
	if keepOld {
		old := path + ".1"
		if err := os.Remove(old); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fail(err)
		}
		if err := os.Link(path, old); err != nil {
			return fail(err)
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail(err)
	}
	// The rename itself must survive a crash of the machine.
	if dir, err := os.Open(filepath.Dir(path)); err == nil {
		dir.Sync()
		dir.Close()
	}
	w.file.Close()
	w.file, w.w = nf, nf
	w.gen++
	r.Gen = w.gen
	r.Was, r.Size = fi.Size(), r.tailAt+int64(len(tail))
	return r, nil
}

// readRange reads bytes [from, to) of the file path.
func readRange(path string, from, to int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, to-from)
	n, err := f.ReadAt(data, from)
	if err != nil && !(errors.Is(err, io.EOF) && int64(n) == to-from) {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}
