#include "sim/cloud/sim_cloud.hpp"

#include "integrations/cloud/cloud.hpp"
#include "sim/cloud/cloud_identity.hpp"
#include "sim/cloud/cos_api.hpp"
#include "sim/cloud/cvm_api.hpp"
#include "sim/cloud/game_hosts.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/parse.hpp>

#include <condition_variable>
#include <map>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

namespace portal::sim::cloud {

namespace {

constexpr const char* kDefaultMap = "de_mirage";

// Tencent keeps a machine's public address through a reboot and a stop that keeps charging.
// A machine stopped with STOP_CHARGING has no address left to keep: its game server goes.
bool keeps_public_address(const SimInstance& instance) {
  const State state = instance.state;
  return !instance.public_ip.empty() &&
         (state == State::running || state == State::rebooting || state == State::stopping || state == State::stopped ||
          state == State::starting);
}

SimCloudSettings checked(SimCloudSettings settings) {
  if (!settings.demo_mode) throw std::logic_error("the cloud stand-in runs in demo mode only");
  while (settings.public_base_url.ends_with('/')) settings.public_base_url.pop_back();
  const auto negative = [](std::chrono::milliseconds delay) { return delay.count() < 0; };
  if (negative(settings.boot_delay) || negative(settings.reboot_delay) || negative(settings.stop_delay) ||
      negative(settings.start_delay) || negative(settings.terminate_delay) || negative(settings.demo_interval) ||
      negative(settings.maintenance_boot_delay)) {
    throw std::invalid_argument("SimCloudSettings: delays must not be negative");
  }
  if (settings.demo_min_bytes < 0 || settings.demo_max_bytes < settings.demo_min_bytes) {
    throw std::invalid_argument("SimCloudSettings: demo sizes need 0 <= demo_min_bytes <= demo_max_bytes");
  }
  if (settings.regions.empty()) throw std::invalid_argument("SimCloudSettings: no regions");
  if (settings.ticker_period.count() <= 0) throw std::invalid_argument("SimCloudSettings: ticker_period must be > 0");
  if (settings.player_report_interval.count() <= 0) {
    throw std::invalid_argument("SimCloudSettings: player_report_interval must be > 0");
  }
  if (settings.seed == 0) settings.seed = std::random_device{}();
  return settings;
}

}  // namespace

struct SimCloud::Impl {
  Impl(const SimCloudSettings& settings, MillisClock clock, CosStore& objects)
      : now_ms(std::move(clock)),
        credentials(settings.credentials_file.empty() ? generate_credentials()
                                                      : load_or_create_cloud_credentials(settings.credentials_file)),
        registry(settings),
        store(objects),
        hosts(SimFleetOptions{.tick = settings.game_tick, .time_scale = settings.game_time_scale},
              settings.player_report_interval),
        cvm(CvmApi::Deps{.credentials = credentials,
                         .now_ms = now_ms,
                         .registry = registry,
                         .registry_mutex = registry_mutex,
                         .enforce_rate_limits = settings.enforce_rate_limits,
                         .changed = [this] { nudge(); }}),
        cos(CosApi::Deps{.credentials = credentials, .now_ms = now_ms, .store = store}),
        demo_min_bytes(settings.demo_min_bytes),
        demo_max_bytes(settings.demo_max_bytes),
        maintenance_boot_delay(settings.maintenance_boot_delay),
        ticker_period(settings.ticker_period) {}

  MillisClock now_ms;
  CloudCredentials credentials;
  mutable std::mutex registry_mutex;  // guards registry
  InstanceRegistry registry;
  CosStore& store;
  GameHosts hosts;
  CvmApi cvm;
  CosApi cos;
  std::int64_t demo_min_bytes;
  std::int64_t demo_max_bytes;
  std::chrono::milliseconds maintenance_boot_delay;
  std::chrono::milliseconds ticker_period;

  // A machine whose boot runs a requested validate or update: its game server waits until `until_ms`.
  struct BootHold {
    std::uint64_t boots = 0;
    std::int64_t until_ms = 0;
  };
  std::map<std::string, BootHold> holds;  // by instance id; guarded by tick_mutex

  std::mutex tick_mutex;  // one tick at a time: the ticker thread or tick_now()
  std::mutex wake_mutex;
  std::condition_variable wake;
  bool nudged = false;
  bool stopping = false;
  std::thread ticker;

  void nudge() {
    {
      std::lock_guard lock(wake_mutex);
      nudged = true;
    }
    wake.notify_one();
  }

  void run_ticker() {
    std::unique_lock lock(wake_mutex);
    while (!stopping) {
      lock.unlock();
      try {
        tick();
      } catch (const std::exception& error) {
        spdlog::error("sim cloud: tick failed: {}", error.what());
      }
      lock.lock();
      wake.wait_for(lock, ticker_period, [this] { return stopping || nudged; });
      nudged = false;
    }
  }

