#include "integrations/cloud/cloud.hpp"

#include <array>
#include <utility>

namespace portal::cloud {

namespace {

// Tencent's InstanceState spelling for each state; TERMINATED is ours (Tencent stops listing them).
constexpr std::array<std::pair<InstanceState, std::string_view>, 10> kStateNames = {{
    {InstanceState::pending, "PENDING"},
    {InstanceState::launch_failed, "LAUNCH_FAILED"},
    {InstanceState::running, "RUNNING"},
    {InstanceState::stopping, "STOPPING"},
    {InstanceState::stopped, "STOPPED"},
    {InstanceState::starting, "STARTING"},
    {InstanceState::rebooting, "REBOOTING"},
    {InstanceState::shutdown, "SHUTDOWN"},
    {InstanceState::terminating, "TERMINATING"},
    {InstanceState::terminated, "TERMINATED"},
}};

}  // namespace

std::string_view to_string(InstanceState state) {
  for (const auto& [known, name] : kStateNames) {
    if (known == state) return name;
  }
  return "UNKNOWN";
}

core::Result<InstanceState> instance_state_from(std::string_view name) {
  for (const auto& [state, known] : kStateNames) {
    if (known == name) return state;
  }
  // A state Tencent added after this list (rescue mode, live migration): the caller cannot act on
  // it, and a later look usually finds a known one again.
  return core::Error::make(core::ErrorKind::unavailable, "BAD_CLOUD_STATE",
                           "the cloud reported an instance state the portal does not know: " + std::string(name),
                           {{"cloud_state", name}});
}

std::string_view to_string(Tier tier) { return tier == Tier::premium ? "premium" : "basic"; }

}  // namespace portal::cloud
