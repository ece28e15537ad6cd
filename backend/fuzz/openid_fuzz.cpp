// The Steam login callback's query and the provider's check_authentication reply: every local rule runs
// on whatever arrives, before any network call.
#include "integrations/steam/openid.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  using namespace portal::integrations::steam;
  const OpenIdExpectations expected{"https://steamcommunity.com/openid/login",
                                    "https://portal.example/api/auth/steam/callback"};
  const auto params = parse_query(input);
  (void)check_locally(params, expected, std::chrono::system_clock::time_point(std::chrono::seconds(1'790'000'000)));
  (void)parse_check_authentication_reply(200, input);
  (void)parse_http_url(input);
  return 0;
}
