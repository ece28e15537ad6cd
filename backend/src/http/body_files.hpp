#pragma once
// Large shared bodies (the server list, the web's bundles) go to the socket with sendfile(2) from a
// memory file that holds the same bytes, as nginx sends static files: the kernel hands over pages
// instead of copying 20-200 KB per response through the socket. A body is copied into its file once,
// on its first large response on this I/O thread; small bodies are written as before.

#include "http/wire_format.hpp"

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <unordered_map>

namespace portal::http {

// Bodies under this many bytes are written from memory: a file costs more than it saves.
inline constexpr std::size_t kSendfileMinBytes = 16 * 1024;

// One I/O thread's memory files, by body. Not thread-safe: each event loop keeps its own.
class BodyFiles {
 public:
  BodyFiles() = default;
  ~BodyFiles();
  BodyFiles(const BodyFiles&) = delete;
  BodyFiles& operator=(const BodyFiles&) = delete;

  // The memory file holding the body's bytes (made now if need be); -1 when none can be made.
  int file_for(const std::shared_ptr<const std::string>& body);

 private:
  struct Entry {
    std::weak_ptr<const std::string> body;
    int fd = -1;
  };
  void forget_gone();
  std::unordered_map<const std::string*, Entry> entries_;
};

// Writes the head and body: a large body through `files` with sendfile, anything else (or when no file
// can be made) with one gather write. An error ends the connection; `timeout` bounds the whole write.
boost::asio::awaitable<boost::beast::error_code> write_response(boost::beast::tcp_stream& stream,
                                                                const WireResponse& wire, BodyFiles& files,
                                                                const std::chrono::steady_clock::duration& timeout);

}  // namespace portal::http
