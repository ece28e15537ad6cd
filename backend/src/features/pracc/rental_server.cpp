#include "features/pracc/rental_server.hpp"

#include <sodium.h>

#include <array>
#include <utility>

namespace portal::pracc {

namespace {

constexpr std::array<std::pair<Phase, std::string_view>, 12> kPhases{{
    {Phase::creating, "creating"},
    {Phase::running, "running"},
    {Phase::restarting, "restarting"},
    {Phase::updating, "updating"},
    {Phase::verifying, "verifying"},
    {Phase::switching, "switching"},
    {Phase::expired, "expired"},
    {Phase::starting, "starting"},
    {Phase::terminating, "terminating"},
    {Phase::terminated, "terminated"},
    {Phase::failed, "failed"},
    {Phase::relocated, "relocated"},
}};

}  // namespace

std::string_view to_string(Phase phase) {
  for (const auto& [value, name] : kPhases) {
    if (value == phase) return name;
  }
  return "creating";
}

std::optional<Phase> phase_from(std::string_view text) {
  for (const auto& [value, name] : kPhases) {
    if (name == text) return value;
  }
  return std::nullopt;
}

std::string_view to_string(RentalTier tier) { return tier == RentalTier::premium ? "premium" : "basic"; }

std::optional<RentalTier> tier_from(std::string_view text) {
  if (text == "basic") return RentalTier::basic;
  if (text == "premium") return RentalTier::premium;
  return std::nullopt;
}

// "srv_" + 80 random bits in 16 base32 digits: unguessable, so a stranger cannot even probe for a
// server id (a wrong owner gets the same 404 as a missing server anyway).
std::string new_server_id() {
  std::array<unsigned char, 10> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  static constexpr char kBase32[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string id = "srv_";
  unsigned buffer = 0;
  int bits = 0;
  for (unsigned char b : bytes) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 5) {
      id += kBase32[(buffer >> (bits - 5)) & 0x1f];
      bits -= 5;
    }
  }
  return id;
}

}  // namespace portal::pracc
