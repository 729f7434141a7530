#!/usr/bin/env bash
# Benchmark (issue 15): one harvester agent crawling one site against two agents crawling two
# sites of the same size at the same time, in one run.
#
#   wildfly-config/bench/crawl-scaling-benchmark.sh [PAGES]      (default: 1000)
#
# Starts the system ('netarchive run', scratch NAS_HOME) and a synthetic site (CrawlSite.java: 3
# hosts crawl-bench-N.dk of PAGES pages of ~2 KB with one image each, on 127.0.0.1, with its
# loopback DNS for Heritrix), two agents of the agent distribution on a channel of their own
# (CRAWLBENCH, so the run's two local agents take none of these jobs), one selective harvest per
# host (crawl template: the demo's, without politeness delays; no object or byte limit reached;
# 100,000 requests a minute allowed: a pause of 1 ms between two requests to a host).
#   Phase 1: the harvest of host 1 is activated: one job, crawled by one agent (the other idles).
#   Phase 2: the harvests of hosts 2 and 3 are activated together: two jobs, one per agent.
# Each job is timed from its submittedAt (the scheduler put it on the channel's queue) to its
# finishedAt (the agent reported it DONE, which it does only after the archive confirmed every
# file of the job, WARCs and metadata WARC, in both replicas); a phase from its first submission
# to its last DONE. Pages/s counts the PAGES pages of each site (the crawl fetches about twice as
# many objects: one image a page; the objects each job fetched are printed too). The CPU seconds
# of the agents (JVM and Heritrix), the server, the site and the whole machine during each phase
# (and during 20 s before the first, with no job running) come from /proc.
#
# The agents' job connections to the broker come from 127.0.0.2 and 127.0.0.3 (Artemis'
# localAddress, with a fixed localPort, which Artemis needs for it); they are named
# crawl-bench-a-127.0.0.2 and crawl-bench-b-127.0.0.3. Their archive clients' broker connections
# and HTTP uploads (no setting for a source address), the site, the server and each Heritrix's
# control port (its REST API, which the agent drives) stay on 127.0.0.1.
#
# Needs a build (the server provisioned, the agent and demo tarballs: verify -pl wildfly-config
# -am), jq, ss, and the run command's ports free. Run it under the build lock so that no build
# competes: flock /tmp/nas-maven.lock THIS-SCRIPT.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/wildfly-config/bench/lib.sh"
PAGES=${1:-1000}
[[ "$PAGES" =~ ^[1-9][0-9]*$ ]] || { echo "PAGES must be a whole number above 0, not '$PAGES'" >&2; exit 2; }
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export NAS_SKIP_BUILD=${NAS_SKIP_BUILD:-1}
export NAS_AGENT_PASSWORD=bench-agent-password
bench_api_env nas-crawl-bench
CHANNEL=CRAWLBENCH
TEMPLATE=crawl_bench
# Artemis binds the client's end of a connection to localAddress only with a localPort too.
BROKER_LOCAL_PORT=61702
DEADLINE=${NAS_BENCH_DEADLINE:-900} # seconds a phase may take before the run fails
for tool in jq ss curl; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done
demo_tarball=$(ls "$ROOT"/harvester-agent/target/harvester-agent-*-demo.tar.gz 2>/dev/null | head -n 1)
[[ -n "$demo_tarball" ]] || { echo "no demo tarball under harvester-agent/target: build first" >&2; exit 1; }
work="$NAS_HOME/crawl-bench"
mkdir -p "$work/demo"
TICKS=$(getconf CLK_TCK)
SITE_PID=""
AGENT_PIDS=()

fail() {
  echo "crawl-scaling-benchmark: FAILED: $*" >&2
  exit 1
}

# Calls the REST API as admin: method, path, JSON body (optional). Prints the answer; fails on a
# status other than 2xx.
api() {
  local args=(-sS -f -u "$AUTH" -X "$1")
  [[ -n "${3:-}" ]] && args+=(-H 'Content-Type: application/json' --data-binary "$3")
  curl "${args[@]}" "$API$2" || fail "$1 $2 failed"
}

cleanup() {
  local pid
  for pid in "${AGENT_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  [[ -n "$SITE_PID" ]] && kill -TERM "$SITE_PID" 2>/dev/null
  for pid in "${AGENT_PIDS[@]}" $SITE_PID; do
    while kill -0 "$pid" 2>/dev/null; do sleep 1; done
  done
  bench_stop
}

bench_header "$@"
echo "pages per site: $PAGES; NAS_HOME: $NAS_HOME"
bench_start
trap cleanup EXIT
SERVER_PID=$(pgrep -g "$(cat "$NAS_HOME/netarchive.pid")" -f org.jboss.as.standalone | head -n 1)

# The site, from the demo distribution's classes.
tar -xzf "$demo_tarball" -C "$work/demo" --strip-components=1
setsid "$JAVA_HOME/bin/java" -Xmx256m -cp "$work/demo/lib/*" "$ROOT/wildfly-config/bench/CrawlSite.java" \
  "$PAGES" 3 "$work/site.properties" >"$work/site.log" 2>&1 </dev/null &
