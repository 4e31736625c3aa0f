#!/usr/bin/env bash
# Makes the machine's own MariaDB answer at the default DATABASE_URL, mysql://root@127.0.0.1:3306
# (TCP, empty password): starts it if it is not running, then lets root in over TCP. A development
# setup, run as root by `npm run setup` only while DATABASE_URL is left at its default.
set -euo pipefail

export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"
DB_WAIT_SECONDS="${DB_WAIT_SECONDS:-60}"

die() {
  echo "local-mariadb: $*" >&2
  exit 1
}
[[ $(id -u) -eq 0 ]] || die "needs root"

db_admin() { "$(command -v mariadb-admin || command -v mysqladmin)" "$@"; }
db_client() { "$(command -v mariadb || command -v mysql)" "$@"; }
mysqld_option() { # mysqld_option NAME DEFAULT: the server's setting from the option files
  local value
  value=$(my_print_defaults --mysqld 2>/dev/null | sed -n "s/^--$1=//p" | tail -1 || true)
  echo "${value:-$2}"
}
# mysqladmin ping exits 0 whenever the server answers (even "access denied").
db_ping() { db_admin --connect-timeout=2 -uroot ping >/dev/null 2>&1; }
db_tcp_ok() { db_client --connect-timeout=2 -h127.0.0.1 -P3306 -uroot -e 'SELECT 1' >/dev/null 2>&1; }

start_server() {
  local server socket pidfile datadir waited=0
  local startlog="${TMPDIR:-/tmp}/mariadbd-start.log"
  server=$(command -v mariadbd || command -v mysqld || true)
  [[ -n $server ]] || die "MariaDB is not running and mariadbd is not installed (apt-get install mariadb-server)"
  # A machine booted with systemd keeps its MariaDB under systemd's care.
  if [[ -d /run/systemd/system ]] && systemctl start mariadb 2>/dev/null && db_ping; then
    return
  fi
  socket=$(mysqld_option socket /run/mysqld/mysqld.sock)
  pidfile=$(mysqld_option pid-file /run/mysqld/mysqld.pid)
  datadir=$(mysqld_option datadir /var/lib/mysql)
  install -d -o mysql -g mysql -m 0755 "$(dirname "$socket")" "$(dirname "$pidfile")"
  if [[ ! -d $datadir/mysql ]]; then
    # --force: go on when the host name does not resolve (grants then use IP addresses)
    mariadb-install-db --user=mysql --datadir="$datadir" --force >"$startlog" 2>&1 ||
      { cat "$startlog" >&2; die "mariadb-install-db failed"; }
  fi
  # --user=mysql: as root, mariadbd refuses to start unless told which user to become.
  # --pidfile: only a server that wrote the configured pid file counts as "already running"
  # (not any process whose executable is mariadbd, e.g. one in a chroot or container).
  start-stop-daemon --start --oknodo --background --pidfile "$pidfile" \
    --output "$startlog" --exec "$server" -- --user=mysql
  until [[ -S $socket ]] && db_ping; do
    if ((waited >= DB_WAIT_SECONDS)); then
      local errlog
      errlog=$(mysqld_option log-error /var/log/mysql/error.log)
      [[ $errlog == /* ]] || errlog="$datadir/$errlog"
      tail -n 30 "$startlog" "$errlog" >&2 2>/dev/null || true
      die "MariaDB did not answer on $socket within ${DB_WAIT_SECONDS}s after start"
    fi
    sleep 1
    waited=$((waited + 1))
  done
}

command -v mariadb-admin >/dev/null 2>&1 || command -v mysqladmin >/dev/null 2>&1 ||
  die "MariaDB client tools not found (apt-get install mariadb-server)"
db_ping || start_server
if ! db_tcp_ok; then
  # The default URL reaches the server as root@127.0.0.1 with skip-name-resolve (as on the CI
  # machines), else as root@localhost, which a stock Debian install lets in only through
  # unix_socket. Both accept an empty password; root@localhost keeps unix_socket as well.
  db_client -uroot -e "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY '';
    ALTER USER 'root'@'127.0.0.1' IDENTIFIED BY '';
    GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;
    ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password USING PASSWORD('') OR unix_socket;
    FLUSH PRIVILEGES;"
  db_tcp_ok || die "root still cannot connect to 127.0.0.1:3306 (is networking/port 3306 enabled?)"
fi
db_client -h127.0.0.1 -P3306 -uroot -N -e 'SELECT CONCAT("connected over TCP as ", CURRENT_USER(), " to ", VERSION())'
