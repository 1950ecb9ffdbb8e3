package report

import (
	"bytes"
	"strings"
	"testing"

	"sonde/profile"
	"sonde/symbol"
	"sonde/symbol/jitmap"
)

// TestJITFrames: a [jit] mapping is named from the image the cache holds
// for it, rebuilt when a longer image replaces it (sonde top rereads the
// data file); without an image it is one warning and no frames.
func TestJITFrames(t *testing.T) {
	tab := jitmap.FromEvents([]jitmap.Event{{Kind: jitmap.EventLoad, ID: 1, Addr: 0x9000, Size: 0x20, Name: "JS:*f",
		Lines: []jitmap.Line{{Off: 0, File: "a.js", Line: 7}}}})
	synth, ok := tab.Translate(0x9004, 0x9004, 0)
	if !ok {
		t.Fatal("no translation")
	}
	cache := symbol.NewCache(nil)
	var warn bytes.Buffer
	sym := NewSymbolizer(cache, &warn)
	m := &profile.Mapping{Path: jitmap.Path, BuildID: "0000000000000001-42"}
	cache.AddImage(m.Path, m.BuildID, tab.Image())
	fr, err := sym.Frames(m, profile.Addr(synth))
	if err != nil || len(fr) != 1 || fr[0] != (symbol.Frame{Func: "JS:*f", File: "a.js", Line: 7}) {
		t.Errorf("Frames = %+v, %v", fr, err)
	}

	bigger := jitmap.FromEvents([]jitmap.Event{
		{Kind: jitmap.EventLoad, ID: 1, Addr: 0x9000, Size: 0x20, Name: "JS:*f"},
		{Kind: jitmap.EventLoad, ID: 2, Addr: 0xa000, Size: 0x20, Name: "JS:*g"},
	})
	g, _ := bigger.Translate(0xa000, 0xa000, 0)
	cache.AddImage(m.Path, m.BuildID, bigger.Image())
	if fr, _ := sym.Frames(m, profile.Addr(g)); len(fr) != 1 || fr[0].Func != "JS:*g" {
		t.Errorf("after a longer image: %+v", fr)
	}

	missing := &profile.Mapping{Path: jitmap.Path, BuildID: "0000000000000001-43"}
	for range 2 {
		if fr, _ := sym.Frames(missing, 0x1000); fr != nil {
			t.Errorf("no image: %+v", fr)
		}
	}
	if strings.Count(warn.String(), "\n") != 1 || !strings.Contains(warn.String(), "[jit]") {
		t.Errorf("warnings %q, want one line naming [jit]", warn.String())
	}
}