SITE_PID=$!
until [[ -f "$work/site.properties" ]]; do
  kill -0 "$SITE_PID" 2>/dev/null || { cat "$work/site.log"; fail "the site did not start"; }
  sleep 1
done
site() { sed -n "s/^$1=//p" "$work/site.properties"; }

# The channel, the template and one harvest per host.
queue=$(api POST /channels "{\"name\":\"$CHANNEL\",\"kind\":\"SELECTIVE\",\"comments\":\"crawl-scaling-benchmark\"}" | jq -r .queue)
environment=${queue%%_COMMON_ANY_*}
[[ -n "$environment" && "$environment" != "$queue" ]] || fail "cannot tell the environment from the queue '$queue'"
"$work/demo/bin/netarchive-demo-site" --print-template >"$work/$TEMPLATE.cxml"
curl -sS -f -u "$AUTH" -X PUT -H 'Content-Type: application/xml' --data-binary "@$work/$TEMPLATE.cxml" \
  "$API/templates/$TEMPLATE?description=crawl-scaling-benchmark" >/dev/null || fail "PUT template"
api POST "/templates/$TEMPLATE/activate" >/dev/null
for n in 1 2 3; do
  api POST /harvests/selective "{\"name\":\"crawl-bench-$n\",\"channel\":\"$CHANNEL\",\"schedule\":\"Once\"}" >/dev/null
  curl -sS -f -u "$AUTH" -X POST -H 'Content-Type: text/plain' --data-binary "$(site "seed.$n")" \
    "$API/harvests/crawl-bench-$n/seeds?template=$TEMPLATE&maxObjects=1000000&maxBytes=1000000000&maxRequestRate=100000" \
    >/dev/null || fail "seeds of crawl-bench-$n"
done

