// Large shared bodies leave through sendfile from a memory file (http/body_files.hpp): over real HTTP
// they arrive byte for byte, again from the same file on the next request, never stale once the body
// is replaced, with the right length on HEAD; small bodies are written as before. A client that resets
// the connection halfway through costs that connection only (sendfile has no MSG_NOSIGNAL: the
// SIGPIPE it raises must not end the process).

#include "http/body_files.hpp"
#include "support/http_client.hpp"
#include "support/raw_connection.hpp"
#include "support/test_app.hpp"
#include "support/test_routes.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

namespace portal::test {
namespace {

class HttpLargeBodies : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{.extra_routes = add_test_routes}};
  HttpClient client;

  HttpResult shared(std::size_t bytes, const std::string& fill = "") {
    return client.get(
        app.url("/api/test/shared?bytes=" + std::to_string(bytes) + (fill.empty() ? "" : "&fill=" + fill)));
  }
};

TEST_F(HttpLargeBodies, ALargeBodyArrivesWholeEveryTimeAndNeverStaleAfterItChanges) {
  const std::size_t bytes = 200 * 1024 + 7;  // over the sendfile threshold, not a page multiple
  ASSERT_GE(bytes, http::kSendfileMinBytes);
  for (int i = 0; i < 3; ++i) {
    const auto got = shared(bytes);
    ASSERT_EQ(got.status, 200);
    EXPECT_EQ(got.body, std::string(bytes, 'a')) << "request " << i;
    EXPECT_EQ(got.header("Content-Length"), std::to_string(bytes));
  }
  const auto replaced = shared(bytes, "b");
  ASSERT_EQ(replaced.status, 200);
  EXPECT_EQ(replaced.body, std::string(bytes, 'b')) << "a new body, not the old one's file";
  EXPECT_EQ(shared(bytes).body, std::string(bytes, 'b'));
}

TEST_F(HttpLargeBodies, HeadAnswersTheLengthWithoutTheBodyAndSmallBodiesAreWrittenAsBefore) {
  const auto head = client.send(HttpCall{.method = "HEAD", .url = app.url("/api/test/shared?bytes=65536")});
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("Content-Length"), "65536");
  EXPECT_TRUE(head.body.empty());
  const auto small = shared(100, "s");
  EXPECT_EQ(small.body, std::string(100, 's'));
}

TEST_F(HttpLargeBodies, AClientThatResetsHalfwayThroughALargeBodyCostsOnlyItsConnection) {
  // More than the loopback socket buffers hold, so sendfile is still at work when the reset comes.
  const std::string request =
      "GET /api/test/shared?bytes=" + std::to_string(8 * 1024 * 1024) + " HTTP/1.1\r\nHost: portal.test\r\n\r\n";
  for (int i = 0; i < 10; ++i) {
    RawConnection connection(port_of(app.url("")));
    connection.send(request);
    ASSERT_FALSE(connection.read_some().empty()) << "attempt " << i;
    connection.reset();
  }
  const auto after = shared(100, "r");
  EXPECT_EQ(after.status, 200);
  EXPECT_EQ(after.body, std::string(100, 'r'));
}

// The write's deadline is armed only once the socket makes it wait: a client that stops reading still
// loses its connection when the write timeout passes, and the server goes on answering others.
TEST(HttpLargeBodiesWriteTimeout, AClientThatStopsReadingIsCutOffAfterTheWriteTimeout) {
  TestApp app{TestAppOptions{.configure = [](app::Config& config) { config.server.write_timeout_s = 1; },
                             .extra_routes = add_test_routes}};
  const std::size_t bytes = 32 * 1024 * 1024;  // far more than the loopback socket buffers hold
  RawConnection stalled(port_of(app.url("")));
  stalled.send("GET /api/test/shared?bytes=" + std::to_string(bytes) + " HTTP/1.1\r\nHost: portal.test\r\n\r\n");
  ASSERT_FALSE(stalled.read_some().empty());
  // The stall itself is the case under test: three times the write timeout without reading.
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const std::string rest = stalled.read_until_closed(std::chrono::seconds(10));
  EXPECT_TRUE(stalled.closed_by_server());
  EXPECT_LT(rest.size(), bytes) << "the server gave up on the body instead of finishing it";
  HttpClient client;
  EXPECT_EQ(client.get(app.url("/api/test/shared?bytes=100&fill=w")).body, std::string(100, 'w'));
}

TEST(BodyFiles, AFileHoldsTheBodysBytesAndIsMadeOncePerBody) {
  http::BodyFiles files;
  auto body = std::make_shared<const std::string>(std::string(40000, 'x') + "end");
  const int fd = files.file_for(body);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(files.file_for(body), fd) << "the same body, the same file";
  std::string read_back(body->size(), '\0');
  ASSERT_EQ(::pread(fd, read_back.data(), read_back.size(), 0), static_cast<ssize_t>(body->size()));
  EXPECT_EQ(read_back, *body);
  auto other = std::make_shared<const std::string>(std::string(40000, 'y'));
  EXPECT_NE(files.file_for(other), fd);
}

}  // namespace
}  // namespace portal::test
