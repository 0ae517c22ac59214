#!/bin/sh
# Starts the misbehaving adapter the way many wrapper scripts do: without exec, so this shell stays
# the runner's direct child and the adapter is its grandchild, holding the pipes.
# Usage: PYTHON=/path/to/python sh tests/misbehaving/wrapper.sh MODE
"${PYTHON:-python3}" "$(dirname "$0")/adapter.py" "$@"
status=$?
exit "$status"
