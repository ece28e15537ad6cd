#pragma once
// A blocking TCP connection with deadlines (non-blocking socket + poll), just enough for RCON. The
// caller is a background thread, so plain POSIX sockets keep Asio out of this folder.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace portal::rcon {

using Clock = std::chrono::steady_clock;

class TcpStream {
 public:
  enum class ReadStatus { data, timeout, eof };

  TcpStream() = default;
  TcpStream(TcpStream&& other) noexcept;
  TcpStream& operator=(TcpStream&& other) noexcept;
  TcpStream(const TcpStream&) = delete;
  TcpStream& operator=(const TcpStream&) = delete;
  ~TcpStream();

  // Tries each resolved address until one connects. Throws RconError(connect). Name resolution
  // itself (getaddrinfo) is not bounded by the timeout; configured hosts are normally IP literals.
  static TcpStream connect(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout);

  bool is_open() const { return fd_ >= 0; }
  // Throws RconError(closed) when the peer is gone, RconError(timeout) past the deadline.
  void send_all(std::string_view bytes, Clock::time_point deadline);
  // Appends what is available (waiting until the deadline for the first byte). Throws
  // RconError(closed) on a reset; an orderly close is reported as eof.
  ReadStatus read_some(std::string& out, Clock::time_point deadline);
  // Without blocking: has the peer closed or reset the connection? Pending unread data means alive.
  bool peer_closed() const;
  void close();

 private:
  explicit TcpStream(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace portal::rcon
