#include "http/connection_admission.hpp"

#include "http/api_error.hpp"
#include "http/wire_format.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

#include <array>
#include <chrono>

namespace portal::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

bool AddressAdmission::admit(const std::string& address) {
  std::lock_guard lock(mutex_);
  std::size_t& open = open_[address];
  if (max_ > 0 && open >= max_) {
    if (refusal_logged_.insert(address).second) {
      spdlog::warn("refusing connections from {}: it holds {} open (server.max_connections_per_address)", address,
                   open);
    }
    return false;
  }
  ++open;
  return true;
}

void AddressAdmission::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = open_.find(address);
  if (it == open_.end()) return;
  if (--it->second == 0) {
    open_.erase(it);
    refusal_logged_.erase(address);  // a later episode is logged again
  }
}

asio::awaitable<void> refuse_connection(beast::tcp_stream& stream) {
  constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);
  Response response = error_response(errors::too_many_connections(std::chrono::seconds(1)));
  const WireResponse wire = to_wire(response, 11, false, false);
  const std::array<asio::const_buffer, 2> buffers{asio::buffer(wire.head),
                                                  wire.body ? asio::buffer(*wire.body) : asio::const_buffer{}};
  stream.expires_after(std::chrono::seconds(2));
  auto [write_ec, written] = co_await asio::async_write(stream, buffers, use_tuple);
  beast::error_code ignored;
  if (!write_ec) {
    stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
    std::array<char, 4096> sink;
    const asio::mutable_buffer sink_buffer = asio::buffer(sink);  // named: no temporaries in co_await
    stream.expires_after(std::chrono::seconds(1));
    for (;;) {
      auto [read_ec, got] = co_await stream.async_read_some(sink_buffer, use_tuple);
      if (read_ec) break;
    }
  }
  stream.close();
}

}  // namespace portal::http
