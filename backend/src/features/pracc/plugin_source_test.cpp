#include "features/pracc/plugin_source.hpp"

#include "support/process.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace portal::pracc {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(RentalPluginSource, TheCompiledInFilesAreTheOnesInDeploy) {
  const fs::path dir = fs::path(PORTAL_REPO_DIR) / "deploy/cloud/portal-plugin";
  EXPECT_EQ(plugin_source_code(), read_file(dir / "CS2Portal.cs"));
  EXPECT_EQ(plugin_project_file(), read_file(dir / "CS2Portal.csproj"));
  EXPECT_EQ(plugin_build_script(), read_file(dir / "build.sh"));
}

TEST(RentalPluginSource, ThePluginAnswersTheCommandsThePortalSendsAndBuildsForNet8) {
  EXPECT_NE(plugin_source_code().find("\"css_portal_admins\""), std::string_view::npos);
  EXPECT_NE(plugin_source_code().find("\"css_portal_sync\""), std::string_view::npos);
  EXPECT_NE(plugin_source_code().find("api/plugin/rental/settings"), std::string_view::npos);
  EXPECT_NE(plugin_source_code().find("api/plugin/rental/players"), std::string_view::npos);
  EXPECT_NE(plugin_project_file().find("<TargetFramework>net8.0</TargetFramework>"), std::string_view::npos);
  EXPECT_NE(plugin_project_file().find("CounterStrikeSharp.API"), std::string_view::npos);
  EXPECT_NE(plugin_build_script().find("DOTNET_SDK_VERSION='8.0."), std::string_view::npos) << "pinned";
}

TEST(RentalPluginSource, TheBuildScriptPassesBashSyntaxCheck) {
  const fs::path script = fs::path(PORTAL_REPO_DIR) / "deploy/cloud/portal-plugin/build.sh";
  const auto check = test::run_process({"/bin/bash", "-n", script.string()}, {});
  EXPECT_EQ(check.exit_code, 0) << check.output;
}

}  // namespace
}  // namespace portal::pracc
