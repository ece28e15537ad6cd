#include "http/router.hpp"

#include <algorithm>

namespace portal::http {

namespace {
bool is_capture(std::string_view segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}
// "{name...}": the rest of the path, slashes included (an object key in a bucket).
bool is_rest_capture(std::string_view segment) { return is_capture(segment) && segment.ends_with("...}"); }
}  // namespace

Router::Router(RouteTable table) : table_(std::move(table)) {
  for (const Route& route : table_.routes()) {
    Compiled compiled{&route, {}, 0};
    for (std::string_view segment : split(route.pattern)) {
      compiled.segments.emplace_back(segment);
      if (!is_capture(segment)) ++compiled.literal_count;
    }
    compiled_.push_back(std::move(compiled));
  }
  // More literal segments first, so /api/leaderboard/seasons beats /api/leaderboard/{mode}.
  std::stable_sort(compiled_.begin(), compiled_.end(),
                   [](const Compiled& a, const Compiled& b) { return a.literal_count > b.literal_count; });
}

std::vector<std::string_view> Router::split(std::string_view path) {
  std::vector<std::string_view> parts;
  std::size_t start = 1;  // skip the leading '/'
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    parts.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

bool Router::match_segments(const Compiled& compiled, const std::vector<std::string_view>& parts,
                            std::map<std::string, std::string>* params) {
  const bool rest = !compiled.segments.empty() && is_rest_capture(compiled.segments.back());
  if (rest ? parts.size() < compiled.segments.size() : compiled.segments.size() != parts.size()) return false;
  for (std::size_t i = 0; i < compiled.segments.size(); ++i) {
    const std::string& segment = compiled.segments[i];
    if (rest && i + 1 == compiled.segments.size()) {
      if (parts[i].empty()) return false;
      // The parts are views into one path: the rest runs from this part to the end of the last.
      const std::string_view tail(
          parts[i].data(), static_cast<std::size_t>(parts.back().data() + parts.back().size() - parts[i].data()));
      if (params) (*params)[segment.substr(1, segment.size() - 5)] = std::string(tail);
    } else if (is_capture(segment)) {
      if (parts[i].empty()) return false;
      if (params) (*params)[segment.substr(1, segment.size() - 2)] = std::string(parts[i]);
    } else if (segment != parts[i]) {
      return false;
    }
  }
  return true;
}

RouteMatch Router::match(Method method, std::string_view path) const {
  RouteMatch result;
  if (path.empty() || path.front() != '/') return result;
  const Method wanted = method == Method::head ? Method::get : method;
  const auto parts = split(path);
  for (const Compiled& compiled : compiled_) {
    if (!match_segments(compiled, parts, nullptr)) continue;
    if (compiled.route->method == wanted && result.outcome != RouteMatch::Outcome::found) {
      result.outcome = RouteMatch::Outcome::found;
      result.route = compiled.route;
      match_segments(compiled, parts, &result.params);
    }
    if (std::find(result.allowed.begin(), result.allowed.end(), compiled.route->method) == result.allowed.end()) {
      result.allowed.push_back(compiled.route->method);
    }
  }
  if (result.outcome != RouteMatch::Outcome::found && !result.allowed.empty()) {
    result.outcome = RouteMatch::Outcome::method_not_allowed;
  }
  return result;
}

std::vector<Method> Router::methods_for(std::string_view path) const { return match(Method::other, path).allowed; }

}  // namespace portal::http
