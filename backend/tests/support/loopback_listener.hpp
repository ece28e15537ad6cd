#pragma once
// Test-only: a TCP socket listening on 127.0.0.1 at a free port, closed when it goes. The fake peers
// of the tests (the canned HTTP server, the SMTP sink, a peer that never answers, a port where nothing
// listens) are built on it instead of each repeating the socket/bind/listen/getsockname dance.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace portal::test {

class LoopbackListener {
 public:
  explicit LoopbackListener(int backlog = 8) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        (backlog > 0 && ::listen(fd_, backlog) != 0) ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      if (fd_ >= 0) ::close(fd_);
      throw std::runtime_error("cannot listen on loopback");
    }
    port_ = ntohs(address.sin_port);
  }
  ~LoopbackListener() { close(); }
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;

  int fd() const { return fd_; }
  std::uint16_t port() const { return port_; }
  std::string url(const std::string& scheme, const std::string& path = "/") const {
    return scheme + "://127.0.0.1:" + std::to_string(port_) + path;
  }

  // A connection accepted within `timeout` (close-on-exec), or -1.
  int accept_within(std::chrono::milliseconds timeout) const {
    pollfd entry{fd_, POLLIN, 0};
    if (::poll(&entry, 1, static_cast<int>(timeout.count())) <= 0) return -1;
    return ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
  }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
  std::uint16_t port_ = 0;
};

// A loopback port where nothing listens: bound for a moment to pick it, then closed.
inline std::uint16_t closed_loopback_port() {
  const LoopbackListener bound(/*backlog=*/0);
  return bound.port();
}

}  // namespace portal::test
