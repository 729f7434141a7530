#!/usr/bin/env bash
# Checks the project's shell scripts with shellcheck (warnings and errors; style notes are not
# failures), run by the build (wildfly-config, phase validate). Without shellcheck the check is
# skipped with a warning, so that a machine with only a JDK and Maven still builds, unless
# NAS_SHELLCHECK_REQUIRED=1 (as .ci/run sets it, after installing Debian's shellcheck).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
if ! command -v shellcheck >/dev/null 2>&1; then
  if [[ "${NAS_SHELLCHECK_REQUIRED:-}" == 1 ]]; then
    echo "check-scripts: NAS_SHELLCHECK_REQUIRED=1 but shellcheck is not installed" >&2
    exit 1
  fi
  echo "[WARNING] shellcheck is not installed: the shell scripts are not checked (apt-get install shellcheck)"
  exit 0
fi
cd "$ROOT"
# -x follows what the scripts source (bin/lib/*.sh, bench/lib.sh) and checks it with them.
shellcheck -x -S warning wildfly-config/bin/netarchive .ci/run harvester-agent/src/main/dist/bin/* \
  harvester-agent/src/main/demo/bin/* \
  wildfly-config/src/main/dist/bin/* wildfly-config/src/main/dist/lib/*.sh wildfly-config/src/test/dist/*.sh
shellcheck -x -S warning -P wildfly-config/bench wildfly-config/bench/*.sh
echo "check-scripts: $(shellcheck --version | sed -n 's/^version: //p'), no warnings in the shell scripts"
