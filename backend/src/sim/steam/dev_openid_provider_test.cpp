#include "sim/steam/dev_openid_provider.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace portal::sim {
namespace {

using namespace std::chrono_literals;
using integrations::HttpReply;
using integrations::steam::encode_params;
using integrations::steam::InMemoryNonceStore;
using integrations::steam::OpenIdVerifier;
using integrations::steam::parse_query;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr std::string_view kEndpoint = "http://127.0.0.1:8080/api/dev/openid/login";
constexpr std::string_view kCallback = "http://127.0.0.1:8080/api/auth/steam/callback";

QueryParams sign_in_form(const std::string& steamid, const std::string& persona = "") {
  return {{"openid.return_to", std::string(kCallback) + "?state=s1"},
          {"openid.realm", "http://127.0.0.1:8080/"},
          {"steamid", steamid},
          {"persona", persona},
          {"action", "sign_in"}};
}

std::string query_of(const std::string& url) { return url.substr(url.find('?') + 1); }

std::string replace_param(const std::string& raw_query, const std::string& name, const std::string& value) {
  auto params = parse_query(raw_query);
  for (auto& [key, existing] : params) {
    if (key == name) existing = value;
  }
  return encode_params(params);
}

// The portal's side: the production verifier, whose HTTP client hands the POST to the provider.
class DevOpenIdProviderTest : public ::testing::Test {
 protected:
  DevOpenIdProviderTest() {
    http.set_responder([this](const integrations::test::RecordedCall& call) -> core::Result<HttpReply> {
      EXPECT_EQ(call.url, kEndpoint);
      return HttpReply{.status = 200, .body = provider.check_authentication(parse_query(call.body))};
    });
  }

  core::Result<integrations::steam::VerifiedAssertion> verify(std::string_view raw_query, InMemoryNonceStore& store) {
    OpenIdVerifier verifier({std::string(kEndpoint), std::string(kCallback)}, http, store);
    return verifier.verify(raw_query, std::chrono::system_clock::now());
  }

  DevOpenIdProvider provider{std::string(kEndpoint)};
  integrations::test::FakeHttpClient http;
  InMemoryNonceStore nonces;
};

TEST_F(DevOpenIdProviderTest, ApprovedAssertionPassesTheProductionVerifier) {
  auto redirect = provider.approve(sign_in_form("76561197972494985", "Tester"));
  ASSERT_TRUE(redirect.ok()) << redirect.error().message;
  EXPECT_THAT(*redirect, StartsWith(std::string(kCallback) + "?state=s1&openid.ns="));

  auto result = verify(query_of(*redirect), nonces);
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_EQ(result->steam_id, 76561197972494985ULL);
  EXPECT_EQ(result->return_to_query.at("state"), "s1");
  EXPECT_EQ(http.calls().size(), 1u);
}

TEST_F(DevOpenIdProviderTest, AssertionLooksExactlyLikeSteams) {
  auto redirect = provider.approve(sign_in_form("76561197972494985"));
  ASSERT_TRUE(redirect.ok());
  const auto params = parse_query(query_of(*redirect));
  std::vector<std::string> names;
  for (const auto& [name, value] : params) names.push_back(name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"state", "openid.ns", "openid.mode", "openid.op_endpoint", "openid.claimed_id",
                                      "openid.identity", "openid.return_to", "openid.response_nonce",
                                      "openid.assoc_handle", "openid.signed", "openid.sig"}));
  EXPECT_EQ(params[2].second, "id_res");
  EXPECT_EQ(params[3].second, kEndpoint);
  EXPECT_EQ(params[4].second, "https://steamcommunity.com/openid/id/76561197972494985");
  EXPECT_EQ(params[6].second, std::string(kCallback) + "?state=s1");
  EXPECT_TRUE(integrations::steam::nonce_time(params[7].second).has_value());
  EXPECT_EQ(params[7].second.size(), 20u + 28u);  // time + base64 of 20 random bytes, like Steam's
  EXPECT_EQ(params[8].second, "1234567890");
  EXPECT_EQ(params[9].second, integrations::steam::kSteamSignedFields);
  EXPECT_EQ(params[10].second.size(), 44u);  // base64 of a SHA-256 HMAC
}

