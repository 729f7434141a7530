#!/usr/bin/env bash
# Benchmark: splitting a snapshot harvest of many domains into jobs (the split-harvest batch job).
#
#   wildfly-config/bench/split-benchmark.sh [COUNT ...]     (default: 1000000 2000000)
#
# Starts the system with a scratch NAS_HOME (H2 by default; NAS_DB_* for PostgreSQL) and the
# server's default heap (-Xmx512m). For each COUNT it tops the domains up to COUNT (bulk creation),
# gives every domain one harvest history record and every second domain a second one (imported
# through the REST API), then creates and activates a snapshot harvest and waits until its run is
# split. Prints the split time as the server recorded it (claimed -> finished), the jobs made, the
# configurations placed, and the peak heap use of the server during the split (jstat samples every
# 0.5 s). Figures go to BENCHMARKS.md by hand, with the machine.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
bench_counts "1000000 2000000" "$@"
bench_api_env nas-split-bench
JDK=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}

bench_start
SERVER_PID=$(pgrep -f 'jboss-modules.*-Djboss.home.dir' | head -n 1)

have=0
for count in "${COUNTS[@]}"; do
  if ((count > have)); then
    list="$NAS_HOME/domains-$count.txt"
    awk -v from="$((have + 1))" -v to="$count" 'BEGIN { for (i = from; i <= to; i++) print "split" i ".dk" }' >"$list"
    start=$(date +%s)
    execution=$(curl -sf -u "$AUTH" -H 'Content-Type: text/plain' --data-binary "@$list" \
      "$API/domains/bulk?source=split-$count.txt" | sed -n 's/.*"executionId":\([0-9]*\).*/\1/p')
    until curl -sf -u "$AUTH" "$API/domains/bulk/$execution" | grep -q '"status":"COMPLETED"'; do sleep 2; done
    echo "created domains $((have + 1))..$count in $(($(date +%s) - start)) s"
    start=$(date +%s)
    chunk=100000
    for ((first = have + 1; first <= count; first += chunk)); do
      last=$((first + chunk - 1 < count ? first + chunk - 1 : count))
      awk -v from="$first" -v to="$last" 'BEGIN {
        print "domain,configuration,harvest,job,started,objects,bytes,stop_reason";
        split("DOWNLOAD_COMPLETE SIZE_LIMIT OBJECT_LIMIT DOWNLOAD_UNFINISHED", r, " ");
        for (i = from; i <= to; i++) {
          o = (i * 7919) % 20000 + 1; b = o * ((i % 5 + 1) * 15000);
          print "split" i ".dk,defaultconfig,Earlier snapshot," int(i / 5000) + 1 ",2025-06-01T00:00:00Z," o "," b "," r[i % 4 + 1];
          if (i % 2 == 0) print "split" i ".dk,defaultconfig,Older snapshot," int(i / 5000) + 1 ",2024-06-01T00:00:00Z," int(o / 2) "," int(b / 2) ",DOWNLOAD_COMPLETE"
        } }' >"$NAS_HOME/history.csv"
      curl -sf -u "$AUTH" -H 'Content-Type: text/csv' --data-binary "@$NAS_HOME/history.csv" \
        "$API/history" >/dev/null
    done
    echo "imported history for domains $((have + 1))..$count in $(($(date +%s) - start)) s"
    have=$count
  fi

  # the admin UI's domain list (JSF, lazy table) with this many domains, logged in by form
  jar="$NAS_HOME/cookies.txt"
  rm -f "$jar"
  curl -sf -c "$jar" -b "$jar" -o /dev/null http://127.0.0.1:8080/definitions/domains.xhtml
  curl -sf -c "$jar" -b "$jar" -o /dev/null -d "j_username=admin&j_password=$NAS_ADMIN_PASSWORD" \
    http://127.0.0.1:8080/j_security_check
  for label in "first view" "second view (warm)"; do
    t=$(curl -sf -c "$jar" -b "$jar" -o "$NAS_HOME/domains-page.html" -w '%{time_total}' \
      http://127.0.0.1:8080/definitions/domains.xhtml)
    grep -q "split1.dk\|split10.dk\|bench" "$NAS_HOME/domains-page.html" || echo "(the page shows no domain?)"
    printf 'JSF domain list page with %d domains, %s: %.0f ms\n' "$count" "$label" "$(echo "$t * 1000" | bc -l)"
  done

  name="Split benchmark $count $(date +%s)"
  curl -sf -u "$AUTH" -H 'Content-Type: application/json' \
    -d "{\"name\": \"$name\", \"maxObjectsPerDomain\": -1, \"maxBytesPerDomain\": 100000000}" \
    "$API/harvests/snapshot" >/dev/null
  encoded=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$name")
  peak=0
  curl -sf -u "$AUTH" -X POST "$API/harvests/$encoded/activate" >/dev/null
  while :; do
    used=$("$JDK/bin/jstat" -gc "$SERVER_PID" | awk 'NR == 2 { print int(($3 + $4 + $6 + $8) / 1024) }')
    ((used > peak)) && peak=$used
    runs=$(curl -sf -u "$AUTH" "$API/jobs/runs?harvest=$encoded")
    case "$runs" in *'"status":"DONE"'*|*'"status":"FAILED"'*) break ;; esac
    sleep 0.5
  done
  python3 - "$runs" "$count" "$peak" <<'PY'
