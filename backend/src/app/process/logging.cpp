#include "app/process/logging.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace portal::app {

void setup_logging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("portal");
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%-5l%$ %v");
  logger->set_level(spdlog::level::from_str(level));
  spdlog::set_default_logger(logger);
  spdlog::flush_on(spdlog::level::warn);
}

}  // namespace portal::app
