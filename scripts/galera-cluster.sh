#!/usr/bin/env bash
# A local 3-node MariaDB Galera cluster on one machine, for the cluster test and for operators
# who want to try the service on a multi-primary cluster before running one for real.
#
#   scripts/galera-cluster.sh start          initialise (first time) and start nodes 1, 2, 3
#   scripts/galera-cluster.sh stop           stop every node (SIGTERM, then wait)
#   scripts/galera-cluster.sh kill-node N    SIGKILL node N (a crash: no clean shutdown)
#   scripts/galera-cluster.sh start-node N   start node N again: recovers its position with
#                                            galera_recovery, then rejoins by IST
#   scripts/galera-cluster.sh status         one line per node: port, pid, state
#   scripts/galera-cluster.sh destroy        stop, then delete the cluster directory
#
# Node N listens on 127.0.0.1:331N for clients (group communication, IST and SST ports: see
# below); root has an empty password (a test cluster, not a production one). Everything lives under GALERA_DIR
# (default /tmp/invoicing-galera): datadirs, option files, sockets, logs. Nothing here touches
# a MariaDB running on 3306. Needs mariadb-server, galera-4 and rsync (Debian packages).
set -euo pipefail

export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"
GALERA_DIR="${GALERA_DIR:-/tmp/invoicing-galera}"
NODES=(1 2 3)
PROVIDER="${GALERA_PROVIDER:-/usr/lib/galera/libgalera_smm.so}"
START_WAIT_SECONDS="${GALERA_START_WAIT_SECONDS:-120}"

# Ports of node N: clients 331N, group communication 2451N, IST 2452N, SST (rsync) 2453N.
client_port() { echo $((3310 + $1)); }
gcomm_port() { echo $((24510 + $1)); }
ist_port() { echo $((24520 + $1)); }
sst_port() { echo $((24530 + $1)); }

die() {
  echo "galera-cluster: $*" >&2
  exit 1
}
node_dir() { echo "$GALERA_DIR/node$1"; }
cnf() { echo "$GALERA_DIR/node$1.cnf"; }
pid_file() { echo "$GALERA_DIR/node$1.pid"; }
log_file() { echo "$GALERA_DIR/node$1.err"; }
socket() { echo "$GALERA_DIR/node$1.sock"; }

server_bin() { command -v mariadbd || command -v mysqld || die "mariadbd not found (apt-get install mariadb-server)"; }
client_bin() { command -v mariadb || command -v mysql; }

# As root the server must be told which user to become; it runs as mysql, which owns the files.
run_as_user() { if [[ $(id -u) -eq 0 ]]; then echo mysql; else id -un; fi; }

node_pid() { # the pid of a live node, or nothing
  local f
  f=$(pid_file "$1")
  [[ -s $f ]] && kill -0 "$(cat "$f")" 2>/dev/null && cat "$f" || true
}

sql() { # sql N STATEMENT: runs one statement on node N, tab-separated output without headers
  "$(client_bin)" --protocol=tcp -h127.0.0.1 -P"$(client_port "$1")" -uroot -N -B --connect-timeout=2 -e "$2"
}

status_var() { sql "$1" "SHOW GLOBAL STATUS LIKE '$2'" 2>/dev/null | cut -f2; }

write_cnf() {
  local n=$1 peers=() p
  for p in "${NODES[@]}"; do peers+=("127.0.0.1:$(gcomm_port "$p")"); done
  cat >"$(cnf "$n")" <<EOF
[mysqld]
user=$(run_as_user)
datadir=$(node_dir "$n")
socket=$(socket "$n")
pid-file=$(pid_file "$n")
log-error=$(log_file "$n")
bind-address=127.0.0.1
port=$(client_port "$n")
skip-name-resolve
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
# Small footprint: three servers share one machine with the services under test.
innodb_buffer_pool_size=64M
innodb_log_file_size=32M
performance_schema=OFF
# What Galera requires of every node.
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
innodb_flush_log_at_trx_commit=2
wsrep_on=ON
wsrep_provider=$PROVIDER
wsrep_cluster_name=invoicing_local
wsrep_cluster_address=gcomm://$(IFS=,; echo "${peers[*]}")
wsrep_node_name=node$n
wsrep_node_address=127.0.0.1:$(gcomm_port "$n")
wsrep_sst_method=rsync
wsrep_sst_receive_address=127.0.0.1:$(sst_port "$n")
# A crashed node is suspected after 2 s and evicted after 4 s, so the cluster's write stall
# after a crash stays short (the defaults are 5 s and 15 s, meant for real networks).
wsrep_provider_options="ist.recv_addr=127.0.0.1:$(ist_port "$n");gcache.size=128M;evs.suspect_timeout=PT2S;evs.inactive_timeout=PT4S;evs.inactive_check_period=PT0.5S;evs.keepalive_period=PT0.5S"
EOF
}

wait_synced() { # wait_synced N PID: until node N answers and reports itself Synced and ready
  local n=$1 pid=$2 waited=0
  until [[ $(status_var "$n" wsrep_local_state_comment) == Synced && $(status_var "$n" wsrep_ready) == ON ]]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 40 "$(log_file "$n")" >&2 || true
      die "node $n exited while starting (log above: $(log_file "$n"))"
    fi
    if ((waited >= START_WAIT_SECONDS * 2)); then
      tail -n 40 "$(log_file "$n")" >&2 || true
      die "node $n not Synced within ${START_WAIT_SECONDS}s (log above)"
    fi
    sleep 0.5
    waited=$((waited + 1))
  done
}

