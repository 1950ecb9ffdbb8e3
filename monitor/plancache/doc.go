// Package plancache holds an object's plan for sonde count (Object: its
// units and sites, its trampoline plan and its prepared trampolines) and
// keeps it between runs in a directory of entries (Dir): planning
// libpython costs about a second, reading its entry back a few
// milliseconds. Load plans an object or reads its entry; Save writes the
// entry when the run added to it (plancache.go describes the key and the
// entry's checks).
package plancache
