#include "app/demo/demo_operator.hpp"

#include <algorithm>

namespace portal::app {

void seed_demo_operator(auth::ConsoleRepository& people, std::int64_t now) {
  const std::string steam_id(kDemoOperatorSteamId);
  const auto grants = people.grants({steam_id}, now).front();
  const bool is_op = std::any_of(grants.groups.begin(), grants.groups.end(),
                                 [](const auth::GroupRow& group) { return group.group == "op"; });
  if (!is_op) people.set_group(steam_id, auth::Tier::op, true, now, {"demo", "the demo's operator account"});
}

}  // namespace portal::app