TEST_F(DevOpenIdProviderTest, TamperedSignatureOrSignedFieldFails) {
  auto redirect = provider.approve(sign_in_form("76561197972494985"));
  ASSERT_TRUE(redirect.ok());
  const std::string query = query_of(*redirect);

  auto forged_sig = verify(replace_param(query, "openid.sig", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="), nonces);
  ASSERT_FALSE(forged_sig.ok());
  EXPECT_EQ(forged_sig.error().details.at("rule").as_string(), "signature");

  const std::string other = "https://steamcommunity.com/openid/id/76561197960265729";
  auto forged_id =
      verify(replace_param(replace_param(query, "openid.claimed_id", other), "openid.identity", other), nonces);
  ASSERT_FALSE(forged_id.ok());
  EXPECT_EQ(forged_id.error().details.at("rule").as_string(), "signature");

  auto forged_state = verify(replace_param(query, "openid.return_to", std::string(kCallback) + "?state=evil"), nonces);
  ASSERT_FALSE(forged_state.ok());
  EXPECT_EQ(forged_state.error().details.at("rule").as_string(), "signature");

  // None of the failures spent the assertion: the genuine one still verifies.
  EXPECT_TRUE(verify(query, nonces).ok());
}

TEST_F(DevOpenIdProviderTest, EachAssertionVerifiesOnce) {
  auto redirect = provider.approve(sign_in_form("76561197972494985"));
  ASSERT_TRUE(redirect.ok());
  ASSERT_TRUE(verify(query_of(*redirect), nonces).ok());

  // A portal instance with its own (empty) nonce memory still cannot reuse it: the provider refuses.
  InMemoryNonceStore other_instance;
  auto again = verify(query_of(*redirect), other_instance);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code, "OPENID_INVALID");
}

TEST_F(DevOpenIdProviderTest, CancelReturnsWithModeCancel) {
  QueryParams form = sign_in_form("");
  form.back().second = "cancel";
  auto redirect = provider.approve(form);
  ASSERT_TRUE(redirect.ok());
  EXPECT_EQ(*redirect, std::string(kCallback) +
                           "?state=s1&openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=cancel");
  auto result = verify(query_of(*redirect), nonces);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, "OPENID_CANCELLED");
}

TEST_F(DevOpenIdProviderTest, InvalidSteamIdsAndNamesAreRefusedForThePage) {
  for (const char* id : {"", "123", "76561202301376826", "76561197960265728", "7656119797249498x"}) {
    SCOPED_TRACE(id);
    auto result = provider.approve(sign_in_form(id));
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().kind, core::ErrorKind::validation);
    EXPECT_EQ(result.error().code, "INVALID_STEAM_ID");
  }
  for (const std::string& name : {std::string(33, 'x'), std::string("a\x01"), std::string("\xff")}) {
    auto result = provider.approve(sign_in_form("76561197972494985", name));
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, "INVALID_DISPLAY_NAME");
  }
  EXPECT_TRUE(provider.approve(sign_in_form(" 76561197972494985 ", std::string(32, 'x'))).ok());
  EXPECT_TRUE(provider.approve(sign_in_form("76561197972494985", "Ünïcödé ñame 玩家")).ok());
}

TEST_F(DevOpenIdProviderTest, ReturnToOutsideTheRealmIsRefused) {
  QueryParams form = sign_in_form("76561197972494985");
  form[0].second = "https://evil.example/api/auth/steam/callback";
  auto result = provider.approve(form);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, "INVALID_OPENID_REQUEST");
  form[1].second = "";  // without a realm, any absolute http(s) return_to is its own realm
  EXPECT_TRUE(provider.approve(form).ok());
  form[0].second = "javascript:alert(1)";
  EXPECT_FALSE(provider.approve(form).ok());
}

TEST_F(DevOpenIdProviderTest, PresetsSignInWithTheirNames) {
  const DevPresetAccount& bob = DevOpenIdProvider::presets().at(1);
  QueryParams form = sign_in_form("");
  form.pop_back();  // a preset button sends preset=<id> instead of action
  form.emplace_back("preset", std::to_string(bob.steam_id));
  auto redirect = provider.approve(form);
  ASSERT_TRUE(redirect.ok()) << redirect.error().message;
  auto verified = verify(query_of(*redirect), nonces);
  ASSERT_TRUE(verified.ok());
  EXPECT_EQ(verified->steam_id, bob.steam_id);
  auto profile = provider.fetch(bob.steam_id);
  ASSERT_TRUE(profile.ok() && profile->has_value());
  EXPECT_EQ((*profile)->persona_name, bob.persona_name);
}

