#!/usr/bin/env bash
# test.sh: set up a fresh machine of this kind and run every test of sonde.
# Installs the system packages the tests use as compilers and oracles when
# they are missing, then runs gofmt, go vet and go test ./... . Under CI=true
# the tests treat a missing tool as a failure, never a skip.
set -euo pipefail
cd "$(dirname "$0")"

need=()
have() { command -v "$1" >/dev/null 2>&1; }
have gcc || need+=(gcc)
have g++ || need+=(g++)
have clang || need+=(clang)
have clang++ || need+=(clang)
have llvm-symbolizer || need+=(llvm)
have addr2line || need+=(binutils)
have objcopy || need+=(binutils)
have valgrind || need+=(valgrind)
if [ ${#need[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
	echo "test.sh: installing ${need[*]}"
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get install -y --no-install-recommends "${need[@]}" >/dev/null ||
		{ $SUDO apt-get update >/dev/null && $SUDO apt-get install -y --no-install-recommends "${need[@]}" >/dev/null; }
fi
have go || { echo "test.sh: go is not installed (expected at /usr/local/go)"; exit 1; }

unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "test.sh: gofmt would change:"; echo "$unformatted"; exit 1
fi
go vet ./...
go build -o /dev/null ./cmd/sonde
go test -count=1 -timeout 40m "$@" ./...
