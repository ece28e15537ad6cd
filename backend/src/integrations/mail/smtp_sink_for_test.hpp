#pragma once
// Test-only: an ESMTP server on 127.0.0.1 (port 0) that accepts one session at a time on its own
// thread and records what arrived. It behaves like the npm smtp-server the reference used
// (reference/protocols.md 7.2): STARTTLS with a real certificate, AUTH PLAIN/LOGIN refused before TLS
// (538), MAIL before AUTH refused (530), DATA dot-unstuffed. Header-only so nothing of it reaches
// portal_core; needs libssl in the test executable.

#include "integrations/mail/mime_reader_for_test.hpp"
#include "integrations/mail/test_certificate_for_test.hpp"
#include "support/loopback_listener.hpp"

#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace portal::mail::test {

struct SinkBehaviour {
  bool offer_starttls = true;
  bool implicit_tls = false;               // smtps: TLS from the first byte
  bool allow_plaintext_auth = false;       // smtp-server's allowInsecureAuth
  std::string username = "portal-mailer";  // empty = no AUTH required
  std::string password = "hunter2-smtp-secret";
  bool reject_rcpt = false;
  bool silent = false;  // accept the connection and never answer
};

struct SinkRecord {
  std::vector<std::string> ehlo_names;
  std::string plaintext_received;  // every byte that arrived before TLS started
  bool tls = false;                // TLS was on when the last command arrived
  std::string auth_mechanism;
  std::string auth_username;
  std::string auth_password;
  bool auth_over_tls = false;
  bool authenticated = false;
  std::string mail_from;
  std::vector<std::string> rcpt_to;
  std::string data;  // dot-unstuffed, CRLF line ends, without the terminating "."
  bool data_over_tls = false;
  bool message_accepted = false;
};

class SmtpSink {
 public:
  explicit SmtpSink(SinkBehaviour behaviour = {}) : behaviour_(std::move(behaviour)) {
    const TestCertificate& certificate = test_certificate();
    tls_ = SSL_CTX_new(TLS_server_method());
    if (tls_ == nullptr || SSL_CTX_use_certificate(tls_, certificate.cert) != 1 ||
        SSL_CTX_use_PrivateKey(tls_, certificate.key) != 1) {
      throw std::runtime_error("SMTP sink: TLS context failed");
    }
    thread_ = std::thread([this] { serve(); });
  }
  ~SmtpSink() {
    stopping_ = true;
    thread_.join();
    SSL_CTX_free(tls_);
  }
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  std::uint16_t port() const { return listener_.port(); }
  int sessions() const { return sessions_; }
  SinkRecord record() const {
    const std::lock_guard lock(mutex_);
    return record_;
  }

 private:
  // One client connection: plain socket, or TLS once STARTTLS (or implicit TLS) succeeded.
  class Connection {
   public:
    Connection(int fd, const std::atomic<bool>& stopping) : fd_(fd), stopping_(stopping) {
      // A stuck handshake must not hang the test run.
      timeval limit{5, 0};
      ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
      ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    }
    ~Connection() {
      if (ssl_ != nullptr) {
        SSL_shutdown(ssl_);
        SSL_free(ssl_);
      }
      ::close(fd_);
    }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    bool secure() const { return ssl_ != nullptr; }
    const std::string& plaintext_received() const { return plaintext_; }

    bool start_tls(SSL_CTX* context) {
      pending_.clear();  // RFC 3207: anything pipelined before the handshake is discarded
      ssl_ = SSL_new(context);
      SSL_set_fd(ssl_, fd_);
      return SSL_accept(ssl_) == 1;
    }

