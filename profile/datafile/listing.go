package datafile

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"

	"sonde/internal/binread"
	"sonde/profile"
)

// EncodeListing returns the payload of the Listing frame of l (format.go):
// its hash, the body's length and the body deflated. The instrumenter
// embeds it in the object it builds; the runtime writes it as it is.
func EncodeListing(l *profile.Listing) ([]byte, error) {
	var st stringTable
	var blocks []byte
	for _, bl := range l.Blocks {
		blocks = binary.AppendUvarint(blocks, st.ref(bl.Func))
		blocks = binary.AppendUvarint(blocks, uint64(len(bl.Instrs)))
		for _, in := range bl.Instrs {
			blocks = binary.AppendUvarint(blocks, st.ref(in.File))
			blocks = binary.AppendUvarint(blocks, uint64(max(in.Line, 0)))
			blocks = appendString(blocks, in.Text)
		}
	}
	body := st.append(nil)
	body = binary.AppendUvarint(body, uint64(len(l.Blocks)))
	body = append(body, blocks...)
	body = appendFlow(body, l.Blocks)
	if len(body) > MaxListing {
		return nil, fmt.Errorf("encode listing: body of %d bytes exceeds %d", len(body), MaxListing)
	}
	var z bytes.Buffer
	zw, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("encode listing: %w", err)
	}
	zw.Write(body) // a bytes.Buffer does not fail
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("encode listing: %w", err)
	}
	p := binary.LittleEndian.AppendUint64(nil, l.Hash)
	p = binary.AppendUvarint(p, uint64(len(body)))
	p = appendString(p, z.String())
	if len(p) > MaxPayload {
		return nil, fmt.Errorf("encode listing: %d bytes, more than a frame holds", len(p))
	}
	return p, nil
}

// WriteListing writes a Listing frame: the instructions of the blocks of
// the universe with hash l.Hash.
func (w *Writer) WriteListing(l *profile.Listing) error {
	p, err := EncodeListing(l)
	if err != nil {
		return err
	}
	return w.frameFunc(KindListing, func(b []byte) []byte { return append(b, p...) })
}

// decodeListing reads a Listing frame's payload.
func decodeListing(b *buf) (profile.Listing, error) {
	hash := b.U64()
	n := b.Uvarint()
	z := b.str()
	if err := b.err(); err != nil {
		return profile.Listing{}, err
	}
	if n > MaxListing {
		return profile.Listing{}, fmt.Errorf("listing body of %d bytes exceeds %d", n, MaxListing)
	}
	// Read one byte more than announced, to tell a longer body apart.
	body, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader([]byte(z))), int64(n)+1))
	if err != nil {
		return profile.Listing{}, fmt.Errorf("inflate listing: %w", err)
	}
	if uint64(len(body)) != n {
		return profile.Listing{}, fmt.Errorf("listing body of %d bytes, the frame says %d", len(body), n)
	}
	blocks, err := decodeListingBody(body)
	if err != nil {
		return profile.Listing{}, fmt.Errorf("listing body: %w", err)
	}
	return profile.Listing{Hash: hash, Blocks: blocks}, nil
}

// decodeListingBody reads an inflated Listing body. Every count is checked
// against the bytes left, so a body cannot make it allocate more than its
// own size allows.
func decodeListingBody(data []byte) ([]profile.ListingBlock, error) {
	b := &buf{binread.New(data)}
	table := make([]string, b.count(1)+1)
	for i := 1; i < len(table); i++ {
		table[i] = b.str()
	}
	str := func() string {
		i := b.Uvarint() // 0, table[0] = "", once b failed
		if i >= uint64(len(table)) {
			b.Failf("string reference %d out of range [0,%d)", i, len(table))
			return ""
		}
		return table[i]
	}
	blocks := make([]profile.ListingBlock, b.count(2))
	for i := range blocks {
		bl := &blocks[i]
		bl.Func = str()
		if n := b.count(3); n > 0 {
			bl.Instrs = make([]profile.ListingInstr, n)
		}
		for k := range bl.Instrs {
			in := &bl.Instrs[k]
			in.File = str()
			in.Line = b.int31()
			in.Text = b.str()
		}
		if err := b.err(); err != nil {
			return nil, err
		}
	}
	// The blocks' edges, when the writer recorded them.
	if b.Len() > 0 {
		if n := b.Uvarint(); n != uint64(len(blocks)) {
			b.Failf("flow of %d blocks, the listing has %d", n, len(blocks))
			return nil, b.err()
		}
		for i := range blocks {
			f := &blocks[i].Flow
			flags := b.Uvarint()
			jump, fall := b.Uvarint(), b.Uvarint()
			if jump > uint64(len(blocks)) || fall > uint64(len(blocks)) {
				b.Failf("block %d: successor out of range", i)
				return nil, b.err()
			}
			*f = profile.BlockFlow{HasFlow: true, Jump: int(jump) - 1, Fall: int(fall) - 1,
				Cond: flags&flowCond != 0, Entered: flags&flowEntered != 0, Exits: flags&flowExits != 0}
		}
	}
	// Bytes after the flow are left for later versions.
	return blocks, b.err()
}

// The flags of a block's flow (format.go).
const (
	flowCond    = 1 << 0
	flowEntered = 1 << 1
	flowExits   = 1 << 2
)

// appendFlow appends the blocks' edges when every block has them.
func appendFlow(body []byte, blocks []profile.ListingBlock) []byte {
	if len(blocks) == 0 {
		return body
	}
	for i := range blocks {
		if !blocks[i].Flow.HasFlow {
			return body
		}
	}
	body = binary.AppendUvarint(body, uint64(len(blocks)))
	for i := range blocks {
		f := &blocks[i].Flow
		var flags uint64
		if f.Cond {
			flags |= flowCond
		}
		if f.Entered {
			flags |= flowEntered
		}
		if f.Exits {
			flags |= flowExits
		}
		body = binary.AppendUvarint(body, flags)
		body = binary.AppendUvarint(body, uint64(max(f.Jump+1, 0)))
		body = binary.AppendUvarint(body, uint64(max(f.Fall+1, 0)))
	}
	return body
}
