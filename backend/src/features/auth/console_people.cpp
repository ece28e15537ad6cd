#include "features/auth/console_people.hpp"

#include "core/text.hpp"
#include "core/utf8.hpp"
#include "features/auth/errors.hpp"
#include "features/auth/membership.hpp"

namespace portal::auth {

namespace {

// A login token lives 7 days (spec 000): older sign-ins cannot hold a live token.
constexpr std::int64_t kSessionWindowSeconds = 7 * kSecondsPerDay;

}  // namespace

core::Result<std::string> operator_reason(const std::string& text) {
  const std::string trimmed(core::trim_text(text));
  const auto length = core::utf8_length(trimmed);
  if (!length || *length == 0 || *length > kMaxReasonCharacters) {
    return core::validation_failed("reason", "reason must be 1 to 200 characters");
  }
  for (char c : trimmed) {
    if (static_cast<unsigned char>(c) < 0x20) return core::validation_failed("reason", "reason must be one line");
  }
  return trimmed;
}

std::vector<PersonSummary> PeopleConsole::summaries(std::vector<AccountRow> accounts) const {
  const std::int64_t now = now_unix_();
  std::vector<std::string> steam_ids;
  steam_ids.reserve(accounts.size());
  for (const auto& account : accounts) steam_ids.push_back(account.steam_id);
  auto grants = repository_.grants(steam_ids, now);
  std::vector<PersonSummary> out;
  out.reserve(accounts.size());
  for (std::size_t i = 0; i < accounts.size(); ++i) {
    PersonSummary person{std::move(accounts[i]), {}, grants[i].vip_until};
    for (const auto& group : grants[i].groups) person.groups.push_back(group.group);
    if (person.vip_until && *person.vip_until > now) person.groups.emplace_back("vip");
    out.push_back(std::move(person));
  }
  return out;
}

PersonPage PeopleConsole::find(const PeopleQuery& query) const {
  auto page =
      repository_.find(std::string(core::trim_text(query.q)), query.sort, query.descending, query.offset, query.limit);
  return {summaries(std::move(page.items)), page.total};
}

core::Result<PersonSummary> PeopleConsole::summary(std::int64_t user_id) const {
  auto account = repository_.account(user_id);
  if (!account) return errors::user_not_found();
  return summaries({*account}).front();
}

core::Result<PersonDetails> PeopleConsole::details(std::int64_t user_id) const {
  auto summary_row = summary(user_id);
  if (!summary_row) return summary_row.error();
  PersonDetails out{std::move(*summary_row), {}, {}, {}};
  const std::string& steam_id = out.summary.account.steam_id;
  if (!steam_id.empty()) {
    out.memberships = repository_.grants({steam_id}, now_unix_()).front().groups;
    out.vip_history = repository_.vip_history(steam_id);
  }
  out.sessions = repository_.live_sign_ins(user_id, now_unix_() - kSessionWindowSeconds);
  return out;
}

core::Result<PersonSummary> PeopleConsole::change_vip(std::int64_t user_id, std::int64_t days,
                                                      const std::string& reason, const Operator& by) {
  if (days == 0 || days < -kMaxGrantDays || days > kMaxGrantDays) {
    return core::validation_failed("days", "days must be -3650..3650 and not 0");
  }
  auto why = operator_reason(reason);
  if (!why) return why.error();
  auto account = repository_.account(user_id);
  if (!account) return errors::user_not_found();
  if (account->steam_id.empty()) return errors::no_steam_account();
  repository_.change_vip(account->steam_id, days * kSecondsPerDay, now_unix_(), {by.actor(), *why});
  return summary(user_id);
}

core::Result<PersonSummary> PeopleConsole::set_group(std::int64_t user_id, const std::string& group, bool granted,
                                                     const std::string& reason, const Operator& by) {
  const auto tier = tier_from_string(group);
  if (!tier || !is_granted_group(*tier)) return core::validation_failed("group", "group must be pro, kol or op");
  auto why = operator_reason(reason);
  if (!why) return why.error();
  auto account = repository_.account(user_id);
  if (!account) return errors::user_not_found();
  if (account->steam_id.empty()) return errors::no_steam_account();
  if (!granted && *tier == Tier::op && account->steam_id == by.steam_id) return errors::own_op_group();
  repository_.set_group(account->steam_id, *tier, granted, now_unix_(), {by.actor(), *why});
  return summary(user_id);
}

core::Result<PersonSummary> PeopleConsole::end_sessions(std::int64_t user_id, const std::string& reason,
                                                        const Operator& by) {
  auto why = operator_reason(reason);
  if (!why) return why.error();
  auto account = repository_.account(user_id);
  if (!account) return errors::user_not_found();
  repository_.end_sessions(*account, now_unix_(), {by.actor(), *why});
  return summary(user_id);
}

}  // namespace portal::auth
