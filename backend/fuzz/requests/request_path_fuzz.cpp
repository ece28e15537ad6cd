// The whole HTTP request path under hostile input: a real App (demo mode, SQLite, every route and
// stand-in) on a loopback port, and requests built from one documented example per operation
// (seeds.jsonl, made by make_seeds.py from docs/openapi.yaml) with random mutations: JSON values
// swapped for other types, extremes and long strings, fields dropped or added, path and query pieces
// mangled, and raw bytes flipped, inserted or cut anywhere in the request (request line, headers,
// Content-Length, body). Each request goes through Beast's parser, the dispatcher, authentication
// (real tokens for a player and an operator, a real plugin key), the route's DTO and its service.
//
// Built with the sanitizer build (PORTAL_SANITIZE), so a memory error or undefined behaviour stops
// it with a report. A 500 (an exception a handler let through) is a finding too: the request is
// saved under --out and the run fails. Other 5xx (503 from a full pool or a stand-in's outage, 502)
// are counted and printed. This is mutation fuzzing without coverage feedback, cheap enough for CI;
// request_path_libfuzzer.cpp is the coverage-guided fuzzer of the same path (`make fuzz`).
//
//   portal_request_fuzz --seeds backend/fuzz/requests/seeds.jsonl [--runs 1000000] [--seed N] [--out DIR]

#include "fuzz_portal.hpp"

#include <CLI/CLI.hpp>
#include <boost/json.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using namespace portal;

struct Seed {
  std::string method, target, caller, content_type, body;
};

std::vector<Seed> read_seeds(const std::string& file) {
  std::vector<Seed> out;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto value = json::parse(line).as_object();
    out.push_back({std::string(value.at("method").as_string()), std::string(value.at("target").as_string()),
                   std::string(value.at("caller").as_string()), std::string(value.at("contentType").as_string()),
                   std::string(value.at("body").as_string())});
  }
  return out;
}

class Mutator {
 public:
  explicit Mutator(std::uint64_t seed) : random_(seed) {}

  std::size_t below(std::size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(random_);
  }
  bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }

  json::value odd_value() {
    switch (below(16)) {
      case 0:
        return nullptr;
      case 1:
        return true;
      case 2:
        return -1;
      case 3:
        return 0;
      case 4:
        return INT64_MAX;
      case 5:
        return INT64_MIN;
      case 6:
        return 1e308;
      case 7:
        return -0.5;
      case 8:
        return "";
      case 9:
        return json::string(5000 + below(70000), 'x');
      case 10:
        return "\xe4\xb8\xad\xe6\x96\x87\xf0\x9f\x98\x80<script>\"'\\";
      case 11:
        return json::string(std::string_view("a\0b", 3));
      case 12:
        return json::array{1, "2", nullptr};
      case 13:
        return json::object{{"k", json::array{}}};
      case 14: {
        json::value deep = 1;
        for (std::size_t i = 0, depth = 1 + below(40); i < depth; ++i) deep = json::array{deep};
        return deep;
      }
      default:
        return "76561197960361544";
    }
  }

  // Replaces, drops or adds one member somewhere in the document.
  void mutate_json(json::value& value) {
    if (value.is_object() && !value.as_object().empty() && chance(80)) {
      auto& object = value.as_object();
      auto it = object.begin() + static_cast<std::ptrdiff_t>(below(object.size()));
      if (chance(30)) return mutate_json(it->value());
      switch (below(3)) {
        case 0:
          it->value() = odd_value();
          return;
        case 1:
          object.erase(it);
          return;
        default:
          object[std::string("x") + std::to_string(below(1000))] = odd_value();
          return;
      }
    }
    if (value.is_array() && !value.as_array().empty() && chance(80)) {
      auto& array = value.as_array();
      auto& item = array[below(array.size())];
      if (chance(50)) return mutate_json(item);
      if (chance(50)) {
        item = odd_value();
      } else {
        for (std::size_t i = 0, n = below(300); i < n; ++i) array.push_back(array[0]);
      }
      return;
    }
    value = odd_value();
  }

  std::string mutate_target(std::string target) {
    static const std::vector<std::string> pieces = {"%00",
                                                    "..",
                                                    "%2e%2e%2f",
                                                    "%ff%fe",
                                                    "-1",
                                                    "0",
                                                    "99999999999999999999",
                                                    "%E4%B8%AD",
                                                    std::string(3000, 'a'),
                                                    "?",
                                                    "&&",
                                                    "=",
                                                    "%",
                                                    ";",
                                                    "all",
                                                    "dm-pistol",
                                                    "76561197960265728",
                                                    "\t"};
    const auto& piece = pieces[below(pieces.size())];
    if (chance(50)) {
      const auto slash = target.rfind('/');
      const auto end = target.find('?');
      return target.substr(0, slash + 1) + piece + (end == std::string::npos ? "" : target.substr(end));
    }
    return target + (target.find('?') == std::string::npos ? "?" : "&") + "page=" + piece + "&season=" + piece;
  }

  void mutate_bytes(std::string& raw) {
    for (std::size_t i = 0, n = 1 + below(4); i < n && !raw.empty(); ++i) {
      const std::size_t at = below(raw.size());
      switch (below(4)) {
        case 0:
          raw[at] = static_cast<char>(below(256));
          break;
        case 1:
          raw.insert(at, 1, static_cast<char>(below(256)));
          break;
        case 2:
          raw.erase(at, 1 + below(8));
          break;
        default:
          raw.insert(at, raw.substr(below(raw.size()), 1 + below(16)));
          break;
      }
    }
  }

 private:
  std::mt19937_64 random_;
};