  // Due transitions become game servers started or stopped, finished recordings become COS objects.
  void tick() {
    std::lock_guard serial(tick_mutex);
    std::vector<Recording> recordings;
    std::vector<WantedServer> wanted;
    {
      std::lock_guard lock(registry_mutex);
      registry.settle(now_ms());
      recordings = registry.take_recordings();
      for (const auto& [id, instance] : registry.by_id()) {
        if (!keeps_public_address(instance)) continue;
        wanted.push_back(WantedServer{.instance_id = instance.id,
                                      .boots = instance.boots,
                                      .public_ip = instance.public_ip,
                                      .user_data = instance.user_data,
                                      .seed = instance.seed,
                                      .powered = instance.state == State::running});
      }
    }
    hold_maintenance_boots(wanted);
    // Before the servers change: a recording names the map its server is on.
    for (const auto& recording : recordings) {
      if (recording.user_data) store_recording(recording, *recording.user_data);
    }
    hosts.reconcile(wanted, [this](const std::string& id) {
      std::lock_guard lock(registry_mutex);
      return registry.reassign_public_ip(id);
    });
  }

  // What the bootstrap does at each boot: takes the portal's control objects away and runs SteamCMD,
  // for longer when one asked for it. Looked at once per boot, when the machine is first seen up.
  void hold_maintenance_boots(std::vector<WantedServer>& wanted) {
    const std::int64_t now = now_ms();
    std::map<std::string, BootHold> kept;
    for (auto& machine : wanted) {
      auto found = holds.find(machine.instance_id);
      if (found != holds.end()) kept.insert(*found);
      if (!machine.powered) continue;
      auto& hold = kept[machine.instance_id];
      if (found == holds.end() || found->second.boots != machine.boots) {
        hold = BootHold{.boots = machine.boots, .until_ms = now};
        if (took_control_request(machine)) hold.until_ms = now + maintenance_boot_delay.count();
      }
      machine.powered = now >= hold.until_ms;
    }
    holds = std::move(kept);
  }

  bool took_control_request(const WantedServer& machine) {
    const auto settings = hosts.bootstrap(machine.instance_id, machine.user_data ? *machine.user_data : "");
    if (!settings || settings->demo_bucket.empty()) return false;
    bool asked = false;
    for (const char* request : {"validate", "update"}) {
      asked = store.remove(settings->demo_bucket, portal::cloud::control_object_key(settings->server_ref, request)) ||
              asked;
    }
    return asked;
  }

