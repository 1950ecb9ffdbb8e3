package counting

import "sonde/monitor/units"

// Unmatched returns the specs that selected nothing in res: an obj: spec
// that names none of the objects counted, any other one that accepts no
// unit of them.
func (res *Result) Unmatched(specs []units.Spec) []units.Spec {
	sel := units.NewSelector(specs)
	var out []units.Spec
	for _, sp := range specs {
		if !res.matches(sel, sp) {
			out = append(out, sp)
		}
	}
	return out
}

func (res *Result) matches(sel *units.Selector, sp units.Spec) bool {
	for _, o := range res.Objects {
		if sp.Kind == units.SpecObject {
			if units.ObjectMatches(sp.Object, o.Path) {
				return true
			}
			continue
		}
		us := o.Units()
		for i := range us {
			if sel.Accepts(sp, &us[i]) {
				return true
			}
		}
	}
	return false
}
