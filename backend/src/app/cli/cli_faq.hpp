#pragma once
// Operator commands for the FAQ: `portal faq list|add|update|remove`. Answers are HTML, sanitized with
// the allow list before they are stored; the commands print what the sanitizer removed. Each write
// goes to audit_log; a running portal answers from the database, so changes show at once.

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace portal::app {

class FaqCommands {
 public:
  explicit FaqCommands(CLI::App& cli);
  ~FaqCommands();
  FaqCommands(const FaqCommands&) = delete;
  FaqCommands& operator=(const FaqCommands&) = delete;
  // The exit code when one of these commands was chosen, nullopt otherwise.
  std::optional<int> run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace portal::app
