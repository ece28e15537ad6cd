#pragma once
// A plain TCP connection to a test app, from a chosen loopback address, for bytes (and endings) curl
// would not produce.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace portal::test {

inline std::uint16_t port_of(const std::string& base_url) {
  return static_cast<std::uint16_t>(std::stoi(base_url.substr(base_url.rfind(':') + 1)));
}

class RawConnection {
 public:
  RawConnection(std::uint16_t port, const char* from = "127.0.0.1") {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, from, &local.sin_addr);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) throw std::runtime_error("bind");
    sockaddr_in remote{};
    remote.sin_family = AF_INET;
    remote.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0) throw std::runtime_error("connect");
  }
  ~RawConnection() { close(); }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  void send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent <= 0) return;
      bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
  }
  // The first bytes that arrive within `wait` (empty when none do).
  std::string read_some(std::chrono::milliseconds wait = std::chrono::seconds(10)) {
    pollfd entry{fd_, POLLIN, 0};
    if (::poll(&entry, 1, static_cast<int>(wait.count())) <= 0) return {};
    char chunk[4096];
    const ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
    return got > 0 ? std::string(chunk, static_cast<std::size_t>(got)) : std::string{};
  }
  // Everything until the server closes the connection or `wait` passes without a byte.
  std::string read_until_closed(std::chrono::milliseconds wait = std::chrono::seconds(3)) {
    std::string data;
    char chunk[4096];
    for (;;) {
      pollfd entry{fd_, POLLIN, 0};
      if (::poll(&entry, 1, static_cast<int>(wait.count())) <= 0) return data;
      const ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
      if (got <= 0) {
        closed_ = true;
        return data;
      }
      data.append(chunk, static_cast<std::size_t>(got));
    }
  }
  bool closed_by_server() const { return closed_; }
  // Closes with a reset (SO_LINGER 0), as a client that crashed or dropped off the network seems to.
  void reset() {
    const linger abort_on_close{1, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
    close();
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
  bool closed_ = false;
};

}  // namespace portal::test
