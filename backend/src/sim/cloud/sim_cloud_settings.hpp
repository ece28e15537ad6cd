#pragma once
// How the local Tencent Cloud stand-in behaves. Demo mode keeps Tencent's pace (a minute to boot,
// half an hour per demo recording); tests set delays of milliseconds and move an injected clock.

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace portal::sim::cloud {

// Unix milliseconds now. Instance states are computed from it, so a test moves time by moving it.
using MillisClock = std::function<std::int64_t()>;
std::int64_t system_unix_millis();

// One instance type as DescribeZoneInstanceConfigInfos describes it.
struct InstanceTypeSpec {
  std::string type;    // "S5.MEDIUM4"
  std::string family;  // "S5"
  std::string type_name;
  int cpu = 0;
  int memory_gb = 0;
  double unit_price = 0;  // CNY per hour, pay as you go
};

struct ZoneSpec {
  std::string zone;                         // "ap-shanghai-2"
  std::vector<std::string> instance_types;  // what the zone sells
};

struct RegionSpec {
  std::string region;  // "ap-shanghai"
  std::vector<ZoneSpec> zones;
};

// The 17 regions of the rental spec (spec 001 section 3), two zones each. Every zone sells the basic
// S5.MEDIUM4 and SA5.MEDIUM4; only the first zone of a region sells the premium S6.LARGE8.
std::vector<RegionSpec> default_regions();
// The types those zones sell.
std::vector<InstanceTypeSpec> default_instance_types();

// What a LaunchTemplate id stands for (RunInstances takes the rest from it).
struct LaunchTemplateSpec {
  std::string id;  // "lt-xxxxxxxx"
  std::string zone;
  std::string instance_type;
  std::string image_id;
};

struct SimCloudSettings {
  // The stand-in refuses to exist otherwise: whoever reaches it can start and stop machines that
  // bind local ports, and it hands out its credentials to the adapter.
  bool demo_mode = false;
  // Origin the adapter reaches the portal at (no trailing slash): the endpoints are built from it.
  std::string public_base_url = "http://127.0.0.1:8080";

  // Tencent's pace: PENDING -> RUNNING, REBOOTING -> RUNNING, STOPPING -> STOPPED,
  // STARTING -> RUNNING, TERMINATING -> gone.
  std::chrono::milliseconds boot_delay{60'000};
  std::chrono::milliseconds reboot_delay{30'000};
  std::chrono::milliseconds stop_delay{15'000};
  std::chrono::milliseconds start_delay{30'000};
  std::chrono::milliseconds terminate_delay{10'000};
  int launch_failure_percent = 0;  // chance that a launch ends in LAUNCH_FAILED
  // A boot whose bootstrap finds the portal's control/<ref>/validate or /update object in its bucket
  // runs SteamCMD that much longer before its game server answers (the machine itself is RUNNING):
  // about 15 minutes for a validate on Tencent (spec 001); the stand-in deletes the object as the
  // bootstrap does.
  std::chrono::milliseconds maintenance_boot_delay{15 * 60'000};

  std::vector<RegionSpec> regions = default_regions();
  std::vector<InstanceTypeSpec> instance_types = default_instance_types();
  std::vector<LaunchTemplateSpec> launch_templates;
  std::vector<std::string> sold_out;   // region or zone names that sell nothing
  int instance_quota_per_region = 50;  // instances of an account in one region (LAUNCH_FAILED not counted)
  // Tencent's per-action limits (10/s for RunInstances, RebootInstances, StopInstances, StartInstances,
  // TerminateInstances; 40/s for the Describe actions), answered RequestLimitExceeded when on.
  bool enforce_rate_limits = false;

  // Public IPs: each machine gets its own loopback address from here up (127.0.0.0/8 is all loopback
  // on Linux), so its game server binds the port its UserData names and ip:port is real.
  std::string first_public_ip = "127.77.0.1";

  // Demo recordings: one object per interval of a machine's running time, of a size drawn between
  // the bounds. Their bytes are generated when downloaded, never kept; the portal's HTTP layer holds a
  // response body in memory while it sends it, so a download costs its size in memory for that time.
  std::chrono::milliseconds demo_interval{30 * 60'000};
  std::int64_t demo_min_bytes = 5 * 1024 * 1024;
  std::int64_t demo_max_bytes = 60 * 1024 * 1024;
  std::vector<std::string> buckets = {"portal-demos-1250000000"};  // exist from the start

  // The game servers: how often their simulated time moves on, and how fast.
  std::chrono::milliseconds game_tick{1000};
  double game_time_scale = 1.0;
  // How often the background ticker turns due transitions into game servers started or stopped.
  std::chrono::milliseconds ticker_period{100};
  // A game server whose UserData carries a portal key reports its players this often (the portal
  // plugin's 60 s), and within a second of someone joining; tests shorten it.
  std::chrono::milliseconds player_report_interval{60'000};

  std::uint32_t seed = 0;  // instance ids, launch failures, demo sizes; 0 = a fresh seed each start
  // Where the stand-in's API key pair is kept (cloud_identity.hpp); empty: a new pair every start.
  std::string credentials_file;
};

}  // namespace portal::sim::cloud
