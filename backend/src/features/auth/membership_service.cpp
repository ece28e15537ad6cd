#include "features/auth/membership_service.hpp"

#include "core/clock.hpp"
#include "core/steam_id.hpp"
#include "features/auth/errors.hpp"

#include <algorithm>
#include <chrono>
#include <map>

namespace portal::auth {

namespace {

core::Result<Tier> granted_group(std::string_view text) {
  const auto tier = tier_from_string(text);
  if (tier && is_granted_group(*tier)) return *tier;
  if (tier == Tier::vip) {
    return core::validation_failed("group",
                                   "vip is not a group: VIP is time, granted with grant_vip (`portal vip grant`)");
  }
  return core::validation_failed("group", "unknown group '" + std::string(text) + "': expected pro, kol or op");
}

std::optional<core::Error> check_days(std::int64_t days) {
  if (days >= kMinGrantDays && days <= kMaxGrantDays) return std::nullopt;
  return core::validation_failed("days", "days must be between " + std::to_string(kMinGrantDays) + " and " +
                                             std::to_string(kMaxGrantDays) + ", got " + std::to_string(days));
}

}  // namespace

core::Result<std::string> canonical_steam_id(std::string_view text, std::string_view field) {
  const auto id = core::parse_steam_id64(text);
  if (!id) {
    return core::validation_failed(
        field, "'" + std::string(text.substr(0, 64)) +
                   "' is not a SteamID64 (17 digits of an individual account, e.g. 76561198000000000)");
  }
  return std::to_string(*id);
}

MembershipStatus make_status(std::string steam_id, std::vector<MemberGrant> groups, std::optional<std::int64_t> vip_end,
                             std::int64_t now) {
  MembershipStatus status;
  status.steam_id = std::move(steam_id);
  // Only active grants count, whatever the caller passed.
  std::erase_if(
      groups, [now](const MemberGrant& g) { return g.group == Tier::none || (g.expires_at && *g.expires_at <= now); });
  if (vip_end && *vip_end > now) {
    status.vip_expires_at = vip_end;
    std::erase_if(groups, [](const MemberGrant& g) { return g.group == Tier::vip; });
    groups.push_back({Tier::vip, vip_end});
  }
  std::sort(groups.begin(), groups.end(), [](const MemberGrant& a, const MemberGrant& b) {
    return static_cast<int>(a.group) > static_cast<int>(b.group);
  });
  if (!groups.empty()) {
    status.type = groups.front().group;
    status.expires_at = groups.front().expires_at;
  }
  status.groups = std::move(groups);
  return status;
}

core::Result<MembershipStatus> MembershipService::status(std::string_view steam_id) const {
  return status_at(steam_id, now_unix_());
}

core::Result<MembershipStatus> MembershipService::status_at(std::string_view steam_id, std::int64_t now) const {
  auto id = canonical_steam_id(steam_id);
  if (!id) return id.error();
  auto rows = repository_.account(id.value(), now);
  return make_status(std::move(id).value(), std::move(rows.groups), rows.vip_expires_at, now);
}

std::vector<MembershipStatus> MembershipService::active_members() const { return active_members(now_unix_()); }

std::vector<MembershipStatus> MembershipService::active_members(std::int64_t now) const {
  std::map<std::string, std::pair<std::vector<MemberGrant>, std::optional<std::int64_t>>> accounts;
  for (auto& row : repository_.active_grants(now)) {
    auto& [groups, vip_end] = accounts[row.steam_id];
    if (row.grant.group == Tier::vip) {
      vip_end = row.grant.expires_at;
    } else {
      groups.push_back(row.grant);
    }
  }
  std::vector<MembershipStatus> out;
  out.reserve(accounts.size());
  for (auto& [steam_id, account] : accounts) {
    out.push_back(make_status(steam_id, std::move(account.first), account.second, now));
  }
  return out;
}

core::Result<MemberGrant> MembershipService::grant_group(std::string_view steam_id, std::string_view group,
                                                         std::optional<std::int64_t> days, const std::string& actor) {
  auto id = canonical_steam_id(steam_id);
  if (!id) return id.error();
  auto tier = granted_group(group);
  if (!tier) return tier.error();
  if (days) {
    if (auto error = check_days(*days)) return *error;
  }
  const std::int64_t now = now_unix_();
  MemberGrant grant{tier.value(), days ? std::optional<std::int64_t>(now + *days * kSecondsPerDay) : std::nullopt};
  repository_.upsert_group(id.value(), grant.group, grant.expires_at, now, actor);
  return grant;
}

core::Status MembershipService::revoke_group(std::string_view steam_id, std::string_view group,
                                             const std::string& actor) {
  auto id = canonical_steam_id(steam_id);
  if (!id) return id.error();
  auto tier = granted_group(group);
  if (!tier) return tier.error();
  if (!repository_.delete_group(id.value(), tier.value(), actor)) {
    return errors::membership_not_found(id.value(), to_string(tier.value()));
  }
  return core::Ok{};
}

namespace {

core::Result<VipGrantRequest> vip_grant_request(std::string_view steam_id, std::int64_t days, std::string source,
                                                std::optional<std::string> source_ref, const std::string& actor) {
  auto id = canonical_steam_id(steam_id);
  if (!id) return id.error();
  if (auto error = check_days(days)) return *error;
  if (source.empty()) return core::validation_failed("source", "source must not be empty");
  if (source_ref && source_ref->empty())
    return core::validation_failed("sourceRef", "sourceRef must not be empty when given");
  return VipGrantRequest{id.value(), days, std::move(source), std::move(source_ref), actor};
}

}  // namespace

core::Result<VipGrant> MembershipService::grant_vip(std::string_view steam_id, std::int64_t days, std::string source,
                                                    std::optional<std::string> source_ref, const std::string& actor) {
  auto request = vip_grant_request(steam_id, days, std::move(source), std::move(source_ref), actor);
  if (!request) return request.error();
  auto granted = repository_.add_vip_time(*request, now_unix_());
  if (!granted) return errors::vip_source_ref_conflict(request->source_ref.value_or(""));
  return std::move(*granted);
}

core::Result<VipGrant> MembershipService::grant_vip_within(soci::session& open_transaction, std::string_view steam_id,
                                                           std::int64_t days, std::string source,
                                                           std::string source_ref, const std::string& actor) {
  auto request = vip_grant_request(steam_id, days, std::move(source), std::move(source_ref), actor);
  if (!request) return request.error();
  auto granted = repository_.add_vip_time_within(open_transaction, *request, now_unix_());
  if (!granted) return errors::vip_source_ref_conflict(request->source_ref.value_or(""));
  return std::move(*granted);
}

}  // namespace portal::auth
