#pragma once
// Demo mode only: the HTML of the stand-ins for the community's external VIP checkout (framed by the
// VIP page's self-pay dialog) and VIP card store (opened in a new tab). Plain HTML forms, no scripts
// (the portal's CSP allows none inline); every value written into the page is HTML-escaped.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace portal::sim {

// What the sandbox sells. Prices in fen (CNY minor units).
struct VipPlan {
  std::int64_t days = 0;
  std::int64_t price_fen = 0;
  const char* name_en = "";
  const char* name_zh = "";
};
inline constexpr std::array<VipPlan, 3> kVipPlans{{
    {30, 2500, "1 month", "月度"},
    {90, 6800, "3 months", "季度"},
    {365, 23800, "1 year", "年度"},
}};

// The plan of `days`, or nullopt.
std::optional<VipPlan> vip_plan(std::int64_t days);

// "¥25.00".
std::string yuan(std::int64_t fen);

struct VipHostView {
  std::string username;     // empty: shown as a guest
  std::string steam_id;     // empty: not logged in, no pay form
  std::string server_name;  // the community's name, as the portal's header shows it
  bool dark = false;
  std::string nonce;                     // of the pay form: a double submit pays once
  std::optional<std::string> vip_until;  // after a payment: the account's VIP end, "YYYY-MM-DD" GMT+8
  bool repeated = false;                 // that payment had been made before and was not charged again
  std::string error;                     // shown above the form
  bool can_pay = false;                  // a valid steam id: the plans and the pay button are shown
};

std::string render_vip_host_page(const VipHostView& view);
std::string render_vip_store_page(bool dark);

}  // namespace portal::sim
