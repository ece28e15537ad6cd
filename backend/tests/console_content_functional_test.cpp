// The operator console's content calls through the real App: the announcement, the FAQ with the
// sanitizer's preview, the privilege table and seasons, each change seen by the public call that shows
// it and audited with the operator's name; a player refused on each call.
#include "support/console_calls_fixture.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include <string>

namespace portal::test {
namespace {

namespace json = boost::json;

class ConsoleContent : public ConsoleCallsFixture {};

TEST_F(ConsoleContent, AnnouncementEditShowsInTheHeaderTicker) {
  auto saved =
      send("PUT", "/api/console/announcement", json::object{{"zh", "服务器维护"}, {"en", "Maintenance"}}, op());
  ASSERT_EQ(saved.status, 200) << saved.body;
  EXPECT_EQ(saved.json().at("en").as_string(), "Maintenance");

  const auto shown = get("/api/server/announcement?lang=en");
  ASSERT_EQ(shown.status, 200) << shown.body;
  ASSERT_EQ(shown.json().as_array().size(), 1U);
  EXPECT_EQ(shown.json().as_array()[0].at("text").as_string(), "Maintenance");
  EXPECT_EQ(get("/api/console/announcement", op()).json().at("zh").as_string(), "服务器维护");
  EXPECT_EQ(audited("announcement.set"), 2);

  const auto too_long = send("PUT", "/api/console/announcement", json::object{{"en", std::string(2001, 'x')}}, op());
  EXPECT_EQ(too_long.status, 422);
  EXPECT_EQ(error_field(too_long), "en");
  EXPECT_EQ(send("PUT", "/api/console/announcement", json::object{{"fr", "x"}}, op()).status, 422);

  ASSERT_EQ(send("PUT", "/api/console/announcement", json::object{{"en", ""}}, op()).status, 200);
  EXPECT_TRUE(get("/api/server/announcement?lang=en").json().as_array().empty());
}

TEST_F(ConsoleContent, FaqAnswerIsPreviewedAndSavedSanitized) {
  const std::string answer = R"html(<p onclick="x()">Join us</p><script>alert(1)</script>)html";
  const auto preview = send("POST", "/api/console/faq/preview", json::object{{"html", answer}}, op());
  ASSERT_EQ(preview.status, 200) << preview.body;
  EXPECT_EQ(preview.json().at("sanitized").as_string(), "<p>Join us</p>");
  const auto preview_body = preview.json();
  const auto& removed = preview_body.at("removed").as_array();
  EXPECT_NE(std::find(removed.begin(), removed.end(), json::value{{"kind", "element"}, {"name", "script"}}),
            removed.end())
      << preview.body;
  EXPECT_NE(std::find(removed.begin(), removed.end(), json::value{{"kind", "attribute"}, {"name", "onclick"}}),
            removed.end())
      << preview.body;

  const auto created = send("POST", "/api/console/faq",
                            json::object{{"language", "en"}, {"question", "How to join?"}, {"answer", answer}}, op());
  ASSERT_EQ(created.status, 201) << created.body;
  const auto id = created.json().at("id").as_int64();
  EXPECT_EQ(created.json().at("answer").as_string(), "<p>Join us</p>");

  const auto public_faq = get("/api/faqs?language=en");
  ASSERT_EQ(public_faq.status, 200);
  bool found = false;
  const auto public_entries = public_faq.json();
  for (const auto& entry : public_entries.as_array()) {
    if (entry.at("id").as_int64() != id) continue;
    found = true;
    EXPECT_EQ(entry.at("answer").as_string(), "<p>Join us</p>");
  }
  EXPECT_TRUE(found) << public_faq.body;

  const std::string path = "/api/console/faq/" + std::to_string(id);
  const auto updated =
      send("PUT", path, json::object{{"language", "en"}, {"question", "How do I join?"}, {"sort_order", 3}}, op());
  ASSERT_EQ(updated.status, 200) << updated.body;
  EXPECT_EQ(updated.json().at("question").as_string(), "How do I join?");
  EXPECT_EQ(updated.json().at("sort_order").as_int64(), 3);
  EXPECT_EQ(error_field(send("PUT", path, json::object{{"language", "zh"}}, op())), "language");
  EXPECT_EQ(error_field(send("POST", "/api/console/faq", json::object{{"language", "en"}, {"question", "Q"}}, op())),
            "answer");
  EXPECT_EQ(error_field(send("POST", "/api/console/faq/preview", json::object{{"html", "x"}, {"extra", 1}}, op())),
            "extra");

  const auto listed = get("/api/console/faq", op());
  ASSERT_EQ(listed.status, 200);
  EXPECT_FALSE(listed.json().at("items").as_array().empty());

  EXPECT_EQ(send("DELETE", path, nullptr, op()).status, 204);
  EXPECT_EQ(send("DELETE", path, nullptr, op()).status, 404);
  EXPECT_EQ(audited("faq.create"), 1);
  EXPECT_EQ(audited("faq.update"), 1);
  EXPECT_EQ(audited("faq.delete"), 1);
}

TEST_F(ConsoleContent, PrivilegeTableIsSavedWhole) {
  const auto row = [](const std::string& key, const std::string& en, int vip) {
    return json::object{{"key", key},
                        {"zh", {{"content", en + " zh"}, {"detail", ""}}},
                        {"en", {{"content", en}, {"detail", "more"}}},
                        {"values", {{"normal", 0}, {"vip", vip}, {"pro", 1}, {"kol", 1}, {"op", 1}}}};
  };
  auto saved = send("PUT", "/api/console/vip-privileges",
                    json::object{{"items", json::array{row("reserved_slot", "Reserved slot", 1),
                                                       row("custom_tag", "Custom tag", 2)}}},
                    op());
  ASSERT_EQ(saved.status, 200) << saved.body;
  ASSERT_EQ(saved.json().at("items").as_array().size(), 2U);

  auto shown = get("/api/privileges?language=en");
  ASSERT_EQ(shown.status, 200);
  ASSERT_EQ(shown.json().as_array().size(), 2U) << shown.body;
  EXPECT_EQ(shown.json().as_array()[1].at("content").as_string(), "Custom tag");
  EXPECT_EQ(shown.json().as_array()[1].at("vip").as_int64(), 2);

  saved = send("PUT", "/api/console/vip-privileges",
               json::object{{"items", json::array{row("custom_tag", "Custom chat tag", 1)}}}, op());
  ASSERT_EQ(saved.status, 200) << saved.body;
  shown = get("/api/console/vip-privileges", op());
  ASSERT_EQ(shown.json().at("items").as_array().size(), 1U) << shown.body;
  EXPECT_EQ(shown.json().at("items").as_array()[0].at("en").at("content").as_string(), "Custom chat tag");

  const auto bad = send("PUT", "/api/console/vip-privileges",
                        json::object{{"items", json::array{row("custom_tag", "x", 1), row("Bad Key!", "y", 1)}}}, op());
  EXPECT_EQ(bad.status, 422);
  EXPECT_EQ(error_field(bad), "items[1].key");
  EXPECT_EQ(get("/api/console/vip-privileges", op()).json().at("items").as_array()[0].at("en").at("content"),
            "Custom chat tag");
  EXPECT_EQ(audited("privilege.create"), 2);
  EXPECT_EQ(audited("privilege.update"), 1);
  EXPECT_EQ(audited("privilege.delete"), 1);
}

TEST_F(ConsoleContent, SeasonsOpenAndClose) {
  const auto opened = send("POST", "/api/console/seasons/dm/open",
                           json::object{{"name", "Winter 2026"}, {"reason", "new season"}}, op());
  ASSERT_EQ(opened.status, 201) << opened.body;
  EXPECT_TRUE(opened.json().at("ends_at").is_null());
  const auto public_seasons = get("/api/leaderboard/seasons");
  EXPECT_NE(public_seasons.body.find("Winter 2026"), std::string::npos) << public_seasons.body;

  const auto closed = send("POST", "/api/console/seasons/dm/close", json::object{{"reason", "season over"}}, op());
  ASSERT_EQ(closed.status, 200) << closed.body;
  EXPECT_FALSE(closed.json().at("ends_at").is_null());
  EXPECT_EQ(error_code(send("POST", "/api/console/seasons/dm/close", json::object{{"reason", "again"}}, op())),
            "NO_OPEN_SEASON");
  EXPECT_EQ(
      error_field(send("POST", "/api/console/seasons/chess/open", json::object{{"name", "X"}, {"reason", "r"}}, op())),
      "mode");
  EXPECT_EQ(
      error_field(send("POST", "/api/console/seasons/dm/open", json::object{{"name", "Y"}, {"reason", ""}}, op())),
      "reason");
  const auto listed = get("/api/console/seasons", op());
  ASSERT_EQ(listed.status, 200);
  EXPECT_EQ(listed.json().at("items").as_array()[0].at("name").as_string(), "Winter 2026");

  const long long with_reason = database.with_session([&](soci::session& sql) {
    long long n = 0;
    sql << "SELECT COUNT(*) FROM audit_log WHERE action = 'season.close' AND actor = :actor AND details LIKE "
           "'%season over%'",
        soci::use(kOperatorActor), soci::into(n);
    return n;
  });
  EXPECT_EQ(with_reason, 1);
  EXPECT_EQ(audited("season.create"), 1);
}

TEST_F(ConsoleContent, APlayerIsRefusedOnEveryCall) {
  const std::string bearer = player();
  const json::object empty;
  for (const auto& [method, path] : std::vector<std::pair<std::string, std::string>>{
           {"GET", "/api/console/announcement"},
           {"PUT", "/api/console/announcement"},
           {"GET", "/api/console/faq"},
           {"POST", "/api/console/faq"},
           {"PUT", "/api/console/faq/1"},
           {"DELETE", "/api/console/faq/1"},
           {"POST", "/api/console/faq/preview"},
           {"GET", "/api/console/vip-privileges"},
           {"PUT", "/api/console/vip-privileges"},
           {"GET", "/api/console/seasons"},
           {"POST", "/api/console/seasons/dm/open"},
           {"POST", "/api/console/seasons/dm/close"},
       }) {
    EXPECT_EQ(send(method, path, empty, bearer).status, 403) << method << " " << path;
    // A body is sent as a browser would, so the refusal is about the caller and not the content type.
    const bool has_body = method != "GET" && method != "DELETE";
    const auto anonymous = http.send(HttpCall{
        .method = method,
        .url = app.url(path),
        .headers = has_body ? std::vector<std::string>{"Content-Type: application/json"} : std::vector<std::string>{},
        .body = has_body ? "{}" : ""});
    EXPECT_EQ(anonymous.status, 401) << method << " " << path;
  }
}

}  // namespace
}  // namespace portal::test
