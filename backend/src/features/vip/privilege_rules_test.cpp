// The privilege cell mapping and the validation rules of privileges (pure functions).

#include "features/vip/privilege_rules.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace portal::vip {
namespace {

void expect_field(const core::Error& error, const std::string& field) {
  EXPECT_EQ(error.code, "VALIDATION_FAILED") << error.message;
  EXPECT_EQ(error.kind, core::ErrorKind::validation);
  ASSERT_TRUE(error.details.contains("field")) << error.message;
  EXPECT_EQ(error.details.at("field").as_string(), field) << error.message;
}

TEST(PrivilegeCell, OneIsAllowedTwoIsOptionalAnythingElseIsForbidden) {
  EXPECT_EQ(cell_of(1), Cell::allowed);
  EXPECT_EQ(cell_of(2), Cell::optional);
  for (std::int64_t value : {std::int64_t{0}, std::int64_t{-1}, std::int64_t{3}, std::int64_t{10}, std::int64_t{-2},
                             std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()}) {
    EXPECT_EQ(cell_of(value), Cell::forbidden) << value;
  }
  EXPECT_EQ(to_string(cell_of(1)), "allowed");
  EXPECT_EQ(to_string(cell_of(2)), "optional");
  EXPECT_EQ(to_string(cell_of(0)), "forbidden");
  static_assert(cell_of(1) == Cell::allowed, "usable at compile time");
}

TEST(PrivilegeGroups, NamesInTheWebsOrder) {
  std::string names;
  for (Group group : kGroups) names += std::string(to_string(group)) + " ";
  EXPECT_EQ(names, "normal vip pro kol op ");
  EXPECT_EQ(group_from_string("kol"), Group::kol);
  EXPECT_FALSE(group_from_string("VIP"));
  EXPECT_FALSE(group_from_string("none"));
}

TEST(PrivilegeKey, SlugOfTwoToFortyCharacters) {
  for (const char* good :
       {"ab", "reserved_slot", "ws_knife_gloves", "a1", "0123456789012345678901234567890123456789"}) {
    EXPECT_TRUE(check_key(good)) << good;
  }
  for (const char* bad :
       {"", "a", "Reserved", "reserved-slot", "with space", "é_key", "01234567890123456789012345678901234567890"}) {
    auto checked = check_key(bad);
    ASSERT_FALSE(checked) << bad;
    expect_field(checked.error(), "key");
  }
}

TEST(PrivilegeText, ContentIsTrimmedAndOneToHundredCharacters) {
  EXPECT_EQ(normalize_content("  Reserved slot \t", Language::en).value(), "Reserved slot");
  EXPECT_EQ(normalize_content("\xE3\x80\x80预留位\xE3\x80\x80", Language::zh).value(), "预留位");
  // 100 Chinese characters are 300 bytes and still fit.
  std::string hundred;
  for (int i = 0; i < 100; ++i) hundred += "位";
  EXPECT_TRUE(normalize_content(hundred, Language::zh));
  auto too_long = normalize_content(hundred + "位", Language::zh);
  ASSERT_FALSE(too_long);
  expect_field(too_long.error(), "content.zh");

  auto empty = normalize_content("   ", Language::en);
  ASSERT_FALSE(empty);
  expect_field(empty.error(), "content.en");
  auto newline = normalize_content("two\nlines", Language::en);
  ASSERT_FALSE(newline);
  expect_field(newline.error(), "content.en");
  auto bad_utf8 = normalize_content("bad \xC3\x28", Language::en);
  ASSERT_FALSE(bad_utf8);
  expect_field(bad_utf8.error(), "content.en");
}

TEST(PrivilegeText, DetailMayBeEmptyKeepsLineBreaksAndIsAtMostFiveHundredCharacters) {
  EXPECT_EQ(normalize_detail("", Language::en).value(), "");
  EXPECT_EQ(normalize_detail(" first\r\nsecond ", Language::en).value(), "first\nsecond");
  EXPECT_TRUE(normalize_detail(std::string(500, 'x'), Language::zh));
  auto too_long = normalize_detail(std::string(501, 'x'), Language::zh);
  ASSERT_FALSE(too_long);
  expect_field(too_long.error(), "detail.zh");
  auto control = normalize_detail("bell \a", Language::en);
  ASSERT_FALSE(control);
  expect_field(control.error(), "detail.en");
}

TEST(PrivilegeValues, ParsedFromTheCommandLineForm) {
  auto all = parse_values("normal=0,vip=1,pro=1,kol=2,op=1");
  ASSERT_TRUE(all) << all.error().message;
  EXPECT_EQ((*all)[index_of(Group::normal)], 0);
  EXPECT_EQ((*all)[index_of(Group::kol)], 2);
  auto some = parse_values(" vip = 2 , op=0 ");
  ASSERT_TRUE(some) << some.error().message;
  EXPECT_FALSE((*some)[index_of(Group::normal)]);
  EXPECT_EQ((*some)[index_of(Group::vip)], 2);
  EXPECT_EQ((*some)[index_of(Group::op)], 0);

  const std::pair<const char*, const char*> refused[] = {
      {"", "values"},           {"vip", "values"},         {"gold=1", "values"}, {"vip=3", "values.vip"},
      {"pro=-1", "values.pro"}, {"kol=yes", "values.kol"}, {"op=", "values.op"}, {"vip=1,vip=2", "values.vip"},
      {"vip=1,", "values"},
  };
  for (const auto& [text, field] : refused) {
    auto parsed = parse_values(text);
    ASSERT_FALSE(parsed) << text;
    expect_field(parsed.error(), field);
  }
}

TEST(PrivilegeChangesRules, EverySetFieldIsCheckedAndTextsTrimmed) {
  PrivilegeChanges changes;
  changes.content_en = " Skins ";
  changes.order = 20;
  changes.values[index_of(Group::vip)] = 1;
  auto checked = normalize_changes(changes);
  ASSERT_TRUE(checked);
  EXPECT_EQ(*checked->content_en, "Skins");

  changes.order = kOrderMax + 1;
  auto bad_order = normalize_changes(changes);
  ASSERT_FALSE(bad_order);
  expect_field(bad_order.error(), "order");

  changes.order = 5;
  changes.values[index_of(Group::pro)] = 7;
  auto bad_value = normalize_changes(changes);
  ASSERT_FALSE(bad_value);
  expect_field(bad_value.error(), "values.pro");
}

TEST(PrivilegeLanguage, AbsentIsChineseOnlyZhAndEnAccepted) {
  EXPECT_EQ(language_or_default(std::nullopt).value(), Language::zh);
  EXPECT_EQ(language_or_default(std::string_view("en")).value(), Language::en);
  EXPECT_EQ(language_or_default(std::string_view("zh")).value(), Language::zh);
  for (const char* bad : {"", "EN", "fr", "zh-CN"}) {
    auto language = language_or_default(std::string_view(bad));
    ASSERT_FALSE(language) << bad;
    expect_field(language.error(), "language");
  }
}

}  // namespace
}  // namespace portal::vip
