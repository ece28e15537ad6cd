#pragma once
// The jobs that keep rented servers and their cloud instances in step (run by the scheduler, one
// instance of the portal at a time):
//   launch_due  launches what was bought (and the new half of a region switch), retrying a failing
//               cloud; after the last attempt the order is refunded and the buyer told;
//   sync        asks the cloud for every instance's state in batches per region and moves the
//               servers on (booted -> running, rebooted -> running with its password and admins
//               applied again, terminated -> gone);
//   lifecycle   stops servers at expiry, starts renewed ones, terminates them after the grace
//               period and the old halves of region switches, warns players 10 minutes before.

#include "core/result.hpp"
#include "features/pracc/game_console.hpp"
#include "features/pracc/rental_repository.hpp"
#include "features/pracc/rental_settings.hpp"
#include "integrations/cloud/cloud.hpp"

#include <cstdint>
#include <functional>
#include <mutex>
#include <set>
#include <string>

namespace portal::pracc {

struct ProvisionerDeps {
  RentalRepository& servers;
  cloud::Compute& compute;
  GameConsole& console;
  RentalSettings settings;
  std::function<std::int64_t()> now_unix;
  // Gives the buyer's money back for an order whose server never ran (the payment engine's refund).
  std::function<core::Status(const std::string& order_id, const std::string& reason)> refund_order;
  // Where demos are kept: those of a server that moved away are deleted with it. Optional.
  cloud::ObjectStore* store = nullptr;
  // The plugin key a new server reports with (status and stats scopes); empty when none is issued.
  std::function<std::string(const RentalServer&)> plugin_key;
  // Tells the owner about their server (expiry reminders, a refund); `what` is "expires_24h",
  // "expires_1h" or "refunded". Optional.
  std::function<void(const RentalServer&, const std::string& what)> notify_owner;
  // Runs a server's coming up (its password and admins over the console, then `running`) off the
  // sync job, so a mass boot does not wait on each console in turn; the runner bounds how many run at
  // once (a small worker pool). Unset: on the sync's own thread, one after another.
  std::function<void(std::function<void()>)> run_console_work;
};

struct SyncReport {
  int servers = 0;      // servers whose instance was asked about
  int cloud_calls = 0;  // DescribeInstances calls made
  int changed = 0;      // servers whose phase or address changed
};

class Provisioner {
 public:
  explicit Provisioner(ProvisionerDeps deps) : d_(std::move(deps)) {}

  int launch_due();
  SyncReport sync();
  int lifecycle();

 private:
  void launch(const RentalServer& server);
  // `unanswered_token`: the ClientToken of a launch whose answer was lost (empty after a refusal).
  void launch_failed(const RentalServer& server, const core::Error& error, bool counted,
                     const std::string& unanswered_token = {});
  void became_running(const RentalServer& server, const cloud::InstanceInfo& instance);
  bool apply_settings(const RentalServer& server);
  // became_running on the console runner; a server already on its way up there is not sent again.
  void bring_up(const RentalServer& server, const cloud::InstanceInfo& instance);
  bool end_machine(const RentalServer& server);
  void remove_demos(const RentalServer& server);

  ProvisionerDeps d_;
  std::mutex bringing_up_mutex_;
  std::set<std::string> bringing_up_;  // server ids with work queued or running on run_console_work
};

cloud::ServerBootstrap bootstrap_for(const RentalServer& server, const RentalSettings& settings,
                                     const std::string& plugin_key);

}  // namespace portal::pracc