std::string build_request(const Seed& seed, std::string target, std::string body, const fuzz::Credentials& credentials,
                          std::uint64_t execution) {
  std::string raw = seed.method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  raw += fuzz::forwarded_for_header(execution);
  if (seed.caller == "$USER") raw += "Authorization: Bearer " + credentials.user + "\r\n";
  if (seed.caller == "$OPERATOR") raw += "Authorization: Bearer " + credentials.operator_ + "\r\n";
  if (seed.caller == "$PLUGIN") raw += "Authorization: Bearer " + credentials.plugin + "\r\n";
  if (!seed.content_type.empty()) raw += "Content-Type: " + seed.content_type + "\r\n";
  if (!body.empty() || seed.method != "GET") raw += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  return raw + "\r\n" + body;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Mutated requests through the whole HTTP request path of a running portal"};
  std::string seeds_file, out_dir = "/tmp/portal-fuzz";
  std::uint64_t runs = 1'000'000, seed = std::random_device{}();
  cli.add_option("--seeds", seeds_file, "seeds.jsonl (make_seeds.py)")->required();
  cli.add_option("--runs", runs);
  cli.add_option("--seed", seed);
  cli.add_option("--out", out_dir, "Where a request answered 500 is saved");
  bool show_seeds = false;
  cli.add_flag("--show-seeds", show_seeds, "Send every seed once, unmutated, and print its status first");
  CLI11_PARSE(cli, argc, argv);

  const auto seeds = read_seeds(seeds_file);
  if (seeds.empty()) {
    std::fprintf(stderr, "no seeds in %s\n", seeds_file.c_str());
    return 2;
  }
  fs::create_directories(out_dir);
  fuzz::FuzzPortal portal("portal-request-fuzz");

  if (show_seeds) {
    std::uint64_t execution = 1u << 23;
    for (const auto& chosen : seeds) {
      const auto answer =
          portal.send(build_request(chosen, chosen.target, chosen.body, portal.credentials(), ++execution));
      if (answer.status == 401 || chosen.target.find("/api/auth/log") != std::string::npos) {
        portal.renew_credentials();
      }
      const auto body = answer.start.find("\r\n\r\n");
      std::printf("%d %s %s %s\n", answer.status, chosen.method.c_str(), chosen.target.c_str(),
                  body == std::string::npos ? "" : answer.start.substr(body + 4, 160).c_str());
    }
  }
  Mutator mutate(seed);
  std::map<int, std::uint64_t> statuses;
  std::uint64_t findings = 0;
  const auto started = std::chrono::steady_clock::now();
  for (std::uint64_t execution = 0; execution < runs; ++execution) {
    const Seed& chosen = seeds[mutate.below(seeds.size())];
    std::string target = chosen.target;
    std::string body = chosen.body;
    const auto kind = mutate.below(10);
    if (kind < 5 && !body.empty()) {
      try {
        auto document = json::parse(body);
        for (std::size_t i = 0, n = 1 + mutate.below(3); i < n; ++i) mutate.mutate_json(document);
        body = json::serialize(document);
      } catch (const std::exception&) {
        mutate.mutate_bytes(body);
      }
    } else if (kind < 7) {
      target = mutate.mutate_target(target);
    }
    std::string raw = build_request(chosen, target, body, portal.credentials(), execution);
    if (kind >= 7) mutate.mutate_bytes(raw);
    const int status = portal.send(raw).status;
    ++statuses[status];
    // A fuzzed logout, or the console ending the player's sessions, ends the tokens: issue new ones.
    if (status == 401 && (chosen.caller == "$USER" || chosen.caller == "$OPERATOR")) {
      portal.renew_credentials();
    }
    if (status == 500) {
      const auto file = fs::path(out_dir) / ("request-500-" + std::to_string(execution) + ".http");
      std::ofstream(file, std::ios::binary) << raw;
      std::fprintf(stderr, "500 for the request saved in %s\n", file.c_str());
      ++findings;
    }
    if ((execution + 1) % 20000 == 0) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      std::fprintf(stderr, "... %llu requests, %.0f/s\n", static_cast<unsigned long long>(execution + 1),
                   static_cast<double>(execution + 1) / seconds);
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("requests: %llu in %.0f s (%.0f/s), seed %llu; statuses:", static_cast<unsigned long long>(runs), seconds,
              static_cast<double>(runs) / seconds, static_cast<unsigned long long>(seed));
  for (const auto& [status, count] : statuses) {
    std::printf(" %d=%llu", status, static_cast<unsigned long long>(count));
  }
  std::printf("\n");
  return findings > 0 ? 1 : 0;
}
