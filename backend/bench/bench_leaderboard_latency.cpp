// Leaderboard at scale (bench/run.sh entry 5): per-request latency of the portal's leaderboard API
// against the same queries on Redis sorted sets, and ingestion throughput of POST /api/plugin/stats.
//
//   bench_leaderboard_latency latency --portal-port P --redis-port R --season S --key K --filtered-key F
//                                     --users FILE [--mode dm] [--group pro,kol,op] [--samples 5000]
//                                     [--warmup 500] [--server-log FILE]
//     One keep-alive HTTP connection and one Redis connection, each used strictly sequentially (no
//     pipelining). Queries: page 1, the middle page and the last page of the board, the same three of
//     the group-filtered list, and a player's rank (the players of FILE in turn). Portal:
//     GET /api/leaderboard/{mode}?season=S&page=N[&usergroup=G] and GET /api/leaderboard/user/{id}?season=S.
//     Redis: ZREVRANGE key start stop WITHSCORES on K (every player) or F (the group members), and
//     ZREVRANK K member. Before measuring, every page of the portal is checked equal to Redis's answer
//     (same players in the same order) and the ranks of the first players of FILE are checked equal.
//     Each query gets `warmup` unmeasured requests to each side, then `samples` measured requests,
//     alternating portal and Redis. The Redis data is expected as bench/run.sh loads it: score
//     kills * 2^21 - deaths, member 99999999999999999 - SteamID64 (17 digits), so that Redis's order
//     (score descending, ties in reverse byte order of the member) is exactly the portal's (kills
//     descending, deaths ascending, SteamID64 ascending).
//     With --server-log (the portal's access log), the milliseconds the portal logged for each measured
//     request (found by the X-Request-Id sent with it) are summarised too.
//     Prints one line per query: "row|name|portal p50|p99|redis p50|p99|server p50|p99|bytes portal|bytes redis".
//
//   bench_leaderboard_latency ingest --portal-port P --key PLUGIN_KEY --steam-base B --players N
//                                    [--batches 2000] [--clients 1] [--batch-players 128] [--mode dm]
//                                    [--run 1] [--seed 7]
//     POSTs `batches` stats batches (each `batch-players` distinct existing players, drawn at random from
//     SteamID64 B .. B+N-1, with one match's plausible deltas and their nickname), spread over `clients`
//     threads, each with its own keep-alive connection sending one batch after another. Each client
//     stands for a game-server host: it sends X-Forwarded-For 10.<run>.<client>.<n> (a new address every
//     1,000 batches, so no address goes over the plugin rate limit of 1,200 a minute; the portal must
//     run with security.trust_forwarded_for = true). Prints
//     "ingest|clients|batches|seconds|batches/s|players/s|p50 ms|p99 ms|max ms|failures".
//
//   bench_leaderboard_latency fresh --portal-port P --key PLUGIN_KEY --steam-base B --players N --season S
//                                   [--probes 30] [--mode dm] [--run 1] [--seed 9]
//     How old the ranks are: each probe picks a seeded player, reads its rank
//     (GET /api/leaderboard/user/{id}?season=S), posts a batch giving it 1,000 kills, and from the 200
//     polls the same URL every 2 ms until the rank is better than before. Other batches can only push a
//     player down, so a better rank means this batch reached the order. Run alongside `ingest` to see
//     it under load. Prints "fresh|probes|p50 ms|p90 ms|max ms|failures".

#include "support/bench_stats.hpp"
#include "support/loopback_http.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <CLI/CLI.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

namespace {

using portal::bench::Clock;
using portal::bench::HttpClient;
using portal::bench::HttpResponse;
using portal::bench::ms_since;
using portal::bench::percentile;

std::string get_request(const std::string& target, const std::string& request_id) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nX-Request-Id: " + request_id +
         "\r\n\r\n";
}

// ---- RESP client: one command, one reply, nothing pipelined

struct RespReply {
  char type = 0;                   // '+', '-', ':', '$', '*'
  std::string text;                // simple string, error, bulk string
  long long number = 0;            // integer, or -1 for a null bulk string / array
  std::vector<std::string> items;  // an array of bulk strings (all this benchmark asks for)
};

class RedisClient {
 public:
  explicit RedisClient(int port) : connection_(port) {}

  static std::string command(const std::vector<std::string>& words) {
    std::string out = "*" + std::to_string(words.size()) + "\r\n";
    for (const auto& word : words) out += "$" + std::to_string(word.size()) + "\r\n" + word + "\r\n";
    return out;
  }

