#!/usr/bin/env bash
# Benchmark: seeds of many new domains added to a selective harvest through the admin UI, with the
# REST API as the baseline in the same run.
#
#   wildfly-config/bench/seeds-ui-benchmark.sh [COUNT ...]     (default: 10000 100000)
#
# Builds the system and the integration tests' classes (unless NAS_SKIP_BUILD=1 and both are
# built; MAVEN_ARGS=-o builds offline), starts it with a scratch NAS_HOME (H2 by default; set
# NAS_DB_* for PostgreSQL) and runs SeedsUiBenchmark (wildfly-config/src/test/java, a program, not
# a test: no build runs it) from the tests' classpath. For each COUNT it logs in with headless
# Chromium (Debian's chromium and chromium-driver), opens a new selective harvest's page, sets the
# seeds text area to COUNT seeds of new domains (every 1,000th line no seed), clicks "Add seeds"
# and measures until the page shows the add-seeds job COMPLETED, asking GET /api/system/status
# every 0.5 s meanwhile; it checks the counts on the page, the refusals shown, and the harvest's
# configurations and the new domains through the REST API. Then it posts as many other new domains
# to POST /api/harvests/{name}/seeds and follows that job the same way (the baseline). Exits 1 when
# a check fails. Figures go to BENCHMARKS.md by hand, with the machine. Run it while no build runs
# (e.g. under the build lock: flock /tmp/nas-maven.lock wildfly-config/bench/seeds-ui-benchmark.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
CLASSPATH_FILE="$ROOT/wildfly-config/target/bench-classpath.txt"
export NAS_HOME=${NAS_HOME:-$(mktemp -d /tmp/nas-bench.XXXXXX)}
export NAS_ADMIN_PASSWORD=bench-admin-password

if [[ "${NAS_SKIP_BUILD:-}" != 1 || ! -f "$CLASSPATH_FILE" ]]; then
  echo "Building (log: $NAS_HOME/build.log) ..."
  (cd "$ROOT" && mvn -B -DskipTests package dependency:build-classpath \
    -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test) >"$NAS_HOME/build.log" 2>&1 ||
    { tail -n 40 "$NAS_HOME/build.log"; exit 1; }
fi
export NAS_SKIP_BUILD=1

rm -f "$NAS_HOME/run.out" # an earlier run's "is running" must not count
bench_start

"${JAVA_HOME:+$JAVA_HOME/bin/}java" -Dit.port.offset=0 -Dscreenshots.dir="$NAS_HOME/screenshots" \
  -cp "$ROOT/wildfly-config/target/test-classes:$(cat "$CLASSPATH_FILE")" \
  org.netarchive.ee.it.SeedsUiBenchmark "$@"
