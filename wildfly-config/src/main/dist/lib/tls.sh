# Sourced by the launchers (bin/netarchive-server of the distribution, wildfly-config/bin/netarchive
# of a checkout): TLS for HTTP and the agents' broker port (NAS_TLS=on). Uses the caller's say and
# fail.
# shellcheck shell=bash
#
# Settings:
#   NAS_TLS                      on or off (default off)
#   NAS_TLS_KEYSTORE             the institution's PKCS#12 key store (key and certificate chain of
#                                the server); empty: a key store generated at the first start
#   NAS_TLS_KEYSTORE_PASSWORD    its password (required with NAS_TLS_KEYSTORE)
#   NAS_TLS_HOSTNAMES            names and addresses the generated certificate is for, separated
#                                by commas (default: this machine's name; localhost, 127.0.0.1
#                                and the bind address are always added)
#   NAS_TLS_CA                   with NAS_TLS_KEYSTORE: a PEM file of the CA that signed it, when
#                                the Java runtime does not trust it already
# With NAS_TLS_KEYSTORE, NAS_ARCHIVE_TRANSFERS_URI must name the server as its certificate does;
# with a generated one it defaults to https://<bind address or 127.0.0.1>:<HTTPS port>/api/transfers.
# Generated (secrets directory, owner-only): tls/ca.p12 (the installation's CA and its key),
# tls/ca.pem (its certificate: what agents and browsers trust), tls/server.p12 (the server's key
# and certificate, signed by the CA), tls-keystore-password (the password of both key stores);
# and, in either case, tls/truststore.p12 (the server JVM's trusted authorities, public).

TLS_ON=""

