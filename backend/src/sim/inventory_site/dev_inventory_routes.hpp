#pragma once
// Demo mode only: a local stand-in for the inventory site's sign-in callback, at
// GET /dev/inventory/sign-in?token=<jwt>. It checks the token as the real site would (signature with the
// inventory secret, typ, iss, aud, time) and shows who signed in, or why it refused. The inventory page
// frames it; it only touches memory and runs inline on the I/O thread.

#include "core/result.hpp"
#include "features/inventory/inventory_token.hpp"
#include "http/route.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace portal::sim {

void register_dev_inventory_routes(http::RouteTable& routes, const inventory::InventoryTokenVerifier& verifier,
                                   std::function<std::int64_t()> now);

// The page for a verified token (who signed in) or a refusal (why). Every value is HTML-escaped.
std::string render_inventory_sign_in_page(const core::Result<inventory::InventoryClaims>& outcome);

}  // namespace portal::sim
