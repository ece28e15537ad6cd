#include "integrations/rcon/rcon_client.hpp"

#include "integrations/rcon/fake_rcon_server_for_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace portal::rcon {
namespace {

using namespace std::chrono_literals;
using test::FakeBehaviour;
using test::FakeConnection;
using test::FakeRconServer;
using test::run_srcds_session;
using ::testing::HasSubstr;
using ::testing::Not;

// Generous timeouts: a loaded 2-core machine must not turn a slow answer into a failure. Tests that
// expect a timeout shorten io_timeout instead and assert only the outcome.
ClientOptions generous() {
  ClientOptions options;
  options.connect_timeout = 20s;
  options.io_timeout = 20s;
  return options;
}

FakeRconServer::Session srcds(FakeBehaviour behaviour) {
  return [behaviour](FakeConnection& connection) { run_srcds_session(connection, behaviour); };
}

ErrorKind kind_of(Client& client, std::string_view command) {
  try {
    client.exec(command);
  } catch (const RconError& error) {
    return error.kind();
  }
  ADD_FAILURE() << "exec did not throw";
  return ErrorKind::protocol;
}

TEST(RconClient, AuthenticatesWhenAnEmptyPacketPrecedesTheAuthResponse) {
  FakeRconServer server(srcds(FakeBehaviour{}));
  Client client("127.0.0.1", server.port(), "secret", generous());
  EXPECT_EQ(client.exec("status"), "echo:status");
  // SRCDS's trailing packet after the mirror must not leak into the next answer.
  EXPECT_EQ(client.exec("sv_password abc"), "echo:sv_password abc");
  EXPECT_EQ(server.connections(), 1);
}

TEST(RconClient, AuthenticatesWhenTheServerSendsOnlyTheAuthResponse) {
  FakeBehaviour cs2;
  cs2.empty_before_auth = false;
  cs2.mirror = false;  // ends by the quiet period instead
  FakeRconServer server(srcds(cs2));
  Client client("127.0.0.1", server.port(), "secret", generous());
  EXPECT_EQ(client.exec("status"), "echo:status");
  EXPECT_EQ(client.exec("hostname"), "echo:hostname");
  EXPECT_EQ(server.connections(), 1);
}

TEST(RconClient, BadPasswordIsAnAuthErrorThatDoesNotRevealThePassword) {
  FakeRconServer server(srcds(FakeBehaviour{}));
  Client client("127.0.0.1", server.port(), "wrong-hunter2", generous());
  try {
    client.exec("status");
    FAIL() << "expected an auth error";
  } catch (const RconError& error) {
    EXPECT_EQ(error.kind(), ErrorKind::auth);
    EXPECT_THAT(error.what(), Not(HasSubstr("hunter2")));
  }
}

TEST(RconClient, MultiPacketAnswerEndsAtTheMirroredTerminator) {
  // Three full packets and a short one, then the mirror, then a late packet with the command's id
  // in the same write: only a client that stops at the mirror leaves "LATE" out.
  const std::string output = std::string(3 * 4096, 'a') + "tail";
  FakeRconServer server([&output](FakeConnection& connection) {
    const auto auth = connection.read();
    if (!auth) return;
    connection.send(make_packet(auth->id, PacketType::auth_response));
    const auto command = connection.read();
    const auto terminator = connection.read();
    if (!command || !terminator) return;
    std::string wire;
    for (std::size_t at = 0; at < output.size(); at += 4096) {
      wire += encode(make_packet(command->id, PacketType::response_value, output.substr(at, 4096)));
    }
    wire += encode(make_packet(terminator->id, PacketType::response_value));
    wire += encode(make_packet(command->id, PacketType::response_value, "LATE"));
    connection.send_raw(wire);
    connection.read();  // hold the connection until the client leaves
  });
  ClientOptions options = generous();
  options.quiet_after_response = 20s;  // the mirror, not the quiet period, must end this answer
  Client client("127.0.0.1", server.port(), "secret", options);
  EXPECT_EQ(client.exec("cvarlist"), output);
}

TEST(RconClient, SingleLargePacketWithoutTerminatorEndsWhenQuiet) {
  // CS2 style: one packet far above 4096 bytes, terminator ignored. The packet is written in two
  // halves with a pause longer than the quiet period: a partial packet must keep the client waiting.
  const std::string output(100'000, 'c');
  FakeRconServer server([&output](FakeConnection& connection) {
    const auto auth = connection.read();
    if (!auth) return;
    connection.send(make_packet(auth->id, PacketType::auth_response));
    const auto command = connection.read();
    if (!command) return;
    const std::string wire = encode(make_packet(command->id, PacketType::response_value, output));
    connection.send_raw(std::string_view(wire).substr(0, wire.size() / 2));
    std::this_thread::sleep_for(300ms);
    connection.send_raw(std::string_view(wire).substr(wire.size() / 2));
    while (connection.read()) {
    }
  });
  ClientOptions options = generous();
  options.quiet_after_response = 50ms;
  Client client("127.0.0.1", server.port(), "secret", options);
  EXPECT_EQ(client.exec("cvarlist"), output);
}

TEST(RconClient, AnswerFollowedByCloseCountsAndTheNextCallReconnects) {
  FakeBehaviour closing;
  closing.close_after_command = true;
  FakeRconServer server(srcds(closing));
  Client client("127.0.0.1", server.port(), "secret", generous());
  EXPECT_EQ(client.exec("changelevel de_dust2"), "echo:changelevel de_dust2");
  EXPECT_EQ(client.exec("status"), "echo:status");
  EXPECT_EQ(server.connections(), 2);
}

TEST(RconClient, StaleConnectionIsReplacedAndTheCommandRetriedOnce) {
  // The first connection answers one command, then drops the next without a word.
  std::atomic<int> sessions{0};
  std::atomic<int> status_seen{0};
  FakeRconServer server([&](FakeConnection& connection) {
    const int session = ++sessions;
    FakeBehaviour behaviour;
    behaviour.answer = [&](const std::string& command) {
      if (command == "status") ++status_seen;
      return "echo:" + command;
    };
    if (session > 1) return run_srcds_session(connection, behaviour);
    const auto auth = connection.read();
    if (!auth) return;
    connection.send(make_packet(auth->id, PacketType::auth_response));
    const auto first = connection.read();
    const auto first_terminator = connection.read();
    if (!first || !first_terminator) return;
    connection.send(make_packet(first->id, PacketType::response_value, "first"));
    connection.send(make_packet(first_terminator->id, PacketType::response_value));
    const auto second = connection.read();
    if (second && second->body == "status") ++status_seen;
  });
  Client client("127.0.0.1", server.port(), "secret", generous());
  EXPECT_EQ(client.exec("hostname"), "first");
  EXPECT_EQ(client.exec("status"), "echo:status");
  EXPECT_EQ(server.connections(), 2);
  EXPECT_EQ(status_seen, 2);
}

TEST(RconClient, FreshConnectionClosedWithoutAnswerIsNotRetried) {
  FakeRconServer server([](FakeConnection& connection) {
    const auto auth = connection.read();
    if (!auth) return;
    connection.send(make_packet(auth->id, PacketType::auth_response));
    connection.read();  // the command arrives; hang up without answering
  });
  Client client("127.0.0.1", server.port(), "secret", generous());
  EXPECT_EQ(kind_of(client, "status"), ErrorKind::closed);
  EXPECT_EQ(server.connections(), 1);
}

TEST(RconClient, SilentServerTimesOut) {
  FakeRconServer server([](FakeConnection& connection) {
    while (connection.read()) {
    }
  });
  ClientOptions options = generous();
  options.io_timeout = 300ms;
  Client client("127.0.0.1", server.port(), "secret", options);
  EXPECT_EQ(kind_of(client, "status"), ErrorKind::timeout);
}

TEST(RconClient, SilenceAfterAuthTimesOut) {
  // Authenticated, then nothing at all: not even an empty answer or the mirror.
  FakeRconServer server([](FakeConnection& connection) {
    const auto auth = connection.read();
    if (!auth) return;
    connection.send(make_packet(auth->id, PacketType::auth_response));
    while (connection.read()) {
    }
  });
  ClientOptions options = generous();
  options.io_timeout = 300ms;
  Client client("127.0.0.1", server.port(), "secret", options);
  EXPECT_EQ(kind_of(client, "status"), ErrorKind::timeout);
}

TEST(RconClient, HostileSizeIsAProtocolError) {
  FakeRconServer server([](FakeConnection& connection) {
    const auto auth = connection.read();
    if (!auth) return;
    connection.send_raw(std::string("\xff\xff\xff\x7f\x01\x00\x00\x00", 8));
    connection.read();
  });
  Client client("127.0.0.1", server.port(), "secret", generous());
  EXPECT_EQ(kind_of(client, "status"), ErrorKind::protocol);
}

TEST(RconClient, RefusedConnectionIsAConnectError) {
  std::uint16_t port = 0;
  {
    FakeRconServer closed_soon([](FakeConnection&) {});
    port = closed_soon.port();
  }
  Client client("127.0.0.1", port, "secret", generous());
  EXPECT_EQ(kind_of(client, "status"), ErrorKind::connect);
}

TEST(RconClient, ChainingAndOversizedCommandsAreRejectedBeforeConnecting) {
  FakeRconServer server(srcds(FakeBehaviour{}));
  Client client("127.0.0.1", server.port(), "secret", generous());
  for (std::string_view command :
       {std::string_view("sv_password a; quit"), std::string_view("status\nquit"), std::string_view("status\rquit"),
        std::string_view("status\0quit", 11), std::string_view("")}) {
    EXPECT_EQ(kind_of(client, command), ErrorKind::rejected) << command;
  }
  EXPECT_EQ(kind_of(client, std::string(kMaxCommandBytes + 1, 'x')), ErrorKind::rejected);
  EXPECT_EQ(client.exec(std::string(kMaxCommandBytes - 5, 'x')).size(), kMaxCommandBytes);
  EXPECT_EQ(server.connections(), 1);
}

}  // namespace
}  // namespace portal::rcon
