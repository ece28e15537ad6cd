// The DTO parse and serializer: required and optional fields, limits, unknown keys refused with the
// field named, nested structs and lists with their paths, enums by name, and a round trip.

#include "http/dto.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

namespace portal::http::dto {
namespace {

enum class Mode { dm, retakes };
BOOST_DESCRIBE_ENUM(Mode, dm, retakes)

struct Player {
  Text<32> steamId;
  std::optional<Text<8>> name;
};
BOOST_DESCRIBE_STRUCT(Player, (), (steamId, name))

struct Report {
  Int<1, 65535> port;
  Mode mode = Mode::dm;
  bool live = false;
  List<Player, 3> players;
  std::optional<Int<0, 10>> round;
};
BOOST_DESCRIBE_STRUCT(Report, (), (port, mode, live, players, round))

core::Result<Report> parse_text(const std::string& text) { return parse<Report>(boost::json::parse(text)); }

std::string field_of(const core::Result<Report>& result) {
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, "VALIDATION_FAILED");
  return std::string(result.error().details.at("field").as_string());
}

TEST(Dto, ParsesAWellFormedBody) {
  const auto report = parse_text(
      R"({"port":27015,"mode":"retakes","live":true,"players":[{"steamId":"765","name":"ana"},{"steamId":"766"}]})");
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->port, 27015);
  EXPECT_EQ(report->mode, Mode::retakes);
  EXPECT_TRUE(report->live);
  ASSERT_EQ(report->players.size(), 2U);
  EXPECT_EQ(*report->players.items[0].name->value.data(), 'a');
  EXPECT_FALSE(report->players.items[1].name);
  EXPECT_FALSE(report->round) << "absent optional";
}

TEST(Dto, NamesTheFieldThatIsWrong) {
  EXPECT_EQ(field_of(parse_text(R"({"mode":"dm","live":true,"players":[]})")), "port");
  EXPECT_EQ(field_of(parse_text(R"({"port":0,"mode":"dm","live":true,"players":[]})")), "port");
  EXPECT_EQ(field_of(parse_text(R"({"port":1.5,"mode":"dm","live":true,"players":[]})")), "port");
  EXPECT_EQ(field_of(parse_text(R"({"port":1,"mode":"ffa","live":true,"players":[]})")), "mode");
  EXPECT_EQ(field_of(parse_text(R"({"port":1,"mode":"dm","live":1,"players":[]})")), "live");
  EXPECT_EQ(field_of(parse_text(R"({"port":1,"mode":"dm","live":true,"players":{}})")), "players");
  EXPECT_EQ(field_of(parse_text(R"({"port":1,"mode":"dm","live":true,"players":[{},{},{},{}]})")), "players");
  EXPECT_EQ(field_of(parse_text(R"({"port":1,"mode":"dm","live":true,"players":[{"steamId":"1"},{"steamId":2}]})")),
            "players[1].steamId");
  EXPECT_EQ(
      field_of(parse_text(R"({"port":1,"mode":"dm","live":true,"players":[{"steamId":"1","name":"123456789"}]})")),
      "players[0].name");
  EXPECT_EQ(field_of(parse_text(R"({"port":1,"mode":"dm","live":true,"players":[],"round":11})")), "round");
}

TEST(Dto, RefusesUnknownKeysAndNamesThem) {
  const auto top = parse_text(R"({"port":1,"mode":"dm","live":true,"players":[],"admin":true})");
  EXPECT_EQ(field_of(top), "admin");
  EXPECT_EQ(top.error().message, "unknown field admin");
  EXPECT_EQ(field_of(parse_text(R"({"port":1,"mode":"dm","live":true,"players":[{"steamId":"1","x":0}]})")),
            "players[0].x");
}

TEST(Dto, RefusesInvalidUtf8AndNonObjects) {
  EXPECT_FALSE(parse<Player>(boost::json::value("text")).ok());
  const auto bad = parse<Player>(boost::json::object{{"steamId", "\xff\xfe"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().details.at("field").as_string(), "steamId");
}

TEST(Dto, TheBodyMustBeJson) {
  Request request;
  request.body = "{not json";
  const auto parsed = parse_body<Player>(request);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().code, "INVALID_JSON");
  request.body = R"({"steamId":"76561198000000001"})";
  EXPECT_TRUE(parse_body<Player>(request).ok());
}

TEST(Dto, SerializesWhatItParses) {
  const std::string text =
      R"({"port":27015,"mode":"retakes","live":false,"players":[{"steamId":"765","name":null}],"round":3})";
  const auto report = parse_text(text);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(boost::json::serialize(to_json(*report)), text);
}

}  // namespace
}  // namespace portal::http::dto
