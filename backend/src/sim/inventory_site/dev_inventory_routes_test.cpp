#include "sim/inventory_site/dev_inventory_routes.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::sim {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

inventory::InventoryClaims claims(std::string name, std::string avatar) {
  return {.steam_id = "76561198000000042",
          .name = std::move(name),
          .avatar = std::move(avatar),
          .issuer = "http://127.0.0.1:8080",
          .audience = "http://127.0.0.1:8080",
          .issued_at = 1'800'000'000,
          .expires_at = 1'800'000'060,
          .jti = "j"};
}

TEST(DevInventoryPage, ShowsWhoSignedIn) {
  const std::string html = render_inventory_sign_in_page(claims("Dust Devil", "https://a.example/42.jpg"));
  EXPECT_THAT(html, HasSubstr("Signed in as <strong>Dust Devil</strong> (<code>76561198000000042</code>)"));
  EXPECT_THAT(html, HasSubstr("<img src=\"https://a.example/42.jpg\""));
  EXPECT_THAT(html, HasSubstr("2027-01-15 08:01:00 UTC"));
  EXPECT_THAT(html, HasSubstr("<meta name=\"referrer\" content=\"no-referrer\">"));
  EXPECT_THAT(html, Not(HasSubstr("<script")));
}

TEST(DevInventoryPage, EscapesWhatTheTokenCarries) {
  const std::string html = render_inventory_sign_in_page(
      claims("<script>alert(1)</script>", "https://a.example/x.jpg\" onerror=\"alert(1)"));
  EXPECT_THAT(html, Not(HasSubstr("<script>alert")));
  EXPECT_THAT(html, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(html, Not(HasSubstr("\" onerror=\"")));
  EXPECT_THAT(html, HasSubstr("&quot; onerror=&quot;"));
  // Only web addresses become pictures.
  EXPECT_THAT(render_inventory_sign_in_page(claims("x", "javascript:alert(1)")), Not(HasSubstr("<img")));
}

TEST(DevInventoryPage, SaysWhyItRefused) {
  const auto refusal = [](const char* code) {
    return render_inventory_sign_in_page(core::Error::make(core::ErrorKind::unauthorized, code, "m"));
  };
  EXPECT_THAT(refusal("TOKEN_EXPIRED"), HasSubstr("The token has expired"));
  EXPECT_THAT(refusal("TOKEN_BAD_SIGNATURE"), HasSubstr("Bad signature"));
  EXPECT_THAT(refusal("TOKEN_MISSING"), HasSubstr("No token was given"));
  EXPECT_THAT(refusal("TOKEN_WRONG_AUDIENCE"), HasSubstr("another site"));
  EXPECT_THAT(refusal("TOKEN_EXPIRED"), Not(HasSubstr("Signed in as")));
}

}  // namespace
}  // namespace portal::sim
