#pragma once
// The cloud stand-in's API key pair, kept in a file when demo mode names one (data_dir/cloud-sandbox.json),
// so a restarted portal signs with the key it had and a second portal pointed at this stand-in (the
// crash drill's cloud, which outlives the portal it kills) can be given the same file.

#include "sim/cloud/tc3_verifier.hpp"

#include <filesystem>

namespace portal::sim::cloud {

// The pair stored in `file`, or a fresh one written there (owner-only) when the file is missing or
// unreadable. Throws std::runtime_error when a fresh pair cannot be written.
CloudCredentials load_or_create_cloud_credentials(const std::filesystem::path& file);

}  // namespace portal::sim::cloud
