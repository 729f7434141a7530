#!/usr/bin/env bash
# Benchmark (issue 12): the agent's crawl of a ~6,000-URI synthetic site with a deduplication index
# of 1,000,000 entries against the same crawl without an index, in the same run, and the WARC bytes
# of a second harvest (the site's next edition: new pages, the same images and PDFs) against the
# first.
#
#   wildfly-config/bench/dedup-benchmark.sh [ROUNDS] [INDEX_ENTRIES]     (default: 3 1000000)
#
# Builds the harvester agent (its Heritrix with the deduplication extension in lib/) unless
# NAS_SKIP_BUILD=1, then runs org.netarchive.ee.agent.benchmark.DedupBenchmark (harvester-agent's
# test code) with the Heritrix the build unpacked: a first crawl, indexed from its WARC files and
# filled up with made-up entries to INDEX_ENTRIES, then ROUNDS pairs of crawls of the next edition
# without and with the index (alternating which goes first). Both the build and the measurement
# hold the build lock (/tmp/nas-maven.lock), so no other build runs beside the crawls. The work
# directory (harvester-agent/target/dedup-benchmark, ~0.5 GB) is removed at the end. Figures go to
# BENCHMARKS.md by hand, with the machine.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ROUNDS=${1:-3}
ENTRIES=${2:-1000000}
LOCK=${NAS_BUILD_LOCK:-/tmp/nas-maven.lock}
if [[ -z "${JAVA_HOME:-}" ]]; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64; do
    [[ -x "$candidate/bin/java" ]] && { export JAVA_HOME=$candidate; break; }
  done
fi
AGENT="$ROOT/harvester-agent"
cd "$ROOT"
if [[ "${NAS_SKIP_BUILD:-0}" != 1 ]]; then
  flock "$LOCK" mvn -o -B -q -pl harvester-agent -am verify -DskipITs -Dtest=none \
    -Dsurefire.failIfNoSpecifiedTests=false
fi
flock "$LOCK" mvn -o -B -q -pl harvester-agent dependency:build-classpath \
  -Dmdep.outputFile="$AGENT/target/dedup-benchmark.cp" -Dmdep.includeScope=test
WORK="$AGENT/target/dedup-benchmark"
rm -rf "$WORK"
trap 'rm -rf "$WORK"' EXIT
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
  "$(free -g | awk '/Mem:/ {print $2}') GiB; $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1)"
echo "Date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git -C "$ROOT" log -1 --format='%h %s')"
flock "$LOCK" "$JAVA_HOME/bin/java" -Xmx2g \
  -Dheritrix.home="$AGENT/target/heritrix/heritrix-3.13.0" \
  -cp "$AGENT/target/test-classes:$AGENT/target/classes:$ROOT/common/target/classes:$(cat "$AGENT/target/dedup-benchmark.cp")" \
  org.netarchive.ee.agent.benchmark.DedupBenchmark "$WORK" "$ROUNDS" "$ENTRIES"
