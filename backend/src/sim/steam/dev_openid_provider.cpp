#include "sim/steam/dev_openid_provider.hpp"

#include "core/crypto.hpp"
#include "core/html_escape.hpp"
#include "core/steam_id.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace portal::sim {

namespace {

namespace steam = integrations::steam;
using std::chrono::system_clock;

constexpr std::string_view kInvalidReply = "ns:http://specs.openid.net/auth/2.0\nis_valid:false\n";
constexpr std::string_view kValidReply = "ns:http://specs.openid.net/auth/2.0\nis_valid:true\n";
constexpr std::string_view kSteamAssocHandle = "1234567890";  // Steam works stateless and always sends this
constexpr std::size_t kMaxPersonaCodePoints = 32;             // Steam's own limit
// Confirmed assertions are remembered this long; older ones are refused outright, which bounds memory.
constexpr std::chrono::minutes kConfirmMemory{10};

std::string random_bytes(std::size_t count) {
  std::string bytes(count, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(bytes.data()), static_cast<int>(count)) != 1) {
    throw std::runtime_error("the random number generator failed");
  }
  return bytes;
}

std::string base64(std::string_view bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3), '\0');
  const int written =
      EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                      reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  out.resize(static_cast<std::size_t>(written));
  return out;
}

std::optional<std::string_view> first(const QueryParams& params, std::string_view name) {
  for (const auto& [key, value] : params) {
    if (key == name) return std::string_view(value);
  }
  return std::nullopt;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Length in bytes of the well-formed UTF-8 sequence at the start of `text`, or 0.
std::size_t utf8_sequence_length(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text[0]);
  std::size_t length = 0;
  char32_t code_point = 0;
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0)
    length = 2, code_point = lead & 0x1F;
  else if ((lead & 0xF0) == 0xE0)
    length = 3, code_point = lead & 0x0F;
  else if ((lead & 0xF8) == 0xF0)
    length = 4, code_point = lead & 0x07;
  else
    return 0;
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    const auto next = static_cast<unsigned char>(text[i]);
    if ((next & 0xC0) != 0x80) return 0;
    code_point = (code_point << 6) | (next & 0x3F);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  const bool overlong = code_point < kSmallest[length];
  const bool surrogate = code_point >= 0xD800 && code_point <= 0xDFFF;
  return overlong || surrogate || code_point > 0x10FFFF ? 0 : length;
}

// A display name: valid UTF-8, no control characters, at most 32 code points.
bool is_valid_persona(std::string_view name) {
  std::size_t code_points = 0;
  while (!name.empty()) {
    const std::size_t length = utf8_sequence_length(name);
    if (length == 0) return false;
    if (length == 1 && (static_cast<unsigned char>(name[0]) < 0x20 || name[0] == 0x7F)) return false;
    name.remove_prefix(length);
    ++code_points;
  }
  return code_points <= kMaxPersonaCodePoints;
}

std::optional<std::string> return_to_problem(std::string_view return_to, std::string_view realm) {
  if (return_to.empty() || !steam::parse_http_url(return_to)) {
    return "openid.return_to must be an absolute http(s) URL";
  }
  if (!realm.empty() && !steam::return_to_within_realm(return_to, realm)) {
    return "openid.return_to is not within openid.realm";
  }
  return std::nullopt;
}

std::string with_query(std::string_view return_to, const QueryParams& params) {
  std::string url(return_to);
  url += return_to.find('?') == std::string_view::npos ? '?' : '&';
  return url + steam::encode_params(params);
}

core::Error page_error(core::ErrorKind kind, std::string code, std::string message) {
  return core::Error::make(kind, std::move(code), std::move(message));
}

// The first character of each of the first two words, upper-cased when ASCII.
std::string initials(std::string_view name) {
  std::string out;
  int words = 0;
  bool at_word_start = true;
  while (!name.empty() && words < 2) {
    const std::size_t length = std::max<std::size_t>(utf8_sequence_length(name), 1);
    if (name[0] == ' ') {
      at_word_start = true;
    } else if (at_word_start) {
      std::string letter(name.substr(0, length));
      if (letter[0] >= 'a' && letter[0] <= 'z') letter[0] = static_cast<char>(letter[0] - 'a' + 'A');
      out += letter;
      ++words;
      at_word_start = false;
    }
    name.remove_prefix(length);
  }
  return out;
}

}  // namespace

DevOpenIdProvider::DevOpenIdProvider(std::string endpoint) : endpoint_(std::move(endpoint)) {
  const auto url = steam::parse_http_url(endpoint_);
  if (!url || !url->query.empty()) {
    throw std::invalid_argument("the dev OpenID endpoint must be an absolute http(s) URL without query: " + endpoint_);
  }
  endpoint_path_ = url->path;
  avatar_base_ = url->origin + "/api/dev/openid/avatar/";
  secret_ = random_bytes(32);
}

