#!/usr/bin/env bash
# Benchmark: import of a NetarchiveSuite harvest database of COUNT domains (issue 17).
#
#   flock /tmp/nas-maven.lock wildfly-config/bench/nas-import-benchmark.sh [COUNT]   (default 1000000)
#
# Run as root beside the local PostgreSQL 15 (127.0.0.1:5432; its databases are made through
# `su postgres -c psql`), under the build lock so that no build runs beside it. It
#   1. drops and makes the role nas_hbench and its two databases: nas_hbench_src, filled by
#      nas-harvestdb-generate.sh with COUNT domains in NetarchiveSuite's schema (each with one or
#      two configurations, a seed list and two historyinfo rows), and nas_hbench, the system's
#      own database (empty; the server's Flyway migrations make its schema);
#   2. starts the system on PostgreSQL with a scratch NAS_HOME, and puts its default template
#      into the source as the template the configurations use (ordertemplates id 1);
#   3. starts the import through POST /api/imports/netarchivesuite, follows
#      GET /api/imports/netarchivesuite/{id} every second to its end, and prints the time, the
#      time of each phase, rows per second and the report's counts;
#   4. checks the rows in the system's database against the source;
#   5. baseline, in the same run: the same rows moved by PostgreSQL's own tools alone, COPY of
#      the source rows (in our tables' shape) out of nas_hbench_src and COPY into scratch tables
#      of the same shape as ours (columns, constraints, indexes, foreign keys) in nas_hbench,
#      which are dropped afterwards; the ratio is the import's cost over the bare move.
# NAS_BENCH_JFR=1 records a Java Flight Recording of the server during the import
# ($NAS_HOME/import.jfr, with a summary of the hottest methods). The databases are left for a
# look afterwards; NAS_BENCH_DROP=1 drops them at the end. Figures go to BENCHMARKS.md by hand.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
COUNT=${1:-1000000}
[[ "$COUNT" =~ ^[1-9][0-9]*$ ]] || { echo "nas-import-benchmark: COUNT must be a positive number, not '$COUNT'" >&2; exit 2; }
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
bench_api_env nas-import-bench
ROLE=nas_hbench
TARGET=nas_hbench
SOURCE=nas_hbench_src
PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')

# psql as the server's superuser, on its maintenance database, whatever PG* variables say
as_postgres() {
  env -u PGHOST -u PGPORT -u PGUSER -u PGPASSWORD -u PGDATABASE -u PGOPTIONS \
    su postgres -c "psql -X -q -v ON_ERROR_STOP=1 -d postgres $*"
}

bench_header "$COUNT"
echo "$(as_postgres -A -t -c "'SELECT version()'" | cut -d, -f1); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# --- 1. the databases
as_postgres <<SQL
SET client_min_messages = warning;
DROP DATABASE IF EXISTS $TARGET;
DROP DATABASE IF EXISTS $SOURCE;
DROP ROLE IF EXISTS $ROLE;
CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
CREATE DATABASE $TARGET OWNER $ROLE;
CREATE DATABASE $SOURCE OWNER $ROLE;
SQL
export PGHOST=127.0.0.1 PGPORT=5432 PGUSER=$ROLE PGPASSWORD=$PASSWORD
export PGOPTIONS="-c client_min_messages=warning"
src() { psql -X -q -A -t -v ON_ERROR_STOP=1 -d "$SOURCE" "$@"; }
tgt() { psql -X -q -A -t -v ON_ERROR_STOP=1 -d "$TARGET" "$@"; }
PGDATABASE=$SOURCE "$ROOT/wildfly-config/bench/nas-harvestdb-generate.sh" "$COUNT"

# --- 2. the system, on PostgreSQL
export NAS_DB_KIND=postgresql
export NAS_DB_URL=jdbc:postgresql://127.0.0.1:5432/$TARGET
export NAS_DB_USER=$ROLE
export NAS_DB_PASSWORD=$PASSWORD
bench_start
curl -sf -u "$AUTH" "$API/templates/default_orderxml/crawler-beans.cxml" >"$NAS_HOME/template.cxml"
src -v template="$(cat "$NAS_HOME/template.cxml")" <<'SQL'
INSERT INTO ordertemplates (template_id, name, orderxml, isactive)
VALUES (1, 'nas_hbench_plain', :'template', TRUE);
SQL

# --- 3. the import
SERVER_PID=$(pgrep -f "jboss-modules.*-Djboss.server.base.dir=$NAS_HOME" | head -n 1 || true)
if [[ "${NAS_BENCH_JFR:-}" == 1 && -n "$SERVER_PID" ]]; then
  "$JAVA_HOME/bin/jcmd" "$SERVER_PID" JFR.start name=nasimport settings=profile >/dev/null
fi
body=$(jq -n --arg url "jdbc:postgresql://127.0.0.1:5432/$SOURCE" --arg user "$ROLE" --arg password "$PASSWORD" \
  '{url: $url, user: $user, password: $password, dryRun: false, timeZone: "UTC"}')
