#include "integrations/a2s/prober.hpp"

#include "integrations/a2s/a2s_packets.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/udp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <array>
#include <future>
#include <optional>
#include <thread>
#include <unordered_map>

namespace portal::a2s {

namespace asio = boost::asio;
using udp = asio::ip::udp;
using Clock = std::chrono::steady_clock;

namespace {

enum class Stage { info, players, done };

struct Batch;

// One endpoint's exchange. Lives inside its batch; touched only on the I/O thread.
struct Query {
  Query(asio::io_context& ioc, Batch& owner, udp::endpoint to) : batch(owner), target(std::move(to)), timer(ioc) {}
  Batch& batch;
  udp::endpoint target;
  asio::steady_timer timer;
  Stage stage = Stage::info;
  int attempts = 0;    // re-sends after a timeout, for the current request type
  int challenges = 0;  // challenge replies, for the current request type
  std::optional<Challenge> challenge;
  std::uint64_t generation = 0;  // tells a stale timer completion from the current one
  Clock::time_point sent_at;
  std::optional<Clock::duration> best_rtt;
  Reassembler reassembler;
  ProbeResult* result = nullptr;
};

// Shared by the timer completions of its queries, so it is destroyed on the I/O thread after the
// last of them (cancelled ones included) has run, never under a handler that still uses it.
struct Batch : std::enable_shared_from_this<Batch> {
  ProbeOptions options;
  std::vector<ProbeResult> results;
  std::vector<std::unique_ptr<Query>> queries;  // only the endpoints with a usable address
  std::size_t next = 0;
  std::size_t active = 0;
  std::size_t finished = 0;
  std::promise<std::vector<ProbeResult>> done;
};

}  // namespace

struct Prober::Impl {
  asio::io_context ioc;
  asio::executor_work_guard<asio::io_context::executor_type> guard = asio::make_work_guard(ioc);
  udp::socket v4{ioc};
  udp::socket v6{ioc};
  // Several queries (from concurrent callers) may wait on the same endpoint; a reply goes to all.
  std::unordered_multimap<udp::endpoint, Query*> waiting;
  std::thread thread;

  struct Receiver {
    std::array<char, 65536> buffer{};
    udp::endpoint from;
  };
  Receiver receiver4, receiver6;

  Impl() {
    open(v4, udp::v4(), receiver4);
    open(v6, udp::v6(), receiver6);
    thread = std::thread([this] { ioc.run(); });
  }

  ~Impl() {
    guard.reset();
    ioc.stop();
    if (thread.joinable()) thread.join();
  }

  void open(udp::socket& socket, const udp& protocol, Receiver& receiver) {
    boost::system::error_code ec;
    socket.open(protocol, ec);
    if (ec) return;  // no IPv6 on this host: IPv6 endpoints fail as "unreachable"
    socket.bind(udp::endpoint(protocol, 0), ec);
    // Hundreds of replies can land at once; the default buffer (~200 KiB) would drop some.
    socket.set_option(asio::socket_base::receive_buffer_size(4 << 20), ec);
    socket.non_blocking(true, ec);
    receive(socket, receiver);
  }

  void receive(udp::socket& socket, Receiver& receiver) {
    if (!socket.is_open()) return;
    socket.async_receive_from(asio::buffer(receiver.buffer), receiver.from,
                              [this, &socket, &receiver](const boost::system::error_code& ec, std::size_t size) {
                                if (ec == asio::error::operation_aborted) return;
                                if (!ec) dispatch(receiver.from, std::string_view(receiver.buffer.data(), size));
                                receive(socket, receiver);
                              });
  }

  void dispatch(const udp::endpoint& from, std::string_view datagram) {
    auto [first, last] = waiting.equal_range(from);
    if (first == last) return;  // not a server we asked: dropped
    std::vector<Query*> targets;
    for (auto it = first; it != last; ++it) targets.push_back(it->second);
    for (Query* query : targets) on_datagram(*query, datagram);
  }

  void on_datagram(Query& query, std::string_view datagram) {
    if (query.stage == Stage::done) return;
    const auto header = frame_header(datagram);
    if (header == kSinglePacket) {
      on_message(query, datagram);
    } else if (header == kSplitPacket) {
      if (auto fragment = parse_split(datagram)) {
        auto outcome = query.reassembler.add(*fragment);
        if (outcome.status == Reassembler::Status::complete) on_message(query, outcome.message);
      }
    }
  }