  void store_recording(const Recording& recording, const std::string& script) {
    const auto settings = hosts.bootstrap(recording.instance_id, script);
    if (!settings || settings->demo_bucket.empty()) return;  // nothing configured to upload to
    const auto server = hosts.snapshot(recording.instance_id);
    const std::string map = server ? server->map : kDefaultMap;
    std::mt19937_64 sizes(recording.seed);
    const auto size = std::uniform_int_distribution<std::int64_t>(demo_min_bytes, demo_max_bytes)(sizes);
    store.put_generated(settings->demo_bucket, demo_object_key(settings->demo_prefix, recording.started_ms, map), size,
                        recording.seed, recording.ended_ms);
  }
};

// Demo and tests: the renter's team arriving on a private server (POST {"name": "..."}).
static http::Response join_player_route(SimCloud& cloud, const http::Request& request) {
  boost::system::error_code ec;
  const auto body = boost::json::parse(request.body, ec);
  const auto* name = !ec && body.is_object() ? body.as_object().if_contains("name") : nullptr;
  if (!name || !name->is_string() || name->as_string().empty() || name->as_string().size() > 64) {
    return http::json_response({{"error", "VALIDATION_FAILED"}, {"message", "name: 1 to 64 bytes"}}, 422);
  }
  const auto joined = cloud.join_player(std::string(request.path_param("instanceId")), std::string(name->as_string()));
  if (!joined) {
    return http::json_response({{"error", "NOT_FOUND"}, {"message", "no game server runs on that machine"}}, 404);
  }
  return http::json_response({{"steamid", *joined}, {"name", name->as_string()}}, 201);
}

SimCloud::SimCloud(SimCloudSettings settings, MillisClock now_ms) : settings_(checked(std::move(settings))) {
  for (const auto& bucket : settings_.buckets) store_.create_bucket(bucket);
  impl_ = std::make_unique<Impl>(settings_, std::move(now_ms), store_);
  impl_->ticker = std::thread([impl = impl_.get()] { impl->run_ticker(); });
}

SimCloud::~SimCloud() {
  {
    std::lock_guard lock(impl_->wake_mutex);
    impl_->stopping = true;
  }
  impl_->wake.notify_one();
  if (impl_->ticker.joinable()) impl_->ticker.join();
  impl_->hosts.stop();
}

const CloudCredentials& SimCloud::credentials() const { return impl_->credentials; }
std::string SimCloud::cvm_endpoint() const { return settings_.public_base_url + "/dev/cloud/cvm"; }
std::string SimCloud::cos_endpoint() const { return settings_.public_base_url + "/dev/cloud/cos"; }

std::vector<SimInstance> SimCloud::instances() const {
  std::lock_guard lock(impl_->registry_mutex);
  impl_->registry.settle(impl_->now_ms());
  return impl_->registry.all();
}

std::optional<SimInstance> SimCloud::instance(const std::string& id) const {
  std::lock_guard lock(impl_->registry_mutex);
  impl_->registry.settle(impl_->now_ms());
  const auto* found = impl_->registry.find(id);
  if (!found) return std::nullopt;
  return *found;
}

void SimCloud::set_sold_out(const std::string& region_or_zone, bool sold_out) {
  std::lock_guard lock(impl_->registry_mutex);
  impl_->registry.set_sold_out(region_or_zone, sold_out);
}

void SimCloud::fail_next_launch(int count) {
  std::lock_guard lock(impl_->registry_mutex);
  impl_->registry.fail_next_launches(count);
}

std::optional<SimSnapshot> SimCloud::game_server(const std::string& instance_id) const {
  return impl_->hosts.snapshot(instance_id);
}

std::optional<std::string> SimCloud::connect_address(const std::string& instance_id) const {
  const auto endpoint = impl_->hosts.endpoint(instance_id);
  if (!endpoint) return std::nullopt;
  return endpoint->ip + ":" + std::to_string(endpoint->port);
}

void SimCloud::tick_now() { impl_->tick(); }

std::optional<std::string> SimCloud::join_player(const std::string& instance_id, const std::string& name) {
  return impl_->hosts.join(instance_id, name);
}

void SimCloud::register_routes(http::RouteTable& routes) {
  // Memory, one HMAC and a lock each: inline on the I/O thread, like the payment stand-ins, so the
  // adapter calling over loopback from the outbound pool never waits for a worker of its own pool.
  // A download generates up to tens of megabytes and runs on a worker instead.
  const auto add = [&routes](http::Method method, std::string pattern, std::string summary, http::Exec exec,
                             std::size_t body_limit, http::Handler handler) {
    routes.add(http::Route{.method = method,
                           .pattern = std::move(pattern),
                           .access = http::Access::public_access,
                           .exec = exec,
                           .handler = std::move(handler),
                           .body_limit = body_limit,
                           .json_body = false,
                           .summary = "Demo mode: cloud stand-in " + std::move(summary)});
  };
  using M = http::Method;
  using E = http::Exec;
  auto* impl = impl_.get();
  add(M::post, "/dev/cloud/cvm", "Tencent Cloud CVM API 3.0 (TC3-HMAC-SHA256)", E::inline_io, 256 * 1024,
      [impl](http::Request& r) { return impl->cvm.handle(r); });
  // The bucket's root, with and without the slash: the adapter asks for <endpoint>/ as it asks for
  // https://<bucket>.cos.<region>.myqcloud.com/.
  for (const std::string root : {"/dev/cloud/cos/{bucket}", "/dev/cloud/cos/{bucket}/"}) {
    add(M::get, root, "COS List Objects", E::inline_io, 0,
        [impl](http::Request& r) { return impl->cos.list_objects(r); });
    add(M::post, root, "COS Delete Multiple Objects (?delete)", E::inline_io, 1024 * 1024,
        [impl](http::Request& r) { return impl->cos.post_bucket(r); });
  }
  add(M::get, "/dev/cloud/cos/{bucket}/{key...}", "COS GET Object (signed or pre-signed)", E::worker, 0,
      [impl](http::Request& r) { return impl->cos.get_object(r); });
  // Small control objects only (the portal's requests to a machine's bootstrap).
  add(M::put, "/dev/cloud/cos/{bucket}/{key...}", "COS PUT Object", E::inline_io, 64 * 1024,
      [impl](http::Request& r) { return impl->cos.put_object(r); });
  add(M::del, "/dev/cloud/cos/{bucket}/{key...}", "COS DELETE Object", E::inline_io, 0,
      [impl](http::Request& r) { return impl->cos.delete_object(r); });
  add(M::post, "/dev/cloud/instances/{instanceId}/players", "a player joins the machine's game server", E::inline_io,
      4096, [this](http::Request& r) { return join_player_route(*this, r); });
}

}  // namespace portal::sim::cloud
