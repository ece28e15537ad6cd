#include "support/test_routes.hpp"

#include "db/database.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace portal::test {

void add_test_routes(http::RouteTable& routes) {
  // One shared body per size, kept between requests as the server list's snapshot is; ?fill=c
  // replaces it with a new body of that byte (a new snapshot).
  routes.get(
      "/api/test/shared", http::Access::public_access,
      [](http::Request& request) {
        static std::mutex mutex;
        static std::map<std::size_t, std::shared_ptr<const std::string>> bodies;
        const std::size_t bytes = std::stoul(std::string(request.query_param("bytes").value_or("1024")));
        const auto fill = request.query_param("fill");
        std::lock_guard lock(mutex);
        auto& body = bodies[bytes];
        if (!body || fill) body = std::make_shared<const std::string>(bytes, fill ? fill->front() : 'a');
        http::Response response;
        response.content_type = "text/plain";
        response.shared_body = body;
        return response;
      },
      http::Exec::inline_io);
  auto echo = [](http::Request& request) { return http::json_response({{"bytes", request.body.size()}}); };
  routes.post_json("/api/test/echo", http::Access::public_access, echo);
  routes.add(http::Route{.method = http::Method::post,
                         .pattern = "/api/test/big",
                         .handler = echo,
                         .body_limit = 256 * 1024,
                         .json_body = true});
  routes.get("/api/test/throw", http::Access::public_access,
             [](http::Request&) -> http::Response { throw std::runtime_error("secret internal detail"); });
  routes.get("/api/test/slow", http::Access::public_access, [](http::Request& request) {
    const auto ms = std::stoi(std::string(request.query_param("ms").value_or("300")));
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    return http::json_response({{"slept", ms}});
  });
  routes.get("/api/test/private", http::Access::logged_in, [](http::Request&) { return http::json_response({}); });
  routes.get("/api/test/op", http::Access::op, [](http::Request&) { return http::json_response({}); });
  routes.get("/api/test/thread", http::Access::public_access, [](http::Request&) {
    return http::json_response({{"ioThread", db::is_io_thread()}});
  });
  routes.get(
      "/api/test/thread-inline", http::Access::public_access,
      [](http::Request&) {
        return http::json_response({{"ioThread", db::is_io_thread()}});
      },
      http::Exec::inline_io);
}

}  // namespace portal::test
