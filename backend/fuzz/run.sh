#!/usr/bin/env bash
# libFuzzer targets (Debian's clang) for the parsers that read what strangers send: A2S answers, RCON
# bytes, FAQ HTML, bearer tokens, the Steam login callback, payment notifications (Alipay's form and
# signature, WeChat Pay's encrypted resource, PayPal's events) and Tencent COS answers. Each is built with AddressSanitizer and
# UndefinedBehaviorSanitizer, starts from its corpus in backend/fuzz/corpus/<target>/, runs RUNS
# executions (default 1,000,000) and prints executions, speed and coverage; a crash, a sanitizer
# report or a failed invariant stops the run with the input saved under $OUT.
#
# request_path is the whole HTTP request path of a running portal (requests/request_path_libfuzzer.cpp):
# it needs the whole library built with clang and libFuzzer's instrumentation (CMake PORTAL_FUZZ, in
# $FUZZ_DIR; about 6 minutes on 2 cores the first time).
#
#   backend/fuzz/run.sh [TARGET ...]        RUNS=1000000 OUT=/tmp/portal-fuzz SEED=<random> JOBS=2
set -euo pipefail
cd "$(dirname "$0")"
CXX=${CXX:-clang++}
RUNS=${RUNS:-1000000}
OUT=${OUT:-/tmp/portal-fuzz}
mkdir -p "$OUT"
flags=(-std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I ../src)
declare -A sources=(
  [a2s]="../src/integrations/a2s/a2s_packets.cpp"
  [rcon]="../src/integrations/rcon/rcon_packet.cpp ../src/integrations/rcon/status_parser.cpp"
  [html_sanitizer]="../src/core/html_sanitizer.cpp"
  [jwt]="../src/core/jwt_hs256.cpp ../src/core/base64url.cpp"
  [payment_notifications]="../src/http/form_body.cpp ../src/integrations/payments/alipay/signing.cpp ../src/integrations/payments/crypto.cpp ../src/integrations/payments/paypal/resources.cpp ../src/integrations/payments/wechat/transaction.cpp ../src/integrations/payments/wechat/rfc3339.cpp ../src/integrations/payments/provider.cpp ../src/integrations/http/http_client.cpp ../src/core/clock.cpp ../src/core/percent_encoding.cpp ../src/core/text.cpp"
  [cloud_responses]="../src/integrations/cloud/tencent/cos_xml.cpp ../src/integrations/cloud/tencent/errors.cpp"
  [openid]="../src/integrations/steam/openid.cpp ../src/integrations/http/http_client.cpp ../src/core/iso_time.cpp ../src/core/percent_encoding.cpp ../src/core/steam_id.cpp ../src/core/text.cpp"
)
declare -A libraries=([a2s]="" [rcon]="" [html_sanitizer]="-lgumbo" [jwt]="-ljwt -lboost_json" [openid]="-lboost_url -lboost_json"
  [payment_notifications]="-lboost_json -lssl -lcrypto -lz -lsodium" [cloud_responses]="-lboost_json")
FUZZ_DIR=${FUZZ_DIR:-$PWD/../build-fuzz}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(a2s rcon html_sanitizer jwt openid payment_notifications cloud_responses request_path)
for target in "${targets[@]}"; do
  extra=()
  if [ "$target" = request_path ]; then
    CXX=clang++ cmake -S .. -B "$FUZZ_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPORTAL_FUZZ=ON -DPORTAL_BENCH=OFF > /dev/null
    ninja -C "$FUZZ_DIR" -j"${JOBS:-2}" portal_request_libfuzzer > "$OUT/request_path-build.log" 2>&1 || {
      echo "fuzz request_path: build FAILED (log: $OUT/request_path-build.log)"; tail -30 "$OUT/request_path-build.log"; exit 1; }
    binary="$FUZZ_DIR/portal_request_libfuzzer"
    # The portal's own threads allocate and free between inputs, which libFuzzer's per-input leak check
    # would take for leaks of the input; LeakSanitizer still checks the whole run at exit.
    extra=(-dict=requests/request_path.dict -detect_leaks=0)
  else
    binary="$OUT/${target}_fuzz"
    # shellcheck disable=SC2086
    "$CXX" "${flags[@]}" "${target}_fuzz.cpp" ${sources[$target]} -o "$binary" ${libraries[$target]}
  fi
  work="$OUT/$target-corpus"
  mkdir -p "$work"
  started=$(date +%s.%N)
  "$binary" -runs="$RUNS" ${SEED:+-seed=$SEED} -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    "${extra[@]}" -artifact_prefix="$OUT/$target-" "$work" "corpus/$target" > "$OUT/$target.log" 2>&1 || {
    echo "fuzz $target: FAILED (log: $OUT/$target.log)"; tail -30 "$OUT/$target.log"; exit 1; }
  seconds=$(python3 -c "import time; print(f'{time.time() - $started:.0f}')")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$target.log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$OUT/$target.log")
  cov=$(grep -o 'cov: [0-9]*' "$OUT/$target.log" | tail -1)
  echo "fuzz $target: $execs executions in ${seconds} s ($speed/s), $cov, no crash"
done
