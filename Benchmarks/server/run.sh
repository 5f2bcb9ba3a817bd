#!/usr/bin/env bash
# Server benchmark: `hybrid serve` against a minimal libsoup handler answering the file from memory (the ceiling of
# this design), nginx with one worker and `python3 -m http.server`, all in the same run, on loopback, with wrk.
# A 1 KB HTML file at 10 and 256 connections; prints req/s, p50/p99 latency, errors and ratios as a Markdown table.
#
# Usage: Benchmarks/server/run.sh            (DURATION=5 seconds per run by default; THREADS=2 wrk threads)
# Installs wrk, nginx-light and python3 from Debian with apt when they are missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
duration=${DURATION:-5}
threads=${THREADS:-2}
base_port=${BASE_PORT:-18480}
source "$repo/Benchmarks/lib/wrk.sh"

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v python3 >/dev/null || need+=(python3)
bench_install ${need[@]+"${need[@]}"}
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
python_bin=/usr/bin/python3; [ -x "$python_bin" ] || python_bin=$(command -v python3)

echo "bench: building release binaries" >&2
swift build -c release --product hybrid >&2
swift build -c release --package-path Benchmarks --product MinimalSoupServer >&2
hybrid="$repo/.build/release/hybrid"
minimal="$repo/Benchmarks/.build/release/MinimalSoupServer"

work=$(mktemp -d)
chmod 755 "$work"   # nginx workers run as www-data
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A 1 KB HTML page.
mkdir -p "$work/site"
page=$'<!doctype html>\n<html><head><meta charset="utf-8"><title>bench</title></head><body>\n'
for i in $(seq 1 40); do page+="<p>line $i of the benchmark page.</p>"$'\n'; done
printf '%s' "${page:0:1008}" > "$work/site/index.html"
printf '\n</body></html>\n' >> "$work/site/index.html"
size=$(stat -c %s "$work/site/index.html")

ours_port=$base_port; minimal_port=$((base_port + 1)); nginx_port=$((base_port + 2)); python_port=$((base_port + 3))

"$hybrid" serve "$work/site" --port "$ours_port" >/dev/null 2>/dev/null & pids+=($!)
"$minimal" "$work/site/index.html" "$minimal_port" >/dev/null & pids+=($!)
mkdir -p "$work/nginx"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/nginx; proxy_temp_path $work/nginx; fastcgi_temp_path $work/nginx;
  uwsgi_temp_path $work/nginx; scgi_temp_path $work/nginx;
  types { text/html html; }
  server { listen 127.0.0.1:$nginx_port; root $work/site; }
}
CONF
"$nginx_bin" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" 2>/dev/null & pids+=($!)
"$python_bin" -m http.server "$python_port" --bind 127.0.0.1 --directory "$work/site" >/dev/null 2>&1 & pids+=($!)

# Wait (bounded) until every server answers.
for port in $ours_port $minimal_port $nginx_port $python_port; do
  for _ in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/index.html" && break
    sleep 0.1
  done
  curl -s -o /dev/null "http://127.0.0.1:$port/index.html" || { echo "bench: server on port $port did not start" >&2; exit 1; }
done

# wrk's --latency output -> "rps p50_ms p99_ms errors"
measure() { wrk_measure "$1" "$2" "$duration" "$threads" | cut -d' ' -f1-4; }

declare -A rps p50 p99 errs
names=(ours minimal nginx python)
declare -A ports=([ours]=$ours_port [minimal]=$minimal_port [nginx]=$nginx_port [python]=$python_port)
for conns in 10 256; do
  for name in "${names[@]}"; do
    echo "bench: $name, $conns connections, ${duration}s" >&2
    read -r r a b e < <(measure "http://127.0.0.1:${ports[$name]}/index.html" "$conns")
    rps[$name,$conns]=$r; p50[$name,$conns]=$a; p99[$name,$conns]=$b; errs[$name,$conns]=$e
  done
done

label() {
  case $1 in
    ours) echo '`hybrid serve` (FixtureServer)' ;;
    minimal) echo 'minimal libsoup handler (file from memory)' ;;
    nginx) echo 'nginx, 1 worker' ;;
    python) echo '`python3 -m http.server`' ;;
  esac
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

echo
echo "GET of a ${size}-byte HTML file on loopback, wrk -t$threads, ${duration} s per run, $(nproc) cores, $(date -u +%Y-%m-%d)."
echo
echo "| server | conns | req/s | p50 ms | p99 ms | errors | ours / this |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for conns in 10 256; do
  for name in "${names[@]}"; do
    echo "| $(label $name) | $conns | ${rps[$name,$conns]} | ${p50[$name,$conns]} | ${p99[$name,$conns]} | ${errs[$name,$conns]} | $(ratio "${rps[ours,$conns]}" "${rps[$name,$conns]}") |"
  done
done
echo
ok10=$(awk -v a="${rps[ours,10]}" -v b="${rps[minimal,10]}" 'BEGIN { print (a >= 0.8 * b) ? "yes" : "NO" }')
p99ok=$(awk -v a="${p99[ours,10]}" -v b="${p99[ours,256]}" 'BEGIN { print (a < 20 && b < 20) ? "yes" : "NO" }')
echo "Targets: >= 80% of minimal libsoup at 10 connections: $ok10 ($(ratio "${rps[ours,10]}" "${rps[minimal,10]}"));" \
     "zero errors at 256: $([ "${errs[ours,256]}" = 0 ] && echo yes || echo NO) (${errs[ours,256]}); p99 < 20 ms: $p99ok."
