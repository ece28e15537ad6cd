#include "integrations/rcon/tcp_stream.hpp"

#include "integrations/rcon/rcon_error.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace portal::rcon {

namespace {

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  // Round up so a sub-millisecond remainder still polls once instead of spinning at 0.
  return static_cast<int>(std::clamp<long long>(left + 1, 0, 1'000'000));
}

// Waits for `events`; false on deadline. EINTR just retries with the remaining time.
bool wait_for(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    if (Clock::now() >= deadline) return false;
    pollfd entry{fd, events, 0};
    const int ready = ::poll(&entry, 1, remaining_ms(deadline));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return true;  // let the following syscall report the error
  }
}

std::string describe(const std::string& host, std::uint16_t port) { return host + ":" + std::to_string(port); }

int open_socket(const addrinfo& address) {
  const int fd = ::socket(address.ai_family, address.ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, address.ai_protocol);
  if (fd < 0) return -1;
  // A command and its terminator are small writes that must not wait for Nagle.
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

}  // namespace

TcpStream::TcpStream(TcpStream&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

TcpStream& TcpStream::operator=(TcpStream&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

TcpStream::~TcpStream() { close(); }

void TcpStream::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

TcpStream TcpStream::connect(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0) {
    throw RconError(ErrorKind::connect, "cannot resolve " + host + ": " + ::gai_strerror(rc));
  }
  std::string last_error = "no address";
  for (const addrinfo* address = found; address != nullptr; address = address->ai_next) {
    TcpStream stream(open_socket(*address));
    if (!stream.is_open()) {
      last_error = std::strerror(errno);
      continue;
    }
    if (::connect(stream.fd_, address->ai_addr, address->ai_addrlen) != 0 && errno != EINPROGRESS) {
      last_error = std::strerror(errno);
      continue;
    }
    if (!wait_for(stream.fd_, POLLOUT, deadline)) {
      last_error = "connect timed out";
      break;  // the shared deadline is spent; later addresses would not get a fair try either
    }
    int error = 0;
    socklen_t length = sizeof error;
    ::getsockopt(stream.fd_, SOL_SOCKET, SO_ERROR, &error, &length);
    if (error == 0) {
      ::freeaddrinfo(found);
      return stream;
    }
    last_error = std::strerror(error);
  }
  ::freeaddrinfo(found);
  throw RconError(ErrorKind::connect, "cannot connect to " + describe(host, port) + ": " + last_error);
}

void TcpStream::send_all(std::string_view bytes, Clock::time_point deadline) {
  while (!bytes.empty()) {
    // MSG_NOSIGNAL: a peer that went away must surface as an error, not kill the process (SIGPIPE).
    const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent > 0) {
      bytes.remove_prefix(static_cast<std::size_t>(sent));
      continue;
    }
    if (sent < 0 && errno == EINTR) continue;
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!wait_for(fd_, POLLOUT, deadline)) throw RconError(ErrorKind::timeout, "RCON send timed out");
      continue;
    }
    throw RconError(ErrorKind::closed, std::string("RCON connection lost while sending: ") + std::strerror(errno));
  }
}

TcpStream::ReadStatus TcpStream::read_some(std::string& out, Clock::time_point deadline) {
  char chunk[16384];
  for (;;) {
    const ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
    if (got > 0) {
      out.append(chunk, static_cast<std::size_t>(got));
      return ReadStatus::data;
    }
    if (got == 0) return ReadStatus::eof;
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      throw RconError(ErrorKind::closed, std::string("RCON connection lost: ") + std::strerror(errno));
    }
    if (!wait_for(fd_, POLLIN, deadline)) return ReadStatus::timeout;
  }
}

bool TcpStream::peer_closed() const {
  if (fd_ < 0) return true;
  char byte = 0;
  const ssize_t got = ::recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (got > 0) return false;
  if (got == 0) return true;
  return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

}  // namespace portal::rcon
