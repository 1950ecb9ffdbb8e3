package plancache

import (
	"encoding/binary"
	"hash/crc32"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/trampoline"
	"sonde/monitor/units"
	"sonde/profile"
)

// planKey returns the key an entry starts with, "" when b is too short.
func planKey(b []byte) string {
	if len(b) < 8 {
		return ""
	}
	n := binary.LittleEndian.Uint64(b)
	if n > uint64(len(b)-8) {
		return ""
	}
	return string(b[8 : 8+n])
}

// FuzzDecodePlan feeds decodePlan corrupt entries: errors, never a panic,
// and an entry it accepts is whole (its units decode to NumUnits or, for
// a body that does not decode despite its CRC, to nil; every index in
// range). Seeds are real entries of work.c (gcc -O2) for lines and
// functions with both prepared parts (counts and coverage), and
// truncations of them. fix recomputes the CRC over the mutated body so
// that the fuzzer reaches the parser behind the checksum.
func FuzzDecodePlan(f *testing.F) {
	bin := testprog.Build(f, "count/work.c", testprog.Opts{Flags: []string{"-g", "-O2", "-fno-plt", "-Wl,-z,now"}})
	for _, kind := range []profile.UnitKind{profile.UnitLine, profile.UnitFunction} {
		u, err := units.LoadUnits(bin, kind, nil, false)
		if err != nil {
			f.Fatal(err)
		}
		o := NewObject(u)
		o.Prepared(false)
		o.Prepared(true)
		b := encodePlan(o, "fuzz key "+kind.String())
		// The seed decodes: the fuzz body's checks start from a good
		// entry.
		if _, err := decodePlan(b, planKey(b)); err != nil {
			f.Fatalf("%v entry of %d bytes does not decode: %v", kind, len(b), err)
		}
		f.Add(b, false)
		f.Add(b, true)
		for _, n := range []int{len(b) - 1, len(b) / 2, 100, 12} {
			f.Add(b[:n], true)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, fix bool) {
		if fix && len(data) >= 4 {
			data = binary.LittleEndian.AppendUint32(data[:len(data)-4:len(data)-4], crc32.Checksum(data[:len(data)-4], castagnoli))
		}
		o, err := decodePlan(data, planKey(data))
		if err != nil {
			return
		}
		// The units' body is checked by its CRC only (d5524b9): one
		// that does not decode despite it makes Units return nil.
		if us := o.Units(); us != nil && len(us) != o.NumUnits() {
			t.Fatalf("%d units decoded, NumUnits %d", len(us), o.NumUnits())
		}
		for i, s := range o.Sites {
			for _, u := range s.Units {
				if u < 0 || u >= o.NumUnits() {
					t.Fatalf("site %d counts unit %d of %d", i, u, o.NumUnits())
				}
			}
		}
		for m, pp := range o.prep {
			if pp == nil {
				continue
			}
			for i := 0; i < pp.N; i++ {
				w := pp.Record(i)
				if len(w.Want) != int(w.Size) || int(w.Off) >= len(pp.Code) {
					t.Fatalf("prepared %d window %d: %d bytes wanted of size %d, offset %d of %d", m, i, len(w.Want), w.Size, w.Off, len(pp.Code))
				}
				if w.Hop != 0 && len(w.HopWant) != trampoline.JmpLen {
					t.Fatalf("prepared %d window %d: %d bytes wanted under its hop", m, i, len(w.HopWant))
				}
				w.Sites.Each(func(s int) {
					if s < 0 || s >= len(o.Sites) {
						t.Fatalf("prepared %d window %d counts site %d of %d", m, i, s, len(o.Sites))
					}
				})
			}
			for k := 0; k+trampoline.RelRecLen <= len(pp.Rels); k += trampoline.RelRecLen {
				if off := binary.LittleEndian.Uint32(pp.Rels[k:]); uint64(off)+4 > uint64(len(pp.Code)) {
					t.Fatalf("prepared %d relocation %d at %d of %d code bytes", m, k/trampoline.RelRecLen, off, len(pp.Code))
				}
			}
			// Relocating must stay inside the code, whatever the entry held.
			code := append([]byte(nil), pp.Code...)
			trampoline.Relocate(code, pp.Rels, 1<<40, 1<<40)
			pp.SiteWins(len(o.Sites))
		}
	})
}
