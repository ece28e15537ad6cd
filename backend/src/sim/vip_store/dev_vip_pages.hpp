#pragma once
// Demo mode only: the HTML of the stand-in for the community's external VIP card store (opened in a
// new tab from the VIP page). VIP itself is bought inside the portal (features/payments, with the
// payment stand-ins of sim/payments). Plain HTML, no scripts; every value is HTML-escaped.

#include <array>
#include <cstdint>
#include <string>

namespace portal::sim {

// The cards the store shows. Prices in fen (CNY minor units).
struct VipCard {
  std::int64_t days = 0;
  std::int64_t price_fen = 0;
  const char* name_en = "";
  const char* name_zh = "";
};
inline constexpr std::array<VipCard, 3> kVipCards{{
    {30, 2500, "1 month", "月度"},
    {90, 6800, "3 months", "季度"},
    {365, 23800, "1 year", "年度"},
}};

// "¥25.00".
std::string yuan(std::int64_t fen);

std::string render_vip_store_page(bool dark);

}  // namespace portal::sim
