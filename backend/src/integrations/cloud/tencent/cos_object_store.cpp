#include "integrations/cloud/tencent/cos_object_store.hpp"

#include "core/percent_encoding.hpp"
#include "integrations/cloud/tencent/cos_signature.hpp"
#include "integrations/cloud/tencent/cos_xml.hpp"
#include "integrations/cloud/tencent/digest.hpp"
#include "integrations/cloud/tencent/errors.hpp"
#include "integrations/payments/crypto.hpp"

#include <algorithm>

namespace portal::cloud::tencent {

namespace {

// How long a request signature stays valid, and how far back it starts (a clock a little ahead of
// COS's would otherwise sign a request that is not valid yet).
constexpr std::int64_t kRequestSignatureSeconds = 600;
constexpr std::int64_t kClockSkewSeconds = 60;

std::string default_endpoint(const CosSettings& settings) {
  return "https://" + settings.bucket + ".cos." + settings.region + ".myqcloud.com";
}

// Each segment percent-encoded, the slashes kept: the request line of an object path.
std::string encoded_path(std::string_view path) {
  std::string out;
  std::size_t at = 0;
  while (at <= path.size()) {
    const auto slash = path.find('/', at);
    out += core::percent_encode(path.substr(at, slash == std::string_view::npos ? std::string_view::npos : slash - at));
    if (slash == std::string_view::npos) break;
    out += '/';
    at = slash + 1;
  }
  return out;
}

}  // namespace

CosObjectStore::CosObjectStore(Credentials credentials, CosSettings settings, integrations::HttpClient& http,
                               core::UnixClock now)
    : credentials_(std::move(credentials)),
      settings_(std::move(settings)),
      endpoint_(parse_endpoint(settings_.endpoint.empty() ? default_endpoint(settings_) : settings_.endpoint)),
      http_(http),
      now_(std::move(now)) {}

core::Result<std::vector<StoredObject>> CosObjectStore::list(const std::string& prefix) {
  std::vector<StoredObject> out;
  std::string marker;
  while (true) {
    Pairs params{{"prefix", prefix}};
    if (!marker.empty()) params.emplace_back("marker", marker);
    params.emplace_back("max-keys", std::to_string(kCosPageSize));
    auto reply = send("GET", "/", params, {}, "");
    if (!reply) return reply.error();
    auto page = parse_list_bucket_result(reply->body);
    if (!page) return page.error();
    for (auto& object : page->objects) out.push_back(std::move(object));
    if (!page->truncated) return out;
    // COS names the next marker; without one, the last key listed is where the next page starts.
    std::string next = !page->next_marker.empty() ? page->next_marker : (out.empty() ? "" : out.back().key);
    if (next.empty() || next == marker) return cloud_unavailable("COS said the listing goes on but gave no new marker");
    marker = std::move(next);
  }
}

std::string CosObjectStore::download_url(const std::string& key, std::chrono::seconds ttl) {
  const std::int64_t start = now_();
  const std::string path = "/" + key;
  const auto signature = cos_sign(credentials_.secret_key, CosSignInput{.method = "get",
                                                                        .path = path,
                                                                        .params = {},
                                                                        .headers = {{"host", endpoint_.host}},
                                                                        .start = start,
                                                                        .end = start + ttl.count()});
  std::string url = endpoint_.base + encoded_path(path) + "?" + cos_presigned_query(credentials_.secret_id, signature);
  if (!credentials_.token.empty()) url += "&x-cos-security-token=" + core::percent_encode(credentials_.token);
  return url;
}

core::Status CosObjectStore::remove_prefix(const std::string& prefix) {
  if (prefix.empty()) {
    return core::Error::make(core::ErrorKind::internal, "EMPTY_PREFIX",
                             "refusing to delete every object of the bucket");
  }
  auto objects = list(prefix);
  if (!objects) return objects.error();
  std::vector<std::string> keys;
  for (const auto& object : *objects) keys.push_back(object.key);
  for (std::size_t first = 0; first < keys.size(); first += kCosDeleteBatch) {
    const auto last = std::min(first + kCosDeleteBatch, keys.size());
    auto removed = remove_keys(
        {keys.begin() + static_cast<std::ptrdiff_t>(first), keys.begin() + static_cast<std::ptrdiff_t>(last)});
    if (!removed) return removed;
  }
  return core::Ok{};
}

core::Status CosObjectStore::put(const std::string& key, const std::string& content) {
  if (key.empty()) return core::Error::make(core::ErrorKind::internal, "EMPTY_KEY", "an object needs a key");
  Pairs headers{{"Content-Type", "application/octet-stream"},
                {"Content-MD5", payments::crypto::base64_encode(md5(content))}};
  auto reply = send("PUT", "/" + key, {}, std::move(headers), content);
  if (!reply) return reply.error();
  return core::Ok{};
}

core::Status CosObjectStore::remove(const std::string& key) {
  if (key.empty()) return core::Error::make(core::ErrorKind::internal, "EMPTY_KEY", "an object needs a key");
  auto reply = send("DELETE", "/" + key, {}, {}, "");
  if (!reply) return reply.error();
  return core::Ok{};
}

core::Status CosObjectStore::remove_keys(const std::vector<std::string>& keys) {
  std::string body = delete_request_body(keys);
  Pairs headers{{"Content-Type", "application/xml"}, {"Content-MD5", payments::crypto::base64_encode(md5(body))}};
  auto reply = send("POST", "/", {{"delete", ""}}, std::move(headers), std::move(body));
  if (!reply) return reply.error();
  auto failures = parse_delete_result(reply->body);
  if (!failures) return failures.error();
  if (!failures->empty()) {
    const auto& first = failures->front();
    auto error = cos_error(reply->status, first.code, "could not delete " + first.key + ": " + first.message);
    error.details["failed_keys"] = failures->size();
    return error;
  }
  return core::Ok{};
}

core::Result<integrations::HttpReply> CosObjectStore::send(const std::string& method, const std::string& path,
                                                           const Pairs& params, Pairs signed_headers,
                                                           std::string body) {
  signed_headers.emplace(signed_headers.begin(), "Host", endpoint_.host);
  const std::int64_t now = now_();
  const auto signature = cos_sign(credentials_.secret_key, CosSignInput{.method = method,
                                                                        .path = path,
                                                                        .params = params,
                                                                        .headers = signed_headers,
                                                                        .start = now - kClockSkewSeconds,
                                                                        .end = now + kRequestSignatureSeconds});
  integrations::HttpHeaders headers(signed_headers.begin(), signed_headers.end());
  headers.emplace_back("Authorization", cos_authorization(credentials_.secret_id, signature));
  if (!credentials_.token.empty()) headers.emplace_back("x-cos-security-token", credentials_.token);

  // A parameter without a value goes on the wire bare (?delete), as COS documents it.
  std::string query;
  for (const auto& [name, value] : params) {
    query += query.empty() ? "?" : "&";
    query += core::percent_encode(name);
    if (!value.empty()) query += "=" + core::percent_encode(value);
  }
  auto reply = http_.send(integrations::HttpRequest{.method = method,
                                                    .url = endpoint_.base + encoded_path(path) + query,
                                                    .headers = std::move(headers),
                                                    .body = std::move(body),
                                                    .timeout = std::chrono::milliseconds(settings_.timeout_ms)});
  if (!reply) {
    auto failure = cloud_unavailable("COS did not answer: " + reply.error().message);
    if (const auto* why = reply.error().details.if_contains("failure")) failure.details["failure"] = *why;
    return failure;
  }
  if (reply->status >= 200 && reply->status <= 299) return reply;
  const auto answer = parse_cos_error(reply->body);
  return answer ? cos_error(reply->status, answer->code, answer->message)
                : cos_error(reply->status, "", "no COS error body");
}

}  // namespace portal::cloud::tencent
