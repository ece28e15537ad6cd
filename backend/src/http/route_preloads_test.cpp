#include "http/route_preloads.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

constexpr std::string_view kList = R"({
  "/": ["/assets/servers-page-1a.js", "/assets/servers-2b.js"],
  "/vip": ["/assets/vip-page-3c.js", "/assets/vip-page-4d.css"],
  "/faq": []
})";

TEST(RoutePreloads, TheRoutesChunksByItsFirstSegment) {
  EXPECT_EQ(route_preload_links(kList, "/vip"),
            "</assets/vip-page-3c.js>; rel=modulepreload, </assets/vip-page-4d.css>; rel=preload; as=style");
  EXPECT_EQ(route_preload_links(kList, "/vip/anything/below"), route_preload_links(kList, "/vip"));
  EXPECT_EQ(route_preload_links(kList, "/vip?from=menu"), route_preload_links(kList, "/vip"));
  EXPECT_EQ(route_preload_links(kList, "/"),
            "</assets/servers-page-1a.js>; rel=modulepreload, </assets/servers-2b.js>; rel=modulepreload");
  EXPECT_EQ(route_preload_links(kList, "/?lang=en"), route_preload_links(kList, "/"));
}

TEST(RoutePreloads, NothingForARouteWithoutChunksOrNotListed) {
  EXPECT_EQ(route_preload_links(kList, "/faq"), "");
  EXPECT_EQ(route_preload_links(kList, "/no/such/page"), "");
  EXPECT_EQ(route_preload_links(kList, "/vipx"), "");
}

TEST(RoutePreloads, AnUnreadableListOrAnEntryThatIsNotAPlainAssetPathGivesNothing) {
  EXPECT_EQ(route_preload_links("", "/vip"), "");
  EXPECT_EQ(route_preload_links("{not json", "/vip"), "");
  EXPECT_EQ(route_preload_links(R"(["/assets/a.js"])", "/"), "");
  EXPECT_EQ(route_preload_links(R"({"/vip": "/assets/a.js"})", "/vip"), "");
  // Nothing from the file reaches the header unchecked: no header injection, no other origin, no escape.
  for (const char* entry :
       {"/assets/a.js>; rel=preload, <https://evil.example/x.js", "/assets/a.js\r\nSet-Cookie: x=1",
        "https://cdn.example/assets/a.js", "/assets/../secret.js", "/api/config", "/assets/a b.js"}) {
    const std::string list = std::string(R"({"/vip": [")") + entry + R"("]})";
    EXPECT_EQ(route_preload_links(list, "/vip"), "") << entry;
  }
  EXPECT_EQ(route_preload_links(R"({"/vip": ["/assets/a.js", 7]})", "/vip"), "");
}

}  // namespace
}  // namespace portal::http
