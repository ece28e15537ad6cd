#pragma once
// One machine of the stand-in as CVM keeps it, and the rules of its states (Tencent's InstanceState).
// A transitional state carries the time it ends; settling moves it on from those timestamps, so the
// state at any instant follows from the clock alone.

#include "core/error.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace portal::sim::cloud {

enum class State { pending, launch_failed, running, stopping, stopped, starting, rebooting, terminating };
std::string_view state_name(State state);  // "PENDING", "LAUNCH_FAILED", ...

enum class Operation { reboot, stop, start, terminate };
std::string_view action_name(Operation operation);  // "RebootInstances", ...

struct SimInstance {
  std::string id;    // "ins-" + 8 characters of [0-9a-z]
  std::string uuid;  // Tencent lists one per instance too
  std::string name;
  std::string region;
  std::string zone;
  std::string instance_type;
  std::string image_id;
  std::string private_ip;
  std::string public_ip;  // a loopback address of its own; listed from RUNNING on
  // The decoded UserData script, shared: the ticker hands it around for every machine it looks at.
  std::shared_ptr<const std::string> user_data;
  std::string client_token;
  std::int64_t created_ms = 0;

  State state = State::pending;
  std::int64_t since_ms = 0;  // when the state began
  std::int64_t due_ms = 0;    // when a transitional state ends
  bool fails_launch = false;  // decided at launch: PENDING ends in LAUNCH_FAILED
  // Stopped with StoppedMode STOP_CHARGING: once STOPPED the public address is released (an empty
  // public_ip), and a start assigns a new one.
  bool stop_charging = false;
  // +1 each time the machine comes up (boot, reboot, start): its game server is started afresh from
  // the UserData, so what RCON changed before is gone.
  std::uint64_t boots = 0;
  std::int64_t recording_since_ms = 0;  // RUNNING: start of the demo being recorded
  std::uint64_t recordings = 0;         // demos recorded so far
  std::string latest_operation = "RunInstances";
  std::string latest_request_id;
  std::uint64_t seed = 0;  // the game server's and its demos' randomness
};

// Tencent's refusal of an operation on an instance in this state, or nullopt when it is allowed:
// reboot and stop need RUNNING, start needs STOPPED, terminate needs RUNNING or STOPPED.
std::optional<core::Error> refusal(Operation operation, const SimInstance& instance);

// A transitional state reached its end by `now`: the new state, from the due time.
struct Settled {
  bool moved = false;    // the state changed
  bool removed = false;  // TERMINATING ended: the instance is no longer listed
  bool came_up = false;  // it entered RUNNING
};
Settled settle_state(SimInstance& instance, std::int64_t now_ms);

// An error in Tencent's words: code ("UnsupportedOperation.InstanceStateStopped") and message.
core::Error cvm_error(std::string code, std::string message);

}  // namespace portal::sim::cloud
