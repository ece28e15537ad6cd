// docs/openapi.yaml must document every route of the route table (and nothing that is gone).

#include "support/test_app.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>

namespace portal::test {
namespace {

// "METHOD /path" for every operation in the document. Reads our own file's layout: paths at two
// spaces of indent, methods at four.
std::set<std::string> documented_operations() {
  std::ifstream in(std::string(PORTAL_REPO_DIR) + "/docs/openapi.yaml");
  EXPECT_TRUE(in) << "docs/openapi.yaml is missing";
  const std::regex path_line(R"(^  (/[^:]*):\s*$)");
  const std::regex method_line(R"(^    (get|put|post|delete|patch|head|options):\s*$)");
  std::set<std::string> out;
  std::string current_path;
  std::string line;
  bool in_paths = false;
  while (std::getline(in, line)) {
    if (line.starts_with("paths:")) {
      in_paths = true;
      continue;
    }
    if (in_paths && !line.empty() && line[0] != ' ' && line[0] != '#') in_paths = false;
    if (!in_paths) continue;
    std::smatch m;
    if (std::regex_match(line, m, path_line)) {
      current_path = m[1];
    } else if (std::regex_match(line, m, method_line) && !current_path.empty()) {
      std::string method = m[1];
      for (auto& c : method) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      out.insert(method + " " + current_path);
    }
  }
  return out;
}

TEST(OpenApi, EveryRouteIsDocumentedAndNothingElse) {
  const auto documented = documented_operations();
  std::set<std::string> routes;
  // Production and demo mode: the demo-only routes (dev mail, dev OpenID provider) are documented too.
  for (const auto mode : {app::Mode::production, app::Mode::demo}) {
    TestApp app{TestAppOptions{.configure = [mode](app::Config& c) {
      c.mode = mode;
      c.servers.query_timeout_ms = 100;
    }}};
    for (const auto& route : app.app().route_list()) {
      routes.insert(route);
      EXPECT_TRUE(documented.count(route)) << route << " is in the route table but not in docs/openapi.yaml";
    }
  }
  for (const auto& operation : documented) {
    EXPECT_TRUE(routes.count(operation)) << operation << " is documented but no route serves it";
  }
}

}  // namespace
}  // namespace portal::test
