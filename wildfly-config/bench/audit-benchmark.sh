#!/usr/bin/env bash
# Benchmark: a checksum audit of a replica against sha512sum over the same files, in one run.
#
#   wildfly-config/bench/audit-benchmark.sh [FILES] [SIZE_MB]      (default: 100 files of 20 MB)
#
# Starts the system with a scratch NAS_HOME under wildfly-config/target (not /tmp: the files are
# large), with replica ONE's bitarchive in NAS_HOME/ba-one, into whose filedir/ it writes FILES
# files of SIZE_MB random megabytes (unknown to the archive: the audit reads and hashes them all
# the same). The page cache is warmed by one read of every file, then `sha512sum` of all files is
# timed, then a checksum audit of ONE (POST /api/preservation/audits, no rate limit), polled to
# COMPLETED; its rate is bytesChecked / (finishedAt - startedAt), so it includes the listing, the
# staging and the application of the results. Needs a build (NAS_SKIP_BUILD=1 by default).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
FILES=${1:-100}
SIZE_MB=${2:-20}
export NAS_HOME=${NAS_HOME:-$ROOT/wildfly-config/target/audit-bench}
export NAS_SKIP_BUILD=${NAS_SKIP_BUILD:-1}
export NAS_ADMIN_PASSWORD=bench-admin-password
export NAS_AGENT_PASSWORD=bench-agent-password
export NAS_BITARCHIVE_ONE_DIRS="$NAS_HOME/ba-one"
AUTH="admin:$NAS_ADMIN_PASSWORD"
API=http://127.0.0.1:8080/api
files="$NAS_BITARCHIVE_ONE_DIRS/filedir"
mkdir -p "$files"
for i in $(seq -w 1 "$FILES"); do
  head -c "$((SIZE_MB * 1024 * 1024))" /dev/urandom >"$files/1-1-bench-$i.warc.gz"
done
sync

"$ROOT/wildfly-config/bin/netarchive" run >"$NAS_HOME/run.out" 2>&1 &
RUNNER=$!
cleanup() {
  "$ROOT/wildfly-config/bin/netarchive" stop >/dev/null
  wait $RUNNER 2>/dev/null || true
  chmod -R u+w "$NAS_HOME" 2>/dev/null || true
  rm -rf "$NAS_HOME"
}
trap cleanup EXIT
until grep -q "Netarchive EE is running" "$NAS_HOME/run.out" 2>/dev/null; do
  kill -0 $RUNNER 2>/dev/null || { cat "$NAS_HOME/run.out"; exit 1; }
  sleep 2
done

cat "$files"/* >/dev/null # the page cache, warm for both
bytes=$(du -cb "$files"/* | tail -n 1 | cut -f1)
start=$(date +%s.%N)
sha512sum "$files"/* >/dev/null
end=$(date +%s.%N)
sha_s=$(echo "$end - $start" | bc -l)

run=$(curl -sf -u "$AUTH" -H 'Content-Type: application/json' \
  -d '{"replica": "ONE", "kind": "checksum"}' "$API/preservation/audits")
id=$(echo "$run" | sed -E 's/.*"id":([0-9]+).*/\1/')
while :; do
  run=$(curl -sf -u "$AUTH" "$API/preservation/audits/$id")
  status=$(echo "$run" | sed -E 's/.*"status":"([A-Z]+)".*/\1/')
  [[ "$status" == "RUNNING" ]] || break
  sleep 1
done
[[ "$status" == "COMPLETED" ]] || { echo "audit $id ended $status: $run" >&2; exit 1; }
audit_s=$(python3 -c "
import json, sys
from datetime import datetime
r = json.loads(sys.argv[1])
p = lambda t: datetime.fromisoformat(t.replace('Z', '+00:00'))
print((p(r['finishedAt']) - p(r['startedAt'])).total_seconds())" "$run")
checked=$(echo "$run" | sed -E 's/.*"bytesChecked":([0-9]+).*/\1/')
python3 - "$bytes" "$sha_s" "$checked" "$audit_s" "$FILES" <<'PY'
import sys
b, s, c, a, n = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
print(f"{n} files, {b/1e6:,.0f} MB")
print(f"sha512sum:      {s:6.2f} s  {b/1e6/s:7.1f} MB/s")
print(f"checksum audit: {a:6.2f} s  {c/1e6/a:7.1f} MB/s  ({c/1e6/a/(b/1e6/s)*100:.0f} % of sha512sum)")
PY
