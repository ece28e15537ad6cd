#pragma once
// The People part of the operator console (docs/console.md): find accounts, read one with its grants,
// VIP history and live sign-ins, give or take back VIP days, grant or take away pro, kol and op, end
// every session. Each change names the operator and a reason; knows nothing of HTTP.

#include "core/result.hpp"
#include "features/auth/console_repository.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace portal::auth {

inline constexpr std::size_t kMaxReasonCharacters = 200;

struct PersonSummary {
  AccountRow account;
  std::vector<std::string> groups;  // active groups, vip included while its time runs
  std::optional<std::int64_t> vip_until;
};

struct PersonPage {
  std::vector<PersonSummary> items;
  std::int64_t total = 0;
};

struct PersonDetails {
  PersonSummary summary;
  std::vector<GroupRow> memberships;
  std::vector<VipRow> vip_history;
  std::vector<SignInRow> sessions;
};

struct PeopleQuery {
  std::string q;  // at most 100 bytes
  std::string sort = "created_at";
  bool descending = true;
  std::int64_t offset = 0;
  std::int64_t limit = 25;
};

struct Operator {
  std::int64_t user_id = 0;
  std::string steam_id;
  std::string actor() const { return "op:" + steam_id; }
};

class PeopleConsole {
 public:
  PeopleConsole(ConsoleRepository& repository, std::function<std::int64_t()> now_unix)
      : repository_(repository), now_unix_(std::move(now_unix)) {}

  PersonPage find(const PeopleQuery& query) const;
  // USER_NOT_FOUND (404).
  core::Result<PersonDetails> details(std::int64_t user_id) const;
  core::Result<PersonSummary> summary(std::int64_t user_id) const;

  // days: -3650..3650, not 0; negative takes time back, never before now. VALIDATION_FAILED (days,
  // reason), USER_NOT_FOUND, NO_STEAM_ACCOUNT.
  core::Result<PersonSummary> change_vip(std::int64_t user_id, std::int64_t days, const std::string& reason,
                                         const Operator& by);
  // group: pro, kol or op. OWN_OP_GROUP when an operator would take op from themselves.
  core::Result<PersonSummary> set_group(std::int64_t user_id, const std::string& group, bool granted,
                                        const std::string& reason, const Operator& by);
  core::Result<PersonSummary> end_sessions(std::int64_t user_id, const std::string& reason, const Operator& by);

 private:
  std::vector<PersonSummary> summaries(std::vector<AccountRow> accounts) const;

  ConsoleRepository& repository_;
  std::function<std::int64_t()> now_unix_;
};

// The reason an operator gives, trimmed: 1..200 characters, or VALIDATION_FAILED naming `reason`.
core::Result<std::string> operator_reason(const std::string& text);

}  // namespace portal::auth
