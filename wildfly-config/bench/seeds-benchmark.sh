#!/usr/bin/env bash
# Benchmark: seeds of many new domains added to a selective harvest through the REST API.
#
#   wildfly-config/bench/seeds-benchmark.sh [COUNT ...]     (default: 10000 100000)
#
# Starts the system with a scratch NAS_HOME (H2 by default; set NAS_DB_* for PostgreSQL). For each
# COUNT it posts a list of COUNT seeds of new domains (plus 0.1 % lines that are no seed) to
# POST /api/harvests/{name}/seeds of a new selective harvest and follows the add-seeds job to its
# end; while the job runs, it asks GET /api/system/status every 0.5 s and reports how many of those
# were answered and the slowest. As the baseline, measured in the same run, it then creates COUNT
# other domains through POST /api/domains/bulk (the bulk creation, which makes domains without
# seeds or harvest configurations). Figures go to BENCHMARKS.md by hand, with the machine.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
bench_counts "10000 100000" "$@"
bench_api_env nas-bench

bench_start

field() { # name json -> the number or word of "name"
  sed -n "s/.*\"$1\":\"\{0,1\}\([A-Za-z0-9]*\).*/\1/p" <<<"$2" | head -n 1
}

# Follows a job's status URL to its end, asking the system status meanwhile; prints
# "seconds answered slowest_ms last_status_json".
follow() { # status_url start_time
  local status answered=0 slowest=0 t
  while :; do
    status=$(curl -sf -u "$AUTH" "$1")
    case "$status" in *'"status":"COMPLETED"'* | *'"status":"FAILED"'* | *'"status":"STOPPED"'*) break ;; esac
    t=$(curl -sf -o /dev/null -w '%{time_total}' -u "$AUTH" "$API/system/status")
    answered=$((answered + 1))
    slowest=$(echo "if ($t * 1000 > $slowest) $t * 1000 else $slowest" | bc -l)
    sleep 0.5
  done
  printf '%s %d %.0f %s\n' "$(echo "$(date +%s.%N) - $2" | bc -l)" "$answered" "$slowest" "$status"
}

for count in "${COUNTS[@]}"; do
  harvest="Seeds bench $count $RANDOM"
  path="$API/harvests/$(sed 's/ /%20/g' <<<"$harvest")"
  curl -sf -u "$AUTH" -H 'Content-Type: application/json' -d "{\"name\":\"$harvest\"}" \
    "$API/harvests/selective" >/dev/null
  list="$NAS_HOME/seeds-$count.txt"
  awk -v n="$count" -v p="s$count" 'BEGIN { for (i = 1; i <= n; i++) {
    if (i % 1000 == 0) print "htp://not-a-seed-" i ".dk/"; else print "http://www.seedbench-" p "-" i ".dk/" } }' >"$list"
  start=$(date +%s.%N)
  answer=$(curl -sf -u "$AUTH" -H 'Content-Type: text/plain' --data-binary "@$list" "$path/seeds")
  read -r seconds answered slowest status < <(follow "$path/seeds/$(field executionId "$answer")" "$start")
  printf 'seeds %d lines: %s, %s domains created, %s configurations added, %s refused, %.1f s; status answered %d times meanwhile, slowest %d ms\n' \
    "$count" "$(field status "$status")" "$(field domainsCreated "$status")" \
    "$(field configurationsAdded "$status")" "$(field seedsRefused "$status")" "$seconds" "$answered" "$slowest"

  list="$NAS_HOME/domains-$count.txt"
  awk -v n="$count" -v p="d$count" 'BEGIN { for (i = 1; i <= n; i++) {
    if (i % 1000 == 0) print "not a domain " i; else print "bulkbench-" p "-" i ".dk" } }' >"$list"
  start=$(date +%s.%N)
  answer=$(curl -sf -u "$AUTH" -H 'Content-Type: text/plain' --data-binary "@$list" "$API/domains/bulk?source=bench")
  read -r seconds answered slowest status < <(follow "$API/domains/bulk/$(field executionId "$answer")" "$start")
  printf 'baseline: bulk creation of %d lines: %s, %s domains created, %.1f s\n' \
    "$count" "$(field status "$status")" "$(field created "$status")" "$seconds"
done