const std::vector<DevPresetAccount>& DevOpenIdProvider::presets() {
  // Ids from the reference table, so each is a valid individual account.
  static const std::vector<DevPresetAccount> kPresets = {
      {76561197960361544ULL, "Alice"},
      {76561197972494985ULL, "Bob"},
      {76561198006409530ULL, "Carol"},
      // Demo mode makes this one an operator (app/demo/demo_operator.hpp), so the console can be tried.
      {76561197960435530ULL, "Oscar (operator)"},
  };
  return kPresets;
}

std::optional<std::string> DevOpenIdProvider::login_request_problem(const QueryParams& query) const {
  if (first(query, "openid.mode") != "checkid_setup") return "This provider answers only openid.mode=checkid_setup";
  if (first(query, "openid.ns") != steam::kOpenIdNs) return "openid.ns must be " + std::string(steam::kOpenIdNs);
  if (first(query, "openid.identity") != steam::kIdentifierSelect ||
      first(query, "openid.claimed_id") != steam::kIdentifierSelect) {
    return "openid.identity and openid.claimed_id must be " + std::string(steam::kIdentifierSelect);
  }
  return return_to_problem(first(query, "openid.return_to").value_or(""), first(query, "openid.realm").value_or(""));
}

std::string DevOpenIdProvider::login_page_html(const QueryParams& query) const {
  DevLoginPage page{.action = endpoint_path_,
                    .return_to = std::string(first(query, "openid.return_to").value_or("")),
                    .realm = std::string(first(query, "openid.realm").value_or("")),
                    .presets = presets()};
  if (auto problem = login_request_problem(query)) {
    page.error = *problem;
    page.show_form = false;
  }
  return render_dev_login_page(page);
}

std::string DevOpenIdProvider::login_page_html_with_error(const QueryParams& form, std::string_view message) const {
  DevLoginPage page{.action = endpoint_path_,
                    .return_to = std::string(first(form, "openid.return_to").value_or("")),
                    .realm = std::string(first(form, "openid.realm").value_or("")),
                    .error = std::string(message),
                    .steamid = std::string(first(form, "steamid").value_or("")),
                    .persona = std::string(first(form, "persona").value_or("")),
                    .presets = presets()};
  page.show_form = !return_to_problem(page.return_to, page.realm).has_value();
  return render_dev_login_page(page);
}

core::Result<std::string> DevOpenIdProvider::approve(const QueryParams& form, system_clock::time_point now) {
  const std::string_view return_to = first(form, "openid.return_to").value_or("");
  if (auto problem = return_to_problem(return_to, first(form, "openid.realm").value_or(""))) {
    return page_error(core::ErrorKind::bad_request, "INVALID_OPENID_REQUEST", *problem);
  }
  if (first(form, "action") == "cancel") {
    return with_query(return_to, {{"openid.ns", std::string(steam::kOpenIdNs)}, {"openid.mode", "cancel"}});
  }

  const std::string_view preset = first(form, "preset").value_or("");
  const auto steam_id = core::parse_steam_id64(trim(preset.empty() ? first(form, "steamid").value_or("") : preset));
  if (!steam_id) {
    return page_error(core::ErrorKind::validation, "INVALID_STEAM_ID",
                      "Enter a SteamID64: 17 digits, e.g. 76561197960287930");
  }
  const std::string_view persona = trim(first(form, "persona").value_or(""));
  if (!is_valid_persona(persona)) {
    return page_error(core::ErrorKind::validation, "INVALID_DISPLAY_NAME",
                      "The display name must be at most 32 characters, without control characters");
  }
  {
    std::lock_guard lock(mutex_);
    if (!persona.empty()) {
      personas_[*steam_id] = std::string(persona);
    } else if (!personas_.contains(*steam_id)) {
      std::string name = "Player " + std::to_string(*steam_id).substr(13);
      for (const auto& account : presets()) {
        if (account.steam_id == *steam_id) name = account.persona_name;
      }
      personas_[*steam_id] = std::move(name);
    }
  }

  // Exactly what Steam sends, in Steam's order; the nonce's tail looks like Steam's base64 too.
  const std::string identity = std::string(steam::kSteamClaimedIdPrefix) + std::to_string(*steam_id);
  QueryParams assertion = {
      {"openid.ns", std::string(steam::kOpenIdNs)},
      {"openid.mode", "id_res"},
      {"openid.op_endpoint", endpoint_},
      {"openid.claimed_id", identity},
      {"openid.identity", identity},
      {"openid.return_to", std::string(return_to)},
      {"openid.response_nonce", steam::format_nonce_time(now) + base64(random_bytes(20))},
      {"openid.assoc_handle", std::string(kSteamAssocHandle)},
      {"openid.signed", std::string(steam::kSteamSignedFields)},
  };
  assertion.emplace_back("openid.sig", *sign(assertion));
  return with_query(return_to, assertion);
}

