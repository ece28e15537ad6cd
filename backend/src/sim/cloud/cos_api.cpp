#include "sim/cloud/cos_api.hpp"

#include "core/crypto.hpp"
#include "core/text.hpp"
#include "integrations/cloud/tencent/cos_signature.hpp"
#include "integrations/payments/crypto.hpp"
#include "sim/cloud/cos_xml.hpp"

#include <openssl/evp.h>

#include <charconv>
#include <map>

namespace portal::sim::cloud {

namespace tencent = portal::cloud::tencent;

namespace {

constexpr int kDefaultMaxKeys = 1000;

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  for (;;) {
    const auto end = text.find(separator, start);
    out.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

std::optional<std::int64_t> parse_int(std::string_view text) {
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || at != end) return std::nullopt;
  return value;
}

// The q-* fields of the signature: from the pre-signed query when it has one, else from the
// Authorization header ("q-sign-algorithm=sha1&q-ak=...&...", values not encoded).
std::map<std::string, std::string> signature_fields(const http::Request& request) {
  std::map<std::string, std::string> out;
  if (request.query.count("q-signature")) {
    for (const auto& [name, value] : request.query) {
      if (name.starts_with("q-")) out[name] = value;
    }
    return out;
  }
  for (const auto& pair : split(request.header("Authorization"), '&')) {
    const auto equals = pair.find('=');
    if (equals == std::string::npos) continue;
    out[pair.substr(0, equals)] = pair.substr(equals + 1);
  }
  return out;
}

std::optional<std::string> query_value(const http::Request& request, const std::string& lowered_name) {
  for (const auto& [name, value] : request.query) {
    if (core::ascii_lower(name) == lowered_name) return value;
  }
  return std::nullopt;
}

// COS request ids read as base64 text.
std::string cos_request_id() { return portal::payments::crypto::base64_encode(core::random_token(15)); }

http::Response xml_error(int status, std::string_view code, std::string_view message, std::string_view resource) {
  const auto request_id = cos_request_id();
  auto response = http::text_response(cos_error_xml(code, message, resource, request_id), "application/xml", status);
  response.set_header("x-cos-request-id", request_id);
  return response;
}

http::Response refused(const CosRefusal& refusal, std::string_view resource) {
  return xml_error(refusal.status, refusal.code, refusal.message, resource);
}

std::string resource_of(const http::Request& request) { return request.path; }

}  // namespace

std::string content_md5(std::string_view body) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(body.data(), body.size(), digest, &length, EVP_md5(), nullptr);
  return portal::payments::crypto::base64_encode(std::string_view(reinterpret_cast<const char*>(digest), length));
}

std::optional<CosRefusal> verify_cos(const http::Request& request, const CloudCredentials& credentials,
                                     const std::string& path, std::int64_t now_s) {
  const auto fields = signature_fields(request);
  auto field = [&fields](const char* name) {
    const auto found = fields.find(name);
    return found == fields.end() ? std::string{} : found->second;
  };
  if (field("q-signature").empty()) return CosRefusal{403, "AccessDenied", "Access Denied."};
  if (field("q-sign-algorithm") != "sha1" || field("q-key-time").empty() ||
      field("q-sign-time") != field("q-key-time")) {
    return CosRefusal{403, "AccessDenied", "The Authorization is malformed."};
  }
  if (field("q-ak") != credentials.secret_id) {
    return CosRefusal{403, "InvalidAccessKeyId", "The access key Id you provided does not exist in our records."};
  }
  const auto key_time = split(field("q-key-time"), ';');
  const auto start = key_time.size() == 2 ? parse_int(key_time[0]) : std::nullopt;
  const auto end = key_time.size() == 2 ? parse_int(key_time[1]) : std::nullopt;
  if (!start || !end) return CosRefusal{403, "AccessDenied", "The Authorization is malformed."};
  if (now_s > *end) return CosRefusal{403, "AccessDenied", "Request has expired"};

  tencent::CosSignInput input{.method = core::ascii_lower(http::to_string(request.method)),
                              .path = path,
                              .params = {},
                              .headers = {},
                              .start = *start,
                              .end = *end};
  const auto mismatch =
      CosRefusal{403, "SignatureDoesNotMatch", "The Signature you specified does not match what we calculated."};
  for (const auto& name : split(field("q-url-param-list"), ';')) {
    const auto value = query_value(request, name);
    if (!value) return mismatch;
    input.params.emplace_back(name, *value);
  }
  for (const auto& name : split(field("q-header-list"), ';')) {
    const auto found = request.headers.find(name);
    if (found == request.headers.end()) return mismatch;
    input.headers.emplace_back(name, found->second);
  }
  const auto expected = tencent::cos_sign(credentials.secret_key, input);
  if (!core::constant_time_equal(expected.signature, field("q-signature"))) return mismatch;
  return std::nullopt;
}

