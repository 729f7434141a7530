# Sourced by the benchmark scripts (after they set ROOT): what several of them do alike.
# shellcheck shell=bash

# Sets the REST API benchmarks' scratch NAS_HOME (a new directory /tmp/PREFIX.XXXXXX unless NAS_HOME is
# set), the admin password, AUTH (curl's -u) and API (the REST API's base URL).
bench_api_env() { # prefix
  export NAS_HOME=${NAS_HOME:-$(mktemp -d "/tmp/$1.XXXXXX")}
  export NAS_ADMIN_PASSWORD=bench-admin-password
  # shellcheck disable=SC2034 # AUTH and API are for the scripts that source this file
  AUTH="admin:$NAS_ADMIN_PASSWORD"
  # shellcheck disable=SC2034
  API=http://127.0.0.1:8080/api
}

# Sets the array COUNTS to the script's arguments, or without any to the default counts (one word,
# the counts separated by spaces).
bench_counts() { # default [argument ...]
  local default=$1
  shift
  COUNTS=("${@:-$default}")
  read -r -a COUNTS <<<"${COUNTS[*]}"
}

# Prints the label and how long a GET of the URL took (with AUTH), in ms, the label padded to WIDTH.
bench_time_get() { # width label url
  local t
  t=$(curl -sf -o /dev/null -w '%{time_total}' -u "$AUTH" "$3")
  printf '%-*s %6.0f ms\n' "$1" "$2" "$(echo "$t * 1000" | bc -l)"
}

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

# Runs a benchmark class of archive-mdb's tests with the heap limit and the argument: compiles
# archive-mdb and its tests (bench_archive_classpath), prints the header (bench_header) and the load
# average, and runs the class in archive-mdb, under the build lock.
bench_archive_run() { # heap class argument
  export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
  bench_archive_classpath
  bench_header "$3"
  cd "$ROOT/archive-mdb" || return
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  # Under the build lock: no build of another session runs beside the measurement.
  flock /tmp/nas-maven.lock "$JAVA_HOME/bin/java" "-Xmx$1" -cp "$CP" "$2" "$3"
}
