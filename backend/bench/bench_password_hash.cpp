// What one password hash costs: Argon2id through libsodium at the configured parameters, timed in
// this process (wall and CPU), so capacity planning uses the measured figure, not a guess.
//
//   bench_password_hash [--memory-kib 19456] [--passes 2] [--hashes 20]
// prints "argon2id m=<KiB> t=<passes>: hash p50 <ms> ms, p90 <ms> ms; verify p50 <ms> ms; <n>/s per core"

#include "features/auth/password_hasher.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

template <typename Fn>
double millis(Fn&& fn) {
  const auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Argon2id cost per password hash"};
  std::size_t memory_kib = 19456;
  unsigned passes = 2;
  int hashes = 20;
  cli.add_option("--memory-kib", memory_kib);
  cli.add_option("--passes", passes);
  cli.add_option("--hashes", hashes)->check(CLI::Range(2, 10000));
  CLI11_PARSE(cli, argc, argv);

  const portal::auth::PasswordHasher hasher({memory_kib, passes});
  std::vector<double> hash_ms, verify_ms;
  std::string stored;
  for (int i = 0; i < hashes; ++i) {
    hash_ms.push_back(millis([&] { stored = hasher.hash("correct horse battery " + std::to_string(i)); }));
    verify_ms.push_back(millis([&] { (void)hasher.verify(stored, "wrong password"); }));
  }
  const double p50 = percentile(hash_ms, 0.5);
  std::printf("argon2id m=%zu KiB t=%u: hash p50 %.1f ms, p90 %.1f ms; verify p50 %.1f ms; %.0f hashes/s per core\n",
              memory_kib, passes, p50, percentile(hash_ms, 0.9), percentile(verify_ms, 0.5), 1000.0 / p50);
  return 0;
}
