#!/usr/bin/env bash
# Smoke check of the demo mode: 'netarchive run --demo' on a scratch NAS_HOME, then the demo
# harvest's job must be DONE within DEADLINE seconds (default 180) with the expected stop reasons
# and its files in both replicas with equal checksums; 'stop' must leave no demo site behind, and
# a second 'run --demo' on the same NAS_HOME must start and say the harvest exists.
#
#   wildfly-config/bench/demo-smoke.sh [DEADLINE]
#
# Needs a build (the agent tarball and the provisioned server) and the ports of the run command
# (8080, 9990, 61616, 8088) free. Prints what it checked; exit code 0 when all held.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DEADLINE=${1:-180}
export NAS_HOME=${NAS_HOME:-$(mktemp -d /tmp/nas-demo-smoke.XXXXXX)}
export NAS_SKIP_BUILD=${NAS_SKIP_BUILD:-1}
export NAS_ADMIN_PASSWORD=demo-smoke-Admin-1
AUTH="admin:$NAS_ADMIN_PASSWORD"
API=http://127.0.0.1:8080/api
mkdir -p "$NAS_HOME"
FILEDIR="$NAS_HOME/server/data/bitarchive"

fail() {
  printf 'demo-smoke: FAILED: %s\n' "$*" >&2
  exit 1
}

start() { # $1 = output file
  "$ROOT/wildfly-config/bin/netarchive" run --demo >"$1" 2>&1 &
  RUNNER=$!
  until grep -q "Netarchive EE is running" "$1" 2>/dev/null; do
    kill -0 $RUNNER 2>/dev/null || { cat "$1"; fail "run --demo exited"; }
    sleep 2
  done
}

stop() {
  "$ROOT/wildfly-config/bin/netarchive" stop >/dev/null
  wait $RUNNER 2>/dev/null || true
  if [[ -f "$NAS_HOME/demo/demo-site.pid" ]] && kill -0 "$(cat "$NAS_HOME/demo/demo-site.pid")" 2>/dev/null; then
    fail "the demo site still runs after stop"
  fi
}

trap '"$ROOT/wildfly-config/bin/netarchive" stop >/dev/null 2>&1 || true' EXIT
began=$(date +%s)
start "$NAS_HOME/run1.out"
grep -q "Created the selective harvest 'Demo harvest'" "$NAS_HOME/run1.out" || { cat "$NAS_HOME/run1.out"; fail "no demo harvest was created"; }
echo "demo-smoke: system up after $(($(date +%s) - began)) s; demo harvest created"

status=""
jobs=""
while [[ $(($(date +%s) - began)) -lt $DEADLINE ]]; do
  jobs=$(curl -sS -u "$AUTH" "$API/jobs?harvest=Demo%20harvest")
  status=$(sed -n 's/.*"status":"\([A-Z_]*\)".*/\1/p' <<<"$jobs")
  [[ "$status" == DONE || "$status" == FAILED ]] && break
  sleep 5
done
job=$(grep -o '"id":[0-9]*' <<<"$jobs" | head -n 1 | cut -d: -f2)
[[ "$status" == DONE ]] || fail "the demo job is '${status:-not made}' after $DEADLINE s"
echo "demo-smoke: job DONE $(($(date +%s) - began)) s after the start"

details=$(curl -sS -u "$AUTH" "$API/jobs/$job")
for expected in '"domain":"netarchive-demo-news.dk"[^}]*"stopReason":"DOWNLOAD_COMPLETE"' \
  '"domain":"netarchive-demo-library.dk"[^}]*"stopReason":"DOWNLOAD_COMPLETE"' \
  '"domain":"netarchive-demo-shop.dk"[^}]*"stopReason":"CONFIG_OBJECT_LIMIT"'; do
  grep -Eq "$expected" <<<"$details" || fail "job $job details lack $expected: $details"
done
echo "demo-smoke: stop reasons as expected (two hosts complete, the shop at its object limit)"

one=$(cd "$FILEDIR/ONE/filedir" && sha512sum "$job"-* | sort)
two=$(cd "$FILEDIR/TWO/filedir" && sha512sum "$job"-* | sort)
[[ -n "$one" && "$one" == "$two" ]] || fail "replicas differ or are empty: ONE [$one] TWO [$two]"
grep -q 'metadata-1.warc' <<<"$one" || fail "no metadata WARC: $one"
grep -q '\.warc\.gz' <<<"$one" || fail "no crawled WARC: $one"
echo "demo-smoke: both replicas hold the same $(wc -l <<<"$one") files:"
sed 's/^[0-9a-f]*  /  /' <<<"$one"

for name in $(sed 's/^[0-9a-f]*  //' <<<"$one"); do
  state=$(curl -sS -u "$AUTH" "$API/archive/files/$name")
  [[ $(grep -o '"UPLOAD_COMPLETED"' <<<"$state" | wc -l) -eq 2 ]] || fail "the archive's admin data of $name: $state"
done
echo "demo-smoke: GET /api/archive/files/NAME: each UPLOAD_COMPLETED in both replicas"

stop
start "$NAS_HOME/run2.out"
grep -q "The harvest 'Demo harvest' exists already" "$NAS_HOME/run2.out" || { cat "$NAS_HOME/run2.out"; fail "the second start did not find the harvest"; }
stop
trap - EXIT
echo "demo-smoke: second run --demo found the harvest; stopped cleanly. PASSED (data: $NAS_HOME)"
