#!/usr/bin/env bash
# demo.sh: the first command on a fresh machine of this kind. As root, it
# sets the machine up for every technique with its best mechanism (sonde
# doctor --fix: installs gcc and clang through apt-get when they are
# missing, mounts tracefs, lowers the sysctls that keep perf events and
# ptrace from users), then runs sonde demo. Not as root, it changes
# nothing and runs the demo, which prints one line with the remedy for
# each step it skips. Arguments go to sonde demo (--dir DIR, --cc CC).
set -euo pipefail
cd "$(dirname "$0")"

# go lives in /usr/local/go on this kind of machine.
[ -x /usr/local/go/bin/go ] && export PATH="/usr/local/go/bin:$PATH"
command -v go >/dev/null 2>&1 || { echo "demo.sh: go is not installed (expected at /usr/local/go/bin)" >&2; exit 1; }

if [ "$(id -u)" = 0 ]; then
	echo "demo.sh: sonde doctor --fix"
	# The doctor's report goes to a file: the changes it made (and any
	# failure) are what matter here.
	report=$(mktemp)
	if go run ./cmd/sonde doctor --fix >"$report" 2>&1; then
		grep -E '^(changed|FAILED|nothing to change)' "$report" || true
	else
		cat "$report"
		echo "demo.sh: not everything could be set up; the demo says what it skips"
	fi
	rm -f "$report"
else
	echo "demo.sh: not root: nothing set up (sudo ./demo.sh sets up the machine)"
fi
exec go run ./cmd/sonde demo "$@"
