#pragma once
// Demo mode's stand-in for Steam's OpenID provider and profile API. It speaks Steam's protocol
// (reference/protocols.md section 3): checkid_setup in, an id_res assertion signed with HMAC-SHA256
// out, check_authentication answering each assertion once. The portal verifies it with the same
// OpenIdVerifier it uses for Steam, so demo mode exercises the production path.
//
// Never enabled in production: anyone who reaches the page can sign in as any SteamID.

#include "core/result.hpp"
#include "integrations/steam/openid.hpp"
#include "integrations/steam/profiles.hpp"
#include "sim/steam/dev_openid_page.hpp"

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::sim {

using integrations::steam::QueryParams;

class DevOpenIdProvider final : public integrations::steam::SteamProfiles {
 public:
  // `endpoint` is this provider's absolute URL, e.g. http://127.0.0.1:8080/api/dev/openid/login: the
  // op_endpoint of its assertions and the URL the portal's verifier must be configured with.
  explicit DevOpenIdProvider(std::string endpoint);

  const std::string& endpoint() const { return endpoint_; }
  static const std::vector<DevPresetAccount>& presets();

  // Why a checkid_setup request (the GET query) cannot be served, or nullopt when it can.
  std::optional<std::string> login_request_problem(const QueryParams& query) const;
  // The sign-in page for a checkid_setup request; for an unusable request, the page explains why.
  std::string login_page_html(const QueryParams& query) const;
  // The page again after approve() refused the posted `form`, with `message` and the typed values.
  std::string login_page_html_with_error(const QueryParams& form, std::string_view message) const;

  // The posted sign-in form -> the URL to redirect the browser to: return_to with Steam's id_res
  // parameters, or with openid.mode=cancel for Cancel. Errors (kind validation: INVALID_STEAM_ID,
  // INVALID_DISPLAY_NAME; kind bad_request: INVALID_OPENID_REQUEST) are meant for the page.
  core::Result<std::string> approve(const QueryParams& form,
                                    std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

  // The key-value answer to a check_authentication POST: is_valid:true only when the signature
  // matches the signed fields as received and this assertion was not confirmed before.
  std::string check_authentication(const QueryParams& form,
                                   std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

  // The remembered name and the local avatar of an id that signed in here; nullopt otherwise.
  core::Result<std::optional<integrations::steam::SteamProfile>> fetch(std::uint64_t steam_id) override;
  // A deterministic picture: a background colour from the id and the name's initials.
  std::string avatar_svg(std::uint64_t steam_id) const;

 private:
  // Base64 HMAC-SHA256 over the key-value form of the fields `openid.signed` lists; nullopt when one
  // is missing or holds a newline.
  std::optional<std::string> sign(const QueryParams& openid_fields) const;
  std::string persona_of(std::uint64_t steam_id) const;

  std::string endpoint_;
  std::string endpoint_path_;
  std::string avatar_base_;  // <endpoint origin>/api/dev/openid/avatar/
  std::string secret_;       // HMAC key, random per process: restarts invalidate pending assertions

  mutable std::mutex mutex_;
  std::map<std::uint64_t, std::string> personas_;
  std::map<std::string, std::chrono::system_clock::time_point> confirmed_nonces_;
};

}  // namespace portal::sim
