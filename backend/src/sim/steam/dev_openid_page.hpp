#pragma once
// The HTML of the demo-mode sign-in page that stands in for Steam's. Plain HTML and an inline
// <style>: no scripts, so it works under the portal's CSP. Every echoed value is escaped.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::sim {

struct DevPresetAccount {
  std::uint64_t steam_id = 0;
  std::string persona_name;
};

struct DevLoginPage {
  std::string action;     // where the form posts (the provider endpoint's path)
  std::string return_to;  // carried in a hidden field and shown
  std::string realm;      // carried as received (may be empty) and shown (return_to when empty)
  std::string error;      // shown above the form when not empty
  bool show_form = true;  // false when the request itself is unusable
  std::string steamid;    // refilled after an error
  std::string persona;
  std::vector<DevPresetAccount> presets;
};

std::string render_dev_login_page(const DevLoginPage& page);

}  // namespace portal::sim
