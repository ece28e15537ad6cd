#pragma once
// What the provisioner's files share (provisioner.cpp: sync, bring-up and lifecycle;
// provisioner_launch.cpp: launching and its retries). Internal to features/pracc.

#include "features/pracc/rental_server.hpp"

#include <cstddef>
#include <vector>

namespace portal::pracc::provisioner_steps {

inline constexpr const char* kActor = "job:pracc";
inline constexpr std::size_t kBatch = 5000;
inline const std::vector<Phase> kLaunching = {Phase::creating, Phase::switching};

}  // namespace portal::pracc::provisioner_steps
