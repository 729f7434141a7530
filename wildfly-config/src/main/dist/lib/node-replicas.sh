# Sourced by the launchers (the distribution's bin/netarchive-server, the checkout's
# bin/lib/node.sh) and run by MultiHostIT's and ThreeReplicasIT's nodes: what a bitarchive node of
# several replicas needs beyond configure-node.cli. See wildfly-config/README-NODES.md.
# shellcheck shell=bash

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
      printf '/subsystem=messaging-activemq/external-jms-queue=%s_%s_NODE_REQUESTS:add(entries=[java:/jms/netarchive/node/%s/REQUESTS])\n' \
        "$environment" "$replica" "$replica"
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
  printf '        <activation-config-property><activation-config-property-name>%s</activation-config-property-name><activation-config-property-value>%s</activation-config-property-value></activation-config-property>\n' \
    destinationLookup "java:/jms/netarchive/node/$2/$3" destinationType jakarta.jms.Queue maxSession 8
  printf '      </activation-config>\n    </message-driven>\n'
}