import json, sys
from datetime import datetime
run = json.loads(sys.argv[1])[0]
t = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
seconds = (t(run["finishedAt"]) - t(run["claimedAt"])).total_seconds()
print(f"split of {int(sys.argv[2]):,} domains: {run['status']} in {seconds:.1f} s, "
      f"{run['jobsMade']} jobs, {run['placed']:,} configurations placed "
      f"({run['estimated']:,} estimated), peak heap used {sys.argv[3]} MB"
      + (f", failure: {run['failure']}" if run.get('failure') else ""))
PY
done

# Optional: a list of about a million jobs (JOBS_LIST=1): the last snapshot again, split into
# jobs of JOB_SIZE (default 2) configurations each, then the job list timed.
if [[ "${JOBS_LIST:-}" == 1 ]]; then
  curl -sf -u "$AUTH" -X PUT -H 'Content-Type: application/json' \
    -d "{\"split.configChunkSize\": \"${JOB_SIZE:-2}\"}" "$API/settings/scheduling" >/dev/null
  name="Jobs list benchmark $(date +%s)"
  curl -sf -u "$AUTH" -H 'Content-Type: application/json' -d "{\"name\": \"$name\"}" \
    "$API/harvests/snapshot" >/dev/null
  encoded=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$name")
  curl -sf -u "$AUTH" -X POST "$API/harvests/$encoded/activate" >/dev/null
  until curl -sf -u "$AUTH" "$API/jobs/runs?harvest=$encoded" | grep -q '"status":"DONE"\|"status":"FAILED"'; do sleep 5; done
  curl -sf -u "$AUTH" "$API/jobs/runs?harvest=$encoded"; echo
  curl -sf -u "$AUTH" -X PUT -H 'Content-Type: application/json' \
    -d '{"split.configChunkSize": "10000"}' "$API/settings/scheduling" >/dev/null
  bench_time_get 48 "jobs overview (counts per status)" "$API/jobs/overview"
  bench_time_get 48 "jobs, first page (50)" "$API/jobs?size=50"
  bench_time_get 48 "jobs, first page again (warm)" "$API/jobs?size=50"
  bench_time_get 48 "jobs, page 10000 (50)" "$API/jobs?size=50&page=10000"
  bench_time_get 48 "jobs with status NEW, first page" "$API/jobs?status=NEW&size=50"
  bench_time_get 48 "jobs of the harvest, first page" "$API/jobs?harvest=$encoded&size=50"
  for label in "JSF job list page, first view" "JSF job list page, second view (warm)"; do
    t=$(curl -sf -c "$jar" -b "$jar" -o "$NAS_HOME/jobs-page.html" -w '%{time_total}' \
      http://127.0.0.1:8080/status/jobs.xhtml)
    grep -q "SUBMITTED\|NEW" "$NAS_HOME/jobs-page.html" || echo "(the job page shows no job?)"
    printf '%-48s %6.0f ms\n' "$label" "$(echo "$t * 1000" | bc -l)"
  done
  bench_time_get 48 "one job's details" "$API/jobs/$(curl -sf -u "$AUTH" "$API/jobs?size=1" | sed -n 's/.*"id":\([0-9]*\).*/\1/p' | head -n 1)"
fi