start=$(date +%s.%N)
answer=$(curl -sf -u "$AUTH" -H 'Content-Type: application/json' --data-binary "$body" "$API/imports/netarchivesuite")
id=$(jq -r .id <<<"$answer")
phase="" phase_start=$start
declare -a phases=()
while :; do
  status=$(curl -sf -u "$AUTH" "$API/imports/netarchivesuite/$id")
  now=$(date +%s.%N)
  current=$(jq -r .phase <<<"$status")
  if [[ "$current" != "$phase" ]]; then
    [[ -z "$phase" ]] || phases+=("$(printf '%s %.1f' "${phase// /_}" "$(echo "$now - $phase_start" | bc -l)")")
    phase=$current phase_start=$now
  fi
  [[ "$(jq -r .state <<<"$status")" == RUNNING ]] || break
  sleep 1
done
end=$(date +%s.%N)
[[ -n "$phase" ]] && phases+=("$(printf '%s %.1f' "${phase// /_}" "$(echo "$end - $phase_start" | bc -l)")")
if [[ "${NAS_BENCH_JFR:-}" == 1 && -n "$SERVER_PID" ]]; then
  "$JAVA_HOME/bin/jcmd" "$SERVER_PID" JFR.stop name=nasimport filename="$NAS_HOME/import.jfr" >/dev/null
  "$JAVA_HOME/bin/jfr" view --width 200 hot-methods "$NAS_HOME/import.jfr" >"$NAS_HOME/import-hot-methods.txt" 2>&1 || true
  echo "flight recording: $NAS_HOME/import.jfr (hot methods: $NAS_HOME/import-hot-methods.txt)"
fi
seconds=$(echo "$end - $start" | bc -l)
state=$(jq -r .state <<<"$status")
# the server's own record of the run
server_seconds=$(jq -r '(.finishedAt | sub("\\.[0-9]+";"") | fromdateiso8601) - (.startedAt | sub("\\.[0-9]+";"") | fromdateiso8601)' <<<"$status" 2>/dev/null || echo "?")
created() { jq -r --arg k "$1" '.counts[] | select(.kind == $k) | .created' <<<"$status"; }
rows=$(( $(created domains) + $(created configurations) + $(created "seed lists") + $(created history) ))
printf 'import of %d domains: %s in %.1f s (server: started -> finished %s s), %.0f domains/s, %d rows created (domains, configurations, seed lists, history), %.0f rows/s\n' \
  "$COUNT" "$state" "$seconds" "$server_seconds" "$(echo "$COUNT / $seconds" | bc -l)" "$rows" "$(echo "$rows / $seconds" | bc -l)"
echo "phases (s, as seen by polling every second): ${phases[*]}"
echo "report (kind: created / existing / refused), $(jq -r .problemCount <<<"$status") problems:"
jq -r '.counts[] | "  \(.kind): \(.created) / \(.existing) / \(.refused)"' <<<"$status"
jq -r '.problems[:5][] | "  problem: \(.table) \(.key): \(.reason)"' <<<"$status"
[[ "$state" == DONE ]] || { echo "the import ended $state: $(jq -r .failure <<<"$status")"; exit 1; }

# --- 4. what is in the system's database, against the source
read -r s_domains s_configurations s_seedlists s_links s_history s_traps < <(src -F ' ' -c "SELECT
  (SELECT COUNT(*) FROM domains), (SELECT COUNT(*) FROM configurations), (SELECT COUNT(*) FROM seedlists),
  (SELECT COUNT(*) FROM config_seedlists), (SELECT COUNT(*) FROM historyinfo),
  (SELECT COALESCE(SUM(array_length(regexp_split_to_array(crawlertraps, E'\n'), 1)), 0) FROM domains WHERE crawlertraps <> '')")
read -r t_domains t_configurations t_seedlists t_links t_history t_traps < <(tgt -F ' ' -c "SELECT
  (SELECT COUNT(*) FROM domain), (SELECT COUNT(*) FROM domain_configuration), (SELECT COUNT(*) FROM seed_list),
  (SELECT COUNT(*) FROM configuration_seed_list), (SELECT COUNT(*) FROM harvest_history WHERE imported_job_id IS NOT NULL),
  (SELECT COUNT(*) FROM domain_crawler_trap)")
mismatches=0
check() { # what source target
  local verdict=ok
  [[ "$2" == "$3" ]] || { verdict=MISMATCH; mismatches=$((mismatches + 1)); }
  printf '  %-26s source %9d  imported %9d  %s\n' "$1" "$2" "$3" "$verdict"
}
echo "rows in $TARGET against $SOURCE:"
check "domains" "$s_domains" "$t_domains"
check "configurations" "$s_configurations" "$t_configurations"
check "seed lists" "$s_seedlists" "$t_seedlists"
check "configuration seed lists" "$s_links" "$t_links"
check "history" "$s_history" "$t_history"
check "crawler traps" "$s_traps" "$t_traps"
sample=$(tgt -F ' ' -c "SELECT d.name, c.name, h.imported_harvest_name, h.imported_job_id, h.objects, h.stop_reason
  FROM harvest_history h JOIN domain d ON d.id = h.domain_id JOIN domain_configuration c ON c.id = h.configuration_id
  WHERE d.name = 'hbench-4.eu' ORDER BY h.started_at")
echo "history of hbench-4.eu: ${sample//$'\n'/; }"

# --- 5. baseline: the same rows moved by COPY alone, into scratch tables of our tables' shape
tgt <<'SQL'
DROP TABLE IF EXISTS hbench_configuration_seed_list, hbench_harvest_history, hbench_domain_crawler_trap,
    hbench_domain_configuration, hbench_seed_list, hbench_domain;
CREATE TABLE hbench_domain (LIKE domain INCLUDING ALL);
CREATE TABLE hbench_domain_crawler_trap (LIKE domain_crawler_trap INCLUDING ALL,
    FOREIGN KEY (domain_id) REFERENCES hbench_domain (id) ON DELETE CASCADE);
CREATE TABLE hbench_seed_list (LIKE seed_list INCLUDING ALL,
    FOREIGN KEY (domain_id) REFERENCES hbench_domain (id) ON DELETE CASCADE);
CREATE TABLE hbench_domain_configuration (LIKE domain_configuration INCLUDING ALL,
    FOREIGN KEY (domain_id) REFERENCES hbench_domain (id) ON DELETE CASCADE,
    FOREIGN KEY (template_id) REFERENCES harvest_template (id));
CREATE TABLE hbench_configuration_seed_list (LIKE configuration_seed_list INCLUDING ALL,
    FOREIGN KEY (configuration_id) REFERENCES hbench_domain_configuration (id) ON DELETE CASCADE,
    FOREIGN KEY (seed_list_id) REFERENCES hbench_seed_list (id) ON DELETE CASCADE);
CREATE TABLE hbench_harvest_history (LIKE harvest_history INCLUDING ALL,
    FOREIGN KEY (configuration_id, domain_id) REFERENCES hbench_domain_configuration (id, domain_id));
SQL
template_id=$(tgt -c "SELECT id FROM harvest_template WHERE name = 'nas_hbench_plain'")
copy() { # target_table select
  src -c "COPY ($2) TO STDOUT" | tgt -c "COPY $1 FROM STDIN"
}
base_start=$(date +%s.%N)
copy hbench_domain "SELECT domain_id, name, name, regexp_replace(name, '^.*\.', ''), comments, NULL, NULL,
  defaultconfig, now(), 0 FROM domains"
copy hbench_domain_crawler_trap "SELECT d.domain_id, t.n - 1, t.e FROM domains d,
  regexp_split_to_table(d.crawlertraps, E'\n') WITH ORDINALITY AS t(e, n) WHERE d.crawlertraps <> ''"
copy hbench_seed_list "SELECT seedlist_id, domain_id, name, seeds, comments, 0 FROM seedlists"
copy hbench_domain_configuration "SELECT config_id, domain_id, name, $template_id, maxobjects, maxbytes,
  COALESCE(maxrate, 60), 20, TRUE, TRUE, comments, 0 FROM configurations"
copy hbench_configuration_seed_list "SELECT config_id, seedlist_id FROM config_seedlists"
copy hbench_harvest_history "SELECT h.historyinfo_id, c.domain_id, h.config_id, NULL, NULL, hd.name, h.job_id,
  h.harvest_time AT TIME ZONE 'UTC', h.objectcount, h.bytecount,
  (ARRAY['DOWNLOAD_COMPLETE', 'OBJECT_LIMIT', 'SIZE_LIMIT', 'CONFIG_SIZE_LIMIT', 'DOWNLOAD_UNFINISHED',
         'CONFIG_OBJECT_LIMIT', 'TIME_LIMIT'])[h.stopreason + 1], 0, 0
  FROM historyinfo h JOIN configurations c ON c.config_id = h.config_id
  JOIN harvestdefinitions hd ON hd.harvest_id = h.harvest_id"
base_end=$(date +%s.%N)
base_seconds=$(echo "$base_end - $base_start" | bc -l)
base_rows=$(tgt -c "SELECT (SELECT COUNT(*) FROM hbench_domain) + (SELECT COUNT(*) FROM hbench_domain_configuration)
  + (SELECT COUNT(*) FROM hbench_seed_list) + (SELECT COUNT(*) FROM hbench_harvest_history)")
printf 'baseline: COPY of the same rows into tables of our shape: %.1f s, %d rows (domains, configurations, seed lists, history), %.0f rows/s; import / baseline = %.1f\n' \
  "$base_seconds" "$base_rows" "$(echo "$base_rows / $base_seconds" | bc -l)" "$(echo "$seconds / $base_seconds" | bc -l)"
tgt -c "DROP TABLE hbench_configuration_seed_list, hbench_harvest_history, hbench_domain_crawler_trap,
  hbench_domain_configuration, hbench_seed_list, hbench_domain"

bench_stop
trap - EXIT
if [[ "${NAS_BENCH_DROP:-}" == 1 ]]; then
  as_postgres <<SQL
DROP DATABASE $TARGET;
DROP DATABASE $SOURCE;
DROP ROLE $ROLE;
SQL
fi
[[ $mismatches -eq 0 ]] || { echo "$mismatches counts differ"; exit 1; }
