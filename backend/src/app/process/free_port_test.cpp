#include "app/process/free_port.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <set>
#include <vector>
#include <memory>

namespace portal::app {
namespace {

// What the server's acceptor does: SO_REUSEADDR, bind, listen. Answers whether it worked.
bool listen_on(std::uint16_t port, int& fd) {
  fd = ::socket(AF_INET, SOCK_STREAM, 0);
  const int on = 1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return fd >= 0 && ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) == 0 &&
         ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 && ::listen(fd, 8) == 0;
}

TEST(PortReservation, TheServerCanListenOnAReservedPort) {
  PortReservation reservation("127.0.0.1");
  ASSERT_NE(reservation.port(), 0);
  int fd = -1;
  EXPECT_TRUE(listen_on(reservation.port(), fd));
  reservation.release();
  if (fd >= 0) ::close(fd);
}

TEST(PortReservation, NoTwoReservationsHeldAtOnceShareAPort) {
  std::vector<std::unique_ptr<PortReservation>> held;
  std::set<std::uint16_t> ports;
  for (int i = 0; i < 200; ++i) {
    held.push_back(std::make_unique<PortReservation>("127.0.0.1"));
    ports.insert(held.back()->port());
  }
  EXPECT_EQ(ports.size(), held.size());
}

}  // namespace
}  // namespace portal::app
