#include "sim/cloud/sim_instance.hpp"

namespace portal::sim::cloud {

std::string_view state_name(State state) {
  switch (state) {
    case State::pending:
      return "PENDING";
    case State::launch_failed:
      return "LAUNCH_FAILED";
    case State::running:
      return "RUNNING";
    case State::stopping:
      return "STOPPING";
    case State::stopped:
      return "STOPPED";
    case State::starting:
      return "STARTING";
    case State::rebooting:
      return "REBOOTING";
    case State::terminating:
      break;
  }
  return "TERMINATING";
}

std::string_view action_name(Operation operation) {
  switch (operation) {
    case Operation::reboot:
      return "RebootInstances";
    case Operation::stop:
      return "StopInstances";
    case Operation::start:
      return "StartInstances";
    case Operation::terminate:
      break;
  }
  return "TerminateInstances";
}

core::Error cvm_error(std::string code, std::string message) {
  return core::Error::make(core::ErrorKind::bad_request, std::move(code), std::move(message));
}

namespace {

// UnsupportedOperation.InstanceState<Pascal case of the state>, as CVM names them.
std::string_view state_code(State state) {
  switch (state) {
    case State::pending:
      return "UnsupportedOperation.InstanceStatePending";
    case State::launch_failed:
      return "UnsupportedOperation.InstanceStateLaunchFailed";
    case State::running:
      return "UnsupportedOperation.InstanceStateRunning";
    case State::stopping:
      return "UnsupportedOperation.InstanceStateStopping";
    case State::stopped:
      return "UnsupportedOperation.InstanceStateStopped";
    case State::starting:
      return "UnsupportedOperation.InstanceStateStarting";
    case State::rebooting:
      return "UnsupportedOperation.InstanceStateRebooting";
    case State::terminating:
      break;
  }
  return "UnsupportedOperation.InstanceStateTerminating";
}

bool allowed(Operation operation, State state) {
  switch (operation) {
    case Operation::reboot:
    case Operation::stop:
      return state == State::running;
    case Operation::start:
      return state == State::stopped;
    case Operation::terminate:
      break;
  }
  return state == State::running || state == State::stopped;
}

}  // namespace

std::optional<core::Error> refusal(Operation operation, const SimInstance& instance) {
  if (allowed(operation, instance.state)) return std::nullopt;
  return cvm_error(std::string(state_code(instance.state)),
                   "The instance `" + instance.id + "` is " + std::string(state_name(instance.state)) + "; " +
                       std::string(action_name(operation)) + " does not support an instance in this state.");
}

Settled settle_state(SimInstance& instance, std::int64_t now_ms) {
  Settled out;
  const bool transitional = instance.state == State::pending || instance.state == State::rebooting ||
                            instance.state == State::stopping || instance.state == State::starting ||
                            instance.state == State::terminating;
  if (!transitional || now_ms < instance.due_ms) return out;
  const auto at = instance.due_ms;
  out.moved = true;
  switch (instance.state) {
    case State::pending:
      instance.state = instance.fails_launch ? State::launch_failed : State::running;
      break;
    case State::rebooting:
    case State::starting:
      instance.state = State::running;
      break;
    case State::stopping:
      instance.state = State::stopped;
      if (instance.stop_charging) instance.public_ip.clear();  // CPU, memory and the address go back
      break;
    default:
      out.removed = true;
      return out;
  }
  instance.since_ms = at;
  instance.due_ms = 0;
  if (instance.state == State::running) {
    out.came_up = true;
    ++instance.boots;
    instance.recording_since_ms = at;
  }
  return out;
}

}  // namespace portal::sim::cloud
