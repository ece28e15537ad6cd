#pragma once
// deploy/cloud/portal-plugin/ as compiled in (CMake generates the definitions from the files): the
// source a rented server builds its portal plugin from. Too large for the 16 KB of user data, so
// the bootstrap fetches it from GET /api/plugin/rental/plugin-source with the server's key.

#include <string_view>

namespace portal::pracc {

std::string_view plugin_source_code();   // CS2Portal.cs
std::string_view plugin_project_file();  // CS2Portal.csproj
std::string_view plugin_build_script();  // build.sh: the pinned .NET 8 SDK, dotnet publish, install

}  // namespace portal::pracc
