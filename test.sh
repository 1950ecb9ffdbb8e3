#!/usr/bin/env bash
# test.sh: set up a fresh machine of this kind and run every test of sonde.
# Installs the system packages the tests use as compilers and oracles when
# they are missing, then runs gofmt, go vet and go test ./... . Under CI=true
# the tests treat a missing tool as a failure, never a skip.
set -euo pipefail
cd "$(dirname "$0")"

# go lives in /usr/local/go on this kind of machine; rustc comes from rustup
# there; prefer both to Debian's.
[ -x /usr/local/go/bin/go ] && export PATH="/usr/local/go/bin:$PATH"
[ -d "$HOME/.cargo/bin" ] && export PATH="$HOME/.cargo/bin:$PATH"

need=()
have() { command -v "$1" >/dev/null 2>&1; }
want() { have "$1" || need+=("$2"); }
want gcc gcc
want g++ g++
want make make
want clang clang
want clang++ clang
want ld.lld lld
want llvm-symbolizer llvm
want llvm-cxxfilt llvm
for t in addr2line objcopy objdump readelf strip nm c++filt gprof; do want "$t" binutils; done
want valgrind valgrind
want perf linux-perf
want gdb gdb
want rustc rustc
want ps procps
want sysctl procps
want git git
want genhtml lcov
want chromium chromium
want debuginfod debuginfod
want gcovr gcovr
want xmllint libxml2-utils
want node nodejs
want javac default-jdk-headless
dpkg -s libc6-dbg >/dev/null 2>&1 || need+=(libc6-dbg) # TestLibcMatchesLLVM: libc's compressed DWARF
if [ ${#need[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
	mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
	echo "test.sh: installing ${need[*]}"
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get install -y --no-install-recommends "${need[@]}" >/dev/null ||
		{ $SUDO apt-get update >/dev/null && $SUDO apt-get install -y --no-install-recommends "${need[@]}" >/dev/null; }
fi
# TestReportBranchesLua builds Lua 5.4 from Debian's source package, fetched
# once into a cache with a private apt lists dir (the system's lists stay).
lua_src="${SONDE_LUA_SRC:-$HOME/.cache/sonde/lua5.4}"
if ! ls "$lua_src"/lua5.4_*.orig.tar.gz >/dev/null 2>&1; then
	mkdir -p "$lua_src/lists/partial"
	printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
		'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >"$lua_src/deb-src.sources"
	apt_src=(-o "Dir::Etc::sourcelist=$lua_src/deb-src.sources" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$lua_src/lists")
	{ apt-get "${apt_src[@]}" update >/dev/null &&
		(cd "$lua_src" && apt-get "${apt_src[@]}" source --download-only lua5.4 >/dev/null); } ||
		echo "test.sh: could not fetch Lua 5.4's source into $lua_src"
fi
# sonde count's uprobe engine defines probes through tracefs (so that they
# follow forks and threads); mount it where the kernel has it but nobody did.
if [ "$(id -u)" = 0 ] && [ -d /sys/kernel/tracing ] && ! [ -e /sys/kernel/tracing/uprobe_events ]; then
	mount -t tracefs nodev /sys/kernel/tracing || echo "test.sh: could not mount tracefs"
fi
have go || { echo "test.sh: go is not installed (expected at /usr/local/go)"; exit 1; }

unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "test.sh: gofmt would change:"; echo "$unformatted"; exit 1
fi
go vet ./...
go build -o /dev/null ./cmd/sonde
go test -count=1 -timeout 40m "$@" ./...
