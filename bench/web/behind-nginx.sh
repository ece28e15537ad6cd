#!/usr/bin/env bash
# The portal as deployed (docs/operations.md section 3): deploy/nginx/portal.conf in front of it, TLS and
# HTTP/2 ending at nginx, with a self-signed certificate. For measuring a browser's first load the
# way users get it (Lighthouse, bench/RESULTS.md section 2); not a test.
#
# Usage: bench/web/behind-nginx.sh PORTAL_PORT [TLS_PORT]   (default TLS port 8443; Ctrl-C stops)
#   then e.g. lighthouse https://127.0.0.1:8443/vip --chrome-flags="--headless=new --ignore-certificate-errors"
set -euo pipefail

portal_port=${1:?usage: bench/web/behind-nginx.sh PORTAL_PORT [TLS_PORT]}
tls_port=${2:-8443}
repo=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d /tmp/portal-nginx.XXXXXX)
nginx_pid=
cleanup() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
  -keyout "$dir/privkey.pem" -out "$dir/fullchain.pem" 2>/dev/null

# The shipped file without its port-80 redirect, pointed at this portal, this port and this certificate.
awk '/^server \{/ { block++ } block != 1 { print } /^\}/ && block == 1 { block++ }' "$repo/deploy/nginx/portal.conf" |
  sed -e "s|server 127.0.0.1:8080 |server 127.0.0.1:$portal_port |" \
    -e "s|listen 443 ssl http2;|listen 127.0.0.1:$tls_port ssl http2;|" -e '/listen \[::\]:443/d' \
    -e "s|/etc/ssl/portal/|$dir/|" >"$dir/portal.conf"

cat >"$dir/nginx.conf" <<EOF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log;
daemon off;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  include $dir/portal.conf;
}
EOF
echo "behind-nginx: https://127.0.0.1:$tls_port -> http://127.0.0.1:$portal_port (HTTP/2, self-signed)"
nginx -c "$dir/nginx.conf" -p "$dir" &
nginx_pid=$!
wait "$nginx_pid"
