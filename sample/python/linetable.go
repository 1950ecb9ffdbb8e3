package python

import "errors"

// errLinetable is returned for a location table that ends inside an
// entry or holds no entry for the instruction.
var errLinetable = errors.New("co_linetable ends inside an entry")

// Line returns the line of the code unit at byte offset lasti of a code
// object's bytecode, from its co_linetable (CPython 3.11's location
// table, Objects/locations.md) and co_firstlineno. Each entry starts with
// a byte 1cccclll: it covers l+1 code units, and its code c says how the
// line changes: 15 no location, 14 long form (signed varint line delta,
// then end line, column and end column varints), 13 no column (signed
// varint delta), 10-12 one line form (delta c-10, two column bytes), 0-9
// short form (delta 0, one column byte). Varints hold 6 bits a byte, bit
// 6 says another byte follows; a signed one keeps its sign in bit 0. An
// instruction without a location (code 15) has the line of the entry
// before, as py-spy reports it.
func Line(table []byte, firstLine int, lasti int) (int, error) {
	line := firstLine
	addr := 0
	i := 0
	varint := func() (int, bool) {
		v, shift := 0, 0
		for {
			if i >= len(table) || shift > 28 {
				return 0, false
			}
			b := table[i]
			i++
			v |= int(b&63) << shift
			shift += 6
			if b&64 == 0 {
				return v, true
			}
		}
	}
	signed := func() (int, bool) {
		v, ok := varint()
		if v&1 != 0 {
			return -(v >> 1), ok
		}
		return v >> 1, ok
	}
	for i < len(table) {
		b := table[i]
		i++
		if b&0x80 == 0 {
			return 0, errLinetable
		}
		code := (b >> 3) & 15
		delta := 0
		ok := true
		switch {
		case code == 15:
		case code == 14:
			delta, ok = signed()
			for k := 0; k < 3 && ok; k++ {
				_, ok = varint()
			}
		case code == 13:
			delta, ok = signed()
		case code >= 10:
			delta = int(code) - 10
			i += 2
			ok = i <= len(table)
		default:
			i++
			ok = i <= len(table)
		}
		if !ok {
			return 0, errLinetable
		}
		line += delta
		addr += 2 * (int(b&7) + 1)
		if addr > lasti {
			return line, nil
		}
	}
	return 0, errLinetable
}
