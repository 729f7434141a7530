#!/usr/bin/env bash
# Benchmark: bulk creation of domains and the domain list with many domains.
#
#   wildfly-config/bench/domain-bulk-benchmark.sh [COUNT ...]     (default: 100000 2000000)
#
# Starts the system with a scratch NAS_HOME (H2 by default; set NAS_DB_* for PostgreSQL), uploads
# generated lists of COUNT valid domain names (plus 0.1% invalid lines) through the REST API,
# waits for each create-domains job, and prints the rate. Then times the first and a deep page
# of the domain list and a glob search. Figures go to BENCHMARKS.md by hand, with the machine.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
bench_counts "100000 2000000" "$@"
bench_api_env nas-bench

bench_start

offset=0
for count in "${COUNTS[@]}"; do
  list="$NAS_HOME/domains-$count.txt"
  # bench<offset+i>.dk, .com, .org, .co.uk in turn; every 1000th line invalid
  awk -v n="$count" -v o="$offset" 'BEGIN { split("dk com org co.uk", t, " ");
    for (i = 1; i <= n; i++) { if (i % 1000 == 0) print "not a domain " i; else print "bench" (o + i) "." t[i % 4 + 1] } }' >"$list"
  offset=$((offset + count))
  start=$(date +%s.%N)
  execution=$(curl -sf -u "$AUTH" -H 'Content-Type: text/plain' --data-binary "@$list" \
    "$API/domains/bulk?source=bench-$count.txt" | sed -n 's/.*"executionId":\([0-9]*\).*/\1/p')
  while :; do
    status=$(curl -sf -u "$AUTH" "$API/domains/bulk/$execution")
    case "$status" in *'"status":"COMPLETED"'*|*'"status":"FAILED"'*) break ;; esac
    sleep 1
  done
  end=$(date +%s.%N)
  seconds=$(echo "$end - $start" | bc -l)
  created=$(sed -n 's/.*"created":\([0-9]*\).*/\1/p' <<<"$status")
  invalid=$(sed -n 's/.*"invalid":\([0-9]*\).*/\1/p' <<<"$status")
  printf 'bulk %d lines: %s, created %s, invalid %s, %.1f s, %.0f domains/s, %.1f s per 100,000\n' \
    "$count" "$(sed -n 's/.*"status":"\([A-Z]*\)".*/\1/p' <<<"$status" | tail -n 1)" "$created" "$invalid" \
    "$seconds" "$(echo "$created / $seconds" | bc -l)" "$(echo "$seconds * 100000 / $count" | bc -l)"
done

total=$(curl -sf -u "$AUTH" "$API/domains/statistics" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
echo "domains in the database: $total"
bench_time_get 40 "list, first page (50)" "$API/domains?page=0&size=50"
bench_time_get 40 "list, first page again (warm)" "$API/domains?page=0&size=50"
bench_time_get 40 "list, page 20000 (50)" "$API/domains?page=20000&size=50"
bench_time_get 40 "glob bench1234*" "$API/domains?name=bench1234*&size=50"
bench_time_get 40 "statistics per TLD" "$API/domains/statistics"
bench_time_get 40 "one domain" "$API/domains/bench77.com"
