# Starts a PostgreSQL cluster for one test run on 127.0.0.1, in a temporary directory,
# and exports TEST_DATABASE_URL. PostgreSQL refuses to run as root, so as root the
# cluster runs as the `postgres` user.

start_throwaway_postgres() {
  local bin port
  bin="$(find_pg_bin)"
  PG_TMP="$(mktemp -d /tmp/storefront-pg.XXXXXX)"
  port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  local as=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$PG_TMP"
    as=(runuser -u postgres --)
  fi
  "${as[@]}" "$bin/initdb" -D "$PG_TMP/data" -A trust -U shop -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
  "${as[@]}" "$bin/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/log" -w \
    -o "-p $port -k $PG_TMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
  PG_BIN="$bin"
  PG_AS=("${as[@]}")
  export TEST_DATABASE_URL="postgresql://shop@127.0.0.1:$port/postgres"
  echo "Throwaway PostgreSQL on 127.0.0.1:$port"
}

stop_throwaway_postgres() {
  [ -n "${PG_TMP:-}" ] || return 0
  "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_TMP"
}