  // Sends an encoded command and reads its whole reply; returns the reply's size in bytes.
  std::size_t call(const std::string& encoded, RespReply& reply) {
    connection_.send_all(encoded);
    for (;;) {
      std::size_t pos = 0;
      reply = RespReply{};
      if (parse(pos, reply)) {
        buffer_.erase(0, pos);
        return pos;
      }
      connection_.receive(buffer_);
    }
  }

 private:
  // A line ending in CRLF at pos, or false when it has not arrived yet.
  bool line(std::size_t& pos, std::string& out) const {
    const std::size_t end = buffer_.find("\r\n", pos);
    if (end == std::string::npos) return false;
    out = buffer_.substr(pos, end - pos);
    pos = end + 2;
    return true;
  }
  bool bulk(std::size_t& pos, std::string& out, long long& length) const {
    std::string header;
    if (!line(pos, header)) return false;
    if (header.empty() || header[0] != '$') throw std::runtime_error("unexpected RESP element: " + header);
    length = std::stoll(header.substr(1));
    if (length < 0) return true;
    const auto n = static_cast<std::size_t>(length);
    if (buffer_.size() < pos + n + 2) return false;
    out = buffer_.substr(pos, n);
    pos += n + 2;
    return true;
  }
  bool parse(std::size_t& pos, RespReply& reply) const {
    if (pos >= buffer_.size()) return false;
    reply.type = buffer_[pos];
    std::string header;
    switch (reply.type) {
      case '+':
      case '-':
        if (!line(pos, header)) return false;
        reply.text = header.substr(1);
        return true;
      case ':':
        if (!line(pos, header)) return false;
        reply.number = std::stoll(header.substr(1));
        return true;
      case '$':
        return bulk(pos, reply.text, reply.number);
      case '*': {
        if (!line(pos, header)) return false;
        reply.number = std::stoll(header.substr(1));
        for (long long i = 0; i < reply.number; ++i) {
          std::string item;
          long long length = 0;
          if (!bulk(pos, item, length)) return false;
          reply.items.push_back(std::move(item));
        }
        return true;
      }
      default:
        throw std::runtime_error(std::string("unexpected RESP type ") + reply.type);
    }
  }

  portal::bench::Connection connection_;
  std::string buffer_;
};

// ---- The data mapping shared with bench/run.sh's loader

constexpr unsigned long long kMemberComplement = 99999999999999999ULL;
constexpr double kKillsScale = 2097152.0;  // 2^21: deaths stay below it

std::string member_of(const std::string& steam_id) {
  char out[32];
  std::snprintf(out, sizeof out, "%017llu", kMemberComplement - std::stoull(steam_id));
  return out;
}

std::string steam_id_of(const std::string& member) { return std::to_string(kMemberComplement - std::stoull(member)); }

struct Entry {
  std::string steam_id;
  long long kills = 0;
  long long deaths = 0;
  bool operator==(const Entry&) const = default;
};

// ZREVRANGE ... WITHSCORES -> entries.
std::vector<Entry> entries_of(const RespReply& reply) {
  if (reply.type != '*') throw std::runtime_error("Redis answered " + std::string(1, reply.type) + reply.text);
  std::vector<Entry> out;
  for (std::size_t i = 0; i + 1 < reply.items.size(); i += 2) {
    const double score = std::stod(reply.items[i + 1]);
    const auto kills = static_cast<long long>(std::ceil(score / kKillsScale));
    out.push_back(
        {steam_id_of(reply.items[i]), kills, static_cast<long long>(static_cast<double>(kills) * kKillsScale - score)});
  }
  return out;
}

// A portal page -> entries.
std::vector<Entry> entries_of(const boost::json::value& page) {
  std::vector<Entry> out;
  for (const auto& record : page.at("data").as_array()) {
    out.push_back({std::string(record.at("steamid").as_string()), record.at("kills").to_number<long long>(),
                   record.at("deaths").to_number<long long>()});
  }
  return out;
}

// ---- latency

struct Query {
  std::string name;
  std::vector<std::string> targets;   // portal request targets, used in turn
  std::vector<std::string> commands;  // encoded Redis commands, used in turn
};

struct Samples {
  std::vector<double> portal, redis;
  std::size_t portal_bytes = 0, redis_bytes = 0;
};

