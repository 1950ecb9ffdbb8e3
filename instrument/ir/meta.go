package ir

import (
	"path/filepath"
	"strings"

	"github.com/ianlancetaylor/demangle"
)

// metaNode is one specialized metadata node: its kind ("DISubprogram")
// and its fields, values as written (strings unquoted).
type metaNode struct {
	kind   string
	fields map[string]string
}

// parseMetaLine reads `!16 = distinct !DISubprogram(name: "f", line: 4)`.
// Lines that are not specialized nodes (tuples, strings) are not needed.
func parseMetaLine(s string) (string, metaNode, bool) {
	eq := strings.Index(s, " = ")
	if eq < 0 {
		return "", metaNode{}, false
	}
	id := s[:eq]
	rest := strings.TrimPrefix(s[eq+3:], "distinct ")
	if !strings.HasPrefix(rest, "!DI") {
		return "", metaNode{}, false
	}
	open := strings.IndexByte(rest, '(')
	if open < 0 {
		return "", metaNode{}, false
	}
	node := metaNode{kind: rest[1:open], fields: map[string]string{}}
	p := rest[open+1:]
	for len(p) > 0 {
		p = strings.TrimLeft(p, " ,")
		if p == "" || p[0] == ')' {
			break
		}
		colon := strings.Index(p, ": ")
		if colon < 0 {
			break
		}
		key := p[:colon]
		p = p[colon+2:]
		var val string
		if strings.HasPrefix(p, `"`) {
			// A quoted string: \" and \\ are escaped as \22 and \5C.
			end := strings.IndexByte(p[1:], '"')
			if end < 0 {
				return "", metaNode{}, false
			}
			val = unescape(p[1 : 1+end])
			p = p[end+2:]
		} else {
			depth, k := 0, 0
			for ; k < len(p); k++ {
				c := p[k]
				if c == '(' || c == '{' || c == '[' {
					depth++
				} else if c == ')' || c == '}' || c == ']' {
					if depth == 0 {
						break
					}
					depth--
				} else if c == ',' && depth == 0 {
					break
				}
			}
			val = p[:k]
			p = p[k:]
		}
		node.fields[key] = val
	}
	return id, node, true
}

// funcInfo is what a report shows for a function: its unit name, a
// readable name, and where it is defined.
type funcInfo struct {
	// unit names the function's unit: the linkage (mangled) name, distinct
	// for each C++ overload and template instance, which reports demangle
	// with its parameters ("ToStr(int, char*, int)", as gprof and perf
	// print it); a lambda's readable name ("isPrime.test"), which the
	// paper's table shows.
	unit string
	// name is the readable name without parameters ("ToStr"), which
	// --sonde-unprofiled matches too.
	name string
	file string
	line int
}

// describe names f from its debug metadata, else from its symbol.
func (m *module) describe(f *function, lambdaVars map[string]string, srcPath string) funcInfo {
	info := funcInfo{unit: f.name, name: readable(f.name), file: srcPath}
	sp, ok := m.meta[f.dbg]
	if f.dbg == "" || !ok || sp.kind != "DISubprogram" {
		return info
	}
	if ln := sp.fields["line"]; ln != "" {
		n := 0
		for _, c := range ln {
			if c < '0' || c > '9' {
				n = 0
				break
			}
			n = n*10 + int(c-'0')
		}
		info.line = n
	}
	if file, ok := m.meta[sp.fields["file"]]; ok && file.kind == "DIFile" {
		name := file.fields["filename"]
		if dir := file.fields["directory"]; dir != "" && !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		info.file = name
	}
	link := sp.fields["linkageName"]
	if link == "" {
		link = f.name
	}
	info.unit, info.name = link, readable(link)
	// A lambda's call operator: name it after its enclosing function and
	// the variable that holds it, as the paper names isPrime.test.
	if strings.HasPrefix(sp.fields["name"], "operator()") {
		if v, ok := lambdaVars[sp.fields["scope"]]; ok {
			if enc, ok := enclosing(info.name); ok {
				info.name = enc + "." + v
				info.unit = info.name
			}
		} else if enc, ok := enclosing(info.name); ok {
			info.name = enc + "." + lambdaTag(info.name)
			info.unit = info.name
		}
	}
	return info
}

// readable demangles a C++ name without parameters and template
// arguments; other names are returned as they are.
func readable(name string) string {
	if !strings.HasPrefix(name, "_Z") {
		return name
	}
	return demangle.Filter(name, demangle.NoParams, demangle.NoTemplateParams)
}

// enclosing returns the function part before "::{lambda" or "::$_"
// ("isPrime(int)::{lambda(int)#1}::operator()" -> "isPrime"), without
// its parameters.
func enclosing(name string) (string, bool) {
	k := strings.Index(name, "::{lambda")
	if k < 0 {
		k = strings.Index(name, "::$_")
	}
	if k <= 0 {
		return "", false
	}
	return stripParens(name[:k]), true
}

// lambdaTag returns "lambda#1" or "$_0" for an unnamed lambda.
func lambdaTag(name string) string {
	if k := strings.Index(name, "::{lambda"); k >= 0 {
		rest := name[k+3:]
		if h := strings.IndexByte(rest, '#'); h >= 0 {
			e := h + 1
			for e < len(rest) && rest[e] >= '0' && rest[e] <= '9' {
				e++
			}
			return "lambda" + rest[h:e]
		}
		return "lambda"
	}
	if k := strings.Index(name, "::$_"); k >= 0 {
		rest := name[k+2:]
		if e := strings.Index(rest, "::"); e >= 0 {
			return rest[:e]
		}
		return rest
	}
	return "lambda"
}

// stripParens removes parenthesized groups at depth 0 ("f(int) const"
// -> "f const"), keeping the rest, trimmed.
func stripParens(s string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return strings.TrimSuffix(strings.TrimSpace(b.String()), " const")
}

// lambdaVariables maps each lambda class (its DICompositeType's id) to the
// name of the local variable that holds it, found through the variables'
// types (const and reference wrappers stripped).
func (m *module) lambdaVariables() map[string]string {
	vars := map[string]string{}
	for _, n := range m.meta {
		if n.kind != "DILocalVariable" || n.fields["arg"] != "" {
			continue
		}
		t := n.fields["type"]
		for i := 0; i < 8; i++ {
			d, ok := m.meta[t]
			if !ok || d.kind != "DIDerivedType" {
				break
			}
			t = d.fields["baseType"]
		}
		c, ok := m.meta[t]
		if !ok || c.kind != "DICompositeType" || c.fields["name"] != "" {
			continue
		}
		// Map order is random: keep the smallest name when several
		// variables hold the same lambda (copies), so output is stable.
		if old, seen := vars[t]; !seen || n.fields["name"] < old {
			vars[t] = n.fields["name"]
		}
	}
	return vars
}
