#include "sim/cs2/sim_server.hpp"

#include "integrations/rcon/rcon_packet.hpp"
#include "sim/cs2/sim_a2s.hpp"
#include "sim/cs2/sim_rcon.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ip/udp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>

#include <array>
#include <system_error>
#include <unordered_map>

namespace portal::sim {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using udp = asio::ip::udp;
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);

namespace {

std::uint64_t client_key(const udp::endpoint& from) {
  std::uint64_t key = from.port();
  if (from.address().is_v4()) {
    key |= std::uint64_t{from.address().to_v4().to_uint()} << 16;
  } else {
    for (auto byte : from.address().to_v6().to_bytes()) key = key * 131 + byte;
  }
  return key;
}

}  // namespace

struct SimServer::Impl : std::enable_shared_from_this<SimServer::Impl> {
  Impl(asio::io_context& context, const SimServerSpec& spec, unsigned seed)
      : ioc(context),
        state(spec, seed),
        responder((std::uint64_t{seed} << 32) ^ 0xC5C5A2A2ULL),
        acceptor(context),
        udp_socket(context) {}

  asio::io_context& ioc;
  SimState state;
  SimA2sResponder responder;
  tcp::acceptor acceptor;
  udp::socket udp_socket;
  std::uint16_t port = 0;
  std::array<char, 2048> buffer{};  // requests are tiny; anything longer is not A2S
  udp::endpoint from;
  bool stopped = false;
  // Open RCON connections, closed on stop; touched only on the io_context's thread.
  std::unordered_map<tcp::socket*, std::weak_ptr<tcp::socket>> sessions;

  // srcds -port N: both sockets on exactly that number. The listening socket reuses the address so a
  // restart binds again while the last RCON connections linger in TIME_WAIT.
  void bind_exactly(const std::string& host, std::uint16_t number) {
    const auto address = asio::ip::make_address(host);
    boost::system::error_code ec;
    acceptor.open(address.is_v4() ? tcp::v4() : tcp::v6(), ec);
    if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(tcp::endpoint(address, number), ec);
    if (ec) throw std::system_error(ec, "sim: binding TCP " + host + ":" + std::to_string(number));
    udp_socket.open(address.is_v4() ? udp::v4() : udp::v6(), ec);
    if (!ec) udp_socket.bind(udp::endpoint(address, number), ec);
    if (!ec) udp_socket.non_blocking(true, ec);
    if (ec) throw std::system_error(ec, "sim: binding UDP " + host + ":" + std::to_string(number));
    port = number;
  }

  void bind(const std::string& host) {
    const auto address = asio::ip::make_address(host);
    for (int attempt = 0;; ++attempt) {
      boost::system::error_code ec;
      tcp::acceptor candidate(ioc);
      candidate.open(address.is_v4() ? tcp::v4() : tcp::v6(), ec);
      if (!ec) candidate.bind(tcp::endpoint(address, 0), ec);
      if (ec) throw std::system_error(ec, "sim: binding TCP");
      const auto number = candidate.local_endpoint().port();
      udp::socket datagrams(ioc);
      datagrams.open(address.is_v4() ? udp::v4() : udp::v6(), ec);
      if (!ec) datagrams.bind(udp::endpoint(address, number), ec);
      if (!ec) {
        datagrams.non_blocking(true, ec);
        acceptor = std::move(candidate);
        udp_socket = std::move(datagrams);
        port = number;
        return;
      }
      if (attempt >= 50) throw std::system_error(ec, "sim: binding UDP next to TCP");
    }
  }

  void receive() {
    udp_socket.async_receive_from(
        asio::buffer(buffer), from,
        [this, self = shared_from_this()](const boost::system::error_code& ec, std::size_t size) {
          if (ec == asio::error::operation_aborted || stopped) return;
          if (!ec) {
            const auto replies = responder.answer(state, std::string_view(buffer.data(), size), client_key(from), port);
            for (const auto& reply : replies) {
              boost::system::error_code send_ec;
              udp_socket.send_to(asio::buffer(reply), from, 0, send_ec);  // a full buffer drops it, like a network
            }
          }
          receive();
        });
  }

  asio::awaitable<void> accept_loop() {
    while (!stopped) {
      auto [ec, socket] = co_await acceptor.async_accept(use_tuple);
      if (ec) {
        if (ec == asio::error::operation_aborted || stopped) co_return;
        continue;
      }
      auto connection = std::make_shared<tcp::socket>(std::move(socket));
      tcp::socket* key = connection.get();
      sessions.emplace(key, connection);
      // The completion handler owns the socket until the session coroutine has finished.
      asio::co_spawn(
          ioc, rcon_session(*connection),
          [this, self = shared_from_this(), key, connection](const std::exception_ptr&) { sessions.erase(key); });
    }
  }

  void close_sessions() {
    boost::system::error_code ec;
    for (auto& [key, weak] : sessions) {
      if (auto socket = weak.lock()) socket->close(ec);
    }
  }

  // Coroutine parameters are references (GCC 12 destroys by-value class parameters twice).
  asio::awaitable<void> rcon_session(tcp::socket& socket) {
    if (state.offline()) co_return;  // a server that is down talks to nobody
    SimRconSession console(state, state.spec().rcon_password, port);
    rcon::FrameDecoder decoder(64 * 1024);
    std::array<char, 4096> chunk{};
    for (;;) {
      const auto chunk_buffer = asio::buffer(chunk);
      auto [read_ec, size] = co_await socket.async_read_some(chunk_buffer, use_tuple);
      if (read_ec) co_return;
      decoder.feed(std::string_view(chunk.data(), size));
      if (decoder.failed()) co_return;
      while (auto packet = decoder.next()) {
        const auto reply = console.on_packet(*packet);
        std::string out;
        for (const auto& answer : reply.packets) out += rcon::encode(answer);
        if (!out.empty()) {
          const auto out_buffer = asio::buffer(out);
          auto [write_ec, written] = co_await asio::async_write(socket, out_buffer, use_tuple);
          if (write_ec) co_return;
        }
        if (reply.close) co_return;
      }
    }
  }
};

SimServer::SimServer(asio::io_context& ioc, const SimServerSpec& spec, unsigned seed, const std::string& host,
                     std::uint16_t port)
    : impl_(std::make_shared<Impl>(ioc, spec, seed)) {
  if (port == 0) {
    impl_->bind(host);
  } else {
    impl_->bind_exactly(host, port);
  }
}

SimServer::~SimServer() = default;

std::uint16_t SimServer::port() const { return impl_->port; }
SimState& SimServer::state() { return impl_->state; }
SimSnapshot SimServer::snapshot() const { return impl_->state.snapshot(); }

void SimServer::start() {
  impl_->receive();
  // Without a password srcds refuses RCON; a bound but not listening socket refuses connections.
  if (impl_->state.spec().rcon_password.empty()) return;
  boost::system::error_code ec;
  impl_->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  // The completion handler holds the internals until the accept loop has returned.
  if (!ec) asio::co_spawn(impl_->ioc, impl_->accept_loop(), [self = impl_](const std::exception_ptr&) {});
}

void SimServer::stop() {
  impl_->stopped = true;
  boost::system::error_code ec;
  impl_->acceptor.close(ec);
  impl_->udp_socket.close(ec);
  impl_->close_sessions();
}

void SimServer::power_off() {
  impl_->state.set_offline(true);
  impl_->close_sessions();
}

}  // namespace portal::sim