  void on_message(Query& query, std::string_view message) {
    const char type = message_type(message);
    const bool expected = type == kChallengeReply || (type == kInfoReply && query.stage == Stage::info) ||
                          (type == kPlayerReply && query.stage == Stage::players);
    if (!expected) return;  // e.g. a late duplicate of an earlier answer
    const auto rtt = Clock::now() - query.sent_at;
    if (!query.best_rtt || rtt < *query.best_rtt) query.best_rtt = rtt;

    if (type == kChallengeReply) {
      const auto challenge = decode_challenge(message);
      // The one we already sent with: an answer to another query on this endpoint (challenges are
      // per client address, and every query shares the socket), not a refusal of ours.
      if (!challenge || challenge == query.challenge) return;
      if (++query.challenges > kMaxChallenges) return fail_stage(query, "too many challenges");
      query.challenge = challenge;
      return send(query);
    }
    if (type == kInfoReply) {
      auto info = decode_info(message);
      if (!info) return fail_stage(query, "malformed");
      query.result->answered = true;
      query.result->info = std::move(*info);
      if (!query.batch.options.want_players) return finish(query);
      query.stage = Stage::players;
      query.attempts = 0;
      query.challenges = 0;  // the INFO challenge stays cached: Source servers accept it for PLAYER
      return send(query);
    }
    auto players = decode_players(message);
    if (players) {
      query.result->players_answered = true;
      query.result->players = std::move(*players);
    }
    finish(query);
  }

  void send(Query& query) {
    const std::string request =
        query.stage == Stage::info ? encode_info_request(query.challenge) : encode_player_request(query.challenge);
    auto& socket = query.target.address().is_v4() ? v4 : v6;
    boost::system::error_code ec;
    // Non-blocking: a full send buffer loses this packet like the network would; the timer re-sends.
    if (socket.is_open()) socket.send_to(asio::buffer(request), query.target, 0, ec);
    query.sent_at = Clock::now();
    const auto generation = ++query.generation;
    query.timer.expires_after(query.batch.options.timeout);
    query.timer.async_wait(
        [this, &query, generation, keep = query.batch.shared_from_this()](const boost::system::error_code& ec) {
          if (ec || generation != query.generation || query.stage == Stage::done) return;
          if (query.attempts < query.batch.options.retries) {
            ++query.attempts;
            send(query);
          } else {
            fail_stage(query, "timeout");
          }
        });
  }

  void fail_stage(Query& query, const char* error) {
    if (query.stage == Stage::info) query.result->error = error;
    finish(query);
  }

  void start(Query& query) {
    waiting.emplace(query.target, &query);
    send(query);
  }

  void finish(Query& query) {
    query.stage = Stage::done;
    query.timer.cancel();
    if (query.best_rtt) {
      query.result->ping = std::chrono::duration_cast<std::chrono::milliseconds>(*query.best_rtt);
    }
    auto [first, last] = waiting.equal_range(query.target);
    for (auto it = first; it != last; ++it) {
      if (it->second == &query) {
        waiting.erase(it);
        break;
      }
    }
    Batch& batch = query.batch;
    --batch.active;
    ++batch.finished;
    launch(batch);
  }

  // Starts queries up to the in-flight limit; completes the batch when all have finished.
  void launch(Batch& batch) {
    const auto limit = static_cast<std::size_t>(std::max(1, batch.options.max_in_flight));
    while (batch.active < limit && batch.next < batch.queries.size()) {
      ++batch.active;
      start(*batch.queries[batch.next++]);
    }
    if (batch.finished == batch.results.size() && batch.active == 0) {
      batch.done.set_value(std::move(batch.results));
    }
  }
};

Prober::Prober() : impl_(std::make_unique<Impl>()) {}
Prober::~Prober() = default;

std::vector<ProbeResult> Prober::probe_all(const std::vector<Endpoint>& endpoints, const ProbeOptions& options) {
  auto shared = std::make_shared<Batch>();
  Batch& batch = *shared;
  batch.options = options;
  batch.results.resize(endpoints.size());
  for (std::size_t i = 0; i < endpoints.size(); ++i) {
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(endpoints[i].ip, ec);
    if (ec || endpoints[i].port == 0) {
      batch.results[i].error = "invalid address";
      ++batch.finished;
      continue;
    }
    batch.queries.push_back(std::make_unique<Query>(impl_->ioc, batch, udp::endpoint(address, endpoints[i].port)));
    batch.queries.back()->result = &batch.results[i];
  }
  if (batch.queries.empty()) return std::move(batch.results);
  auto future = batch.done.get_future();
  // The caller keeps no reference: the batch must not be destroyed on this thread (see Batch).
  asio::post(impl_->ioc, [this, owned = std::move(shared)] { impl_->launch(*owned); });
  return future.get();
}

}  // namespace portal::a2s