http::Response CosApi::list_objects(const http::Request& request) {
  const std::string bucket(request.path_param("bucket"));
  if (auto refusal = verify_cos(request, deps_.credentials, "/", deps_.now_ms() / 1000)) {
    return refused(*refusal, resource_of(request));
  }
  if (request.query.count("delimiter")) {
    return xml_error(400, "InvalidArgument", "The stand-in does not list with a delimiter.", resource_of(request));
  }
  ListBucketQuery query{.bucket = bucket,
                        .prefix = std::string(request.query_param("prefix").value_or("")),
                        .marker = std::string(request.query_param("marker").value_or("")),
                        .max_keys = kDefaultMaxKeys,
                        .url_encoded = request.query_param("encoding-type").value_or("") == "url"};
  if (const auto max_keys = request.query_param("max-keys")) {
    const auto parsed = parse_int(*max_keys);
    if (!parsed || *parsed < 0) {
      return xml_error(400, "InvalidArgument", "max-keys must be a non-negative integer.", resource_of(request));
    }
    query.max_keys = static_cast<int>(std::min<std::int64_t>(*parsed, kDefaultMaxKeys));
  }
  const auto listing = deps_.store.list(bucket, query.prefix, query.marker, query.max_keys);
  if (!listing) return xml_error(404, "NoSuchBucket", "The specified bucket does not exist.", resource_of(request));
  auto response = http::text_response(list_bucket_result(query, *listing), "application/xml");
  response.set_header("x-cos-request-id", cos_request_id());
  return response;
}

http::Response CosApi::get_object(const http::Request& request) {
  const std::string bucket(request.path_param("bucket"));
  const std::string key(request.path_param("key"));
  if (auto refusal = verify_cos(request, deps_.credentials, "/" + key, deps_.now_ms() / 1000)) {
    return refused(*refusal, resource_of(request));
  }
  if (!deps_.store.has_bucket(bucket)) {
    return xml_error(404, "NoSuchBucket", "The specified bucket does not exist.", resource_of(request));
  }
  const auto object = deps_.store.find(bucket, key);
  if (!object) return xml_error(404, "NoSuchKey", "The specified key does not exist.", resource_of(request));
  auto response = http::text_response(
      CosStore::bytes_of(*object),
      std::string(request.query_param("response-content-type").value_or("application/octet-stream")));
  if (const auto disposition = request.query_param("response-content-disposition")) {
    response.set_header("Content-Disposition", std::string(*disposition));
  }
  response.set_header("ETag", "\"" + object->etag + "\"");
  response.set_header("Last-Modified", http_date(object->modified_ms));
  response.set_header("x-cos-request-id", cos_request_id());
  return response;
}

http::Response CosApi::put_object(const http::Request& request) {
  const std::string bucket(request.path_param("bucket"));
  const std::string key(request.path_param("key"));
  if (auto refusal = verify_cos(request, deps_.credentials, "/" + key, deps_.now_ms() / 1000)) {
    return refused(*refusal, resource_of(request));
  }
  if (!deps_.store.has_bucket(bucket)) {
    return xml_error(404, "NoSuchBucket", "The specified bucket does not exist.", resource_of(request));
  }
  const auto md5 = request.header("Content-MD5");
  if (!md5.empty() && md5 != content_md5(request.body)) {
    return xml_error(400, "BadDigest", "The Content-MD5 you specified did not match what we received.",
                     resource_of(request));
  }
  deps_.store.put(bucket, key, request.body, deps_.now_ms());
  const auto stored = deps_.store.find(bucket, key);
  auto response = http::empty_response(200);
  if (stored) response.set_header("ETag", "\"" + stored->etag + "\"");
  response.set_header("x-cos-request-id", cos_request_id());
  return response;
}

http::Response CosApi::delete_object(const http::Request& request) {
  const std::string bucket(request.path_param("bucket"));
  const std::string key(request.path_param("key"));
  if (auto refusal = verify_cos(request, deps_.credentials, "/" + key, deps_.now_ms() / 1000)) {
    return refused(*refusal, resource_of(request));
  }
  if (!deps_.store.has_bucket(bucket)) {
    return xml_error(404, "NoSuchBucket", "The specified bucket does not exist.", resource_of(request));
  }
  deps_.store.remove(bucket, key);  // deleting a missing object succeeds too, as COS answers it
  auto response = http::empty_response(204);
  response.set_header("x-cos-request-id", cos_request_id());
  return response;
}

http::Response CosApi::post_bucket(const http::Request& request) {
  const std::string bucket(request.path_param("bucket"));
  if (auto refusal = verify_cos(request, deps_.credentials, "/", deps_.now_ms() / 1000)) {
    return refused(*refusal, resource_of(request));
  }
  if (!request.query.count("delete")) {
    return xml_error(400, "InvalidRequest", "The stand-in takes POST Bucket only as ?delete.", resource_of(request));
  }
  if (!deps_.store.has_bucket(bucket)) {
    return xml_error(404, "NoSuchBucket", "The specified bucket does not exist.", resource_of(request));
  }
  const auto md5 = request.header("Content-MD5");
  if (md5.empty()) {
    return xml_error(400, "MissingContentMD5", "Missing required header for this request: Content-MD5.",
                     resource_of(request));
  }
  if (md5 != content_md5(request.body)) {
    return xml_error(400, "BadDigest", "The Content-MD5 you specified did not match what we received.",
                     resource_of(request));
  }
  const auto parsed = parse_delete_request(request.body);
  if (!parsed) {
    return xml_error(400, "MalformedXML",
                     "The XML you provided was not well-formed or did not validate against our published schema.",
                     resource_of(request));
  }
  DeleteOutcome outcome;
  for (const auto& key : parsed->keys) {
    deps_.store.remove(bucket, key);
    outcome.deleted.push_back(key);
  }
  auto response = http::text_response(delete_result(*parsed, outcome), "application/xml");
  response.set_header("x-cos-request-id", cos_request_id());
  return response;
}

}  // namespace portal::sim::cloud
