#pragma once
// How the admin commands report: their output on stdout (progress, unbuffered, goes to stderr), failures
// on stderr as "portal: <message> (<CODE>)" with exit code 1,
// and the actor they write to audit_log.

#include "core/error.hpp"

#include <cstdio>
#include <string>

namespace portal::app {

// audit_log.actor (and memberships.granted_by) of everything the command line does.
inline constexpr const char* kCliActor = "cli";

inline void cli_out(const std::string& text) { std::fputs(text.c_str(), stdout); }

inline int cli_fail(const core::Error& error) {
  std::fprintf(stderr, "portal: %s (%s)\n", error.message.c_str(), error.code.c_str());
  return 1;
}

inline int cli_fail(const std::string& message) {
  std::fprintf(stderr, "portal: %s\n", message.c_str());
  return 1;
}

}  // namespace portal::app