    // nullopt when the client closed, the sink is stopping, or nothing came for 5 s.
    std::optional<std::string> read_line() {
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      for (;;) {
        if (const std::size_t end = pending_.find("\r\n"); end != std::string::npos) {
          std::string line = pending_.substr(0, end);
          pending_.erase(0, end + 2);
          return line;
        }
        if (stopping_ || std::chrono::steady_clock::now() >= deadline) return std::nullopt;
        if (ssl_ == nullptr || SSL_pending(ssl_) == 0) {
          pollfd entry{fd_, POLLIN, 0};
          if (::poll(&entry, 1, 20) <= 0) continue;  // short slices so a stopping sink is noticed
        }
        char chunk[8192];
        const long got = ssl_ != nullptr ? SSL_read(ssl_, chunk, sizeof chunk) : ::recv(fd_, chunk, sizeof chunk, 0);
        if (got <= 0) return std::nullopt;
        pending_.append(chunk, static_cast<std::size_t>(got));
        if (ssl_ == nullptr) plaintext_.append(chunk, static_cast<std::size_t>(got));
      }
    }

    void send(std::string_view text) {
      std::string line = std::string(text) + "\r\n";
      if (ssl_ != nullptr) {
        SSL_write(ssl_, line.data(), static_cast<int>(line.size()));
      } else {
        ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL);
      }
    }

