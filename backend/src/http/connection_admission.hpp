#pragma once
// How many connections one client address may hold open (server.max_connections_per_address), and
// the answer a connection over that cap gets: 503 TOO_MANY_CONNECTIONS with Retry-After before its
// request is read, then the close.

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace portal::http {

class AddressAdmission {
 public:
  explicit AddressAdmission(std::size_t max_per_address) : max_(max_per_address) {}

  // Counts a new connection from `address`; false when it already holds the most allowed (0: no cap).
  // The first refusal of an episode is logged.
  bool admit(const std::string& address);
  // A connection admitted earlier has closed.
  void release(const std::string& address);

 private:
  std::size_t max_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> open_;
  std::unordered_set<std::string> refusal_logged_;  // addresses warned about in this episode
};

// Answers the refusal and closes. What the client sent meanwhile is read and dropped for a moment, so
// that closing does not reset the connection before the answer has reached the client.
boost::asio::awaitable<void> refuse_connection(boost::beast::tcp_stream& stream);

}  // namespace portal::http
