#include "http/router.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

Handler named(std::string name) {
  return [name](Request&) { return text_response(name, "text/plain"); };
}

Router make_router() {
  RouteTable table;
  table.get("/api/leaderboard/{mode}", Access::public_access, named("page"));
  table.get("/api/leaderboard/seasons", Access::public_access, named("seasons"));
  table.get("/api/leaderboard/{mode}/top", Access::public_access, named("top"));
  table.put_json("/api/scrim/server/{id}/admins", Access::logged_in, named("put-admins"));
  table.get("/api/scrim/server/{id}/admins", Access::logged_in, named("get-admins"));
  return Router(std::move(table));
}

std::string run(const RouteMatch& match) {
  Request request;
  return match.route->handler(request).body;
}

TEST(Router, LiteralSegmentBeatsCapture) {
  const Router router = make_router();
  auto match = router.match(Method::get, "/api/leaderboard/seasons");
  ASSERT_EQ(match.outcome, RouteMatch::Outcome::found);
  EXPECT_EQ(run(match), "seasons");
  EXPECT_TRUE(match.params.empty());
}

TEST(Router, CapturesNamedSegments) {
  const Router router = make_router();
  auto match = router.match(Method::get, "/api/leaderboard/dm-pistol/top");
  ASSERT_EQ(match.outcome, RouteMatch::Outcome::found);
  EXPECT_EQ(run(match), "top");
  EXPECT_EQ(match.params.at("mode"), "dm-pistol");
}

TEST(Router, SameCaptureCountDistinguishedByMethod) {
  const Router router = make_router();
  auto put = router.match(Method::put, "/api/scrim/server/42/admins");
  ASSERT_EQ(put.outcome, RouteMatch::Outcome::found);
  EXPECT_EQ(run(put), "put-admins");
  EXPECT_EQ(put.params.at("id"), "42");
}

TEST(Router, ARestCaptureTakesTheRestOfThePathWithItsSlashes) {
  RouteTable table;
  table.get("/dev/cloud/cos/{bucket}", Access::public_access, named("bucket"));
  table.get("/dev/cloud/cos/{bucket}/{key...}", Access::public_access, named("object"));
  const Router router(std::move(table));
  auto match = router.match(Method::get, "/dev/cloud/cos/demos-125/demos/srv_1/2026-11-24_2130_de_mirage.dem");
  ASSERT_EQ(match.outcome, RouteMatch::Outcome::found);
  EXPECT_EQ(run(match), "object");
  EXPECT_EQ(match.params.at("bucket"), "demos-125");
  EXPECT_EQ(match.params.at("key"), "demos/srv_1/2026-11-24_2130_de_mirage.dem");
  match = router.match(Method::get, "/dev/cloud/cos/demos-125/a.dem");
  ASSERT_EQ(match.outcome, RouteMatch::Outcome::found);
  EXPECT_EQ(match.params.at("key"), "a.dem");
  match = router.match(Method::get, "/dev/cloud/cos/demos-125");
  EXPECT_EQ(run(match), "bucket");
  EXPECT_EQ(router.match(Method::get, "/dev/cloud/cos/demos-125/").outcome, RouteMatch::Outcome::not_found);
}

TEST(Router, UnknownPathIsNotFound) {
  const Router router = make_router();
  EXPECT_EQ(router.match(Method::get, "/api/leaderboard").outcome, RouteMatch::Outcome::not_found);
  EXPECT_EQ(router.match(Method::get, "/api/leaderboard/dm/top/extra").outcome, RouteMatch::Outcome::not_found);
  EXPECT_EQ(router.match(Method::get, "/api/leaderboard//top").outcome, RouteMatch::Outcome::not_found);
  EXPECT_EQ(router.match(Method::get, "").outcome, RouteMatch::Outcome::not_found);
}

TEST(Router, KnownPathWithOtherMethodIsMethodNotAllowed) {
  const Router router = make_router();
  auto match = router.match(Method::del, "/api/scrim/server/7/admins");
  EXPECT_EQ(match.outcome, RouteMatch::Outcome::method_not_allowed);
  EXPECT_EQ(match.allowed, (std::vector<Method>{Method::put, Method::get}));
}

TEST(Router, HeadMatchesGet) {
  const Router router = make_router();
  EXPECT_EQ(router.match(Method::head, "/api/leaderboard/dm").outcome, RouteMatch::Outcome::found);
}

TEST(RouteTable, RejectsDuplicatesAndLoggedInRoutesOnTheIoThread) {
  RouteTable table;
  table.get("/a", Access::public_access, named("a"));
  EXPECT_THROW(table.get("/a", Access::public_access, named("b")), std::invalid_argument);
  EXPECT_THROW(table.get("/b", Access::logged_in, named("b"), Exec::inline_io), std::invalid_argument);
  EXPECT_THROW(table.get("no-slash", Access::public_access, named("c")), std::invalid_argument);
}

}  // namespace
}  // namespace portal::http
