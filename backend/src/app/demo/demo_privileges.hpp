#pragma once
// Demo mode: a realistic privilege table for the VIP page, in both languages. Seeded once, when the
// table is empty (so a restart changes nothing, and an operator's edits stay).

#include "features/vip/privileges.hpp"

namespace portal::app {

void seed_demo_privileges(vip::PrivilegeService& service);

}  // namespace portal::app