TEST_F(DevOpenIdProviderTest, ProfilesComeFromWhatSignedInHere) {
  auto unknown = provider.fetch(76561197960265729ULL);
  ASSERT_TRUE(unknown.ok());
  EXPECT_FALSE(unknown->has_value());

  ASSERT_TRUE(provider.approve(sign_in_form("76561197960265729")).ok());
  auto profile = provider.fetch(76561197960265729ULL);
  ASSERT_TRUE(profile.ok() && profile->has_value());
  EXPECT_EQ((*profile)->steam_id, "76561197960265729");
  EXPECT_EQ((*profile)->persona_name, "Player 5729");
  EXPECT_EQ((*profile)->avatar_url, "http://127.0.0.1:8080/api/dev/openid/avatar/76561197960265729");

  ASSERT_TRUE(provider.approve(sign_in_form("76561197960265729", "  New Name ")).ok());
  EXPECT_EQ((*provider.fetch(76561197960265729ULL))->persona_name, "New Name");
  ASSERT_TRUE(provider.approve(sign_in_form("76561197960265729")).ok());  // an empty name keeps the old one
  EXPECT_EQ((*provider.fetch(76561197960265729ULL))->persona_name, "New Name");
}

TEST_F(DevOpenIdProviderTest, AvatarIsADeterministicSvgWithInitials) {
  ASSERT_TRUE(provider.approve(sign_in_form("76561197972494985", "jane <doe>")).ok());
  const std::string svg = provider.avatar_svg(76561197972494985ULL);
  EXPECT_EQ(svg, provider.avatar_svg(76561197972494985ULL));
  EXPECT_THAT(svg, StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_THAT(svg, HasSubstr(">J&lt;</text>"));
  EXPECT_THAT(provider.avatar_svg(76561197960265729ULL), HasSubstr(">29</text>"));
  EXPECT_NE(provider.avatar_svg(76561197960265729ULL), provider.avatar_svg(76561197960265730ULL));
}

TEST_F(DevOpenIdProviderTest, CheckAuthenticationRefusesIncompleteOrOldRequests) {
  const std::string invalid = "ns:http://specs.openid.net/auth/2.0\nis_valid:false\n";
  auto redirect = provider.approve(sign_in_form("76561197972494985"), std::chrono::system_clock::now() - 11min);
  ASSERT_TRUE(redirect.ok());
  auto params = parse_query(query_of(*redirect));
  for (auto& [name, value] : params) {
    if (name == "openid.mode") value = "check_authentication";
  }
  EXPECT_EQ(provider.check_authentication(params), invalid);  // older than the provider remembers

  auto fresh = parse_query(query_of(*provider.approve(sign_in_form("76561197972494985"))));
  EXPECT_EQ(provider.check_authentication(fresh), invalid);  // still id_res: not a check request
  for (auto& [name, value] : fresh) {
    if (name == "openid.mode") value = "check_authentication";
  }
  auto without_nonce = fresh;
  std::erase_if(without_nonce, [](const auto& p) { return p.first == "openid.response_nonce"; });
  EXPECT_EQ(provider.check_authentication(without_nonce), invalid);
  auto duplicated = fresh;
  duplicated.push_back(fresh[3]);
  EXPECT_EQ(provider.check_authentication(duplicated), invalid);
  EXPECT_EQ(provider.check_authentication(fresh), "ns:http://specs.openid.net/auth/2.0\nis_valid:true\n");
}

TEST_F(DevOpenIdProviderTest, AnotherProcessCannotConfirmThisOnesAssertions) {
  DevOpenIdProvider other{std::string(kEndpoint)};
  auto params = parse_query(query_of(*provider.approve(sign_in_form("76561197972494985"))));
  for (auto& [name, value] : params) {
    if (name == "openid.mode") value = "check_authentication";
  }
  EXPECT_THAT(other.check_authentication(params), HasSubstr("is_valid:false"));
}

// --- the page ---

QueryParams checkid_setup(const std::string& return_to, const std::string& realm) {
  return {{"openid.identity", std::string(integrations::steam::kIdentifierSelect)},
          {"openid.claimed_id", std::string(integrations::steam::kIdentifierSelect)},
          {"openid.ns", std::string(integrations::steam::kOpenIdNs)},
          {"openid.mode", "checkid_setup"},
          {"openid.return_to", return_to},
          {"openid.realm", realm}};
}

TEST_F(DevOpenIdProviderTest, LoginPageHasTheFormTheE2eTestsUse) {
  const auto query = parse_query(query_of(
      integrations::steam::build_login_url(kEndpoint, std::string(kCallback) + "?state=s1", "http://127.0.0.1:8080/")));
  EXPECT_FALSE(provider.login_request_problem(query).has_value());
  const std::string html = provider.login_page_html(query);
  EXPECT_THAT(html, HasSubstr("<form method=\"post\" action=\"/api/dev/openid/login\">"));
  EXPECT_THAT(html, HasSubstr("<label for=\"steamid\">SteamID64</label>"));
  EXPECT_THAT(html, HasSubstr("id=\"steamid\" name=\"steamid\""));
  EXPECT_THAT(html, HasSubstr("<label for=\"persona\">Display name</label>"));
  EXPECT_THAT(html, HasSubstr(">Sign in</button>"));
  EXPECT_THAT(html, HasSubstr(">Cancel</button>"));
  EXPECT_THAT(html, HasSubstr("name=\"preset\" value=\"76561197960361544\""));
  EXPECT_THAT(html,
              HasSubstr("name=\"openid.return_to\" value=\"http://127.0.0.1:8080/api/auth/steam/callback?state=s1\""));
  EXPECT_THAT(html, HasSubstr("name=\"openid.realm\" value=\"http://127.0.0.1:8080/\""));
  EXPECT_THAT(html, Not(HasSubstr("<script")));
  // Sign in is the first submit button, so Enter in a field signs in rather than picking a preset.
  EXPECT_LT(html.find(">Sign in</button>"), html.find("name=\"preset\""));
}

TEST_F(DevOpenIdProviderTest, LoginPageEscapesEveryEchoedValue) {
  const std::string nasty = "http://127.0.0.1:8080/cb?x=\"><script>alert(1)</script>&y='";
  const std::string html = provider.login_page_html(checkid_setup(nasty, ""));
  EXPECT_THAT(html, Not(HasSubstr("<script")));
  EXPECT_THAT(html, HasSubstr("&quot;&gt;&lt;script&gt;"));
  EXPECT_THAT(html, HasSubstr("y=&#39;"));

  QueryParams form = sign_in_form("\"><b>x</b>", "<i>");
  const std::string again = provider.login_page_html_with_error(form, "Bad <id>");
  EXPECT_THAT(again, HasSubstr("role=\"alert\">Bad &lt;id&gt;</p>"));
  EXPECT_THAT(again, HasSubstr("value=\"&quot;&gt;&lt;b&gt;x&lt;/b&gt;\""));
  EXPECT_THAT(again, HasSubstr("value=\"&lt;i&gt;\""));
  EXPECT_THAT(again, HasSubstr("<form"));
}

TEST_F(DevOpenIdProviderTest, LoginPageRefusesRequestsItCannotServe) {
  const std::string cb = std::string(kCallback);
  auto with_mode = checkid_setup(cb, "");
  with_mode[3].second = "checkid_immediate";
  auto not_select = checkid_setup(cb, "");
  not_select[0].second = "https://steamcommunity.com/openid/id/76561197972494985";
  const std::vector<QueryParams> bad = {
      {},
      with_mode,
      not_select,
      checkid_setup(cb, "https://other.example/"),
      checkid_setup("/relative", ""),
      checkid_setup("", ""),
  };
  for (const auto& query : bad) {
    EXPECT_TRUE(provider.login_request_problem(query).has_value());
    const std::string html = provider.login_page_html(query);
    EXPECT_THAT(html, HasSubstr("role=\"alert\""));
    EXPECT_THAT(html, Not(HasSubstr("<form")));
  }
}

TEST(DevOpenIdProviderSetup, EndpointMustBeAnAbsoluteHttpUrl) {
  EXPECT_THROW(DevOpenIdProvider("/api/dev/openid/login"), std::invalid_argument);
  EXPECT_THROW(DevOpenIdProvider("http://127.0.0.1:8080/login?x=1"), std::invalid_argument);
  EXPECT_NO_THROW(DevOpenIdProvider("https://portal.example/api/dev/openid/login"));
}

}  // namespace
}  // namespace portal::sim
