#include "app/demo/demo_prices.hpp"

#include "features/payments/price_service.hpp"

#include <array>
#include <cstdint>

namespace portal::app {

namespace {

struct DemoPrice {
  const char* product_type;
  std::int64_t hours;
  bool relocatable;
  const char* cny;
  const char* usd;
};

// Longer rentals cost less per hour; premium (relocatable) is about a third more.
constexpr std::array<DemoPrice, 17> kPrices{{
    {"server_rental", 4, false, "8", "1.20"},
    {"server_rental", 8, false, "14", "2"},
    {"server_rental", 72, false, "88", "12.50"},
    {"server_rental", 168, false, "168", "23.90"},
    {"server_rental", 720, false, "528", "74.90"},
    {"server_rental", 2160, false, "1388", "196"},
    {"server_rental", 8760, false, "4688", "659"},
    {"server_rental", 4, true, "10.80", "1.60"},
    {"server_rental", 8, true, "18.80", "2.70"},
    {"server_rental", 72, true, "118", "16.90"},
    {"server_rental", 168, true, "228", "32.50"},
    {"server_rental", 720, true, "698", "99"},
    {"server_rental", 2160, true, "1888", "266"},
    {"server_rental", 8760, true, "6288", "888"},
    {"vip", 720, false, "30", "4.99"},
    {"vip", 2160, false, "78", "12.99"},
    {"vip", 8760, false, "268", "39.99"},
}};

}  // namespace

void seed_demo_prices(payments::PriceService& prices) {
  for (const auto& p : kPrices) {
    for (const char* currency : {"CNY", "USD"}) {
      payments::PriceKey key{p.product_type, p.hours, p.relocatable, currency};
      if (prices.price_of(key)) continue;
      (void)prices.set(key, currency[0] == 'C' ? p.cny : p.usd, "demo");
    }
  }
}

}  // namespace portal::app
