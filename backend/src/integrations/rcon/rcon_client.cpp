#include "integrations/rcon/rcon_client.hpp"

#include <algorithm>
#include <utility>

namespace portal::rcon {

namespace {

// A trickling server must not hold the poller forever: the whole exchange gets this many io_timeouts.
constexpr int kExchangeBudget = 5;

constexpr auto kResponseValue = static_cast<std::int32_t>(PacketType::response_value);
constexpr auto kAuthResponse = static_cast<std::int32_t>(PacketType::auth_response);

}  // namespace

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::connect:
      return "connect";
    case ErrorKind::auth:
      return "auth";
    case ErrorKind::timeout:
      return "timeout";
    case ErrorKind::protocol:
      return "protocol";
    case ErrorKind::closed:
      return "closed";
    case ErrorKind::rejected:
      return "rejected";
  }
  return "unknown";
}

void validate_command(std::string_view command) {
  if (command.empty()) throw RconError(ErrorKind::rejected, "RCON command is empty");
  if (command.size() > kMaxCommandBytes) {
    throw RconError(ErrorKind::rejected, "RCON command is longer than " + std::to_string(kMaxCommandBytes) + " bytes");
  }
  if (command.find_first_of(std::string_view(";\n\r\0", 4)) != std::string_view::npos) {
    throw RconError(ErrorKind::rejected, "RCON command contains ';', a line break or NUL, which would chain commands");
  }
}

Client::Client(std::string host, std::uint16_t port, std::string password, ClientOptions options)
    : host_(std::move(host)),
      port_(port),
      password_(std::move(password)),
      options_(options),
      decoder_(options.max_packet) {}

std::string Client::exec(std::string_view command) {
  validate_command(command);
  const std::lock_guard lock(mutex_);
  // A connection the server closed while we were idle (restart, rcon_password change) is noticed
  // here without sending anything, so the command is not at risk of running twice.
  if (stream_.is_open() && stream_.peer_closed()) drop();
  for (int attempt = 0;; ++attempt) {
    const bool reused = stream_.is_open();
    if (!reused) open_and_authenticate();
    try {
      return run_command(command);
    } catch (const RconError& error) {
      // After any failure the stream position is unknown: never reuse it.
      drop();
      // Only a reused connection may have been stale; a fresh one failing is the server's answer.
      if (error.kind() != ErrorKind::closed || !reused || attempt > 0) throw;
    }
  }
}

void Client::close() {
  const std::lock_guard lock(mutex_);
  drop();
}

void Client::drop() {
  stream_.close();
  decoder_ = FrameDecoder(options_.max_packet);
}

std::int32_t Client::next_id() {
  // Positive ids only: -1 means "bad password" in an AUTH_RESPONSE, and 0 is what a confused server
  // might echo for anything.
  last_id_ = last_id_ >= 0x7fffffff - 1 ? 1 : last_id_ + 1;
  return last_id_;
}

void Client::open_and_authenticate() {
  drop();
  stream_ = TcpStream::connect(host_, port_, options_.connect_timeout);
  try {
    const auto exchange_deadline = Clock::now() + options_.io_timeout * kExchangeBudget;
    const std::int32_t id = next_id();
    stream_.send_all(encode(make_packet(id, PacketType::auth, password_)), Clock::now() + options_.io_timeout);
    for (;;) {
      const Packet packet = read_packet(exchange_deadline);
      // Source and CS:GO send an empty RESPONSE_VALUE first; CS2 reportedly does not. Rust adds a
      // stray type 4. Anything but an AUTH_RESPONSE is skipped (gorcon's rule).
      if (packet.type != kAuthResponse) continue;
      if (packet.id == -1) throw RconError(ErrorKind::auth, "RCON password rejected by " + host_);
      if (packet.id != id) {
        throw RconError(ErrorKind::protocol, "RCON auth reply for id " + std::to_string(packet.id) + " from " + host_);
      }
      return;
    }
  } catch (const RconError& error) {
    drop();
    if (error.kind() == ErrorKind::closed) {
      // Servers close instead of answering when the IP is banned (sv_rcon_banpenalty) or RCON is off.
      throw RconError(ErrorKind::closed,
                      std::string("server closed the RCON connection during authentication (IP banned or RCON "
                                  "disabled?): ") +
                          error.what());
    }
    throw;
  }
}

std::string Client::run_command(std::string_view command) {
  const auto exchange_deadline = Clock::now() + options_.io_timeout * kExchangeBudget;
  const std::int32_t command_id = next_id();
  const std::int32_t end_id = next_id();
  // The empty RESPONSE_VALUE after the command is mirrored by SRCDS only once the command's output
  // is fully sent, which marks the end of a multi-packet answer.
  std::string request = encode(make_packet(command_id, PacketType::exec_command, std::string(command)));
  request += encode(make_packet(end_id, PacketType::response_value));
  stream_.send_all(request, Clock::now() + options_.io_timeout);

  std::string output;
  bool answered = false;
  for (;;) {
    while (auto packet = decoder_.next()) {
      if (packet->id == end_id) return output;
      if (packet->id == command_id && packet->type == kResponseValue) {
        output += packet->body;
        answered = true;
      }
      // Other ids are left over from an earlier exchange (SRCDS follows its mirror with one more
      // packet carrying the same id): ignore them.
    }
    if (decoder_.failed()) throw RconError(ErrorKind::protocol, "invalid RCON packet size from " + host_);
    const auto now = Clock::now();
    if (now >= exchange_deadline) throw RconError(ErrorKind::timeout, "RCON answer from " + host_ + " took too long");
    // Quiet after a whole answer means done (non-mirroring CS2); mid-packet we keep waiting.
    const bool may_be_done = answered && !decoder_.has_partial();
    const auto wait = may_be_done ? options_.quiet_after_response : options_.io_timeout;
    switch (fill(std::min(now + wait, exchange_deadline))) {
      case Fill::data:
        break;
      case Fill::timeout:
        if (may_be_done) return output;
        throw RconError(ErrorKind::timeout, "no RCON answer from " + host_ + " within the timeout");
      case Fill::eof:
        // changelevel and friends answer and then drop the connection: the answer still counts.
        if (!may_be_done) throw RconError(ErrorKind::closed, "server closed the RCON connection");
        drop();
        return output;
    }
  }
}

Packet Client::read_packet(Clock::time_point exchange_deadline) {
  for (;;) {
    if (auto packet = decoder_.next()) return std::move(*packet);
    if (decoder_.failed()) throw RconError(ErrorKind::protocol, "invalid RCON packet size from " + host_);
    const auto now = Clock::now();
    switch (fill(std::min(now + options_.io_timeout, exchange_deadline))) {
      case Fill::data:
        break;
      case Fill::timeout:
        throw RconError(ErrorKind::timeout, "no RCON answer from " + host_ + " within the timeout");
      case Fill::eof:
        throw RconError(ErrorKind::closed, "server closed the RCON connection");
    }
  }
}

Client::Fill Client::fill(Clock::time_point wait_until) {
  std::string bytes;
  const auto status = stream_.read_some(bytes, wait_until);
  if (status == TcpStream::ReadStatus::data) {
    decoder_.feed(bytes);
    return Fill::data;
  }
  return status == TcpStream::ReadStatus::timeout ? Fill::timeout : Fill::eof;
}

}  // namespace portal::rcon
