#pragma once
// The product's modules, in the order they are built (app/modules.cpp), and the callers they resolve.

#include "app/config/config.hpp"
#include "app/module.hpp"
#include "db/database.hpp"
#include "http/authenticator.hpp"

#include <memory>
#include <vector>

namespace portal::app {

struct Modules {
  std::vector<std::unique_ptr<Module>> list;
  std::unique_ptr<http::Authenticator> callers;  // login and bind tokens, game-server keys

  Modules() = default;
  Modules(const Modules&) = delete;
  Modules& operator=(const Modules&) = delete;
  // Last built, first gone: a module may hold a port of one built before it.
  ~Modules() {
    callers.reset();
    while (!list.empty()) list.pop_back();
  }
};

// Fills `modules`, which must stay where it is: the content module reads the list it is part of.
void build_modules(Modules& modules, const Config& config, db::Database& database);

}  // namespace portal::app
