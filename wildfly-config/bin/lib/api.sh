# Sourced by bin/netarchive: the commands that work on a running server (archive, adopt, import-netarchivesuite). Uses its settings (ROOT, NAS_HOME, ports) and say/fail.
# shellcheck shell=bash

# The archive tools of the agent distribution (bin/netarchive-archive), unpacked without Heritrix
# under NAS_HOME/tools from the built tarball, with the local server's broker and agent account.
cmd_archive() {
  select_jdk
  local tarball tools="$NAS_HOME/tools"
  tarball=$(ls -t "$ROOT"/harvester-agent/target/harvester-agent-*-dist.tar.gz 2>/dev/null | head -n 1 || true)
  if [[ -z "$tarball" ]]; then
    printf 'netarchive: the agent distribution is not built; build it with: (cd %s && mvn -B -pl harvester-agent -am -DskipTests package)\n' "$ROOT" >&2
    exit 3
  fi
  if [[ ! -f "$tools/.unpacked" || "$tarball" -nt "$tools/.unpacked" ]]; then
    rm -rf "$tools"
    mkdir -p "$tools"
    tar -xzf "$tarball" -C "$tools" --strip-components=1 --exclude='*/heritrix-*'
    touch "$tools/.unpacked"
  fi
  if [[ -z "${NAS_AGENT_PASSWORD:-}" ]]; then
    if [[ ! -f "$NAS_HOME/secrets/agent-password" ]]; then
      printf 'netarchive: no agent password: %s does not exist (start the server once with run) and NAS_AGENT_PASSWORD is not set\n' "$NAS_HOME/secrets/agent-password" >&2
      exit 3
    fi
    NAS_AGENT_PASSWORD=$(cat "$NAS_HOME/secrets/agent-password")
    export NAS_AGENT_PASSWORD
  fi
  local host=$BIND_ADDRESS
  [[ "$host" != 0.0.0.0 ]] || host=127.0.0.1
  export NAS_BROKER_URL=${NAS_BROKER_URL:-tcp://$host:$BROKER_PORT}
  exec "$tools/bin/netarchive-archive" "$@"
}

# Escapes a text as a JSON string (quotes, backslashes, control characters).
json_string() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\r'/\\r}
  s=${s//$'\t'/\\t}
  printf '"%s"' "$s"
}

# Calls the REST API of the running server (NAS_API_URL, default http://<bind address>:8080/api)
# as NAS_API_USER (default admin) with NAS_API_PASSWORD (curl asks for it if unset): $1 = method, $2 = path, $3 = JSON body (optional). Prints the
# answer; fails with it unless the status is 2xx.
adopt_api() {
  command -v curl >/dev/null || { printf 'netarchive: adopt needs curl\n' >&2; exit 3; }
  local user=${NAS_API_USER:-admin} host=$BIND_ADDRESS answer status
  [[ "$host" != 0.0.0.0 ]] || host=127.0.0.1
  local api=${NAS_API_URL:-http://$host:$HTTP_PORT/api}
  local args=(-sS -X "$1" -w '\n%{http_code}' -H 'Accept: application/json')
  if [[ -n "${NAS_API_PASSWORD:-}" ]]; then
    args+=(-K -)
  else
    args+=(-u "$user")
  fi
  [[ -z "${3:-}" ]] || args+=(-H 'Content-Type: application/json' --data-binary "$3")
  if [[ -n "${NAS_API_PASSWORD:-}" ]]; then
    # The password goes to curl on its standard input, never on a command line.
    local secret=${NAS_API_PASSWORD//\\/\\\\}
    secret=${secret//\"/\\\"}
    answer=$(printf 'user = "%s:%s"\n' "$user" "$secret" | curl "${args[@]}" "$api$2") || exit 1
  else
    answer=$(curl "${args[@]}" "$api$2") || exit 1
  fi
  status=${answer##*$'\n'}
  printf '%s\n' "${answer%$'\n'*}"
  [[ "$status" == 2?? ]] || { printf 'netarchive: %s /api%s answered HTTP %s\n' "$1" "$2" "$status" >&2; exit 1; }
}

cmd_adopt() {
  case "${1:-}" in
    admin-data)
      [[ $# -ge 2 ]] || { printf 'usage: netarchive adopt admin-data FILE [NAME=REPLICA ...]\n' >&2; exit 2; }
      local file map="" pair
      file=$(realpath -e "$2") || { printf 'netarchive: no such file: %s\n' "$2" >&2; exit 2; }
      shift 2
      for pair in "$@"; do
        [[ "$pair" == ?*=?* ]] || { printf 'netarchive: replica mapping %s is not NAME=REPLICA\n' "$pair" >&2; exit 2; }
        map+="${map:+, }$(json_string "${pair%%=*}"): $(json_string "${pair#*=}")"
      done
      adopt_api POST /archive/adoption/admin-data "{\"path\": $(json_string "$file"), \"replicas\": {$map}}"
      ;;
    directory)
      [[ $# -eq 3 ]] || { printf 'usage: netarchive adopt directory REPLICA DIR\n' >&2; exit 2; }
      local dir
      dir=$(realpath -e "$3") || { printf 'netarchive: no such directory: %s\n' "$3" >&2; exit 2; }
      adopt_api POST /archive/adoption/directories "{\"replica\": $(json_string "$2"), \"directory\": $(json_string "$dir")}"
      ;;
    status) adopt_api GET /archive/adoption ;;
    copies) adopt_api GET "/archive/adoption/copies?size=1000${2:+&verification=$2}" ;;
    *)
      printf 'usage: netarchive adopt admin-data FILE [NAME=REPLICA ...] | directory REPLICA DIR | status | copies [STATE]\n' >&2
      exit 2
      ;;
  esac
}

# Imports a NetarchiveSuite harvest database through POST /api/imports/netarchivesuite and follows
# it to its end, printing its progress and then its report (JSON). The passwords are read from
# NAS_IMPORT_DB_PASSWORD and NAS_ADMIN_PASSWORD, or asked for; they reach curl on its standard
# input and a file descriptor, never its command line.
cmd_import_netarchivesuite() {
  local url="" user="" dry_run=false time_zone="" server="http://127.0.0.1:$HTTP_PORT"
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --url) url=${2:?--url needs a value}; shift 2 ;;
      --user) user=${2:?--user needs a value}; shift 2 ;;
      --dry-run) dry_run=true; shift ;;
      --time-zone) time_zone=${2:?--time-zone needs a value}; shift 2 ;;
      --server) server=${2:?--server needs a value}; shift 2 ;;
      *) fail "import-netarchivesuite: unknown option '$1' (--url JDBC_URL --user USER [--dry-run] [--time-zone ZONE] [--server URL])" ;;
    esac
  done
  [[ -n "$url" ]] || fail "import-netarchivesuite: --url is required, e.g. --url jdbc:postgresql://nas-db:5432/harvestdb"
  local db_password=${NAS_IMPORT_DB_PASSWORD:-} admin_user=${NAS_ADMIN_USER:-admin} admin_password=${NAS_ADMIN_PASSWORD:-}
  if [[ -z "$db_password" ]]; then
    read -r -s -p "Password of '$user' on the NetarchiveSuite database: " db_password; echo >&2
  fi
  if [[ -z "$admin_password" ]]; then
    read -r -s -p "Password of '$admin_user' on $server: " admin_password; echo >&2
  fi
  local body answer status id
  body="{\"url\":$(json_string "$url"),\"user\":$(json_string "$user"),\"password\":$(json_string "$db_password"),\"dryRun\":$dry_run"
  [[ -z "$time_zone" ]] || body+=",\"timeZone\":$(json_string "$time_zone")"
  body+="}"
  answer=$(printf '%s' "$body" | curl -sS -K <(printf 'user = %s\n' "$(json_string "$admin_user:$admin_password")") \
    -H 'Content-Type: application/json' --data-binary @- -w '\n%{http_code}' "$server/api/imports/netarchivesuite") ||
    fail "import-netarchivesuite: cannot reach $server"
  status=${answer##*$'\n'}
  [[ "$status" == 202 ]] || fail "import-netarchivesuite: refused (HTTP $status): ${answer%$'\n'*}"
  id=$(grep -o '"id":[0-9]*' <<<"$answer" | head -n 1 | cut -d: -f2)
  say "Import $id started$([[ $dry_run == true ]] && echo ' (dry run)'); following $server/api/imports/netarchivesuite/$id"
  local state="RUNNING" last=""
  while [[ "$state" == RUNNING ]]; do
    sleep 2
    answer=$(curl -sS -K <(printf 'user = %s\n' "$(json_string "$admin_user:$admin_password")") "$server/api/imports/netarchivesuite/$id") ||
      fail "import-netarchivesuite: cannot reach $server"
    state=$(grep -o '"state":"[A-Z]*"' <<<"$answer" | head -n 1 | cut -d'"' -f4)
    local progress
    progress="$(grep -o '"phase":"[^"]*"' <<<"$answer" | cut -d'"' -f4), $(grep -o '"domainsDone":[0-9]*' <<<"$answer" | cut -d: -f2) of $(grep -o '"domainsTotal":[0-9]*' <<<"$answer" | cut -d: -f2) domains"
    local resumed
    resumed=$(grep -o '"resumed":[0-9]*' <<<"$answer" | head -n 1 | cut -d: -f2)
    if [[ -n "$resumed" && "$resumed" != 0 ]]; then
      progress+=" (resumed after a server stop: $(grep -o '"resumedFrom":"[^"]*"' <<<"$answer" | cut -d'"' -f4))"
    fi
    [[ "$progress" == "$last" ]] || say "  $progress"
    last=$progress
  done
  say "$answer"
  [[ "$state" == DONE ]] || fail "import-netarchivesuite: import $id ended $state"
}
