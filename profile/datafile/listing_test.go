package datafile

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sonde/internal/binread"
	"sonde/profile"
)

// testListing is a listing of two blocks of max.c, the shape sonde cc's
// instrumenter produces.
var testListing = profile.Listing{Hash: 0x2d1bfe04f2d65264, Blocks: []profile.ListingBlock{
	{Func: "max", Instrs: []profile.ListingInstr{
		{File: "/src/max.c", Line: 24, Text: "pushq\t%rbp"},
		{File: "/src/max.c", Line: 24, Text: "movq\t%rsp, %rbp"},
	}},
	{Func: "max", Instrs: []profile.ListingInstr{
		{File: "/src/max.c", Line: 28, Text: "movl\t-20(%rbp), %eax"},
		{File: "/src/max.h", Line: 3, Text: "jle\t.L3"},
	}},
	{Func: "", Instrs: nil},
}}

// flowListing is a listing with the control flow recorded: block 0
// branches to 2 or falls to 1, block 1 calls and falls to 2, block 2
// returns.
var flowListing = profile.Listing{Hash: 9, Blocks: []profile.ListingBlock{
	{Func: "g", Instrs: []profile.ListingInstr{{File: "g.c", Line: 2, Text: "jle\t.L3"}},
		Flow: profile.BlockFlow{HasFlow: true, Jump: 2, Fall: 1, Cond: true, Entered: true}},
	{Func: "g", Instrs: []profile.ListingInstr{{File: "g.c", Line: 3, Text: "call\th"}},
		Flow: profile.BlockFlow{HasFlow: true, Jump: -1, Fall: 2, Exits: true}},
	{Func: "g", Instrs: []profile.ListingInstr{{File: "g.c", Line: 4, Text: "ret"}},
		Flow: profile.BlockFlow{HasFlow: true, Jump: -1, Fall: -1, Exits: true}},
}}

// writeListingFile writes a counting run with a Listing frame for each of
// ls, one of them twice.
func writeListingFile(t testing.TB, id uint64, ls ...profile.Listing) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "listing.data")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	r := countRun(id)
	r.write(t, w)
	for _, l := range append(ls, ls...) {
		if err := w.WriteListing(&l); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestListingFrames: Listing frames come back as Profile.Listings, one per
// hash, in one file and across files merged.
func TestListingFrames(t *testing.T) {
	other := profile.Listing{Hash: 7, Blocks: []profile.ListingBlock{{Func: "f", Instrs: []profile.ListingInstr{{File: "f.c", Line: 1, Text: "ret"}}}}}
	a := writeListingFile(t, 0x6666, testListing)
	b := writeListingFile(t, 0x7777, testListing, other, flowListing)
	for _, tt := range []struct {
		name  string
		files []string
		want  []profile.Listing
	}{
		{"one file", []string{a}, []profile.Listing{testListing}},
		{"merged", []string{a, b}, []profile.Listing{testListing, other, flowListing}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, warns, err := ReadFiles(tt.files)
			if err != nil || len(warns) > 0 {
				t.Fatalf("ReadFiles: %v %v", err, warns)
			}
			if !reflect.DeepEqual(p.Listings, tt.want) {
				t.Errorf("listings\n got %+v\nwant %+v", p.Listings, tt.want)
			}
			if p.Listing(testListing.Hash) == nil || p.Listing(8) != nil {
				t.Errorf("Listing(hash) finds the wrong listings")
			}
		})
	}
}

// listingPayload builds a Listing payload around a raw body, deflated,
// announcing n bytes.
func listingPayload(body []byte, n int) []byte {
	var z bytes.Buffer
	zw, _ := flate.NewWriter(&z, flate.BestSpeed)
	zw.Write(body)
	zw.Close()
	p := binary.LittleEndian.AppendUint64(nil, 1)
	p = binary.AppendUvarint(p, uint64(n))
	return appendString(p, z.String())
}

// TestListingMalformed: a damaged Listing frame is skipped with a warning
// naming the file and the problem; the rest of the file is read.
func TestListingMalformed(t *testing.T) {
	good, err := EncodeListing(&testListing)
	if err != nil {
		t.Fatal(err)
	}
	// One string, "f.c"; one block of function "f.c" with one instruction
	// whose file is string 2, which does not exist.
	body := []byte{1, 3, 'f', '.', 'c', 1, 1, 1, 2, 10, 3, 'r', 'e', 't'}
	for _, tt := range []struct {
		name, payload, warn string
	}{
		{"truncated hash", string(good[:5]), "truncated: need 8 bytes"},
		{"not deflate", string(append(good[:9:9], 3, 0xff, 0xff, 0xff)), "inflate listing"},
		{"longer than said", string(listingPayload([]byte{0, 0}, 1)), "listing body of 2 bytes, the frame says 1"},
		{"shorter than said", string(listingPayload([]byte{0, 0}, 3)), "listing body of 2 bytes, the frame says 3"},
		{"too long", string(binary.AppendUvarint(binary.LittleEndian.AppendUint64(nil, 1), MaxListing+1)) + "\x00", "exceeds"},
		{"string reference out of range", string(listingPayload(body, len(body))), "string reference 2 out of range"},
		{"block count beyond the body", string(listingPayload([]byte{0, 100}, 2)), "count 100 exceeds"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.data")
			w, err := Create(path)
			if err != nil {
				t.Fatal(err)
			}
			r := countRun(0x1234)
			r.write(t, w)
			if err := w.frameFunc(KindListing, func(b []byte) []byte { return append(b, tt.payload...) }); err != nil {
				t.Fatal(err)
			}
			w.Close()
			data, _ := os.ReadFile(path)
			p, warns, err := Decode(path, data)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Listings) != 0 {
				t.Errorf("a damaged listing was kept: %+v", p.Listings)
			}
			if len(warns) != 1 || !strings.Contains(warns[0].String(), "Listing frame at offset") || !strings.Contains(warns[0].String(), tt.warn) {
				t.Errorf("warnings %v, want one on the Listing frame saying %q", warns, tt.warn)
			}
			if len(p.Units) != len(r.units) {
				t.Errorf("%d units read, want %d", len(p.Units), len(r.units))
			}
		})
	}
}

// FuzzListing feeds the Listing decoder real payloads and mutations of
// them, whole (hash, length, deflated body) and as inflated bodies: it
// must never panic, and what it accepts must encode back to a body it
// reads the same.
func FuzzListing(f *testing.F) {
	good, err := EncodeListing(&testListing)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good, false)
	f.Add(good[:len(good)-3], false)
	f.Add(listingPayload([]byte{0, 0}, 2), false)
	f.Add([]byte{}, false)
	body := []byte{2, 3, 'f', '.', 'c', 1, 'f', 1, 2, 1, 1, 7, 3, 'r', 'e', 't'}
	f.Add(body, true)
	f.Add([]byte{0, 0}, true)
	f.Fuzz(func(t *testing.T, data []byte, raw bool) {
		if raw {
			blocks, err := decodeListingBody(data)
			if err != nil {
				return
			}
			p, err := EncodeListing(&profile.Listing{Blocks: blocks})
			if err != nil {
				t.Fatal(err)
			}
			back, err := decodeListing(&buf{binread.New(p)})
			if err != nil {
				t.Fatalf("re-encoded listing: %v", err)
			}
			if len(back.Blocks) != len(blocks) || len(blocks) > 0 && !reflect.DeepEqual(back.Blocks, blocks) {
				t.Errorf("round trip changed the blocks")
			}
			return
		}
		decodeListing(&buf{binread.New(data)})
	})
}
