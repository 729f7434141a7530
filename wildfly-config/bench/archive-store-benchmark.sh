#!/usr/bin/env bash
# Benchmark: storing a large WARC in the two local replicas, with verification, against
# cp + sha512sum of the same file to the same disk in the same run, and against issue 15's
# baseline: sha512sum of the file, then for each replica cp + sync + sha512sum of the copy, the
# two replicas at the same time.
#
#   wildfly-config/bench/archive-store-benchmark.sh [SIZE_MB]      (default: 1024)
#
# Starts the system with a scratch NAS_HOME (bitarchives and staging directory under it, so on the
# same disk as the copy), makes a file of SIZE_MB random megabytes named like a WARC, times `cp` +
# `sync` + `sha512sum` of it and the coreutils baseline, then times the store of it on a harvester
# agent's path (bench/AgentUploadStore.java over the agent distribution's lib/, after a 1 MiB
# warm-up store in the same JVM: the upload to the server's staging directory, hashed by the client
# as it is sent and by the server as it arrives, synced there and staged when the client confirms
# its checksum, then both replicas read the staged file directly, write and sync it, read their
# copies back to verify them and report their SHA-512 with the store; timed from the client's
# store call, and from the JVM's start including the warm-up), and of a second file of that size
# with `netarchive archive --local upload` (the
# command-line tool offering the file by path, under NAS_ARCHIVE_LOCAL_READ_DIRS), while sampling
# the server's resident memory. Needs a build (the agent tarball and the provisioned server);
# figures go to BENCHMARKS.md by hand, with the machine. Other builds on the machine distort it:
# run it under the build lock (flock /tmp/nas-maven.lock wildfly-config/bench/...).
#
# The server runs with NAS_LOG_LEVEL=DEBUG and the tool with its archive client's FINE log, so each
# store prints its timeline: the client's SHA-512, the repository's store request, each replica's
# upload (received, hashed and written / synced / linked), upload replies, checksums, the answer.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SIZE_MB=${1:-1024}
# A scratch NAS_HOME made here is removed at the end (each run leaves 2 files and 4 stored copies
# of SIZE_MB); a NAS_HOME given by the caller is left as it is.
SCRATCH=""
if [[ -z "${NAS_HOME:-}" ]]; then
  SCRATCH=$(mktemp -d /tmp/nas-bench.XXXXXX)
  NAS_HOME=$SCRATCH
fi
export NAS_HOME
export NAS_SKIP_BUILD=${NAS_SKIP_BUILD:-1}
export NAS_ADMIN_PASSWORD=bench-admin-password
export NAS_AGENT_PASSWORD=bench-agent-password
# The timeline of each store (the archive's FINE logs; see ArcRepository, BitarchiveStorage).
export NAS_LOG_LEVEL=DEBUG
# The bitarchives may read files offered from here directly (the second, --local, store).
work="$NAS_HOME/bench"
mkdir -p "$work"
export NAS_ARCHIVE_LOCAL_READ_DIRS="$work"

"$ROOT/wildfly-config/bin/netarchive" run >"$NAS_HOME/run.out" 2>&1 &
RUNNER=$!
cleanup() {
  "$ROOT/wildfly-config/bin/netarchive" stop >/dev/null
  wait $RUNNER 2>/dev/null || true
  if [[ -n "$SCRATCH" ]]; then
    chmod -R u+w "$SCRATCH" 2>/dev/null || true # the archived copies are read-only
    rm -rf "$SCRATCH"
  fi
}
trap cleanup EXIT
until grep -q "Netarchive EE is running" "$NAS_HOME/run.out" 2>/dev/null; do
  kill -0 $RUNNER 2>/dev/null || { cat "$NAS_HOME/run.out"; exit 1; }
  sleep 2
done
# The pid file names the process group of the run; the server is its JVM.
SERVER_PID=$(pgrep -g "$(cat "$NAS_HOME/netarchive.pid")" -f org.jboss.as.standalone | head -n 1)

# The tool's archive client logs its own steps (SHA-512 before the request, the wait for OK).
cat >"$work/tools-logging.properties" <<'PROPS'
handlers=java.util.logging.ConsoleHandler
java.util.logging.ConsoleHandler.level=FINE
java.util.logging.SimpleFormatter.format=%1$tT.%1$tL %4$s %5$s%n
org.netarchive.ee.common.archive.level=FINE
PROPS
export TOOLS_JAVA_OPTS="-Xmx128m -Djava.util.logging.config.file=$work/tools-logging.properties"

# Unpacks the tools under NAS_HOME, and compiles the agent's stand-in, before the clock runs.
"$ROOT/wildfly-config/bin/netarchive" archive --help >/dev/null
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
mkdir -p "$work/classes"
"$JAVA_HOME/bin/javac" -d "$work/classes" -cp "$NAS_HOME/tools/lib/*" \
  "$ROOT/wildfly-config/bench/AgentUploadStore.java"

stamp=$(date +%Y%m%d%H%M%S)
file="$work/1-1-$stamp-00000-bench.warc.gz"
local_file="$work/1-1-$stamp-00001-bench.warc.gz"
head -c "$((SIZE_MB * 1024 * 1024))" /dev/urandom >"$file"
head -c "$((SIZE_MB * 1024 * 1024))" /dev/urandom >"$local_file"
sync

