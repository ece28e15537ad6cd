#include "features/faq/service.hpp"

#include "core/html_sanitizer.hpp"
#include "core/iso_time.hpp"
#include "core/utf8.hpp"
#include "features/faq/errors.hpp"

#include <boost/json/array.hpp>

#include <algorithm>
#include <chrono>

namespace portal::faq {

namespace {

core::Error invalid(std::string_view field, std::string message, boost::json::object details = {}) {
  auto error = core::validation_failed(field, std::move(message));
  if (details.empty()) return error;
  details["field"] = field;  // after the extra details, as before
  error.details = std::move(details);
  return error;
}

std::int64_t system_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string trimmed(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

core::Result<std::string> checked_question(std::string_view text) {
  std::string question = trimmed(text);
  const auto length = core::utf8_length(question);
  if (!length) return invalid("question", "the question must be UTF-8 text");
  if (*length == 0) return invalid("question", "the question must not be empty");
  if (*length > kMaxQuestionChars) {
    return invalid("question",
                   "the question must be at most " + std::to_string(kMaxQuestionChars) + " characters, got " +
                       std::to_string(*length),
                   {{"limit", kMaxQuestionChars}});
  }
  const bool control = std::any_of(question.begin(), question.end(),
                                   [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
  if (control) return invalid("question", "the question must be one line without control characters");
  return question;
}

boost::json::array removed_json(const std::vector<std::string>& removed) {
  boost::json::array out;
  for (const auto& line : removed) out.emplace_back(line);
  return out;
}

core::Status checked_answer_input(std::string_view html) {
  if (html.size() > kMaxAnswerInputBytes) {
    return invalid("answer",
                   "the answer must be at most " + std::to_string(kMaxAnswerInputBytes) + " bytes before sanitizing",
                   {{"limitBytes", kMaxAnswerInputBytes}});
  }
  if (static_cast<std::size_t>(std::count(html.begin(), html.end(), '<')) > kMaxAnswerTags) {
    return invalid("answer", "the answer has too much markup: at most " + std::to_string(kMaxAnswerTags) + " tags",
                   {{"limitTags", kMaxAnswerTags}});
  }
  if (!core::utf8_length(html)) return invalid("answer", "the answer must be UTF-8 text");
  return core::Ok{};
}

core::Result<SavedFaq> checked_answer(std::string_view html) {
  if (auto ok = checked_answer_input(html); !ok) return ok.error();
  auto clean = core::sanitize_html(html);
  if (trimmed(clean.html).empty()) {
    return invalid("answer", "the answer is empty once sanitized", {{"removed", removed_json(clean.removed)}});
  }
  if (clean.html.size() > kMaxAnswerBytes) {
    return invalid("answer",
                   "the sanitized answer must be at most " + std::to_string(kMaxAnswerBytes) + " bytes, got " +
                       std::to_string(clean.html.size()),
                   {{"limitBytes", kMaxAnswerBytes}});
  }
  return SavedFaq{FaqEntry{.answer = std::move(clean.html)}, std::move(clean.removed)};
}

core::Status checked_order(std::int64_t order) {
  if (order < 0 || order > kMaxSortOrder) {
    return invalid("order", "the order must be between 0 and " + std::to_string(kMaxSortOrder));
  }
  return core::Ok{};
}

core::Status checked_language(const std::string& language) {
  if (!is_language(language)) return invalid("language", "language must be zh or en");
  return core::Ok{};
}

}  // namespace

std::string iso_utc(std::int64_t unix_seconds) { return core::iso_utc(unix_seconds); }

bool is_language(std::string_view language) { return language == "zh" || language == "en"; }

FaqService::FaqService(db::Database& database, Clock now)
    : repository_(database), now_(now ? std::move(now) : Clock(system_now)) {}

core::Result<std::vector<FaqEntry>> FaqService::list(const std::string& language) const {
  if (auto ok = checked_language(language); !ok) return ok.error();
  return repository_.list(language);
}

std::vector<FaqEntry> FaqService::list_all() const { return repository_.list_all(); }

std::optional<FaqEntry> FaqService::find(std::int64_t id) const { return repository_.find(id); }

core::Result<core::SanitizedHtml> FaqService::preview(std::string_view html) {
  if (auto ok = checked_answer_input(html); !ok) return ok.error();
  return core::sanitize_html(html);
}

core::Result<SavedFaq> FaqService::add(const NewFaq& faq, const std::string& actor) {
  if (auto ok = checked_language(faq.language); !ok) return ok.error();
  auto question = checked_question(faq.question);
  if (!question) return question.error();
  if (faq.sort_order) {
    if (auto ok = checked_order(*faq.sort_order); !ok) return ok.error();
  }
  auto saved = checked_answer(faq.answer_html);
  if (!saved) return saved.error();
  boost::json::object audit{
      {"language", faq.language}, {"question", *question}, {"sanitizerRemoved", removed_json(saved->removed)}};
  saved->entry = repository_.insert(FaqRepository::Insert{
      .language = faq.language,
      .question = std::move(*question),
      .answer = std::move(saved->entry.answer),
      .sort_order = faq.sort_order,
      .now = now_(),
      .actor = actor,
      .audit = std::move(audit),
  });
  return saved;
}

core::Result<SavedFaq> FaqService::update(std::int64_t id, const FaqEdit& edit, const std::string& actor) {
  if (!edit.question && !edit.answer_html && !edit.sort_order) {
    return errors::nothing_to_update();
  }
  FaqRepository::Update changes{.now = now_(), .actor = actor};
  boost::json::array changed;
  if (edit.question) {
    auto question = checked_question(*edit.question);
    if (!question) return question.error();
    changes.question = std::move(*question);
    changed.emplace_back("question");
  }
  if (edit.sort_order) {
    if (auto ok = checked_order(*edit.sort_order); !ok) return ok.error();
    changes.sort_order = edit.sort_order;
    changed.emplace_back("order");
  }
  SavedFaq saved;
  if (edit.answer_html) {
    auto answer = checked_answer(*edit.answer_html);
    if (!answer) return answer.error();
    changes.answer = std::move(answer->entry.answer);
    saved.removed = std::move(answer->removed);
    changed.emplace_back("answer");
  }
  changes.audit = {{"changed", std::move(changed)}, {"sanitizerRemoved", removed_json(saved.removed)}};
  auto entry = repository_.update(id, changes);
  if (!entry) return errors::faq_not_found(id);
  saved.entry = std::move(*entry);
  return saved;
}

core::Result<FaqEntry> FaqService::remove(std::int64_t id, const std::string& actor) {
  auto entry = repository_.remove(id, actor);
  if (!entry) return errors::faq_not_found(id);
  return std::move(*entry);
}

}  // namespace portal::faq