// The access log's "... 200 1.23ms rid=<id>" lines -> milliseconds by request id.
std::map<std::string, double> logged_ms(const std::string& path) {
  std::map<std::string, double> out;
  std::ifstream in(path);
  for (std::string text; std::getline(in, text);) {
    const auto rid = text.find(" rid=lb5-");
    if (rid == std::string::npos) continue;
    const auto ms_end = text.rfind("ms", rid);
    const auto ms_start = text.rfind(' ', ms_end);
    if (ms_end == std::string::npos || ms_start == std::string::npos) continue;
    out[text.substr(rid + 5)] = std::stod(text.substr(ms_start + 1, ms_end - ms_start - 1));
  }
  return out;
}

int run_latency(int portal_port, int redis_port, const std::string& mode, long long season, const std::string& key,
                const std::string& filtered_key, const std::string& group, const std::string& users_file, int samples,
                int warmup, const std::string& server_log) {
  HttpClient http(portal_port);
  RedisClient redis(redis_port);
  RespReply reply;
  const std::string base = "/api/leaderboard/" + mode + "?season=" + std::to_string(season);
  auto portal_json = [&](const std::string& target) {
    const auto response = http.request(get_request(target, "lb5-check"));
    if (response.status != 200) throw std::runtime_error(target + " answered " + std::to_string(response.status));
    return boost::json::parse(response.body);
  };
  auto redis_count = [&](const std::string& set) {
    redis.call(RedisClient::command({"ZCARD", set}), reply);
    return reply.number;
  };

  std::vector<Query> queries;
  for (const bool filtered : {false, true}) {
    const std::string list = filtered ? base + "&usergroup=" + group : base;
    const std::string set = filtered ? filtered_key : key;
    const auto total = portal_json(list + "&page=1").at("total").to_number<long long>();
    const long long in_redis = redis_count(set);
    if (total != in_redis) {
      std::fprintf(stderr, "bench: %s has %lld players, Redis %s %lld\n", list.c_str(), total, set.c_str(), in_redis);
      return 1;
    }
    const long long pages = (total + 49) / 50;
    const std::string label = filtered ? "usergroup=" + group + " (" + std::to_string(total) + " players)"
                                       : "no filter (" + std::to_string(total) + " players)";
    for (const long long page : {1LL, (pages + 1) / 2, pages}) {
      const std::string target = list + "&page=" + std::to_string(page);
      const long long start = (page - 1) * 50;
      const std::string command =
          RedisClient::command({"ZREVRANGE", set, std::to_string(start), std::to_string(start + 49), "WITHSCORES"});
      // The two must answer the same players in the same order.
      const auto from_portal = entries_of(portal_json(target));
      redis.call(command, reply);
      const auto from_redis = entries_of(reply);
      if (from_portal != from_redis || from_portal.empty()) {
        std::fprintf(stderr, "bench: %s (%zu players) differs from Redis's ZREVRANGE %lld %lld (%zu players)\n",
                     target.c_str(), from_portal.size(), start, start + 49, from_redis.size());
        return 1;
      }
      const std::string where = page == 1 ? "first" : page == pages ? "last" : "middle";
      queries.push_back({"page " + std::to_string(page) + " (" + where + "), " + label, {target}, {command}});
    }
  }

  std::vector<std::string> users;
  {
    std::ifstream in(users_file);
    for (std::string id; in >> id;) users.push_back(id);
  }
  if (users.empty()) throw std::runtime_error("no players in " + users_file);
  Query rank{"rank of a player (" + std::to_string(users.size()) + " players in turn)", {}, {}};
  for (std::size_t i = 0; i < users.size(); ++i) {
    const std::string target = "/api/leaderboard/user/" + users[i] + "?season=" + std::to_string(season);
    const std::string command = RedisClient::command({"ZREVRANK", key, member_of(users[i])});
    if (i < 100) {
      long long portal_rank = -1;
      const auto entries = portal_json(target);
      for (const auto& record : entries.at("data").as_array()) {
        if (record.at("mode").as_string() == mode && record.at("rank").is_int64()) {
          portal_rank = record.at("rank").as_int64();
        }
      }
      redis.call(command, reply);
      if (reply.type != ':' || portal_rank != reply.number + 1) {
        std::fprintf(stderr, "bench: rank of %s: portal %lld, Redis ZREVRANK %lld + 1\n", users[i].c_str(), portal_rank,
                     reply.number);
        return 1;
      }
    }
    rank.targets.push_back(target);
    rank.commands.push_back(command);
  }
  queries.push_back(std::move(rank));
  std::fprintf(stderr, "checked: every page equal in both, %zu ranks equal\n",
               std::min<std::size_t>(100, users.size()));

  std::vector<Samples> results(queries.size());
  for (std::size_t q = 0; q < queries.size(); ++q) {
    const auto& query = queries[q];
    auto& result = results[q];
    const int total = warmup + samples;
    for (int i = 0; i < total; ++i) {
      const bool measured = i >= warmup;
      const auto which = static_cast<std::size_t>(i);
      const std::string id = measured ? "lb5-q" + std::to_string(q) + "-" + std::to_string(i - warmup) : "lb5w";
      const std::string request = get_request(query.targets[which % query.targets.size()], id);
      const std::string& command = query.commands[which % query.commands.size()];

      auto start = Clock::now();
      const auto response = http.request(request);
      const double portal_ms = ms_since(start);
      if (response.status != 200)
        throw std::runtime_error(query.name + ": portal answered " + std::to_string(response.status));

      start = Clock::now();
      const std::size_t bytes = redis.call(command, reply);
      const double redis_ms = ms_since(start);
      if (reply.type == '-') throw std::runtime_error(query.name + ": Redis answered " + reply.text);

      if (measured) {
        result.portal.push_back(portal_ms);
        result.redis.push_back(redis_ms);
        result.portal_bytes = response.body.size();
        result.redis_bytes = bytes;
      }
    }
    std::fprintf(stderr, "measured: %s\n", query.name.c_str());
  }

  std::map<std::string, double> server;
  if (!server_log.empty()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the last lines reach the file
    server = logged_ms(server_log);
  }
  for (std::size_t q = 0; q < queries.size(); ++q) {
    std::vector<double> logged;
    for (int i = 0; i < samples; ++i) {
      const auto found = server.find("lb5-q" + std::to_string(q) + "-" + std::to_string(i));
      if (found != server.end()) logged.push_back(found->second);
    }
    if (!server_log.empty() && logged.size() != static_cast<std::size_t>(samples)) {
      std::fprintf(stderr, "bench: %zu of %d requests of '%s' found in %s\n", logged.size(), samples,
                   queries[q].name.c_str(), server_log.c_str());
    }
    const auto& r = results[q];
    std::printf("row|%s|%.3f|%.3f|%.3f|%.3f|%.3f|%.3f|%zu|%zu\n", queries[q].name.c_str(), percentile(r.portal, 0.5),
                percentile(r.portal, 0.99), percentile(r.redis, 0.5), percentile(r.redis, 0.99),
                percentile(logged, 0.5), percentile(logged, 0.99), r.portal_bytes, r.redis_bytes);
  }
  return 0;
}

