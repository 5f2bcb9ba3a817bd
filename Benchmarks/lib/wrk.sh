# Shared by the HTTP benchmarks (server/run.sh, service/run.sh): installing what they need, one wrk run, parsed.

# bench_install PACKAGE...: installs the Debian packages given (none: nothing), with sudo when not root.
bench_install() {
  [ $# -gt 0 ] || return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "bench: installing $*" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >&2
}

# wrk_measure URL CONNECTIONS DURATION THREADS [LUA_SCRIPT] -> "requests/s p50_ms p99_ms errors requests"
wrk_measure() {
  local url=$1 conns=$2 duration=$3 threads=$4 script=${5:-} out
  [ "$conns" -lt "$threads" ] && threads=$conns   # wrk needs a connection per thread
  local args=(-t"$threads" -c"$conns" -d"${duration}s" --timeout 5s --latency)
  [ -n "$script" ] && args+=(-s "$script")
  out=$(timeout $((duration + 30)) wrk "${args[@]}" "$url" 2>&1 || true)
  awk -v out="$out" 'function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0;
                                      if (v ~ /s$/) return v * 1000; return v }
    BEGIN {
      n = split(out, lines, "\n"); rps = 0; p50 = 0; p99 = 0; errors = 0; total = 0
      for (i = 1; i <= n; i++) {
        line = lines[i]; gsub(/^[ \t]+/, "", line); split(line, g, /[ \t,]+/)
        if (line ~ /^Requests\/sec:/) rps = g[2]
        if (line ~ /^50%/) p50 = ms(g[2])
        if (line ~ /^99%/) p99 = ms(g[2])
        if (line ~ /requests in/) total = g[1]
        if (line ~ /^Socket errors:/) errors += g[4] + g[6] + g[8] + g[10]
        if (line ~ /^Non-2xx or 3xx responses:/) errors += g[5]
      }
      printf "%.0f %.2f %.2f %d %d\n", rps, p50, p99, errors, total
    }'
}
