# Sourced by the benchmark scripts (after they set ROOT): what several of them do alike.
# shellcheck shell=bash

# Starts 'netarchive run' with the given options in the background, with NAS_HOME as set (output in
# $NAS_HOME/run.out), stops it when the script exits, and returns once the system runs.
bench_start() {
  mkdir -p "$NAS_HOME"
  "$ROOT/wildfly-config/bin/netarchive" run "$@" >"$NAS_HOME/run.out" 2>&1 &
  RUNNER=$!
  trap bench_stop EXIT
  until grep -q "Netarchive EE is running" "$NAS_HOME/run.out" 2>/dev/null; do
    kill -0 "$RUNNER" 2>/dev/null || { cat "$NAS_HOME/run.out"; exit 1; }
    sleep 2
  done
}

bench_stop() {
  "$ROOT/wildfly-config/bin/netarchive" stop >/dev/null
  wait "$RUNNER" 2>/dev/null || true
}

# Compiles archive-mdb and its tests (under the build lock) and sets CP to their classpath.
bench_archive_classpath() {
  # One reactor run: archive-mdb's classpath then names the reactor modules' target/classes (the
  # last module, archive-mdb, writes the file last).
  (cd "$ROOT" && flock /tmp/nas-maven.lock mvn -B -o -q test-compile dependency:build-classpath \
    -pl archive-mdb -am -Dmdep.outputFile="$ROOT/archive-mdb/target/bench-classpath.txt" \
    -Dmdep.includeScope=test)
  # shellcheck disable=SC2034 # CP is for the scripts that source this file
  CP="$ROOT/archive-mdb/target/classes:$ROOT/archive-mdb/target/test-classes:$(cat "$ROOT/archive-mdb/target/bench-classpath.txt")"
}

# Prints the machine, the command with its arguments, the date and the commit, for BENCHMARKS.md.
bench_header() {
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/ {print $2}') GiB; $("$JAVA_HOME/bin/java" -version 2>&1 | head -1)"
  echo "command: $0 $*   date: $(date -u +%Y-%m-%dT%H:%MZ)   commit: $(git -C "$ROOT" log -1 --format='%h %s')"
}
