#include "sim/cloud/cvm_api.hpp"

#include "core/crypto.hpp"
#include "sim/cloud/cvm_json.hpp"

#include <boost/json/parse.hpp>

#include <optional>

namespace portal::sim::cloud {

namespace json = boost::json;

namespace {

// Tencent's RequestIds are UUIDs.
std::string request_uuid() {
  auto hex = core::random_token(16);
  hex[12] = '4';
  hex[16] = "89ab"[static_cast<unsigned char>(hex[16]) % 4];
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20);
}

http::Response envelope(json::object response, const std::string& request_id) {
  response["RequestId"] = request_id;
  auto out = http::json_response(json::object{{"Response", std::move(response)}});
  out.set_header("X-TC-RequestId", request_id);
  return out;
}

http::Response error_envelope(const core::Error& error, const std::string& request_id) {
  return envelope(json::object{{"Error", json::object{{"Code", error.code}, {"Message", error.message}}}}, request_id);
}

std::optional<Operation> operation_of(const std::string& action) {
  if (action == "RebootInstances") return Operation::reboot;
  if (action == "StopInstances") return Operation::stop;
  if (action == "StartInstances") return Operation::start;
  if (action == "TerminateInstances") return Operation::terminate;
  return std::nullopt;
}

bool known_action(const std::string& action) {
  return action == "RunInstances" || action == "DescribeInstances" || action == "DescribeZoneInstanceConfigInfos" ||
         operation_of(action).has_value();
}

core::Result<json::object> parse_body(const std::string& body) {
  if (body.empty()) return json::object{};
  boost::system::error_code ec;
  auto value = json::parse(body, ec);
  if (ec || !value.is_object()) return cvm_error("InvalidParameter", "The request body must be a JSON object.");
  return std::move(value.get_object());
}

}  // namespace

int ActionRateLimits::limit_of(const std::string& action) { return action.starts_with("Describe") ? 40 : 10; }

bool ActionRateLimits::allow(const std::string& action, std::int64_t now_ms) {
  auto& calls = calls_[action];
  while (!calls.empty() && calls.front() <= now_ms - 1000) calls.pop_front();
  if (static_cast<int>(calls.size()) >= limit_of(action)) return false;
  calls.push_back(now_ms);
  return true;
}

http::Response CvmApi::handle(const http::Request& request) {
  const auto request_id = request_uuid();
  const auto now_ms = deps_.now_ms();
  if (auto refused = verify_tc3(request, deps_.credentials, kService, now_ms / 1000)) {
    return error_envelope(*refused, request_id);
  }
  const std::string action(request.header("X-TC-Action"));
  const std::string version(request.header("X-TC-Version"));
  const std::string region(request.header("X-TC-Region"));
  if (action.empty()) return error_envelope(cvm_error("MissingParameter", "X-TC-Action is missing."), request_id);
  if (!known_action(action)) {
    return error_envelope(cvm_error("InvalidAction", "The action `" + action + "` is not supported by CVM."),
                          request_id);
  }
  if (version.empty()) return error_envelope(cvm_error("MissingParameter", "X-TC-Version is missing."), request_id);
  if (version != kVersion) {
    return error_envelope(cvm_error("NoSuchVersion", "CVM has no API version `" + version + "`."), request_id);
  }
  if (region.empty()) {
    return error_envelope(cvm_error("MissingParameter", "The request is missing a required parameter `Region`."),
                          request_id);
  }
  if (deps_.enforce_rate_limits) {
    std::lock_guard lock(limits_mutex_);
    if (!limits_.allow(action, now_ms)) {
      return error_envelope(cvm_error("RequestLimitExceeded", "Your current request times equals to `" +
                                                                  std::to_string(ActionRateLimits::limit_of(action)) +
                                                                  "` in a second, which exceeds the frequency limit."),
                            request_id);
    }
  }
  auto params = parse_body(request.body);
  if (!params) return error_envelope(params.error(), request_id);
  auto answer = run(action, region, *params, request_id);
  if (!answer) return error_envelope(answer.error(), request_id);
  return envelope(std::move(*answer), request_id);
}

core::Result<json::object> CvmApi::run(const std::string& action, const std::string& region, const json::object& params,
                                       const std::string& request_id) {
  const auto now_ms = deps_.now_ms();
  std::unique_lock lock(deps_.registry_mutex);
  auto& registry = deps_.registry;
  if (!registry.knows_region(region)) return unsupported_region(region);
  // A describe may be the first to see a machine come up: the ticker starts its game server at once
  // instead of at its next period, so the address answers soon after the caller reads RUNNING.
  const auto transitions_before = registry.transitions();
  const auto wake_ticker_if_moved = [&] {
    if (registry.transitions() != transitions_before && deps_.changed) deps_.changed();
  };

  if (action == "DescribeInstances") {
    auto query = parse_describe_instances(params);
    if (!query) return query.error();
    query->region = region;
    auto page = registry.describe(*query, now_ms);
    wake_ticker_if_moved();
    if (!page) return page.error();
    json::array set;
    for (const auto& instance : page->instances) {
      set.push_back(instance_json(instance, registry.instance_type(instance.instance_type)));
    }
    return json::object{{"TotalCount", page->total}, {"InstanceSet", std::move(set)}};
  }
  if (action == "DescribeZoneInstanceConfigInfos") {
    auto filters = parse_zone_filters(params);
    if (!filters) return filters.error();
    auto offers = registry.zone_offers(region, *filters);
    if (!offers) return offers.error();
    json::array set;
    for (const auto& offer : *offers) set.push_back(zone_offer_json(offer));
    return json::object{{"InstanceTypeQuotaSet", std::move(set)}};
  }

  json::object answer;
  if (action == "RunInstances") {
    auto spec = parse_run_instances(params);
    if (!spec) return spec.error();
    spec->region = region;
    spec->request_id = request_id;
    auto ids = registry.launch(*spec, now_ms);
    if (!ids) return ids.error();
    json::array set;
    for (const auto& id : *ids) set.emplace_back(id);
    answer["InstanceIdSet"] = std::move(set);
  } else {
    const auto operation = *operation_of(action);
    auto ids = parse_instance_ids(params, operation);
    if (!ids) return ids.error();
    auto stop_charging = operation == Operation::stop ? parse_stopped_mode(params) : core::Result<bool>(false);
    if (!stop_charging) return stop_charging.error();
    if (auto done = registry.operate(operation, region, *ids, request_id, now_ms, *stop_charging); !done) {
      return done.error();
    }
  }
  lock.unlock();
  if (deps_.changed) deps_.changed();
  return answer;
}

}  // namespace portal::sim::cloud
