#include "integrations/cloud/cloud.hpp"

#include <gtest/gtest.h>

namespace portal::cloud {
namespace {

TEST(CloudNames, EveryStateRoundTripsThroughTencentsName) {
  for (const auto state :
       {InstanceState::pending, InstanceState::launch_failed, InstanceState::running, InstanceState::stopping,
        InstanceState::stopped, InstanceState::starting, InstanceState::rebooting, InstanceState::shutdown,
        InstanceState::terminating, InstanceState::terminated}) {
    const auto back = instance_state_from(to_string(state));
    ASSERT_TRUE(back.ok()) << to_string(state);
    EXPECT_EQ(*back, state);
  }
  EXPECT_EQ(to_string(InstanceState::launch_failed), "LAUNCH_FAILED");
  EXPECT_EQ(to_string(InstanceState::terminated), "TERMINATED");
}

TEST(CloudNames, AnUnknownStateIsBadCloudState) {
  for (const std::string_view name : {"SERVICE_LIVE_MIGRATE", "running", "", "RUNNING "}) {
    const auto state = instance_state_from(name);
    ASSERT_FALSE(state.ok()) << name;
    EXPECT_EQ(state.error().code, "BAD_CLOUD_STATE");
  }
}

TEST(CloudNames, TierNames) {
  EXPECT_EQ(to_string(Tier::basic), "basic");
  EXPECT_EQ(to_string(Tier::premium), "premium");
}

}  // namespace
}  // namespace portal::cloud
