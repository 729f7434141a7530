#!/usr/bin/env bash
# Benchmark of issue 13: the archive-wide capture index with N synthetic captures against binary
# search in a sorted CDX file of the same captures.
#
#   wildfly-config/bench/capture-index-benchmark.sh [CAPTURES]     (default: 10000000)
#
# Builds archive-mdb's test classes, then runs CaptureIndexBenchmark: it writes the sorted CDX file,
# indexes the same captures in files of 100,000 (replaceFile and a commit per file, as the indexer
# does), then looks up 10,000 random URLs exact and by prefix (their directory) through the CDX
# API's query logic and by binary search in the CDX file, p50 and p95 after a warm-up round. Its
# scratch files (about 3 GB for 10 million captures) are under archive-mdb/target/capture-bench and
# removed at the end. Figures go to BENCHMARKS.md by hand, with the machine.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
CAPTURES=${1:-10000000}
bench_archive_run 1g org.netarchive.ee.archive.domain.model.capture.CaptureIndexBenchmark "$CAPTURES"
