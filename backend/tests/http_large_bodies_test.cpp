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

#include <memory>
#include <string>

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
