#include "http/response_policy.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

TEST(OriginOf, AbsoluteHttpUrlsOnly) {
  EXPECT_EQ(origin_of("https://vip.example.com/pay?x=1"), "https://vip.example.com");
  EXPECT_EQ(origin_of("http://127.0.0.1:5173/"), "http://127.0.0.1:5173");
  EXPECT_EQ(origin_of(""), "");
  EXPECT_EQ(origin_of("/relative"), "");
  EXPECT_EQ(origin_of("javascript:alert(1)"), "");
}

TEST(ResponsePolicy, FramedSitesJoinFrameSrc) {
  ResponsePolicy policy({.frame_origins = {"https://vip.example.com", ""}});
  EXPECT_NE(policy.content_security_policy().find("frame-src 'self' https://vip.example.com;"), std::string::npos);
}

TEST(ResponsePolicy, OnlyResponsesMarkedFrameableBySelfMayBeFramedAndOnlyByOurOrigin) {
  ResponsePolicy policy({});
  Request request;
  Response plain;
  policy.apply(request, plain);
  EXPECT_NE(plain.find_header("Content-Security-Policy")->find("frame-ancestors 'none'"), std::string::npos);
  EXPECT_EQ(*plain.find_header("X-Frame-Options"), "DENY");

  Response page;
  page.frameable_by_self = true;
  policy.apply(request, page);
  const std::string& csp = *page.find_header("Content-Security-Policy");
  EXPECT_NE(csp.find("frame-ancestors 'self'"), std::string::npos);
  EXPECT_EQ(csp.find("frame-ancestors 'none'"), std::string::npos);
  EXPECT_NE(csp.find("object-src 'none'"), std::string::npos);
  EXPECT_EQ(*page.find_header("X-Frame-Options"), "SAMEORIGIN");
}

TEST(ResponsePolicy, OriginAllowListIsExact) {
  ResponsePolicy policy({.cors_origins = {"https://a.example.com"}});
  EXPECT_TRUE(policy.origin_allowed("https://a.example.com"));
  EXPECT_FALSE(policy.origin_allowed("https://a.example.com/"));
  EXPECT_FALSE(policy.origin_allowed("https://A.example.com.evil"));
  EXPECT_FALSE(policy.origin_allowed(""));
}

TEST(ResponsePolicy, ResponsesNeverCarryControlCharactersInAllowedOriginEcho) {
  ResponsePolicy policy({.cors_origins = {"https://a.example.com"}});
  Request request;
  request.headers["Origin"] = "https://a.example.com\r\nSet-Cookie: x=1";
  Response response;
  policy.apply(request, response);
  EXPECT_EQ(response.find_header("Access-Control-Allow-Origin"), nullptr);
}

}  // namespace
}  // namespace portal::http