launch() { # launch N [extra server options...]
  local n=$1
  shift
  [[ -z $(node_pid "$n") ]] || { echo "node $n already running (pid $(node_pid "$n"))"; return 0; }
  write_cnf "$n"
  # --defaults-file must come first: only that file is read (not /etc/mysql), so the system's
  # own server settings never leak into the cluster.
  "$(server_bin)" --defaults-file="$(cnf "$n")" "$@" </dev/null >>"$(log_file "$n")" 2>&1 &
  local pid=$!
  disown || true
  wait_synced "$n" "$pid"
  echo "node $n Synced on 127.0.0.1:$(client_port "$n") (pid $(node_pid "$n"))"
}

prepare_dir() {
  mkdir -p "$GALERA_DIR"
  [[ $(id -u) -ne 0 ]] || chown mysql:mysql "$GALERA_DIR"
}

start_cluster() {
  local n
  prepare_dir
  if [[ -z $(node_pid 1) ]]; then
    [[ -z $(node_pid 2)$(node_pid 3) ]] || die "node 1 is down while others run: use start-node 1"
    if [[ ! -d $(node_dir 1)/mysql ]]; then
      write_cnf 1
      mariadb-install-db --defaults-file="$(cnf 1)" --auth-root-authentication-method=normal \
        --skip-test-db >"$GALERA_DIR/install-db.log" 2>&1 ||
        { cat "$GALERA_DIR/install-db.log" >&2; die "mariadb-install-db failed"; }
    fi
    # Galera lets only the most advanced node bootstrap. `stop` stops node 1 last, so node 1 is
    # that node; after a crash of the whole cluster it is the best guess a test cluster needs.
    if [[ -f $(node_dir 1)/grastate.dat ]]; then
      sed -i 's/^safe_to_bootstrap: 0/safe_to_bootstrap: 1/' "$(node_dir 1)/grastate.dat"
    fi
    launch 1 --wsrep-new-cluster $(recovered_position 1)
    sql 1 "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY '';
      GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;"
  fi
  for n in "${NODES[@]:1}"; do
    mkdir -p "$(node_dir "$n")"
    [[ $(id -u) -ne 0 ]] || chown mysql:mysql "$(node_dir "$n")"
    # An empty datadir joins by SST (rsync copy of node 1); a known one by IST where it can.
    launch "$n" $(recovered_position "$n")
  done
}

# The --wsrep_start_position a node crashed at, read from its InnoDB (galera_recovery), so the
# node rejoins by IST instead of copying everything again. Nothing for a fresh datadir.
recovered_position() {
  local n=$1
  [[ -f $(node_dir "$n")/grastate.dat ]] || return 0
  grep -q '^seqno: *-1' "$(node_dir "$n")/grastate.dat" || return 0
  if [[ $(id -u) -eq 0 ]]; then
    galera_recovery --defaults-file="$(cnf "$n")" 2>>"$(log_file "$n")" || true
  else
    # galera_recovery insists on --user=mysql, which only root may ask for.
    "$(server_bin)" --defaults-file="$(cnf "$n")" --wsrep_recover --disable-log-error 2>&1 |
      sed -n 's/.*WSREP: Recovered position: *\(.*\)$/--wsrep_start_position=\1/p' | tail -1
  fi
}

stop_node() {
  local n=$1 pid waited=0
  pid=$(node_pid "$n")
  [[ -n $pid ]] || return 0
  kill -TERM "$pid"
  while kill -0 "$pid" 2>/dev/null; do
    ((waited < 600)) || { kill -KILL "$pid" 2>/dev/null || true; break; }
    sleep 0.1
    waited=$((waited + 1))
  done
  echo "node $n stopped"
}

kill_node() {
  local n=$1 pid
  pid=$(node_pid "$n")
  [[ -n $pid ]] || die "node $n is not running"
  kill -KILL "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  echo "node $n killed (pid $pid)"
}

start_node() {
  local n=$1
  [[ -f $(cnf "$n") ]] || die "node $n was never started: run start first"
  launch "$n" $(recovered_position "$n")
}

status() {
  local n pid
  for n in "${NODES[@]}"; do
    pid=$(node_pid "$n")
    if [[ -z $pid ]]; then
      echo "node $n  127.0.0.1:$(client_port "$n")  down"
    else
      echo "node $n  127.0.0.1:$(client_port "$n")  pid $pid  $(status_var "$n" wsrep_local_state_comment || echo '?')" \
        "cluster size $(status_var "$n" wsrep_cluster_size || echo '?')"
    fi
  done
}

node_arg() {
  [[ ${1:-} =~ ^[123]$ ]] || die "expected a node number 1, 2 or 3"
  echo "$1"
}

case "${1:-}" in
  start) start_cluster ;;
  stop) for n in 3 2 1; do stop_node "$n"; done ;;
  kill-node) kill_node "$(node_arg "${2:-}")" ;;
  start-node) start_node "$(node_arg "${2:-}")" ;;
  status) status ;;
  destroy)
    for n in 3 2 1; do stop_node "$n"; done
    rm -rf "$GALERA_DIR"
    ;;
  *) die "usage: $0 start|stop|kill-node N|start-node N|status|destroy" ;;
esac