// ---- ingest

std::string batch_body(const std::string& batch_id, const std::string& mode, std::mt19937_64& rng,
                       unsigned long long steam_base, long long players, int batch_players) {
  std::unordered_set<long long> chosen;
  std::uniform_int_distribution<long long> pick(0, players - 1);
  while (static_cast<int>(chosen.size()) < batch_players) chosen.insert(pick(rng));
  auto below = [&](long long n) { return std::uniform_int_distribution<long long>(0, n)(rng); };
  std::string body = "{\"batchId\":\"" + batch_id + "\",\"mode\":\"" + mode + "\",\"players\":[";
  bool first = true;
  for (const long long index : chosen) {
    // One deathmatch match of up to 10 minutes: plausible deltas within the batch rules.
    const long long kills = below(60);
    const long long headshots = below(kills);
    const long long rifle = below(kills);
    const long long awp = below(kills - rifle);
    const long long pistol = below(kills - rifle - awp);
    char player[512];
    std::snprintf(player, sizeof player,
                  "%s{\"steamid\":\"%llu\",\"nickname\":\"player%lld\",\"kills\":%lld,\"deaths\":%lld,"
                  "\"headshots\":%lld,\"playtime\":%lld,\"rifle_kills\":%lld,\"awp_kills\":%lld,\"pistol_kills\":%lld}",
                  first ? "" : ",", steam_base + static_cast<unsigned long long>(index), index, kills, below(60),
                  headshots, 1 + below(9), rifle, awp, pistol);
    body += player;
    first = false;
  }
  return body + "]}";
}

