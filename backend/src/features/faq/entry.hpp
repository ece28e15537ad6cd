#pragma once
// One FAQ entry as stored: a question and its sanitized HTML answer in one language.

#include <cstdint>
#include <string>

namespace portal::faq {

struct FaqEntry {
  std::int64_t id = 0;
  std::string language;  // "en" or "zh"
  std::string question;
  std::string answer;  // HTML that went through core::sanitize_html
  std::int64_t sort_order = 0;
  std::int64_t created_at = 0;  // unix seconds
  std::int64_t updated_at = 0;
};

// "2026-11-21T08:00:00Z" for unix seconds (how the API sends updatedAt).
std::string iso_utc(std::int64_t unix_seconds);

}  // namespace portal::faq
