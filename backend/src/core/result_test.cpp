#include "core/result.hpp"

#include <gtest/gtest.h>

#include <string>

namespace portal::core {
namespace {

Result<int> parse_positive(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
    return Error::make(ErrorKind::validation, "VALIDATION_FAILED", "Not a positive number", {{"field", "n"}});
  }
  return std::stoi(text);
}

TEST(Result, CarriesAValueOrAnError) {
  auto ok = parse_positive("42");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.value(), 42);

  auto bad = parse_positive("4x");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, "VALIDATION_FAILED");
  EXPECT_EQ(bad.error().details.at("field").as_string(), "n");
}

}  // namespace
}  // namespace portal::core
