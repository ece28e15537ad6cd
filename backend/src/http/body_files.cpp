#include "http/body_files.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>

#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <optional>

namespace portal::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

namespace {

constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);
constexpr std::size_t kMaxFiles = 256;  // more distinct large bodies than a portal serves at once

int memory_file_with(const std::string& bytes) {
  const int fd = ::memfd_create("portal-body", MFD_CLOEXEC);
  if (fd < 0) return -1;
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n <= 0) {
      ::close(fd);
      return -1;
    }
    written += static_cast<std::size_t>(n);
  }
  return fd;
}

// Sends the head with MSG_MORE, so that it leaves in the same segment as the start of the body.
// Answers the bytes sent, or -1 with errno.
ssize_t send_more(int socket, const std::string& head, std::size_t& offset) {
  const ssize_t n = ::send(socket, head.data() + offset, head.size() - offset, MSG_MORE | MSG_NOSIGNAL);
  if (n > 0) offset += static_cast<std::size_t>(n);
  return n;
}

}  // namespace

BodyFiles::~BodyFiles() {
  for (auto& [key, entry] : entries_) ::close(entry.fd);
}

void BodyFiles::forget_gone() {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->second.body.expired()) {
      ::close(it->second.fd);
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

int BodyFiles::file_for(const std::shared_ptr<const std::string>& body) {
  auto it = entries_.find(body.get());
  // The same address may now hold another body (the first one is gone): compare the owners.
  if (it != entries_.end() && it->second.body.lock() == body) return it->second.fd;
  if (it != entries_.end()) {
    ::close(it->second.fd);
    entries_.erase(it);
  }
  if (entries_.size() >= kMaxFiles) forget_gone();
  if (entries_.size() >= kMaxFiles) return -1;
  const int fd = memory_file_with(*body);
  if (fd < 0) return -1;
  entries_.emplace(body.get(), Entry{body, fd});
  return fd;
}

asio::awaitable<beast::error_code> write_response(beast::tcp_stream& stream, const WireResponse& wire, BodyFiles& files,
                                                  const std::chrono::steady_clock::duration& timeout) {
  const int file = wire.body && wire.body->size() >= kSendfileMinBytes ? files.file_for(wire.body) : -1;
  if (file < 0) {
    const std::array<asio::const_buffer, 2> buffers{asio::buffer(wire.head),
                                                    wire.body ? asio::buffer(*wire.body) : asio::const_buffer{}};
    stream.expires_after(timeout);
    auto [ec, written] = co_await asio::async_write(stream, buffers, use_tuple);
    co_return ec;
  }

  tcp::socket& socket = stream.socket();
  beast::error_code ec;
  // Asio's sockets are non-blocking once an asynchronous operation has run on them; asking again
  // would cost an ioctl per response.
  if (!socket.native_non_blocking()) socket.native_non_blocking(true, ec);
  if (ec) co_return ec;
  // The whole write has one deadline, armed only when the socket first makes it wait: most answers
  // fit in the socket's buffer and leave without a timer. When it passes, the wait below is
  // cancelled; the handler only touches the socket when the timer fired, never after the cancel.
  std::optional<asio::steady_timer> deadline;
  bool timed_out = false;

  const int fd = socket.native_handle();
  std::size_t head_sent = 0;
  off_t body_sent = 0;
  const auto body_size = static_cast<off_t>(wire.body->size());
  while (!ec && (head_sent < wire.head.size() || body_sent < body_size)) {
    ssize_t n = head_sent < wire.head.size()
                    ? send_more(fd, wire.head, head_sent)
                    : ::sendfile(fd, file, &body_sent, static_cast<std::size_t>(body_size - body_sent));
    if (n > 0) continue;
    if (n == 0) {
      ec = asio::error::broken_pipe;  // the file ended early or the peer took nothing: never spin
      break;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      ec = beast::error_code(errno, boost::system::system_category());
      break;
    }
    if (!deadline) {
      deadline.emplace(socket.get_executor());
      deadline->expires_after(timeout);
      deadline->async_wait([&socket, &timed_out](const beast::error_code& wait_ec) {
        if (wait_ec) return;
        timed_out = true;
        beast::error_code ignored;
        socket.cancel(ignored);
      });
    }
    auto [wait_ec] = co_await socket.async_wait(tcp::socket::wait_write, use_tuple);
    if (timed_out)
      ec = beast::error::timeout;
    else if (wait_ec)
      ec = wait_ec;
  }
  if (deadline) deadline->cancel();
  co_return ec;
}

}  // namespace portal::http
