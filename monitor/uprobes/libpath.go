package uprobes

import (
	"bufio"
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"sonde/monitor/counting"
	"sonde/monitor/units"
	"sonde/proc"
)

// Libraries a program loads later with dlopen are not mapped when the
// uprobe engine plants its probes. A uprobe is defined on a file, not on
// a process, so probes planted on such a library's file count in any
// followed process that maps it later, from its first call: all sonde
// needs is the file. findUnmapped finds it for each obj: spec that no
// mapped object matches, the way the dynamic loader would (ld.so(8)).

// findUnmapped returns the paths of the objects named by obj: specs in
// names that none of the objects mapped in pid matches, resolved as:
// the name itself when it is a path; a path on the command line
// (dlopen(argv[1])); the directories of LD_LIBRARY_PATH in pid's
// environment, of the executable's DT_RPATH and DT_RUNPATH ($ORIGIN
// expanded), of the objects mapped already, of /etc/ld.so.conf, and the
// default ones. A name found nowhere is left out (missing says which).
func findUnmapped(pid int, names []string, mapped []counting.Placed) (paths, missing []string) {
	want := unmappedNames(names, mapped)
	if len(want) == 0 {
		return nil, nil
	}
	root := proc.FileRoot(pid)
	dirs, nfirst := searchDirs(pid, root)
	cache, _ := readLdCache(filepath.Join(root, "/etc/ld.so.cache"))
	args := cmdlinePaths(pid)
	seen := map[string]bool{}
	for _, n := range want {
		p := findObject(root, n, args, dirs[:nfirst], cache, dirs[nfirst:])
		if p == "" {
			missing = append(missing, n)
			continue
		}
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	return paths, missing
}

// unmappedNames returns the names of names that none of the objects of
// mapped matches.
func unmappedNames(names []string, mapped []counting.Placed) []string {
	var want []string
	for _, n := range names {
		found := false
		for _, p := range mapped {
			if units.ObjectMatches(n, p.Obj.Path) {
				found = true
				break
			}
		}
		if !found {
			want = append(want, n)
		}
	}
	return want
}

// A command that is a script (a pyenv shim: "#!/usr/bin/env bash" that
// execs ~/.pyenv/versions/3.11.7/bin/python3.11, whose RUNPATH loads its
// own libpython) runs its interpreter first: the objects the program it
// finally execs will map cannot be found from the interpreter's process,
// whose library path leads to other copies (/usr/lib/.../libpython3.11.so).
// Probing those would count nothing, silently. The ptrace engine follows
// the execs and plans each program where it has mapped its libraries
// (auto uses it for every command sonde starts), since a script may also
// run the program as a child rather than exec it; --engine uprobe follows
// the script's execs to the program's start point first (FollowScript).

// findObject returns the path (as seen in the process, whose root
// directory is root) of the ELF object that obj:name names: a path among
// args, else in the directories first (the loader's own search path), the
// loader's cache, the directories rest.
func findObject(root, name string, args, first []string, cache []ldCacheEntry, rest []string) string {
	if strings.Contains(name, "/") {
		if filepath.IsAbs(name) && isELF(filepath.Join(root, name)) {
			return realPath(root, name)
		}
		return ""
	}
	for _, a := range args {
		if units.ObjectMatches(name, a) && isELF(filepath.Join(root, a)) {
			return realPath(root, a)
		}
	}
	if p := findInDirs(root, name, first); p != "" {
		return p
	}
	for _, exact := range []bool{true, false} {
		for _, e := range cache {
			if (e.name == name || !exact && units.ObjectMatches(name, e.name)) && isELF(filepath.Join(root, e.path)) {
				return realPath(root, e.path)
			}
		}
	}
	return findInDirs(root, name, rest)
}

// findInDirs returns the path of the ELF object that obj:name names in
// the first of dirs that holds one ("" for none).
func findInDirs(root, name string, dirs []string) string {
	for _, d := range dirs {
		ents, err := os.ReadDir(filepath.Join(root, d))
		if err != nil {
			continue
		}
		var hits []string
		for _, e := range ents {
			p := filepath.Join(d, e.Name())
			if units.ObjectMatches(name, p) && isELF(filepath.Join(root, p)) {
				if e.Name() == name {
					return realPath(root, p)
				}
				hits = append(hits, p)
			}
		}
		if len(hits) > 0 {
			sort.Strings(hits)
			return realPath(root, hits[0])
		}
	}
	return ""
}

// realPath resolves the symbolic links of p: /proc/PID/maps names a
// mapped file by its real path. Inside another root, p is kept.
func realPath(root, p string) string {
	if root != "/" {
		return p
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// isELF reports whether path is a regular file starting with the ELF
// magic.
func isELF(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return false
	}
	var magic [4]byte
	_, err = f.ReadAt(magic[:], 0)
	return err == nil && string(magic[:]) == elf.ELFMAG
}

// cmdlinePaths returns the arguments of pid that look like paths.
func cmdlinePaths(pid int) []string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return nil
	}
	var out []string
	cwd, _ := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid))
	for _, a := range bytes.Split(data, []byte{0}) {
		s := string(a)
		if !strings.Contains(s, "/") {
			continue
		}
		if !filepath.IsAbs(s) {
			if cwd == "" {
				continue
			}
			s = filepath.Join(cwd, s)
		}
		out = append(out, filepath.Clean(s))
	}
	return out
}

