#include "app/process/free_port.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace portal::app {

PortReservation::PortReservation(const std::string& host) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  if (::inet_pton(AF_INET, host.c_str(), &address.sin_addr) != 1) address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  const int on = 1;
  socklen_t length = sizeof address;
  if (fd_ >= 0 && ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) == 0 &&
      ::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port_ = ntohs(address.sin_port);
  }
  if (port_ == 0) {
    release();
    throw std::runtime_error("no free TCP port on " + host);
  }
}

PortReservation::~PortReservation() { release(); }

void PortReservation::release() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

}  // namespace portal::app