int run_ingest(int portal_port, const std::string& plugin_key, const std::string& mode, unsigned long long steam_base,
               long long players, int batches, int clients, int batch_players, int run, unsigned long long seed) {
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(clients));
  std::atomic<int> failures{0};
  std::atomic<int> next{0};
  std::string first_failure;
  std::mutex failure_mutex;
  // Bodies are built before the clock starts, so what is timed is the portal's work.
  std::vector<std::string> bodies(static_cast<std::size_t>(batches));
  {
    std::mt19937_64 rng(seed);
    for (int i = 0; i < batches; ++i) {
      bodies[static_cast<std::size_t>(i)] =
          batch_body("bench5-" + std::to_string(run) + "-" + std::to_string(seed) + "-" + std::to_string(i), mode, rng,
                     steam_base, players, batch_players);
    }
  }
  const auto started = Clock::now();
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      try {
        HttpClient http(portal_port);
        int sent = 0;
        for (int i; (i = next.fetch_add(1)) < batches;) {
          const std::string forwarded =
              "10." + std::to_string(run) + "." + std::to_string(c) + "." + std::to_string(sent++ / 1000);
          const auto& body = bodies[static_cast<std::size_t>(i)];
          const std::string request = "POST /api/plugin/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                                      plugin_key +
                                      "\r\nContent-Type: application/json\r\nX-Forwarded-For: " + forwarded +
                                      "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
          const auto start = Clock::now();
          const auto response = http.request(request);
          latencies[static_cast<std::size_t>(c)].push_back(ms_since(start));
          if (response.status != 200 || response.body.find("\"applied\":true") == std::string::npos) {
            if (failures.fetch_add(1) == 0) {
              std::lock_guard lock(failure_mutex);
              first_failure = std::to_string(response.status) + " " + response.body.substr(0, 300);
            }
          }
        }
      } catch (const std::exception& e) {
        failures.fetch_add(1);
        std::lock_guard lock(failure_mutex);
        if (first_failure.empty()) first_failure = e.what();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  const double seconds = ms_since(started) / 1000.0;
  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  if (failures > 0)
    std::fprintf(stderr, "bench: %d batch(es) not applied; first: %s\n", failures.load(), first_failure.c_str());
  std::printf("ingest|%d|%d|%.2f|%.1f|%.0f|%.2f|%.2f|%.2f|%d\n", clients, batches, seconds, batches / seconds,
              static_cast<double>(batches) * batch_players / seconds, percentile(all, 0.5), percentile(all, 0.99),
              percentile(all, 1.0), failures.load());
  return failures > 0 ? 1 : 0;
}

// ---- fresh

std::optional<long long> rank_in(const HttpResponse& response, const std::string& mode) {
  if (response.status != 200) return std::nullopt;
  const auto json = boost::json::parse(response.body);
  for (const auto& entry : json.at("data").as_array()) {
    if (entry.at("mode").as_string() != mode) continue;
    if (entry.at("rank").is_null()) return std::nullopt;
    return entry.at("rank").to_number<long long>();
  }
  return std::nullopt;
}

