#include "integrations/cloud/tencent/cos_signature.hpp"

#include "core/percent_encoding.hpp"
#include "core/text.hpp"
#include "integrations/cloud/tencent/digest.hpp"

#include <algorithm>

namespace portal::cloud::tencent {

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

// COS's rule for both the parameters and the headers: names lower-cased and encoded, values encoded,
// sorted by name; `list` joins the names with ';', `joined` the name=value pairs with '&'.
struct Canonical {
  std::string list;
  std::string joined;
};

Canonical canonical(const Pairs& pairs) {
  Pairs encoded;
  encoded.reserve(pairs.size());
  for (const auto& [name, value] : pairs)
    encoded.emplace_back(core::ascii_lower(core::percent_encode(name)), core::percent_encode(value));
  std::sort(encoded.begin(), encoded.end());
  Canonical out;
  for (const auto& [name, value] : encoded) {
    if (!out.list.empty()) {
      out.list += ';';
      out.joined += '&';
    }
    out.list += name;
    out.joined += name + "=" + value;
  }
  return out;
}

// The q-* pairs in the order COS documents them; the caller decides how the values are written.
Pairs q_pairs(std::string_view secret_id, const CosSignature& signature) {
  return {{"q-sign-algorithm", "sha1"},
          {"q-ak", std::string(secret_id)},
          {"q-sign-time", signature.key_time},
          {"q-key-time", signature.key_time},
          {"q-header-list", signature.header_list},
          {"q-url-param-list", signature.url_param_list},
          {"q-signature", signature.signature}};
}

}  // namespace

CosSignature cos_sign(std::string_view secret_key, const CosSignInput& input) {
  CosSignature out;
  out.key_time = std::to_string(input.start) + ";" + std::to_string(input.end);
  out.sign_key = hmac_sha1_hex(secret_key, out.key_time);
  const Canonical params = canonical(input.params);
  const Canonical headers = canonical(input.headers);
  out.url_param_list = params.list;
  out.http_parameters = params.joined;
  out.header_list = headers.list;
  out.http_headers = headers.joined;
  // The path is signed decoded, as it reads, although the request line carries it percent-encoded.
  const std::string http_string =
      core::ascii_lower(input.method) + "\n" + input.path + "\n" + out.http_parameters + "\n" + out.http_headers + "\n";
  out.http_string_sha1 = sha1_hex(http_string);
  const std::string string_to_sign = "sha1\n" + out.key_time + "\n" + out.http_string_sha1 + "\n";
  out.signature = hmac_sha1_hex(out.sign_key, string_to_sign);
  return out;
}

std::string cos_authorization(std::string_view secret_id, const CosSignature& signature) {
  std::string out;
  for (const auto& [name, value] : q_pairs(secret_id, signature)) {
    if (!out.empty()) out += '&';
    out += name + "=" + value;
  }
  return out;
}

std::string cos_presigned_query(std::string_view secret_id, const CosSignature& signature) {
  return core::encode_pairs(q_pairs(secret_id, signature));
}

}  // namespace portal::cloud::tencent
