#pragma once
// Test-only: a scriptable RCON server on 127.0.0.1 (port 0) running one session at a time on its
// own thread. Header-only so nothing of it reaches portal_core.

#include "integrations/rcon/rcon_packet.hpp"

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

namespace portal::rcon::test {

class FakeConnection {
 public:
  FakeConnection(int fd, const std::atomic<bool>& stopping) : fd_(fd), stopping_(stopping) {}
  ~FakeConnection() { close(); }
  FakeConnection(const FakeConnection&) = delete;
  FakeConnection& operator=(const FakeConnection&) = delete;

  // nullopt when the client closed, the server is stopping, or nothing came within `timeout`.
  std::optional<Packet> read(std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      if (auto packet = decoder_.next()) return packet;
      if (fd_ < 0 || stopping_ || std::chrono::steady_clock::now() >= deadline) return std::nullopt;
      pollfd entry{fd_, POLLIN, 0};
      if (::poll(&entry, 1, 20) <= 0) continue;  // short slices so a stopping server is noticed
      char chunk[8192];
      const ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
      if (got <= 0) return std::nullopt;
      decoder_.feed(std::string_view(chunk, static_cast<std::size_t>(got)));
    }
  }
  void send_raw(std::string_view bytes) {
    while (fd_ >= 0 && !bytes.empty()) {
      const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent <= 0) return;
      bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
  }
  void send(const Packet& packet) { send_raw(encode(packet)); }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
  const std::atomic<bool>& stopping_;
  FrameDecoder decoder_;
};

class FakeRconServer {
 public:
  using Session = std::function<void(FakeConnection&)>;

  explicit FakeRconServer(Session session) : session_(std::move(session)) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(listener_, 8) != 0 || ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      throw std::runtime_error("fake RCON server cannot listen");
    }
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeRconServer() {
    stopping_ = true;
    thread_.join();
    ::close(listener_);
  }
  FakeRconServer(const FakeRconServer&) = delete;
  FakeRconServer& operator=(const FakeRconServer&) = delete;

  std::uint16_t port() const { return port_; }
  int connections() const { return connections_; }

 private:
  void serve() {
    while (!stopping_) {
      pollfd entry{listener_, POLLIN, 0};
      if (::poll(&entry, 1, 20) <= 0) continue;
      const int fd = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) continue;
      ++connections_;
      FakeConnection connection(fd, stopping_);
      session_(connection);
    }
  }

  Session session_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> connections_{0};
  std::thread thread_;
};

// Answers like SRCDS unless told otherwise: an optional empty packet before the AUTH_RESPONSE, the
// answer split into `split`-byte packets, and the terminator mirrored (plus SRCDS's trailing packet).
struct FakeBehaviour {
  std::string password = "secret";
  bool empty_before_auth = true;
  bool mirror = true;
  std::size_t split = 4096;
  bool close_after_command = false;
  std::function<std::string(const std::string&)> answer = [](const std::string& command) { return "echo:" + command; };
};

inline void run_srcds_session(FakeConnection& connection, const FakeBehaviour& behaviour) {
  const auto auth = connection.read();
  if (!auth || auth->type != static_cast<std::int32_t>(PacketType::auth)) return;
  if (behaviour.empty_before_auth) connection.send(make_packet(auth->id, PacketType::response_value));
  const bool good = auth->body == behaviour.password;
  connection.send(make_packet(good ? auth->id : -1, PacketType::auth_response));
  if (!good) return;
  while (auto packet = connection.read()) {
    if (packet->type == static_cast<std::int32_t>(PacketType::exec_command)) {
      const std::string output = behaviour.answer(packet->body);
      std::string wire;
      for (std::size_t at = 0; at == 0 || at < output.size(); at += behaviour.split) {
        wire += encode(make_packet(packet->id, PacketType::response_value, output.substr(at, behaviour.split)));
      }
      connection.send_raw(wire);
      if (behaviour.close_after_command) return;
    } else if (packet->type == static_cast<std::int32_t>(PacketType::response_value) && behaviour.mirror) {
      connection.send(make_packet(packet->id, PacketType::response_value));
      connection.send(make_packet(packet->id, PacketType::response_value, std::string("\0\x01\0\0", 4)));
    }
  }
}

}  // namespace portal::rcon::test