start=$(date +%s.%N)
cp "$file" "$work/copy"
sync
sha512sum "$work/copy" >/dev/null
end=$(date +%s.%N)
baseline=$(echo "$end - $start" | bc -l)
rm -f "$work/copy"

# Issue 15's baseline: the same work done by coreutils, the two replicas at the same time: the
# file's SHA-512, then for each replica a copy, synced, and the SHA-512 of the copy.
replica_copy() { # $1 = replica directory
  mkdir -p "$1"
  cp "$file" "$1/copy"
  sync
  sha512sum "$1/copy" >/dev/null
}
start=$(date +%s.%N)
sha512sum "$file" >/dev/null
replica_copy "$work/replica-one" &
one=$!
replica_copy "$work/replica-two" &
two=$!
wait $one $two
end=$(date +%s.%N)
coreutils=$(echo "$end - $start" | bc -l)
rm -rf "$work/replica-one" "$work/replica-two"

rss_log="$work/rss.txt"
(while kill -0 "$SERVER_PID" 2>/dev/null; do
   awk '/VmRSS/ { print $2 }' "/proc/$SERVER_PID/status"; sleep 0.5
 done) >"$rss_log" &
SAMPLER=$!
timed_store() { # $@ = options and file; prints the seconds
  local t0 t1
  t0=$(date +%s.%N)
  echo "$(date +%T.%3N) tool started: archive $*" >&2
  if ! "$ROOT/wildfly-config/bin/netarchive" archive "$@" >&2; then
    echo "archive $* failed: no figure for it; the end of the server log:" >&2
    tail -n 20 "$NAS_HOME/server/log/server.log" >&2
    return 1
  fi
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
timeline() { # $1 = file name: the server's log lines about its store, time and message
  grep -F "$1" "$NAS_HOME/server/log/server.log" | grep -E "Store of|Upload of|Stored '|Checksum of" |
    sed -E 's/^[0-9-]+ ([0-9:,]+) +[A-Z]+ +\[[^]]*\] \(.*\)\) /\1 /'
}
uptime
# The agent's path: ArchiveClient over ServerUploads, as the harvester agent stores its WARCs.
agent_store() { # $1 = file; prints the seconds
  local t0 t1
  t0=$(date +%s.%N)
  echo "$(date +%T.%3N) agent store started: $1" >&2
  if ! NAS_AGENT_PASSWORD=$NAS_AGENT_PASSWORD "$JAVA_HOME/bin/java" $TOOLS_JAVA_OPTS \
      -cp "$work/classes:$NAS_HOME/tools/lib/*" AgentUploadStore \
      "tcp://127.0.0.1:61616" "http://127.0.0.1:8080" "$1" 2>&1 | tee "$work/agent-store.txt" >&2; then
    echo "the agent's store of $1 failed: no figure for it; the end of the server log:" >&2
    tail -n 20 "$NAS_HOME/server/log/server.log" >&2
    return 1
  fi
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
store=$(agent_store "$file") || exit 1
timeline "$(basename "$file")" >"$work/upload-phases.txt"
store_local=$(timed_store --local upload "$local_file") || exit 1
kill $SAMPLER 2>/dev/null || true
printf 'file: %d MB\n' "$SIZE_MB"
printf 'cp + sync + sha512sum: %.1f s (%.0f MB/s)\n' "$baseline" "$(echo "$SIZE_MB / $baseline" | bc -l)"
printf 'coreutils, 2 replicas at once (sha512sum; then each: cp + sync + sha512sum): %.1f s\n' "$coreutils"
# A harvester agent is a running JVM: its store begins with ArchiveClient.store, not a JVM start.
in_jvm=$(sed -nE 's/^stored .* in ([0-9.]+) s$/\1/p' "$work/agent-store.txt")
printf 'store in 2 replicas, verified, on the agent upload path (ArchiveClient.store in a running JVM): %.1f s (%.0f MB/s) = %.0f %% of the cp + sha512sum rate, %.2f x coreutils for 2 replicas\n' \
  "$in_jvm" "$(echo "$SIZE_MB / $in_jvm" | bc -l)" "$(echo "100 * $baseline / $in_jvm" | bc -l)" "$(echo "$in_jvm / $coreutils" | bc -l)"
printf '  the same from the JVM'"'"'s start to its exit, with a 1 MiB warm-up store: %.1f s\n' "$store"
cat "$work/upload-phases.txt"
printf 'store in 2 replicas, verified, read directly (--local): %.1f s (%.0f MB/s) = %.0f %% of the cp + sha512sum rate, %.2f x coreutils for 2 replicas\n' \
  "$store_local" "$(echo "$SIZE_MB / $store_local" | bc -l)" "$(echo "100 * $baseline / $store_local" | bc -l)" "$(echo "$store_local / $coreutils" | bc -l)"
timeline "$(basename "$local_file")"
uptime
sort -n "$rss_log" | awk 'NR == 1 { min = $1 } { max = $1 } END { printf "server RSS during the store: %.0f to %.0f MB\n", min / 1024, max / 1024 }'
