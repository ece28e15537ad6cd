#pragma once
// cloud::ObjectStore on Tencent COS (XML API): ListObjects pages followed by NextMarker, removal by
// Delete Multiple Objects (POST ?delete, up to 1000 keys, Content-MD5), PUT and DELETE Object, and
// pre-signed GET links.
// Requests carry the COS signature (protocols.md 6.4) as the Authorization header; links carry it in
// the query.

#include "core/clock.hpp"
#include "integrations/cloud/cloud.hpp"
#include "integrations/cloud/tencent/endpoint.hpp"
#include "integrations/cloud/tencent/settings.hpp"
#include "integrations/http/http_client.hpp"

#include <cstddef>
#include <utility>

namespace portal::cloud::tencent {

inline constexpr std::size_t kCosPageSize = 1000;     // ListObjects max-keys ceiling
inline constexpr std::size_t kCosDeleteBatch = 1000;  // keys per Delete Multiple Objects

class CosObjectStore final : public ObjectStore {
 public:
  // Throws std::invalid_argument when the endpoint (given or derived from bucket and region) is not
  // an http(s) URL.
  CosObjectStore(Credentials credentials, CosSettings settings, integrations::HttpClient& http, core::UnixClock now);

  core::Result<std::vector<StoredObject>> list(const std::string& prefix) override;
  std::string download_url(const std::string& key, std::chrono::seconds ttl) override;
  // Refuses an empty prefix: that would empty the whole bucket.
  core::Status remove_prefix(const std::string& prefix) override;
  // PUT Object with Content-MD5 (COS checks the body against it) and Content-Type signed.
  core::Status put(const std::string& key, const std::string& content) override;
  // DELETE Object.
  core::Status remove(const std::string& key) override;

 private:
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  // One signed request to `path` (decoded, below the endpoint, which is also the path signed);
  // `signed_headers` are sent and signed along with Host. Answers other than 2xx come back as cloud errors.
  core::Result<integrations::HttpReply> send(const std::string& method, const std::string& path, const Pairs& params,
                                             Pairs signed_headers, std::string body);
  core::Status remove_keys(const std::vector<std::string>& keys);

  Credentials credentials_;
  CosSettings settings_;
  Endpoint endpoint_;
  integrations::HttpClient& http_;
  core::UnixClock now_;
};

}  // namespace portal::cloud::tencent
