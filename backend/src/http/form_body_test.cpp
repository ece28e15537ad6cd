#include "http/form_body.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

TEST(FormBody, DecodesPlusAndEscapesAndKeepsOrderAndDuplicates) {
  auto fields = parse_form_body("a=1+2&b=%2B%3d%C3%BC&a=3&flag&&empty=");
  ASSERT_TRUE(fields.ok());
  const FormFields expected = {{"a", "1 2"}, {"b", "+=\xC3\xBC"}, {"a", "3"}, {"flag", ""}, {"empty", ""}};
  EXPECT_EQ(*fields, expected);
  EXPECT_EQ(form_value(*fields, "a"), "1 2");
  EXPECT_FALSE(form_value(*fields, "missing").has_value());
  EXPECT_TRUE(parse_form_body("")->empty());
}

TEST(FormBody, MalformedEscapesAreRefused) {
  for (const char* body : {"a=%", "a=%4", "a=%zz", "%G0=1", "a=1%"}) {
    SCOPED_TRACE(body);
    auto fields = parse_form_body(body);
    ASSERT_FALSE(fields.ok());
    EXPECT_EQ(fields.error().kind, core::ErrorKind::bad_request);
    EXPECT_EQ(fields.error().code, "INVALID_FORM");
  }
}

TEST(FormBody, LimitsAreEnforced) {
  const FormLimits limits{.max_fields = 2, .max_name_bytes = 4, .max_value_bytes = 3};
  EXPECT_TRUE(parse_form_body("a=1&b=2", limits).ok());
  EXPECT_FALSE(parse_form_body("a=1&b=2&c=3", limits).ok());
  EXPECT_FALSE(parse_form_body("abcde=1", limits).ok());
  EXPECT_TRUE(parse_form_body("a=%41%41%41", limits).ok());  // decoded size counts
  EXPECT_FALSE(parse_form_body("a=%41%41%41%41", limits).ok());
}

TEST(FormBody, RecognisesTheFormMediaType) {
  EXPECT_TRUE(is_form_media_type("application/x-www-form-urlencoded"));
  EXPECT_TRUE(is_form_media_type("Application/X-WWW-Form-Urlencoded; charset=UTF-8"));
  EXPECT_FALSE(is_form_media_type("application/json"));
  EXPECT_FALSE(is_form_media_type("multipart/form-data; boundary=x"));
  EXPECT_FALSE(is_form_media_type(""));
}

}  // namespace
}  // namespace portal::http
