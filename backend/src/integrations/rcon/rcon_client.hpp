#pragma once
// Blocking Source RCON client for one game server (reference/protocols.md section 2). Meant for a
// background poller thread: every call blocks for at most a few io_timeouts. No Asio here.

#include "integrations/rcon/rcon_error.hpp"
#include "integrations/rcon/rcon_packet.hpp"
#include "integrations/rcon/tcp_stream.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

namespace portal::rcon {

// gorcon/rcon caps commands at 1000 bytes; SRCDS truncates long lines anyway.
inline constexpr std::size_t kMaxCommandBytes = 1000;

struct ClientOptions {
  std::chrono::milliseconds connect_timeout{3000};
  // Longest wait for the next bytes of an answer; the whole exchange is capped at 5x this.
  std::chrono::milliseconds io_timeout{3000};
  // CS2 may not mirror the empty terminator packet, so an answer also ends when the connection has
  // been quiet this long after at least one whole response packet. SRCDS writes a reply in one go,
  // so this only adds latency to servers that do not mirror.
  std::chrono::milliseconds quiet_after_response{250};
  // CS2 answers e.g. cvarlist in one packet well above the wiki's 4096 bytes.
  std::size_t max_packet = 1 << 20;
};

// Throws RconError(rejected) for an empty command, one over kMaxCommandBytes, or one containing
// ';', '\n', '\r' or NUL: the console would run the rest as further commands.
void validate_command(std::string_view command);

class Client {
 public:
  Client(std::string host, std::uint16_t port, std::string password, ClientOptions options = {});
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;
  ~Client() = default;

  // Connects and authenticates on first use; on a broken connection reconnects once and retries.
  // A retried command may run twice on the server if the connection broke after it arrived, so
  // only send commands that are safe to repeat (status, sv_password x). Throws RconError.
  // Calls are serialized: one Client may be shared between threads.
  std::string exec(std::string_view command);
  void close();

 private:
  void open_and_authenticate();
  std::string run_command(std::string_view command);
  // Reads until a whole packet is decoded or the deadlines pass (RconError timeout/closed/protocol).
  Packet read_packet(Clock::time_point exchange_deadline);
  enum class Fill { data, timeout, eof };
  Fill fill(Clock::time_point wait_until);  // feeds the decoder with what arrived
  std::int32_t next_id();
  void drop();

  std::string host_;
  std::uint16_t port_;
  std::string password_;
  ClientOptions options_;
  std::mutex mutex_;
  TcpStream stream_;
  FrameDecoder decoder_;
  std::int32_t last_id_ = 0;
};

}  // namespace portal::rcon
