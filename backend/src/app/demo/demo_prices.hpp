#pragma once
// Demo mode's price table (issue 14): practice-server rental, basic (fixed region) and premium
// (relocatable), in CNY and USD from 4 hours to a year, and the VIP plans of 30, 90 and 365 days.
// Prices already set are left as they are, so an operator's change survives a restart.

namespace portal::payments {
class PriceService;
}

namespace portal::app {

void seed_demo_prices(payments::PriceService& prices);

}  // namespace portal::app
