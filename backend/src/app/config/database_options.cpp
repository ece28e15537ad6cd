#include "app/config/database_options.hpp"

namespace portal::app {

db::Options database_options(const Config& config, int pool_size) {
  return db::Options{
      .engine = config.database.engine == DbEngine::sqlite ? db::Engine::sqlite : db::Engine::postgresql,
      .sqlite_path = config.sqlite_path(),
      .postgres_url = config.database.postgres_url,
      .pool_size = pool_size > 0 ? pool_size : config.database.pool_size,
      .busy_timeout_ms = config.database.busy_timeout_ms,
  };
}

}  // namespace portal::app
