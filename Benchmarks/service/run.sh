#!/usr/bin/env bash
# Service benchmark (issue 20): the example price service (Examples/PriceService, release build) against a Node.js
# `http` server running the same web/examples/pricing.js, in the same run, on loopback, with wrk POSTing a 5-line
# cart at 1, 8, 64 and 256 connections: requests/s, p50/p99 latency, errors and resident memory after the run.
# Rows: Node; ours through the JavaScript pool (`/price`); ours through the checkout page's bridge handler
# (`/price/page`); ours answering a constant without JavaScript (`/price/constant`: the HTTP and Codable ceiling).
# Ends with `ratio to Node at 64 connections: X`.
#
# Usage: Benchmarks/service/run.sh        DURATION=10 seconds per run; THREADS=2 wrk threads; CONNECTIONS="1 8 64 256"
#        SOAK=1 Benchmarks/service/run.sh  then 1,000,000 requests (SOAK_REQUESTS) at 64 connections to /price,
#                                          resident memory sampled every SOAK_CHUNK seconds (default 10)
# Installs wrk and nodejs from Debian with apt when they are missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
duration=${DURATION:-10}
threads=${THREADS:-2}
connections=${CONNECTIONS:-"1 8 64 256"}
base_port=${BASE_PORT:-18580}
soak_requests=${SOAK_REQUESTS:-1000000}
soak_chunk=${SOAK_CHUNK:-10}
source "$repo/Benchmarks/lib/wrk.sh"
lua="$repo/Benchmarks/service/post-cart.lua"

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v node >/dev/null || need+=(nodejs)
bench_install ${need[@]+"${need[@]}"}

echo "bench: building the price service (release)" >&2
swift build -c release --package-path Examples/PriceService --product PriceService >&2
service="$repo/Examples/PriceService/.build/release/PriceService"

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

ours_port=$base_port; node_port=$((base_port + 1))
"$service" --port "$ours_port" --web "$repo/web/examples" >/dev/null 2>&1 & ours_pid=$!; pids+=($ours_pid)
node "$repo/Benchmarks/service/node-server.js" "$node_port" >/dev/null 2>&1 & node_pid=$!; pids+=($node_pid)

# Wait (bounded) until both answer a cart.
for port in $ours_port $node_port; do
  for _ in $(seq 1 300); do
    curl -sf -o /dev/null -X POST -H 'Content-Type: application/json' \
      -d '{"items":[],"currency":"EUR"}' "http://127.0.0.1:$port/price" && break
    sleep 0.1
  done
  curl -sf -o /dev/null -X POST -d '{"items":[],"currency":"EUR"}' "http://127.0.0.1:$port/price" \
    || { echo "bench: server on port $port did not start" >&2; exit 1; }
done

rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

declare -A rps p50 p99 errs rss url pid
names=(node ours page ceiling)
url=([node]="http://127.0.0.1:$node_port/price" [ours]="http://127.0.0.1:$ours_port/price"
     [page]="http://127.0.0.1:$ours_port/price/page" [ceiling]="http://127.0.0.1:$ours_port/price/constant")
pid=([node]=$node_pid [ours]=$ours_pid [page]=$ours_pid [ceiling]=$ours_pid)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for conns in $connections; do
  for name in "${names[@]}"; do
    echo "bench: $name, $conns connections, ${duration}s" >&2
    read -r r a b e _ < <(wrk_measure "${url[$name]}" "$conns" "$duration" "$threads" "$lua")
    rps[$name,$conns]=$r; p50[$name,$conns]=$a; p99[$name,$conns]=$b; errs[$name,$conns]=$e
    rss[$name,$conns]=$(rss_mb "${pid[$name]}")
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

label() {
  case $1 in
    node) echo 'Node.js 20 `http`, same pricing.js' ;;
    ours) echo 'price service, `JavaScriptPool`' ;;
    page) echo 'price service, checkout page bridge handler' ;;
    ceiling) echo 'price service, constant answer (no JS)' ;;
  esac
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

echo
echo "POST of a 5-line cart on loopback, wrk -t$threads, ${duration} s per run, $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M') UTC," \
     "load average $load_before before, $load_after after. Resident memory (MB) is the server's after the run."
echo
echo "| server | conns | req/s | p50 ms | p99 ms | errors | RSS MB | / Node |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for conns in $connections; do
  for name in "${names[@]}"; do
    echo "| $(label $name) | $conns | ${rps[$name,$conns]} | ${p50[$name,$conns]} | ${p99[$name,$conns]} | ${errs[$name,$conns]} | ${rss[$name,$conns]} | $(ratio "${rps[$name,$conns]}" "${rps[node,$conns]}") |"
  done
done

if [ "${SOAK:-0}" = 1 ]; then
  echo
  echo "bench: soak, $soak_requests requests at 64 connections to /price" >&2
  done_requests=0; errors=0; first=""; samples=()
  while [ "$done_requests" -lt "$soak_requests" ]; do
    read -r _ _ _ e n < <(wrk_measure "${url[ours]}" 64 "$soak_chunk" "$threads" "$lua")
    done_requests=$((done_requests + n)); errors=$((errors + e))
    now=$(rss_mb "$ours_pid"); samples+=("$now"); [ -z "$first" ] && first=$now
    echo "bench: soak $done_requests requests, RSS $now MB" >&2
  done
  growth=$(awk -v a="$first" -v b="$now" 'BEGIN { printf "%+.1f", (b - a) / a * 100 }')
  echo "Soak: $done_requests requests at 64 connections, $errors errors; resident memory after the first" \
       "${soak_chunk} s $first MB, at the end $now MB ($growth%); samples: ${samples[*]}."
fi

echo
if [ -n "${rps[ours,64]:-}" ]; then
  echo "ratio to Node at 64 connections: $(ratio "${rps[ours,64]}" "${rps[node,64]}")"
fi
