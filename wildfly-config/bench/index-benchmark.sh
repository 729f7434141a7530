#!/usr/bin/env bash
# Benchmark of issue 12 (a): the DEDUP index of a job of N crawl.log lines with their CDX.
#
#   wildfly-config/bench/index-benchmark.sh [LINES]     (default: 1000000)
#
# Builds archive-mdb's test classes, then runs DedupIndexBenchmark with -Xmx256m (the issue's
# heap target): it writes a metadata WARC in the agent's format with LINES crawl.log lines and
# LINES CDX lines, and measures in one run the baseline (sorting the same lines, no index), taking
# the job's index data from the metadata WARC (read and sort) and building the DEDUP index with its
# bundle. Its scratch files (about 1 GB for a million lines) are under archive-mdb/target/ and
# removed at the end. Figures go to BENCHMARKS.md by hand, with the machine.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
LINES=${1:-1000000}
bench_archive_run 256m org.netarchive.ee.archive.domain.model.index.DedupIndexBenchmark "$LINES"
