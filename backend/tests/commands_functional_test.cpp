// GET /api/commands over HTTP: the catalogue migration 0007 seeds in every mode, its order, the
// search and the filters, and the refusals.

#include "core/gzip.hpp"
#include "support/http_client.hpp"
#include "support/test_app.hpp"

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

namespace portal::test {
namespace {

namespace json = boost::json;
using ::testing::Contains;
using ::testing::ElementsAre;

std::vector<std::string> commands(const json::value& list) {
  std::vector<std::string> out;
  for (const auto& entry : list.as_array()) out.emplace_back(entry.at("command").as_string());
  return out;
}

class CommandsFunctional : public ::testing::Test {
 protected:
  TestApp app{TestAppOptions{.configure = [](app::Config& c) { c.servers.query_timeout_ms = 100; }}};
  HttpClient http;

  json::array list(const std::string& query) {
    const auto answer = http.get(app.url("/api/commands" + query));
    EXPECT_EQ(answer.status, 200) << query << ": " << answer.body;
    if (answer.status != 200) return {};
    auto value = answer.json();
    return std::move(value.as_array());
  }

  void refused(const std::string& query, const std::string& field) {
    const auto answer = http.get(app.url("/api/commands" + query));
    EXPECT_EQ(answer.status, 422) << query;
    if (answer.status != 422) return;
    EXPECT_EQ(answer.json().at("error").as_string(), "VALIDATION_FAILED") << query;
    EXPECT_EQ(answer.json().at("details").at("field").as_string(), field) << query;
  }
};

TEST_F(CommandsFunctional, ServesTheWholeCatalogueByType) {
  const auto answer = http.get(app.url("/api/commands"));
  ASSERT_EQ(answer.status, 200);
  EXPECT_EQ(answer.header("Cache-Control"), "public, max-age=300");
  const auto body = answer.json();
  const auto& all = body.as_array();
  EXPECT_GE(all.size(), 65u);
  EXPECT_LE(all.size(), 80u);

  const std::vector<std::string> order{"Match", "Practice", "Admin"};
  std::size_t type_at = 0;
  std::set<std::string> seen;
  for (const auto& value : all) {
    const auto& entry = value.as_object();
    EXPECT_EQ(entry.size(), 5u) << json::serialize(entry);
    const std::string type(entry.at("type").as_string());
    while (type_at < order.size() && order[type_at] != type) ++type_at;
    ASSERT_LT(type_at, order.size()) << "out of order or unknown type: " << json::serialize(entry);
    EXPECT_TRUE(seen.insert(std::string(entry.at("command").as_string())).second) << "duplicate";
    EXPECT_FALSE(entry.at("description").at("en").as_string().empty());
    EXPECT_FALSE(entry.at("description").at("zh").as_string().empty());
    EXPECT_TRUE(entry.at("isFrequent").is_bool());
    EXPECT_GT(entry.at("id").as_int64(), 0);
  }
  const auto names = commands(body);
  EXPECT_EQ(names.front(), ".ready");
  for (const char* expected :
       {".pause", ".tech", ".coach <t|ct>", ".bot", ".rethrow", ".noflash", ".ff", ".savenade <name> [description]",
        ".forcepause", ".restore <round>", "css_ban <player> [minutes] [reason]", "css_kick <player> [reason]",
        "css_rcon <command>", "css_slay <player>"}) {
    EXPECT_THAT(names, Contains(expected));
  }
}

TEST_F(CommandsFunctional, TheCatalogueGoesGzippedToClientsThatAcceptIt) {
  const auto plain = http.get(app.url("/api/commands"));
  ASSERT_EQ(plain.status, 200);
  EXPECT_EQ(plain.header("Content-Encoding"), "");
  const auto packed = http.get(app.url("/api/commands"), {"Accept-Encoding: gzip, deflate, br"});
  ASSERT_EQ(packed.status, 200);
  EXPECT_EQ(packed.header("Content-Encoding"), "gzip");
  EXPECT_EQ(packed.header("Vary"), "Accept-Encoding");
  EXPECT_LT(packed.body.size(), plain.body.size() / 3) << plain.body.size() << " bytes plain";
  EXPECT_EQ(core::gzip_decompress(packed.body), plain.body);
}

TEST_F(CommandsFunctional, FiltersByTypeAndFrequent) {
  const auto practice = list("?type=Practice");
  EXPECT_GE(practice.size(), 25u);
  for (const auto& entry : practice) EXPECT_EQ(entry.at("type").as_string(), "Practice");

  const auto frequent = list("?frequent=true");
  EXPECT_GE(frequent.size(), 10u);
  EXPECT_LE(frequent.size(), 14u);
  for (const auto& entry : frequent) EXPECT_TRUE(entry.at("isFrequent").as_bool());
  const auto rare = list("?frequent=false");
  EXPECT_EQ(frequent.size() + rare.size(), list("").size());

  for (const auto& entry : list("?type=Admin&frequent=false")) {
    EXPECT_EQ(entry.at("type").as_string(), "Admin");
    EXPECT_FALSE(entry.at("isFrequent").as_bool());
  }
}

TEST_F(CommandsFunctional, SearchesCommandsAndBothDescriptions) {
  EXPECT_THAT(commands(list("?q=.unready")), ElementsAre(".unready"));
  EXPECT_THAT(commands(list("?q=%20%20UNREADY%20")), ElementsAre(".unready")) << "trimmed, case-insensitive";
  EXPECT_THAT(commands(list("?q=css_ban")), ElementsAre("css_ban <player> [minutes] [reason]"));
  EXPECT_THAT(commands(list("?q=flashbang+immunity")), ElementsAre(".noflash")) << "English description";
  EXPECT_THAT(commands(list("?q=%E9%98%B2%E9%97%AA")), ElementsAre(".noflash")) << "防闪, the Chinese description";
  EXPECT_THAT(commands(list("?q=smoke&type=Practice")), Contains(".throwsmoke"));
  EXPECT_TRUE(list("?q=smoke&type=Admin").empty());
  EXPECT_TRUE(list("?q=" + std::string(64, 'x')).empty()) << "64 characters are allowed";
  EXPECT_EQ(list("?q=%20%20").size(), list("").size()) << "a blank q does not filter";
}

TEST_F(CommandsFunctional, RefusesBadFilters) {
  refused("?q=" + std::string(65, 'x'), "q");
  refused("?q=%FF", "q");
  refused("?type=match", "type");
  refused("?type=", "type");
  refused("?type=All", "type");
  refused("?frequent=yes", "frequent");
  refused("?frequent=1", "frequent");
  refused("?frequent=TRUE", "frequent");
}

}  // namespace
}  // namespace portal::test
