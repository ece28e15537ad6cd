#include "core/json_text.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include <limits>

namespace portal::core {
namespace {

TEST(JsonText, DoublesAreWrittenAsPeopleWriteThem) {
  const boost::json::object prices{{"basic", 8.0}, {"premium", 30.5}, {"cents", 0.99}, {"year", 1999.99}};
  EXPECT_EQ(json_text(prices), R"({"basic":8,"premium":30.5,"cents":0.99,"year":1999.99})");
  EXPECT_EQ(json_text(boost::json::value(-0.25)), "-0.25");
  EXPECT_EQ(json_text(boost::json::value(std::numeric_limits<double>::infinity())), "null");
}

TEST(JsonText, EverythingElseIsWhatBoostWritesAndReadsBackTheSame) {
  const auto value = boost::json::parse(
      R"({"name":"练枪 \"1\"\n","n":-42,"big":18446744073709551615,"ok":true,"none":null,"list":[1,2.5,"x",{}],"e":{}})");
  const std::string text = json_text(value);
  EXPECT_EQ(
      text,
      R"({"name":"练枪 \"1\"\n","n":-42,"big":18446744073709551615,"ok":true,"none":null,"list":[1,2.5,"x",{}],"e":{}})");
  EXPECT_EQ(boost::json::parse(text), value);
  EXPECT_EQ(json_text(boost::json::value("plain")), "\"plain\"");
}

}  // namespace
}  // namespace portal::core