# Two agents from the distribution 'run' unpacked, on the benchmark's channel.
dist=$(ls -d "$NAS_HOME"/agents/dist/harvester-agent-* | head -n 1)
for agent in a:127.0.0.2 b:127.0.0.3; do
  name=crawl-bench-${agent%%:*}
  address=${agent#*:}
  dir="$work/$name"
  mkdir -p "$dir/work"
  cat >"$dir/harvester-agent.properties" <<PROPERTIES
broker.url = tcp://127.0.0.1:61616?localAddress=$address&localPort=$BROKER_LOCAL_PORT
archive.broker.url = tcp://127.0.0.1:61616
archive.broker.user = agent
broker.user = agent
agent.environment = $environment
agent.channel = $CHANNEL
agent.instance = $name-$address
work.directory = $dir/work
heritrix.home = $dist/heritrix-3.13.0
heritrix.heap = 512m
heritrix.javaOptions = -Ddns.server=$(site dns.server)
timeout.processSeconds = 60
archive.server.url = http://127.0.0.1:8080
PROPERTIES
  setsid "$dist/bin/harvester-agent" --config "$dir/harvester-agent.properties" >"$dir/agent.log" 2>&1 </dev/null &
  AGENT_PIDS+=($!)
done
# Ready when each agent says it listens for a job (on the queue: it opens no port).
for i in 0 1; do
  log="$work/crawl-bench-$(tr 01 ab <<<"$i")/agent.log"
  until grep -q "Agent state: idle, listening for a job" "$log"; do
    kill -0 "${AGENT_PIDS[$i]}" 2>/dev/null || { tail -n 20 "$log"; fail "an agent exited"; }
    sleep 1
  done
done
echo "agents up: crawl-bench-a-127.0.0.2 (pid ${AGENT_PIDS[0]}), crawl-bench-b-127.0.0.3 (pid ${AGENT_PIDS[1]}); their TCP connections (local -> remote):"
ss -tnpH state established | grep -E "pid=(${AGENT_PIDS[0]}|${AGENT_PIDS[1]})," | awk '{print "  " $3 " -> " $4}'

# CPU seconds (user + system, with the reaped children: an agent's Heritrix) of a process.
cpu() { awk -v t="$TICKS" '{ printf "%.1f", ($14 + $15 + $16 + $17) / t }' "/proc/$1/stat"; }
# The machine's busy CPU seconds (user, nice, system, irq, softirq of all cores), from /proc/stat.
busy() { awk -v t="$TICKS" '/^cpu / { printf "%.1f", ($2 + $3 + $4 + $7 + $8) / t }' /proc/stat; }
cpu_all() { echo "$(cpu "${AGENT_PIDS[0]}") $(cpu "${AGENT_PIDS[1]}") $(cpu "$SERVER_PID") $(cpu "$SITE_PID") $(busy)"; }

# Prints the CPU seconds of each process between two cpu_all samples, over a window of seconds.
cpu_report() { # $1 = window, $2 = cpu_all before, $3 = after
  local before after d=() i
  read -r -a before <<<"$2"
  read -r -a after <<<"$3"
  for i in 0 1 2 3 4; do d[i]=$(echo "${after[i]} - ${before[i]}" | bc -l); done
  printf '  CPU s in the %.1f s window: agent a %.1f, agent b %.1f, server %.1f, site %.1f; all else %.1f; machine busy %.1f of %.1f (%d cores); load %s\n' \
    "$1" "${d[0]}" "${d[1]}" "${d[2]}" "${d[3]}" "$(echo "${d[4]} - ${d[0]} - ${d[1]} - ${d[2]} - ${d[3]}" | bc -l)" \
    "${d[4]}" "$(echo "$(nproc) * $1" | bc -l)" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# The listening TCP sockets of the agents' process groups (JVM and Heritrix), while they crawl.
listeners() {
  local pids
  pids=$(pgrep -g "${AGENT_PIDS[0]},${AGENT_PIDS[1]}" | paste -sd'|')
  ss -ltnpH | grep -E "pid=($pids)," | awk '{print $4, $6}' || true
}

# Activates the harvests and waits for their jobs to be DONE; prints one line per job and the
# phase's figures, and sets PHASE_WALL. The CPU time is taken from when every job of the phase was
# on the queue (the scheduler's pass, up to a minute after the activation, is not part of it) to
# when the last was seen DONE (polled every second). $1 = label, then the harvests' numbers.
phase() {
  local label=$1 n job status listening="" now cpu0="" cpu1 w0="" w1 wall objects=0
  local -A id=()
  shift
  for n in "$@"; do api POST "/harvests/crawl-bench-$n/activate" >/dev/null; done
  local began=$SECONDS
  until [[ ${#id[@]} -eq $# ]]; do
    ((SECONDS - began < DEADLINE)) || fail "$label: not done after $DEADLINE s"
    local submitted=0 started=0
    for n in "$@"; do
      job=$(api GET "/jobs?harvest=crawl-bench-$n" | jq -c '.items[0] // empty')
      status=$(jq -r '.status // empty' <<<"$job")
      case "$status" in
        "" | NEW) ;;
        DONE) id[$n]=$(jq -r .id <<<"$job"); submitted=$((submitted + 1)) ;;
        SUBMITTED) submitted=$((submitted + 1)) ;;
        STARTED) submitted=$((submitted + 1)); started=$((started + 1)) ;;
        *) fail "$label: the job of crawl-bench-$n is $status: $job" ;;
      esac
    done
    # while every job of the phase crawls (each Heritrix opens its port a few seconds after the
    # STARTED report): the most sockets seen
    if [[ $started -eq $# ]]; then
      now=$(listeners)
      [[ $(wc -l <<<"$now") -le $(wc -l <<<"$listening") && -n "$listening" ]] || listening=$now
    fi
    if [[ -z "$cpu0" && $submitted -eq $# ]]; then
      cpu0=$(cpu_all)
      w0=$(date +%s.%N)
    fi
    [[ ${#id[@]} -eq $# ]] || sleep 1
  done
  cpu1=$(cpu_all)
  w1=$(date +%s.%N)
  local starts=() ends=()
  for n in "$@"; do
    job=$(api GET "/jobs/${id[$n]}")
    starts+=("$(date -d "$(jq -r .job.submittedAt <<<"$job")" +%s.%N)")
    ends+=("$(date -d "$(jq -r .job.finishedAt <<<"$job")" +%s.%N)")
    objects=$((objects + $(jq '[.domains.items[].objects // 0] | add' <<<"$job")))
    jq -r --arg n "$n" '"  job \(.job.id) (crawl-bench-\($n)) by \(.job.agent): submitted \(.job.submittedAt), started \(.job.startedAt), DONE \(.job.finishedAt); \([.domains.items[].objects] | add) objects, stop reason \([.domains.items[].stopReason] | join(","))"' <<<"$job"
  done
  wall=$(echo "$(printf '%s\n' "${ends[@]}" | sort -g | tail -n 1) - $(printf '%s\n' "${starts[@]}" | sort -g | head -n 1)" | bc -l)
  printf '%s: %d job(s), %.1f s from the first submission to the last DONE: %.1f pages/s (%.1f objects/s)\n' \
    "$label" $# "$wall" "$(echo "$# * $PAGES / $wall" | bc -l)" "$(echo "$objects / $wall" | bc -l)"
  cpu_report "$(echo "$w1 - $w0" | bc -l)" "$cpu0" "$cpu1"
  echo "  listening TCP sockets of the agents' process groups while they crawled (address, process):"
  if [[ -n "$listening" ]]; then sed 's/^/    /' <<<"$listening"; else echo "    none"; fi
  PHASE_WALL=$wall
}

# What the system uses while no job runs (the server, the run's two idle local agents, ours).
idle0=$(cpu_all)
sleep 20
cpu_report 20 "$idle0" "$(cpu_all)" | sed 's/^  /idle, before the crawls: /'
phase "one agent, one site" 1
one=$PHASE_WALL
phase "two agents, two sites at once" 2 3
two=$PHASE_WALL
printf 'speedup (2 x the one-site time / the two-site time): %.2f (ideal 2.00)\n' "$(echo "2 * $one / $two" | bc -l)"
