#pragma once
// The FAQ's rules: entries per language (en, zh) in the order operators set, answers sanitized with the
// allow list (core/html_sanitizer) before they are stored. Used by `portal faq ...`, the demo seed and
// GET /api/faqs. Knows nothing of HTTP.
//
// Errors (stable codes): VALIDATION_FAILED (422, details.field language, question, answer or order),
// FAQ_NOT_FOUND (404), NOTHING_TO_UPDATE (422).

#include "core/html_sanitizer.hpp"
#include "core/result.hpp"
#include "db/database.hpp"
#include "features/faq/entry.hpp"
#include "features/faq/repository.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace portal::faq {

inline constexpr std::size_t kMaxQuestionChars = 200;
inline constexpr std::size_t kMaxAnswerBytes = 20000;       // after sanitizing
inline constexpr std::size_t kMaxAnswerInputBytes = 65536;  // before
// The HTML parser's work grows with the square of the nesting depth: the markup of one answer is
// bounded (a long answer with rich formatting has a few hundred tags).
inline constexpr std::size_t kMaxAnswerTags = 4000;
inline constexpr std::int64_t kMaxSortOrder = 1'000'000;  // orders are 0..kMaxSortOrder

struct NewFaq {
  std::string language;
  std::string question;
  std::string answer_html;                 // as the operator wrote it
  std::optional<std::int64_t> sort_order;  // nullopt: after the last entry of the language
};

struct FaqEdit {
  std::optional<std::string> question;
  std::optional<std::string> answer_html;
  std::optional<std::int64_t> sort_order;
};

struct SavedFaq {
  FaqEntry entry;
  std::vector<std::string> removed;  // what the sanitizer took out of the answer (see html_sanitizer.hpp)
};

bool is_language(std::string_view language);

class FaqService {
 public:
  using Clock = std::function<std::int64_t()>;
  // now: unix seconds (default: the system clock).
  explicit FaqService(db::Database& database, Clock now = {});

  // One language in the operator's order (sort_order, then id).
  core::Result<std::vector<FaqEntry>> list(const std::string& language) const;
  std::vector<FaqEntry> list_all() const;
  std::optional<FaqEntry> find(std::int64_t id) const;
  // What saving `html` as an answer would store and what the sanitizer would take out; the input
  // limits of add and update apply (VALIDATION_FAILED naming answer). Stores nothing.
  static core::Result<core::SanitizedHtml> preview(std::string_view html);
  bool has_entries(const std::string& language) const { return repository_.any(language); }

  // The question is trimmed (1-200 characters, one line); the answer is sanitized and must then hold
  // 1-20000 bytes. Each write is recorded in audit_log with `actor`.
  core::Result<SavedFaq> add(const NewFaq& faq, const std::string& actor);
  core::Result<SavedFaq> update(std::int64_t id, const FaqEdit& edit, const std::string& actor);
  core::Result<FaqEntry> remove(std::int64_t id, const std::string& actor);

 private:
  FaqRepository repository_;
  Clock now_;
};

}  // namespace portal::faq
