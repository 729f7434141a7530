#!/usr/bin/env bash
# Fills a PostgreSQL database with a NetarchiveSuite harvest database of COUNT domains, for the
# import benchmark (nas-import-benchmark.sh) or by hand:
#
#   PGHOST=127.0.0.1 PGDATABASE=... PGUSER=... PGPASSWORD=... \
#     wildfly-config/bench/nas-harvestdb-generate.sh [COUNT]        (default: 1000000)
#
# The schema is that of NetarchiveSuiteImportIT's fixture (wildfly-config/src/test/resources/
# netarchivesuite/harvestdb-fixture.sql), loaded as it is, which drops and recreates the schema
# public of the database named: give it a database of its own. The rows come from
# nas-harvestdb-generate.sql (set-based, generate_series); what each domain has is described
# there. The crawl template the configurations use (ordertemplates id 1) is left to the caller.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
COUNT=${1:-1000000}
[[ "$COUNT" =~ ^[1-9][0-9]*$ ]] || { echo "nas-harvestdb-generate: COUNT must be a positive number, not '$COUNT'" >&2; exit 2; }
[[ -n "${PGDATABASE:-}" ]] || { echo "nas-harvestdb-generate: set PGDATABASE (and PGHOST, PGUSER, PGPASSWORD) to the database to fill" >&2; exit 2; }
FIXTURE="$ROOT/wildfly-config/src/test/resources/netarchivesuite/harvestdb-fixture.sql"

export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
start=$(date +%s.%N)
sed 's/__RUN__/hbench/g' "$FIXTURE" | psql -X -q -v ON_ERROR_STOP=1 >/dev/null
psql -X -q -v ON_ERROR_STOP=1 -v domains="$COUNT" -f "$ROOT/wildfly-config/bench/nas-harvestdb-generate.sql"
printf 'generated a NetarchiveSuite harvest database of %d domains in %.1f s\n' "$COUNT" "$(echo "$(date +%s.%N) - $start" | bc -l)"
