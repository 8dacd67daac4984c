# Debian packages the tests need. As root on Debian they are installed when missing;
# elsewhere the run stops and says what to install or which variable to set.

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export CHROMIUM_PATH

can_apt_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

apt_install() {
  if [ -z "${APT_UPDATED:-}" ]; then
    apt-get update -qq
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_chromium() {
  [ -x "$CHROMIUM_PATH" ] && return 0
  if can_apt_install; then
    echo "Installing Debian's chromium for the browser tests..."
    apt_install chromium fonts-noto-core fonts-dejavu-core
    CHROMIUM_PATH=/usr/bin/chromium
    return 0
  fi
  echo "Chromium not found at $CHROMIUM_PATH. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
  exit 1
}

find_pg_bin() {
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

ensure_postgres_binaries() {
  [ -n "${TEST_DATABASE_URL:-}" ] && return 0
  find_pg_bin >/dev/null && return 0
  if can_apt_install; then
    echo "Installing Debian's postgresql for the API tests..."
    apt_install postgresql
    return 0
  fi
  echo "PostgreSQL server binaries (initdb, pg_ctl) not found. Install them (Debian: apt-get install postgresql) or set TEST_DATABASE_URL to a server where the tests may create databases." >&2
  exit 1
}
