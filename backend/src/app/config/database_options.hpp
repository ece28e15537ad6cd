#pragma once
// The database settings of a Config as db::Options: one mapping for the server and every command.

#include "app/config/config.hpp"
#include "db/database.hpp"

namespace portal::app {

// pool_size 0 takes the configured size; commands that run one statement at a time pass 1.
db::Options database_options(const Config& config, int pool_size = 0);

}  // namespace portal::app