// searchDirs returns the directories the dynamic loader searches for
// pid, in its order (ld.so(8)): the executable's DT_RPATH when it has no
// DT_RUNPATH, LD_LIBRARY_PATH, its DT_RUNPATH (the first nfirst of dirs;
// the loader's cache comes next), then the directories of the objects
// mapped already and those of /etc/ld.so.conf, for names the cache does
// not hold, then the defaults.
func searchDirs(pid int, root string) (dirs []string, nfirst int) {
	seen := map[string]bool{}
	add := func(ds ...string) {
		for _, d := range ds {
			if d != "" && filepath.IsAbs(d) && !seen[filepath.Clean(d)] {
				seen[filepath.Clean(d)] = true
				dirs = append(dirs, filepath.Clean(d))
			}
		}
	}
	var rp []string
	rpath := false
	if exe := proc.Exe(pid); exe != "" {
		rp, rpath = runpath(filepath.Join(root, exe), filepath.Dir(exe))
	}
	if rpath {
		add(rp...) // DT_RPATH comes before LD_LIBRARY_PATH
	}
	if env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid)); err == nil {
		for _, kv := range bytes.Split(env, []byte{0}) {
			if v, ok := strings.CutPrefix(string(kv), "LD_LIBRARY_PATH="); ok {
				add(strings.Split(v, ":")...)
			}
		}
	}
	add(rp...)
	nfirst = len(dirs)
	if maps, err := proc.Maps(pid); err == nil {
		for _, m := range maps {
			if strings.HasPrefix(m.Path, "/") {
				add(filepath.Dir(m.Path))
			}
		}
	}
	add(ldSoConf(root, "/etc/ld.so.conf", 0)...)
	add("/lib64", "/usr/lib64", "/lib", "/usr/lib")
	return dirs, nfirst
}

// runpath returns the DT_RUNPATH directories of the ELF file at path, or
// its DT_RPATH ones when it has no DT_RUNPATH (then rpath is true), with
// $ORIGIN replaced by origin.
func runpath(path, origin string) (dirs []string, rpath bool) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	rp, err := f.DynString(elf.DT_RUNPATH)
	if err != nil || len(rp) == 0 {
		rp, _ = f.DynString(elf.DT_RPATH)
		rpath = len(rp) > 0
	}
	for _, s := range rp {
		for _, d := range strings.Split(s, ":") {
			d = strings.ReplaceAll(strings.ReplaceAll(d, "${ORIGIN}", origin), "$ORIGIN", origin)
			dirs = append(dirs, d)
		}
	}
	return dirs, rpath
}

// ldSoConf returns the directories listed in the ld.so.conf file at name
// (inside root), following its include lines.
func ldSoConf(root, name string, depth int) []string {
	f, err := os.Open(filepath.Join(root, name))
	if err != nil || depth > 8 {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if pat, ok := strings.CutPrefix(line, "include "); ok {
			pat = strings.TrimSpace(pat)
			if !filepath.IsAbs(pat) {
				pat = filepath.Join(filepath.Dir(name), pat)
			}
			matches, _ := filepath.Glob(filepath.Join(root, pat))
			sort.Strings(matches)
			for _, m := range matches {
				rel, _ := filepath.Rel(root, m)
				out = append(out, ldSoConf(root, "/"+rel, depth+1)...)
			}
			continue
		}
		if filepath.IsAbs(line) {
			out = append(out, line)
		}
	}
	return out
}