   private:
    int fd_;
    const std::atomic<bool>& stopping_;
    SSL* ssl_ = nullptr;
    std::string pending_;
    std::string plaintext_;
  };

  void serve() {
    // SSL_write to a client that hung up raises SIGPIPE; keep it on this thread, away from the run.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    while (!stopping_) {
      const int fd = listener_.accept_within(std::chrono::milliseconds(20));
      if (fd < 0) continue;
      ++sessions_;
      Connection connection(fd, stopping_);
      {
        const std::lock_guard lock(mutex_);
        record_ = SinkRecord{};
      }
      run_session(connection);
    }
  }

  void publish(const SinkRecord& record) {
    const std::lock_guard lock(mutex_);
    record_ = record;
  }

  static std::string upper(std::string text) {
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
  }
  static std::string between_angles(const std::string& line) {
    const std::size_t open = line.find('<');
    const std::size_t close = line.find('>', open);
    return open == std::string::npos || close == std::string::npos ? "" : line.substr(open + 1, close - open - 1);
  }

  void run_session(Connection& connection) {
    SinkRecord record;
    if (behaviour_.silent) {
      while (connection.read_line()) {
      }
      return;
    }
    if (behaviour_.implicit_tls && !connection.start_tls(tls_)) return;
    connection.send("220 sink.test ESMTP ready");
    for (;;) {
      const auto line = connection.read_line();
      record.plaintext_received = connection.plaintext_received();
      record.tls = connection.secure();
      publish(record);
      if (!line) return;
      const std::string verb = upper(line->substr(0, line->find(' ')));
      const std::string argument = line->find(' ') == std::string::npos ? "" : line->substr(line->find(' ') + 1);

      if (verb == "EHLO" || verb == "HELO") {
        record.ehlo_names.push_back(argument);
        publish(record);
        if (verb == "HELO") {
          connection.send("250 sink.test");
          continue;
        }
        std::vector<std::string> capabilities{"sink.test greets " + argument, "8BITMIME"};
        if (behaviour_.offer_starttls && !connection.secure()) capabilities.push_back("STARTTLS");
        capabilities.push_back("AUTH PLAIN LOGIN");
        capabilities.push_back("ENHANCEDSTATUSCODES");
        for (std::size_t i = 0; i < capabilities.size(); ++i) {
          connection.send((i + 1 < capabilities.size() ? "250-" : "250 ") + capabilities[i]);
        }
      } else if (verb == "STARTTLS" && behaviour_.offer_starttls && !connection.secure()) {
        connection.send("220 2.0.0 Ready to start TLS");
        if (!connection.start_tls(tls_)) return;
        // RFC 3207 4.2: the session starts over after the handshake.
        SinkRecord fresh;
        fresh.ehlo_names = std::move(record.ehlo_names);
        fresh.plaintext_received = std::move(record.plaintext_received);
        fresh.tls = true;
        record = std::move(fresh);
        publish(record);
      } else if (verb == "AUTH") {
        if (!connection.secure() && !behaviour_.allow_plaintext_auth) {
          connection.send("538 5.7.11 Encryption required for requested authentication mechanism");
          continue;
        }
        if (!authenticate(connection, record, argument)) return;
      } else if (verb == "MAIL") {
        if (!behaviour_.username.empty() && !record.authenticated) {
          connection.send("530 5.7.0 Authentication required");
          continue;
        }
        record.mail_from = between_angles(*line);
        publish(record);
        connection.send("250 2.1.0 Sender OK");
      } else if (verb == "RCPT") {
        if (record.mail_from.empty()) {
          connection.send("503 5.5.1 Need MAIL first");
        } else if (behaviour_.reject_rcpt) {
          connection.send("550 5.1.1 Mailbox unavailable");
        } else {
          record.rcpt_to.push_back(between_angles(*line));
          publish(record);
          connection.send("250 2.1.5 Recipient OK");
        }
      } else if (verb == "DATA") {
        if (record.rcpt_to.empty()) {
          connection.send("503 5.5.1 Need RCPT first");
          continue;
        }
        connection.send("354 End data with <CR><LF>.<CR><LF>");
        std::string data;
        for (;;) {
          const auto data_line = connection.read_line();
          if (!data_line) return;
          if (*data_line == ".") break;
          // RFC 5321 4.5.2: a leading dot was doubled by the client.
          data += (data_line->starts_with(".") ? data_line->substr(1) : *data_line) + "\r\n";
        }
        record.data = std::move(data);
        record.data_over_tls = connection.secure();
        record.message_accepted = true;
        publish(record);
        connection.send("250 2.0.0 OK: message queued");
      } else if (verb == "RSET" || verb == "NOOP") {
        connection.send("250 2.0.0 OK");
      } else if (verb == "QUIT") {
        connection.send("221 2.0.0 Bye");
        return;
      } else {
        connection.send("502 5.5.2 Command not recognized");
      }
    }
  }

  // AUTH PLAIN (with or without the initial response) and AUTH LOGIN, as libcurl sends them.
  bool authenticate(Connection& connection, SinkRecord& record, const std::string& argument) {
    const std::string mechanism = upper(argument.substr(0, argument.find(' ')));
    std::string initial = argument.find(' ') == std::string::npos ? "" : argument.substr(argument.find(' ') + 1);
    const auto next_response = [&](std::string_view prompt) -> std::optional<std::string> {
      connection.send("334 " + std::string(prompt));
      return connection.read_line();
    };
    if (mechanism == "PLAIN") {
      if (initial.empty()) {
        const auto response = next_response("");
        if (!response) return false;
        initial = *response;
      }
      const std::string decoded = base64_decode(initial);  // authzid \0 authcid \0 password
      const std::size_t first = decoded.find('\0');
      const std::size_t second = decoded.find('\0', first + 1);
      if (first != std::string::npos && second != std::string::npos) {
        record.auth_username = decoded.substr(first + 1, second - first - 1);
        record.auth_password = decoded.substr(second + 1);
      }
    } else if (mechanism == "LOGIN") {
      std::optional<std::string> user = initial.empty() ? next_response("VXNlcm5hbWU6") : std::optional(initial);
      if (!user) return false;
      const auto password = next_response("UGFzc3dvcmQ6");
      if (!password) return false;
      record.auth_username = base64_decode(*user);
      record.auth_password = base64_decode(*password);
    } else {
      connection.send("504 5.5.4 Unrecognized authentication type");
      return true;
    }
    record.auth_mechanism = mechanism;
    record.auth_over_tls = connection.secure();
    record.authenticated = record.auth_username == behaviour_.username && record.auth_password == behaviour_.password;
    publish(record);
    connection.send(record.authenticated ? "235 2.7.0 Authentication successful"
                                         : "535 5.7.8 Authentication credentials invalid");
    return true;
  }

  SinkBehaviour behaviour_;
  SSL_CTX* tls_ = nullptr;
  portal::test::LoopbackListener listener_;
  std::atomic<bool> stopping_{false};
  std::atomic<int> sessions_{0};
  std::thread thread_;
  mutable std::mutex mutex_;
  SinkRecord record_;
};

}  // namespace portal::mail::test
