# Sourced by both launchers' node roles (the distribution's lib/node.sh, the checkout's
# bin/lib/node.sh): the check of a node's replicas, and what a node of several replicas needs
# beyond configure-node.cli. See wildfly-config/README-NODES.md.
# shellcheck shell=bash

# Checks NAS_REPLICAS_LOCAL (the node's replicas) against NAS_REPLICAS (the central's), and
# NAS_NODE_NAME; uses the launcher's fail.
node_replicas_check() {
  [[ -z "${NAS_NODE_NAME:-}" || "$NAS_NODE_NAME" =~ ^[A-Z][A-Z0-9]{0,11}$ ]] \
    || fail "NAS_NODE_NAME names this node among the nodes of its replicas: an upper-case letter, then up to 11 upper-case letters or digits (e.g. N2), not '$NAS_NODE_NAME'"
  local replicas=${NAS_REPLICAS_LOCAL:-} replica
  [[ "$replicas" =~ ^[A-Z][A-Z0-9]*(,[A-Z][A-Z0-9]*)*$ ]] \
    || fail "a bitarchive node holds one or more replicas: NAS_REPLICAS_LOCAL must name them (e.g. TWO or TWO,THREE), not '$replicas'"
  [[ -n "${NAS_REPLICAS:-}" ]] || fail "a bitarchive node needs the central's replica list in NAS_REPLICAS (e.g. ONE,TWO)"
  for replica in ${replicas//,/ }; do
    [[ ",$NAS_REPLICAS," == *",$replica,"* ]] || fail "NAS_REPLICAS_LOCAL names $replica, which is none of NAS_REPLICAS=$NAS_REPLICAS"
  done
}

# The queue of the requests to the node of replica $2 in environment $1: its own queue when the
# node is one of several of the replica (NAS_NODE_NAME, which the central's
# NAS_BITARCHIVE_<R>_NODES lists).
node_requests_queue() {
  printf '%s_%s_NODE_REQUESTS%s' "$1" "$2" "${NAS_NODE_NAME:+_$NAS_NODE_NAME}"
}

# The properties configure-node.cli reads, for environment $1 and the node's replicas $2 (as in
# NAS_REPLICAS_LOCAL).
node_properties() {
  local first=${2%%,*}
  printf 'nas.environment=%s\nnas.node.replica=%s\nnas.node.replicas=%s\nnas.node.requests=%s\nnas.node.id=%s\nnas.node.name=%s\n' \
    "$1" "$first" "$2" "$(node_requests_queue "$1" "$first")" "${NAS_NODE_NAME:-$first}" "${NAS_NODE_NAME:-}"
}

# Writes into directory $2 what a node of the replicas $3... needs beyond configure-node.cli (which
# binds the first replica's queues where the WAR's annotated MDBs consume them): node-replicas.cli,
# which binds each further replica's upload queue and request queue on the central's broker under
# java:/jms/netarchive/node/<R>/, and WEB-INF/ejb-jar.xml for a deployment overlay of
# netarchive-node.war declaring an upload and a request consumer of each further replica (the same
# classes under other names). $1 is the environment. With one replica it writes nothing.
node_replicas_config() {
  local environment=$1 dir=$2 replica
  shift 2
  shift # the first replica is configure-node.cli's
  [[ $# -gt 0 ]] || return 0
  mkdir -p "$dir"
  {
    printf '<?xml version="1.0" encoding="UTF-8"?>\n'
    printf '<!-- Made by bin/lib/node.sh: the consumers of the node replicas after the first. -->\n'
    printf '<ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">\n  <enterprise-beans>\n'
    for replica in "$@"; do
      node_consumer BitarchiveUploadConsumer "$replica" UPLOADS
      node_consumer NodeRequestConsumer "$replica" REQUESTS
    done
    printf '  </enterprise-beans>\n</ejb-jar>\n'
  } >"$dir/ejb-jar.xml"
  {
    printf 'embed-server --std-out=discard --server-config=standalone.xml\nbatch\n'
    for replica in "$@"; do
      printf '/subsystem=messaging-activemq/external-jms-queue=%s_%s_ANY_BA:add(entries=[java:/jms/netarchive/node/%s/UPLOADS])\n' \
        "$environment" "$replica" "$replica"
      printf '/subsystem=messaging-activemq/external-jms-queue=%s:add(entries=[java:/jms/netarchive/node/%s/REQUESTS])\n' \
        "$(node_requests_queue "$environment" "$replica")" "$replica"
    done
    printf 'run-batch\n'
    printf 'deployment-overlay add --name=netarchive-node-replicas --content=WEB-INF/ejb-jar.xml=%s --deployments=netarchive-node.war\n' \
      "$dir/ejb-jar.xml"
    printf 'stop-embedded-server\n'
  } >"$dir/node-replicas.cli"
}

node_consumer() { # one MDB of node_replicas_config: class $1 on replica $2's queue $3
  printf '    <message-driven>\n      <ejb-name>%s-%s</ejb-name>\n' "$1" "$2"
  printf '      <ejb-class>org.netarchive.ee.archive.interfaces.jms.%s</ejb-class>\n' "$1"
  printf '      <activation-config>\n'
  local properties=(destinationLookup "java:/jms/netarchive/node/$2/$3" destinationType jakarta.jms.Queue maxSession 8)
  # as BitarchiveUploadConsumer's annotation: a download may take longer than the default timeout
  [[ $3 == UPLOADS ]] && properties+=(transactionTimeout 21600)
  printf '        <activation-config-property><activation-config-property-name>%s</activation-config-property-name><activation-config-property-value>%s</activation-config-property-value></activation-config-property>\n' \
    "${properties[@]}"
  printf '      </activation-config>\n    </message-driven>\n'
}
