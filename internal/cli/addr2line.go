package cli

func addr2lineVerb() *verb {
	return &verb{name: "addr2line", summary: "binutils-compatible symbolizer (a co-process for other tools)", pending: "being built"}
}