tls_settings() { # validates NAS_TLS*; sets TLS_ON
  case "${NAS_TLS:-off}" in
    on) TLS_ON=1 ;;
    off) TLS_ON="" ;;
    *) fail "NAS_TLS must be on or off, not '${NAS_TLS}'" ;;
  esac
  # (the generated key store, as the launcher passes it on to the server it starts, is not one)
  if [[ -n "${NAS_TLS_KEYSTORE:-}" && "$NAS_TLS_KEYSTORE" != "${NAS_SECRETS_DIR:-}/tls/server.p12" ]]; then
    [[ -n "$TLS_ON" ]] || fail "NAS_TLS_KEYSTORE is set but NAS_TLS is not on: set NAS_TLS=on to use it"
    [[ "$NAS_TLS_KEYSTORE" == /* ]] || fail "NAS_TLS_KEYSTORE must be an absolute path, not '$NAS_TLS_KEYSTORE'"
    [[ -n "${NAS_TLS_KEYSTORE_PASSWORD:-}" ]] || fail "NAS_TLS_KEYSTORE ($NAS_TLS_KEYSTORE) needs NAS_TLS_KEYSTORE_PASSWORD"
    [[ -n "${NAS_ARCHIVE_TRANSFERS_URI:-}" ]] || fail "NAS_TLS_KEYSTORE needs NAS_ARCHIVE_TRANSFERS_URI=https://<a host name its certificate names>:<HTTPS port>/api/transfers (the bitarchives fetch the agents' uploads there)"
  fi
  if [[ -n "${NAS_TLS_CA:-}" ]]; then
    [[ -n "$TLS_ON" ]] || fail "NAS_TLS_CA is set but NAS_TLS is not on"
    [[ "$NAS_TLS_CA" == /* && -r "$NAS_TLS_CA" ]] || fail "NAS_TLS_CA must be a readable PEM file, absolute path, not '$NAS_TLS_CA'"
  fi
  if [[ -n "$TLS_ON" && -z "${NAS_TLS_KEYSTORE:-}" ]]; then
    # The generated certificate names this address (tls_hostnames).
    local host=${BIND_ADDRESS:-127.0.0.1}
    case "$host" in 0.0.0.0 | :: | '[::]') host=127.0.0.1 ;; esac
    [[ "$host" == *:* ]] && host="[$host]"
    export NAS_ARCHIVE_TRANSFERS_URI=${NAS_ARCHIVE_TRANSFERS_URI:-https://$host:${HTTPS_PORT:-8443}/api/transfers}
  fi
  return 0
}

tls_keytool() { # keytool of the selected Java, the store password from TLS_STOREPASS (never argv)
  "$JAVA_HOME/bin/keytool" "$@"
}

tls_hostnames() { # the generated certificate's subject alternative names, keytool's san= form
  local names=${NAS_TLS_HOSTNAMES:-} name san="" host list
  if [[ -z "$names" ]]; then
    host=$(hostname -f 2>/dev/null || hostname 2>/dev/null || true)
    [[ "$host" == localhost ]] && host=""
    names=$host
  fi
  # Always this machine's loopback names and the bind address: the server's own bitarchives fetch
  # the uploads from there (NAS_ARCHIVE_TRANSFERS_URI), over HTTPS too.
  names+=",localhost,127.0.0.1"
  case "${BIND_ADDRESS:-127.0.0.1}" in 0.0.0.0 | :: | '[::]' | 127.0.0.1) ;; *) names+=",$BIND_ADDRESS" ;; esac
  IFS=',' read -r -a list <<<"$names"
  for name in "${list[@]}"; do
    name=${name// /}
    [[ -n "$name" ]] || continue
    [[ "$name" =~ ^[A-Za-z0-9.:_*-]+$ ]] || fail "NAS_TLS_HOSTNAMES: '$name' is not a host name or address"
    if [[ "$name" =~ ^[0-9.]+$ || "$name" == *:* ]]; then
      name="ip:$name"
    else
      name="dns:$name"
    fi
    [[ ",$san," == *",$name,"* ]] || san+="${san:+,}$name"
  done
  printf '%s\n' "$san"
}

# The server JVM's trust store (public, no password): the Java runtime's authorities and the
# installation's CA ($2, PEM; or NAS_TLS_CA with the institution's key store), so that the server's
# own HTTPS clients (the bitarchives fetching uploads from NAS_ARCHIVE_TRANSFERS_URI) trust the
# server. Made again when the CA or the Java runtime's authorities are newer.
tls_truststore() { # $1 = secrets directory, $2 = the CA's PEM file (may be empty)
  local store="$1/tls/truststore.p12" cacerts="$JAVA_HOME/lib/security/cacerts" new
  local plain=(-J-Dkeystore.pkcs12.certProtectionAlgorithm=NONE -J-Dkeystore.pkcs12.macAlgorithm=NONE)
  if [[ -f "$store" && ! "$cacerts" -nt "$store" && ( -z "$2" || ! "$2" -nt "$store" ) ]]; then
    return 0
  fi
  (umask 077 && mkdir -p "$1/tls")
  new=$(mktemp "$1/tls/.truststore.XXXXXX")
  rm -f "$new"
  {
    tls_keytool "${plain[@]}" -importkeystore -noprompt -srckeystore "$cacerts" -srcstorepass changeit \
      -destkeystore "$new" -deststoretype PKCS12 -deststorepass changeit &&
      if [[ -n "$2" ]]; then
        tls_keytool "${plain[@]}" -importcert -noprompt -alias netarchive-ca -file "$2" \
          -keystore "$new" -storetype PKCS12 -storepass changeit
      fi
  } >/dev/null 2>&1 || { rm -f "$new"; fail "TLS: keytool could not make the server's trust store $store (from $cacerts${2:+ and $2})"; }
  chmod 644 "$new"
  mv "$new" "$store"
}

# The installation's CA and the server's certificate, made once (first start with TLS on) in the
# secrets directory $1; a server.p12 that is there already is kept (delete it, and only it, for a
# new server certificate from the same CA, e.g. for other host names).
tls_generate() { # $1 = secrets directory
  local dir="$1/tls" password_file="$1/tls-keystore-password" san
  (umask 077 && mkdir -p "$dir")
  if [[ ! -f "$password_file" ]]; then
    (umask 077 && head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' >"$password_file")
  fi
  export TLS_STOREPASS
  TLS_STOREPASS=$(cat "$password_file")
  if [[ ! -f "$dir/ca.p12" ]]; then
    say "TLS: generating the installation's CA ($dir/ca.p12, certificate $dir/ca.pem)..."
    rm -f "$dir/ca.pem" "$dir/server.p12"
    (umask 077 && tls_keytool -genkeypair -alias ca -keyalg EC -groupname secp384r1 \
      -dname "CN=Netarchive EE installation CA $(hostname 2>/dev/null || echo host) $(date -u +%Y%m%d)" \
      -ext bc:c -ext ku:c=keyCertSign,cRLSign -validity 3650 \
      -keystore "$dir/ca.p12" -storetype PKCS12 -storepass:env TLS_STOREPASS) >/dev/null 2>&1 \
      || fail "TLS: keytool could not make the CA in $dir/ca.p12"
  fi
  if [[ ! -f "$dir/ca.pem" ]]; then
    tls_keytool -exportcert -rfc -alias ca -keystore "$dir/ca.p12" -storepass:env TLS_STOREPASS \
      -file "$dir/ca.pem" >/dev/null 2>&1 || fail "TLS: cannot read the CA of $dir/ca.p12 with $password_file"
    chmod 644 "$dir/ca.pem"
  fi
  if [[ ! -f "$dir/server.p12" ]]; then
    san=$(tls_hostnames)
    local first=${san%%,*}
    say "TLS: generating the server's certificate ($dir/server.p12) for ${san//,/, }"
    local work
    work=$(mktemp -d "$dir/.new.XXXXXX")
    (
      umask 077
      tls_keytool -genkeypair -alias server -keyalg EC -groupname secp256r1 \
        -dname "CN=${first#*:}" -keystore "$work/server.p12" -storetype PKCS12 \
        -storepass:env TLS_STOREPASS &&
        tls_keytool -certreq -alias server -keystore "$work/server.p12" -storepass:env TLS_STOREPASS \
          -file "$work/server.csr" &&
        tls_keytool -gencert -alias ca -keystore "$dir/ca.p12" -storepass:env TLS_STOREPASS \
          -infile "$work/server.csr" -outfile "$work/server.pem" -rfc -validity 825 \
          -ext "san=$san" -ext ku:c=digitalSignature,keyEncipherment -ext eku=serverAuth &&
        tls_keytool -importcert -noprompt -alias ca -file "$dir/ca.pem" \
          -keystore "$work/server.p12" -storepass:env TLS_STOREPASS &&
        tls_keytool -importcert -alias server -file "$work/server.pem" \
          -keystore "$work/server.p12" -storepass:env TLS_STOREPASS
    ) >"$work/keytool.log" 2>&1 || {
      cat "$work/keytool.log" >&2
      rm -rf "$work"
      fail "TLS: keytool could not make the server's certificate"
    }
    mv "$work/server.p12" "$dir/server.p12"
    rm -rf "$work"
  fi
  unset TLS_STOREPASS
  export NAS_TLS_KEYSTORE="$dir/server.p12"
  NAS_TLS_KEYSTORE_PASSWORD=$(cat "$password_file")
  export NAS_TLS_KEYSTORE_PASSWORD
}

# The institution's key store: it must open with its password and hold a key (the server's).
tls_check_keystore() {
  [[ -r "$NAS_TLS_KEYSTORE" ]] || fail "NAS_TLS_KEYSTORE $NAS_TLS_KEYSTORE is not a readable file (user $(id -un))"
  local listing
  export TLS_STOREPASS=$NAS_TLS_KEYSTORE_PASSWORD
  if ! listing=$(tls_keytool -list -keystore "$NAS_TLS_KEYSTORE" -storetype PKCS12 -storepass:env TLS_STOREPASS 2>&1); then
    unset TLS_STOREPASS
    fail "NAS_TLS_KEYSTORE $NAS_TLS_KEYSTORE cannot be opened as PKCS#12 with NAS_TLS_KEYSTORE_PASSWORD: $(printf '%s\n' "$listing" | grep -m 1 -i 'error' || printf '%s\n' "$listing" | head -n 1)"
  fi
  unset TLS_STOREPASS
  grep -q 'PrivateKeyEntry' <<<"$listing" \
    || fail "NAS_TLS_KEYSTORE $NAS_TLS_KEYSTORE holds no private key: it needs the server's key and certificate chain"
  export NAS_TLS_KEYSTORE NAS_TLS_KEYSTORE_PASSWORD
}

# Brings the configuration under the base directory $2 to the TLS state asked for (tls-on.cli or
# tls-off.cli of $3, on the embedded server of WildFly $1) when it is in the other one; the key store
# (generated in the secrets directory $4, or the institution's) is ready before.
tls_prepare() { # $1 = WildFly home, $2 = server base directory, $3 = CLI directory, $4 = secrets directory
  local xml="$2/configuration/standalone.xml" has="" script=""
  grep -q '<https-listener name="default"' "$xml" && has=1
  if [[ -n "$TLS_ON" ]]; then
    if [[ -n "${NAS_TLS_KEYSTORE:-}" && "$NAS_TLS_KEYSTORE" != "$4/tls/server.p12" ]]; then
      tls_check_keystore
      tls_truststore "$4" "${NAS_TLS_CA:-}"
    else
      tls_generate "$4"
      tls_truststore "$4" "$4/tls/ca.pem"
    fi
    [[ -n "$has" ]] || script=tls-on.cli
  else
    [[ -z "$has" ]] || script=tls-off.cli
  fi
  [[ -n "$script" ]] || return 0
  say "TLS: turning it $([[ -n "$TLS_ON" ]] && echo on || echo off) in the server's configuration ($script)..."
  if ! JBOSS_HOME="$1" JAVA_OPTS="-Djboss.server.base.dir=$2" "$1/bin/jboss-cli.sh" --file="$3/$script" \
    >"$2/log/tls-cli.log" 2>&1; then
    grep -v '^WARNING' "$2/log/tls-cli.log" | tail -n 5 >&2
    fail "TLS: the server's configuration could not be changed ($script); the whole output is in $2/log/tls-cli.log"
  fi
}

tls_java_options() { # the server's system properties for TLS: its trust store ($1 = secrets directory)
  [[ -n "$TLS_ON" ]] || return 0
  printf '%s\n' "-Djavax.net.ssl.trustStore=$1/tls/truststore.p12" "-Djavax.net.ssl.trustStoreType=PKCS12"
}
