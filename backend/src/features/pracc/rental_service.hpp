#pragma once
// What a player does with rented servers (spec 001 sections 2.2-2.4, 4-7): list them, change the
// password, edit admins, read past teammates and demos, see available regions, switch region,
// restart, verify and update. Owner and member rules are checked here; knows nothing of HTTP.

#include "core/result.hpp"
#include "features/pracc/game_console.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/pracc/rental_settings.hpp"
#include "integrations/cloud/cloud.hpp"

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace portal::pracc {

struct Caller {
  std::int64_t user_id = 0;
  std::string steam_id;  // empty for an e-mail account without Steam
};

struct ServerView {
  RentalServer server;
  bool is_owner = false;
  bool expired = false;
};

struct RegionView {
  std::string region;
  bool available = false;
  bool recommended = false;
};

struct DemoFile {
  std::string name;
  std::int64_t size = 0;
  std::int64_t modified_at = 0;
};

struct RentalServiceDeps {
  RentalRepository& servers;
  cloud::Compute& compute;
  cloud::ObjectStore& store;
  GameConsole& console;
  RentalSettings settings;
  std::function<std::int64_t()> now_unix;
};

class RentalService {
 public:
  explicit RentalService(RentalServiceDeps deps) : d_(std::move(deps)) {}

  std::vector<ServerView> list(const Caller& caller) const;

  core::Status change_password(const Caller& caller, const std::string& id, const std::string& password);

  struct AdminList {
    std::vector<ServerAdmin> admins;
    bool is_owner = false;
    std::string server_name;
  };
  core::Result<AdminList> admins(const Caller& caller, const std::string& id) const;
  core::Result<AdminList> set_admins(const Caller& caller, const std::string& id, std::vector<ServerAdmin> admins);
  core::Result<std::vector<RentalRepository::Teammate>> teammates(const Caller& caller, const std::string& id) const;

  core::Result<std::vector<DemoFile>> demos(const Caller& caller, const std::string& id) const;
  core::Result<std::string> demo_link(const Caller& caller, const std::string& id, const std::string& name) const;

  core::Result<std::vector<RegionView>> regions(cloud::Tier tier);

  // The new server's id (its card replaces the old one's).
  core::Result<std::string> switch_region(const Caller& caller, const std::string& id, const std::string& target);
  core::Status restart(const Caller& caller, const std::string& id);
  enum class Maintenance { verify, update };
  core::Status maintain(const Caller& caller, const std::string& id, Maintenance what);

 private:
  struct Access {
    RentalServer server;
    bool is_owner = false;
  };
  core::Result<Access> visible(const Caller& caller, const std::string& id) const;
  core::Result<Access> owned(const Caller& caller, const std::string& id) const;
  // `request` ("validate", "update"; empty for a plain restart) is left for the machine's bootstrap
  // as a control object before the reboot, so the boot that follows does what was asked.
  core::Status reboot(const Access& access, Phase phase, const std::string& action, const Caller& caller,
                      const std::string& request = {});

  RentalServiceDeps d_;
  std::mutex region_cache_mutex_;
  std::int64_t region_cache_at_[2] = {0, 0};
  std::vector<cloud::RegionStatus> region_cache_[2];
};

std::string actor_of(const Caller& caller);

}  // namespace portal::pracc
