#!/bin/bash
# Builds the portal plugin on a rented server, run as root by cs2-bootstrap.sh after it fetched this
# folder from the portal (GET /api/plugin/rental/plugin-source): installs the pinned .NET 8 SDK with
# Microsoft's dotnet-install.sh, publishes CS2Portal.dll against the CounterStrikeSharp.API package of
# the installed CounterStrikeSharp (CSS_VERSION) and copies it into CounterStrikeSharp's plugins.
# Usage: build.sh <source dir> <plugin dir>
set -euo pipefail

DOTNET_SDK_VERSION='8.0.404'
DOTNET_INSTALL_URL='https://dot.net/v1/dotnet-install.sh'

src="${1:?usage: build.sh <source dir> <plugin dir>}"
dest="${2:?usage: build.sh <source dir> <plugin dir>}"
export DOTNET_ROOT=/opt/dotnet DOTNET_CLI_HOME=/tmp/dotnet-home NUGET_PACKAGES=/tmp/nuget-packages
export DOTNET_NOLOGO=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

curl -fsSL --retry 5 --retry-delay 5 -o /tmp/dotnet-install.sh "${DOTNET_INSTALL_URL}"
bash /tmp/dotnet-install.sh --version "${DOTNET_SDK_VERSION}" --install-dir "${DOTNET_ROOT}" --no-path
"${DOTNET_ROOT}/dotnet" publish "${src}/CS2Portal.csproj" -c Release -o "${src}/out" \
  -p:CounterStrikeSharpVersion="${CSS_VERSION:-1.0.364}"
install -d "${dest}"
install -m 644 "${src}/out/CS2Portal.dll" "${dest}/CS2Portal.dll"
# The SDK and the package cache are only for this build (hundreds of megabytes).
rm -rf "${DOTNET_ROOT}" /tmp/dotnet-home /tmp/nuget-packages "${src:?}/out" "${src:?}/obj" "${src:?}/bin"
echo "CS2Portal plugin installed in ${dest}"
