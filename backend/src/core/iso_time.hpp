#pragma once
// Instants as ISO-8601 UTC text, "2026-01-31T16:00:00Z": what the API sends where the spec's field is a
// date-time, and what OpenID nonces carry.

#include <cstdint>
#include <string>

namespace portal::core {

std::string iso_utc(std::int64_t unix_seconds);

}  // namespace portal::core
