package cli

func reportVerb() *verb {
	return &verb{name: "report", summary: "read data files and print views or exports", pending: "being built"}
}
