#!/bin/sh
# Renders the SVC nginx template (this directory) into a directory nginx can use:
#   deploy/nginx/render-config.sh --out /etc/nginx/svc --listen 80 \
#     --data-dir /var/lib/svc --replica 10.0.0.11:8080 --replica 10.0.0.12:8080
# A replica on this machine listening on a Unix socket (SVC_SOCKET): --replica unix:PATH.
# Then either `include /etc/nginx/svc/svc.conf;` in Debian's nginx (http block), or run an
# nginx of its own: `nginx -p /etc/nginx/svc -c /etc/nginx/svc/nginx.conf` (docs/deploy.md).
# Options: --access-log PATH|off (nginx.conf only; default logs/access.log), --brotli
# on|off|auto (auto: on when Debian's libnginx-mod-http-brotli-filter is installed).
set -eu

here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
out= listen= data_dir= replicas= access_log=logs/access.log brotli=auto
brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so

fail() { echo "render-config.sh: $*" >&2; exit 2; }
# Values go into sed replacements and nginx directives: refuse what would break either.
check() { case $2 in *[!A-Za-z0-9._:/\[\]-]*|'') fail "$1: unexpected value \"$2\"";; esac; }

while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || fail "$1 needs a value"
  case $1 in
    --out) out=$2 ;;
    --listen) check "$1" "$2"; listen=$2 ;;
    --data-dir) check "$1" "$2"; data_dir=${2%/} ;;
    --replica) check "$1" "$2"
      replicas="$replicas server $2 max_fails=1 fail_timeout=5s;" ;;
    --access-log) check "$1" "$2"; access_log=$2 ;;
    --brotli) brotli=$2 ;;
    *) fail "unknown option $1" ;;
  esac
  shift 2
done
[ -n "$out" ] && [ -n "$listen" ] && [ -n "$data_dir" ] && [ -n "$replicas" ] ||
  fail "needs --out, --listen, --data-dir and at least one --replica"
case $brotli in
  auto) if [ -f "$brotli_module" ]; then brotli=on; else brotli=off; fi ;;
  on|off) ;;
  *) fail "--brotli: expected on, off or auto" ;;
esac

mkdir -p "$out/logs" "$out/temp"
out=$(CDPATH= cd -- "$out" && pwd)
check --out "$out"
for file in nginx.conf svc.conf svc-maps.conf svc-static.conf svc-file-headers.conf \
  svc-proxy.conf svc-unavailable.conf svc-compression.conf; do
  if [ "$brotli" = on ]; then enable='s/^\([[:space:]]*\)#brotli /\1/'; else enable=''; fi
  sed -e "s|@SVC_LISTEN@|$listen|g" -e "s|@SVC_DATA_DIR@|$data_dir|g" \
    -e "s|@SVC_REPLICAS@|$replicas|g" -e "s|@SVC_CONF_DIR@|$out|g" \
    -e "s|@SVC_ACCESS_LOG@|$access_log|g" ${enable:+-e "$enable"} \
    "$here/$file" >"$out/$file"
done
echo "$out"
