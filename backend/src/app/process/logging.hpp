#pragma once

#include <string>

namespace portal::app {

// Logs go to stderr (stdout carries only the "listening on" line); level is one of the config's.
void setup_logging(const std::string& level);

}  // namespace portal::app
