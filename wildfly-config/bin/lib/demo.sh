# Sourced by bin/netarchive: the demo site and demo harvest of 'run --demo'. Uses its settings (ROOT, NAS_HOME, ports) and say/fail.
# shellcheck shell=bash

# --- Demo site ('run --demo') ---------------------------------------------------------------------
# bin/netarchive-demo-site of the demo distribution (unpacked under $DEMO_HOME/dist), in a
# process group of its own; it writes its ports and seeds to $DEMO_HOME/demo-site.properties once
# it serves.

demo_pid() { group_pid "$DEMO_HOME/demo-site.pid"; }

demo_property() { # $1 = key in the demo site's info file
  sed -n "s/^$1=//p" "$DEMO_HOME/demo-site.properties" | head -n 1
}

start_demo_site() {
  local tarball info="$DEMO_HOME/demo-site.properties" waited=0 pid
  tarball=$(demo_tarball)
  [[ -n "$tarball" ]] || fail "--demo needs the demo distribution (harvester-agent/target/*-demo.tar.gz), which was not built"
  rm -rf "$DEMO_HOME/dist"
  mkdir -p "$DEMO_HOME/dist"
  tar -xzf "$tarball" -C "$DEMO_HOME/dist" --strip-components=1
  rm -f "$info"
  setsid "$DEMO_HOME/dist/bin/netarchive-demo-site" --port "$DEMO_PORT" --info "$info" \
    >>"$DEMO_HOME/demo-site.log" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$DEMO_HOME/demo-site.pid"
  until [[ -f "$info" ]]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 5 "$DEMO_HOME/demo-site.log" >&2
      return 1
    fi
    sleep 1
    waited=$((waited + 1))
    [[ $waited -lt 60 ]] || { stop_demo_site; say "The demo site did not start within 60 s; see $DEMO_HOME/demo-site.log" >&2; return 1; }
  done
  DEMO_DNS=$(demo_property dns.server)
}

stop_demo_site() {
  local pid
  pid=$(demo_pid) || { rm -f "$DEMO_HOME/demo-site.pid"; return 0; }
  kill -TERM -- "-$pid" 2>/dev/null || true
  end_group "$pid" 20 "The demo site"
  rm -f "$DEMO_HOME/demo-site.pid"
}

# Calls the REST API as admin: $1 = method, $2 = path, $3 = content type, $4 = body (a file with
# @FILE); prints the response body and then the HTTP status on a line of its own.
demo_api() {
  local args=(-sS -u "admin:$DEMO_ADMIN_PASSWORD" -X "$1" -w '\n%{http_code}\n')
  [[ -n "${3:-}" ]] && args+=(-H "Content-Type: $3" --data-binary "$4")
  curl "${args[@]}" "http://127.0.0.1:$HTTP_PORT/api$2"
}

demo_call() { # as demo_api, failing with the answer unless the status is one of $5 (e.g. "200 201")
  local answer status
  answer=$(demo_api "$1" "$2" "${3:-}" "${4:-}") || { say "  demo: $1 /api$2 failed: cannot reach the server" >&2; return 1; }
  status=${answer##*$'\n'}
  if [[ " $5 " != *" $status "* ]]; then
    say "  demo: $1 /api$2 answered $status: ${answer%$'\n'*}" >&2
    return 1
  fi
}

# The ready selective harvest of the demo site: the demo crawl template (no politeness delays, so
# the small site takes seconds), one domain configuration per demo host with small limits, on the
# selective agent's channel, scheduled 'Once' (due as soon as it is activated: the scheduler, which
# runs every minute, makes its job at its next pass).
create_demo_harvest() {
  local encoded status template_file n seed query
  encoded=${DEMO_HARVEST// /%20}
  status=$(demo_api GET "/harvests/$encoded" | tail -n 1) || status=000
  case "$status" in
    200)
      say "  The harvest '$DEMO_HARVEST' exists already (made by an earlier --demo start); its jobs are"
      say "  on the Harvest status pages. Its seeds point at the demo site on port $DEMO_PORT."
      return 0 ;;
    404) ;;
    401) say "  demo: the server refused the admin password; cannot create the demo harvest" >&2; return 1 ;;
    *) say "  demo: GET /api/harvests/$encoded answered $status; cannot create the demo harvest" >&2; return 1 ;;
  esac
  status=$(demo_api GET "/templates/$DEMO_TEMPLATE" | tail -n 1) || status=000
  if [[ "$status" != 200 ]]; then
    template_file="$DEMO_HOME/$DEMO_TEMPLATE.cxml"
    "$DEMO_HOME/dist/bin/netarchive-demo-site" --print-template >"$template_file"
    demo_call PUT "/templates/$DEMO_TEMPLATE?description=Demo%20crawls%20of%20the%20loopback%20demo%20site" \
      application/xml "@$template_file" "200 201" || return 1
    demo_call POST "/templates/$DEMO_TEMPLATE/activate" "" "" "200 204" || return 1
  fi
  demo_call POST /harvests/selective application/json \
    "{\"name\":\"$DEMO_HARVEST\",\"channel\":\"HIGHPRIORITY\",\"schedule\":\"Once\",\"comments\":\"Made by netarchive run --demo\"}" \
    "201" || return 1
  n=1
  while seed=$(demo_property "seed.$n") && [[ -n "$seed" ]]; do
    # The last host is larger than its object limit: its stop reason shows the limit. demo_fast
    # has no politeness delays and the configurations allow 100 requests a second, so the crawl
    # takes seconds.
    query="template=$DEMO_TEMPLATE&maxBytes=5000000&maxObjects=1000&maxRequestRate=6000"
    [[ -n "$(demo_property "seed.$((n + 1))")" ]] || query="template=$DEMO_TEMPLATE&maxBytes=5000000&maxObjects=40&maxRequestRate=6000"
    demo_call POST "/harvests/$encoded/seeds?$query" text/plain "$seed" "200" || return 1
    n=$((n + 1))
  done
  demo_call POST "/harvests/$encoded/activate" "" "" "200" || return 1
  DEMO_CREATED=1
  say "  Created the selective harvest '$DEMO_HARVEST' of the demo site ($((n - 1)) domains), due now."
}

demo_status() {
  local pid
  if pid=$(demo_pid); then
    say "  demo site is running (pid $pid) on 127.0.0.1:$(demo_property port); log: $DEMO_HOME/demo-site.log"
  fi
}
