#pragma once
// Matches a method and path against the route table. A path that exists with another method is a
// 405 (with the allowed methods), a path that matches nothing is a 404.

#include "http/route.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace portal::http {

struct RouteMatch {
  enum class Outcome { found, not_found, method_not_allowed };
  Outcome outcome = Outcome::not_found;
  const Route* route = nullptr;
  std::map<std::string, std::string> params;
  std::vector<Method> allowed;  // for method_not_allowed and OPTIONS
};

class Router {
 public:
  explicit Router(RouteTable table);

  // HEAD matches a GET route. Literal segments win over {captures} at the same position. A last
  // segment "{name...}" captures the rest of the path, slashes included (at least one segment).
  RouteMatch match(Method method, std::string_view path) const;

  // Methods any route accepts on this path (empty when the path is unknown).
  std::vector<Method> methods_for(std::string_view path) const;

  const std::vector<Route>& routes() const { return table_.routes(); }

 private:
  struct Compiled {
    const Route* route;
    std::vector<std::string> segments;  // "{name}" marks a capture
    int literal_count;
  };
  static std::vector<std::string_view> split(std::string_view path);
  static bool match_segments(const Compiled& compiled, const std::vector<std::string_view>& parts,
                             std::map<std::string, std::string>* params);

  RouteTable table_;
  std::vector<Compiled> compiled_;
};

}  // namespace portal::http
