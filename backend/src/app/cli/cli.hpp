#pragma once
// The `portal` command line: serve, migrate, version.

namespace portal::app {

// Returns the process exit code.
int run_cli(int argc, char** argv);

}  // namespace portal::app