std::optional<std::string> DevOpenIdProvider::sign(const QueryParams& openid_fields) const {
  const auto signed_list = first(openid_fields, "openid.signed");
  if (!signed_list) return std::nullopt;
  // OpenID key-value form of the signed fields, in the order `signed` lists them.
  std::string key_values;
  std::string_view rest = *signed_list;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string name(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const auto value = first(openid_fields, "openid." + name);
    // A newline inside a value would let one field pass for two in this form.
    if (name.empty() || !value || value->find('\n') != std::string_view::npos) return std::nullopt;
    key_values += name + ":" + std::string(*value) + "\n";
  }
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int mac_length = 0;
  if (!HMAC(EVP_sha256(), secret_.data(), static_cast<int>(secret_.size()),
            reinterpret_cast<const unsigned char*>(key_values.data()), key_values.size(), mac, &mac_length)) {
    throw std::runtime_error("HMAC-SHA256 failed");
  }
  return base64(std::string_view(reinterpret_cast<const char*>(mac), mac_length));
}

std::string DevOpenIdProvider::check_authentication(const QueryParams& form, system_clock::time_point now) {
  QueryParams openid_fields;
  for (const auto& [name, value] : form) {
    if (!name.starts_with("openid.")) continue;
    if (first(openid_fields, name)) return std::string(kInvalidReply);  // which copy would count?
    openid_fields.emplace_back(name, value);
  }
  if (first(openid_fields, "openid.mode") != "check_authentication") return std::string(kInvalidReply);
  const auto received_sig = first(openid_fields, "openid.sig");
  const auto expected_sig = sign(openid_fields);
  if (!received_sig || !expected_sig || !core::constant_time_equal(*expected_sig, *received_sig)) {
    return std::string(kInvalidReply);
  }
  // The nonce names the assertion. Only this provider's signature covers it, but it is signed only
  // when `signed` lists it, so insist on that.
  const std::string_view signed_list = *first(openid_fields, "openid.signed");
  const std::string nonce(first(openid_fields, "openid.response_nonce").value_or(""));
  const auto issued = steam::nonce_time(nonce);
  if (signed_list != steam::kSteamSignedFields || !issued || *issued < now - kConfirmMemory) {
    return std::string(kInvalidReply);
  }
  std::lock_guard lock(mutex_);
  std::erase_if(confirmed_nonces_, [&](const auto& entry) { return entry.second < now - kConfirmMemory; });
  if (!confirmed_nonces_.emplace(nonce, now).second) return std::string(kInvalidReply);
  return std::string(kValidReply);
}

std::string DevOpenIdProvider::persona_of(std::uint64_t steam_id) const {
  std::lock_guard lock(mutex_);
  auto it = personas_.find(steam_id);
  return it == personas_.end() ? std::string() : it->second;
}

core::Result<std::optional<integrations::steam::SteamProfile>> DevOpenIdProvider::fetch(std::uint64_t steam_id) {
  std::string name = persona_of(steam_id);
  if (name.empty()) return std::optional<integrations::steam::SteamProfile>();
  const std::string id = std::to_string(steam_id);
  return std::optional<integrations::steam::SteamProfile>(
      integrations::steam::SteamProfile{id, std::move(name), avatar_base_ + id});
}

std::string DevOpenIdProvider::avatar_svg(std::uint64_t steam_id) const {
  const std::string name = persona_of(steam_id);
  const std::string id = std::to_string(steam_id);
  const std::string letters = name.empty() ? id.substr(id.size() - 2) : initials(name);
  // Knuth's multiplicative hash spreads neighbouring ids over the colour wheel.
  const auto hue = static_cast<unsigned>((steam_id * 2654435761ULL) % 360);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"184\" height=\"184\" viewBox=\"0 0 184 184\">"
         "<rect width=\"184\" height=\"184\" fill=\"hsl(" +
         std::to_string(hue) +
         ",55%,40%)\"/>"
         "<text x=\"92\" y=\"92\" dy=\".35em\" text-anchor=\"middle\" font-family=\"system-ui,sans-serif\" "
         "font-size=\"72\" fill=\"#ffffff\">" +
         core::html_escape(letters) + "</text></svg>";
}

}  // namespace portal::sim
