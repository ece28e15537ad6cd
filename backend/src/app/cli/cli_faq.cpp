#include "app/cli/cli_faq.hpp"

#include "app/cli/cli_output.hpp"
#include "app/config/config.hpp"
#include "app/cli/prologue.hpp"
#include "features/faq/service.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

namespace portal::app {

namespace {

// The sanitizer's report; its lines quote operator input, which never holds control characters here.
void print_removed(const std::vector<std::string>& removed) {
  if (removed.empty()) {
    cli_out("the sanitizer removed nothing\n");
    return;
  }
  cli_out("the sanitizer removed:\n");
  for (const auto& line : removed) cli_out("  - " + line + "\n");
}

// The answer from --answer or --answer-file; nullopt (after printing why) when the file cannot be read.
std::optional<std::string> answer_from(const std::optional<std::string>& text, const std::optional<std::string>& file) {
  if (text) return text;
  std::ifstream in(*file, std::ios::binary);
  if (!in) {
    cli_fail("cannot read --answer-file " + *file);
    return std::nullopt;
  }
  std::string content;
  // One byte over the limit is enough for the service to refuse it with its message.
  content.resize(faq::kMaxAnswerInputBytes + 1);
  in.read(content.data(), static_cast<std::streamsize>(content.size()));
  content.resize(static_cast<std::size_t>(in.gcount()));
  return content;
}

constexpr const char* kFaqListFormat = "{:>4}  {:<4}  {:>7}  {:<20}  {}\n";

}  // namespace

struct FaqCommands::State {
  CLI::App *faq = nullptr, *list = nullptr, *add = nullptr, *update = nullptr, *remove = nullptr;
  CommonOptions common;
  std::optional<std::string> language;
  std::optional<std::string> question, answer, answer_file;
  std::optional<std::int64_t> order;
  std::int64_t id = 0;
};

FaqCommands::FaqCommands(CLI::App& cli) : state_(std::make_unique<State>()) {
  auto& s = *state_;
  s.faq = cli.add_subcommand("faq", "Manage the FAQ (answers are sanitized HTML)");
  add_common_options(*s.faq, s.common);
  s.faq->require_subcommand(1);

  s.list = s.faq->add_subcommand("list", "List entries by language, in their order");
  s.list->add_option("--language", s.language, "Only this language: en or zh");

  auto answer_options = [&s](CLI::App* command) {
    auto* text = command->add_option("--answer", s.answer, "The answer, HTML (sanitized before it is stored)");
    auto* file = command->add_option("--answer-file", s.answer_file, "Read the answer (HTML) from this file");
    text->excludes(file);
  };
  s.add = s.faq->add_subcommand("add", "Add an entry (after the last one of its language unless --order)");
  s.add->add_option("--language", s.language, "en or zh")->required();
  s.add->add_option("--question", s.question, "The question, 1-200 characters")->required();
  answer_options(s.add);
  s.add->add_option("--order", s.order, "Position: entries show by order, then id (0-1000000)");

  s.update = s.faq->add_subcommand("update", "Change the question, answer or order of an entry");
  s.update->add_option("id", s.id, "Entry id (see list)")->required();
  s.update->add_option("--question", s.question, "The new question");
  answer_options(s.update);
  s.update->add_option("--order", s.order, "The new position");

  s.remove = s.faq->add_subcommand("remove", "Delete an entry");
  s.remove->add_option("id", s.id, "Entry id (see list)")->required();
}

FaqCommands::~FaqCommands() = default;

std::optional<int> FaqCommands::run() {
  auto& s = *state_;
  if (!*s.faq) return std::nullopt;
  if (*s.add && !s.answer && !s.answer_file) return cli_fail("faq add needs --answer or --answer-file");
  if (*s.update && !s.question && !s.answer && !s.answer_file && !s.order) {
    return cli_fail("nothing to update: give --question, --answer, --answer-file or --order");
  }
  if (s.language && !faq::is_language(*s.language)) {
    return cli_fail("unknown language '" + *s.language + "': expected en or zh");
  }
  std::optional<std::string> answer;
  if (s.answer || s.answer_file) {
    answer = answer_from(s.answer, s.answer_file);
    if (!answer) return 1;
  }

  const Config config = load_command_config(s.common);
  const auto opened = open_migrated_database(config);
  db::Database& database = *opened;
  faq::FaqService service(database);

  if (*s.list) {
    cli_out(fmt::format(fmt::runtime(kFaqListFormat), "id", "lang", "order", "updated (UTC)", "question"));
    for (const auto& entry : service.list_all()) {
      if (s.language && entry.language != *s.language) continue;
      cli_out(fmt::format(fmt::runtime(kFaqListFormat), entry.id, entry.language, entry.sort_order,
                          faq::iso_utc(entry.updated_at), entry.question));
    }
    return 0;
  }
  if (*s.add) {
    auto added = service.add(faq::NewFaq{*s.language, *s.question, *answer, s.order}, kCliActor);
    if (!added) return cli_fail(added.error());
    const auto& entry = added->entry;
    cli_out(
        fmt::format("faq {} added ({}, order {}): {}\n", entry.id, entry.language, entry.sort_order, entry.question));
    print_removed(added->removed);
    return 0;
  }
  if (*s.update) {
    auto updated = service.update(s.id, faq::FaqEdit{s.question, answer, s.order}, kCliActor);
    if (!updated) return cli_fail(updated.error());
    const auto& entry = updated->entry;
    cli_out(
        fmt::format("faq {} updated ({}, order {}): {}\n", entry.id, entry.language, entry.sort_order, entry.question));
    if (answer) print_removed(updated->removed);
    return 0;
  }
  auto removed = service.remove(s.id, kCliActor);
  if (!removed) return cli_fail(removed.error());
  cli_out(fmt::format("faq {} removed ({}): {}\n", removed->id, removed->language, removed->question));
  return 0;
}

}  // namespace portal::app