int run_fresh(int portal_port, const std::string& plugin_key, const std::string& mode, long long season,
              unsigned long long steam_base, long long players, int probes, int run, unsigned long long seed) {
  HttpClient http(portal_port);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<long long> pick(0, players - 1);
  std::vector<double> delays;
  int failures = 0;
  for (int probe = 0; probe < probes; ++probe) {
    const auto id = std::to_string(steam_base + static_cast<unsigned long long>(pick(rng)));
    const std::string lookup = "/api/leaderboard/user/" + id + "?season=" + std::to_string(season);
    const auto before = rank_in(http.request(get_request(lookup, "fresh-before")), mode);
    // Players near the top cannot show a better rank; take another.
    if (!before || *before <= 1000) {
      --probe;
      continue;
    }
    const std::string body = "{\"batchId\":\"fresh-" + std::to_string(run) + "-" + std::to_string(probe) +
                             "\",\"mode\":\"" + mode + "\",\"players\":[{\"steamid\":\"" + id +
                             "\",\"kills\":1000,\"deaths\":0}]}";
    const std::string post = "POST /api/plugin/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                             plugin_key + "\r\nContent-Type: application/json\r\nX-Forwarded-For: 10.250." +
                             std::to_string(run) + ".1\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" +
                             body;
    const auto posted = http.request(post);
    if (posted.status != 200) {
      std::fprintf(stderr, "bench: probe batch answered %d: %s\n", posted.status, posted.body.substr(0, 200).c_str());
      ++failures;
      continue;
    }
    const auto accepted = Clock::now();
    bool seen = false;
    while (ms_since(accepted) < 30'000) {
      const auto now = rank_in(http.request(get_request(lookup, "fresh-poll")), mode);
      if (now && *now < *before) {
        seen = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (!seen) {
      ++failures;
      continue;
    }
    delays.push_back(ms_since(accepted));
  }
  std::printf("fresh|%d|%.0f|%.0f|%.0f|%d\n", probes, percentile(delays, 0.5), percentile(delays, 0.9),
              percentile(delays, 1.0), failures);
  return failures > 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Leaderboard benchmark: latency vs Redis, and ingestion"};
  cli.require_subcommand(1);
  int portal_port = 0;
  std::string mode = "dm";

  auto* latency = cli.add_subcommand("latency", "Page and rank latency, portal vs Redis");
  int redis_port = 0;
  long long season = 0;
  std::string key, filtered_key, group = "pro,kol,op", users_file, server_log;
  int samples = 5000, warmup = 500;
  latency->add_option("--portal-port", portal_port)->required();
  latency->add_option("--redis-port", redis_port)->required();
  latency->add_option("--mode", mode);
  latency->add_option("--season", season)->required();
  latency->add_option("--key", key, "Redis sorted set of every player")->required();
  latency->add_option("--filtered-key", filtered_key, "Redis sorted set of the group members")->required();
  latency->add_option("--group", group, "usergroup filter of the portal");
  latency->add_option("--users", users_file, "SteamID64s whose rank is asked, one a line")->required();
  latency->add_option("--samples", samples)->check(CLI::Range(100, 1000000));
  latency->add_option("--warmup", warmup)->check(CLI::Range(0, 1000000));
  latency->add_option("--server-log", server_log, "The portal's access log (its stderr)");

  auto* ingest = cli.add_subcommand("ingest", "POST /api/plugin/stats throughput");
  std::string plugin_key;
  int run = 1;
  unsigned long long steam_base = 0, seed = 7;
  long long players = 0;
  int batches = 2000, clients = 1, batch_players = 128;
  ingest->add_option("--portal-port", portal_port)->required();
  ingest->add_option("--key", plugin_key, "The game server's plugin key")->required();
  ingest->add_option("--mode", mode);
  ingest->add_option("--steam-base", steam_base, "SteamID64 of the first seeded player")->required();
  ingest->add_option("--players", players, "Seeded players (consecutive SteamID64s)")->required();
  ingest->add_option("--batches", batches)->check(CLI::Range(1, 10000000));
  ingest->add_option("--clients", clients)->check(CLI::Range(1, 64));
  ingest->add_option("--batch-players", batch_players)->check(CLI::Range(1, 128));
  ingest->add_option("--run", run, "Part of the batch ids and forwarded addresses (unique per run)")
      ->check(CLI::Range(1, 250));
  ingest->add_option("--seed", seed);

  auto* fresh = cli.add_subcommand("fresh", "How long a batch takes to reach the ranks");
  int probes = 30;
  fresh->add_option("--portal-port", portal_port)->required();
  fresh->add_option("--key", plugin_key, "The game server's plugin key")->required();
  fresh->add_option("--mode", mode);
  fresh->add_option("--season", season)->required();
  fresh->add_option("--steam-base", steam_base, "SteamID64 of the first seeded player")->required();
  fresh->add_option("--players", players, "Seeded players (consecutive SteamID64s)")->required();
  fresh->add_option("--probes", probes)->check(CLI::Range(1, 10000));
  fresh->add_option("--run", run)->check(CLI::Range(1, 250));
  fresh->add_option("--seed", seed);
  CLI11_PARSE(cli, argc, argv);

  try {
    if (*latency) {
      return run_latency(portal_port, redis_port, mode, season, key, filtered_key, group, users_file, samples, warmup,
                         server_log);
    }
    if (*fresh) return run_fresh(portal_port, plugin_key, mode, season, steam_base, players, probes, run, seed);
    return run_ingest(portal_port, plugin_key, mode, steam_base, players, batches, clients, batch_players, run, seed);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_leaderboard_latency: %s\n", e.what());
    return 1;
  }
}
