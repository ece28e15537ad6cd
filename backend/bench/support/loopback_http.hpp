#pragma once
// A keep-alive HTTP/1.1 client on 127.0.0.1 for the benchmarks: plain sockets, one request at a time,
// bodies by Content-Length (the portal always sends one), so what is measured is the server, not a
// client library.

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace portal::bench {

// ---- A TCP connection to 127.0.0.1

class Connection {
 public:
  explicit Connection(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw std::runtime_error("socket failed");
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      ::close(fd_);
      throw std::runtime_error("cannot connect to 127.0.0.1:" + std::to_string(port));
    }
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  ~Connection() { ::close(fd_); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void send_all(const std::string& data) {
    std::size_t sent = 0;
    while (sent < data.size()) {
      const ssize_t n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error("send failed");
      sent += static_cast<std::size_t>(n);
    }
  }
  // Appends what arrives to `buffer`.
  void receive(std::string& buffer) {
    char chunk[65536];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) throw std::runtime_error("connection closed by the server");
    buffer.append(chunk, static_cast<std::size_t>(n));
  }

 private:
  int fd_ = -1;
};

// ---- HTTP/1.1 keep-alive client (Content-Length bodies; the portal always sends one)

struct HttpResponse {
  int status = 0;
  std::string body;
};

class HttpClient {
 public:
  explicit HttpClient(int port) : connection_(port) {}

  HttpResponse request(const std::string& raw) {
    connection_.send_all(raw);
    std::size_t head_end;
    while ((head_end = buffer_.find("\r\n\r\n")) == std::string::npos) connection_.receive(buffer_);
    HttpResponse response;
    if (buffer_.compare(0, 9, "HTTP/1.1 ") != 0) throw std::runtime_error("not an HTTP/1.1 response");
    response.status = std::stoi(buffer_.substr(9, 3));
    std::size_t length = 0;
    bool have_length = false;
    for (std::size_t line = buffer_.find("\r\n") + 2; line < head_end;) {
      const std::size_t end = buffer_.find("\r\n", line);
      const std::size_t colon = buffer_.find(':', line);
      if (colon != std::string::npos && colon < end) {
        std::string name = buffer_.substr(line, colon - line);
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name == "content-length") {
          length = std::stoul(buffer_.substr(colon + 1, end - colon - 1));
          have_length = true;
        }
      }
      line = end + 2;
    }
    if (!have_length) throw std::runtime_error("response without Content-Length");
    const std::size_t total = head_end + 4 + length;
    while (buffer_.size() < total) connection_.receive(buffer_);
    response.body = buffer_.substr(head_end + 4, length);
    buffer_.erase(0, total);
    return response;
  }

 private:
  Connection connection_;
  std::string buffer_;
};

}  // namespace portal::bench
