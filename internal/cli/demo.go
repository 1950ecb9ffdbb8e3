package cli

func demoVerb() *verb {
	return &verb{name: "demo", summary: "build the bundled example programs and profile them", pending: "being built"}
}
