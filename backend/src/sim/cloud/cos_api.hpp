#pragma once
// The COS XML API of the stand-in, path style under /dev/cloud/cos/{bucket}: List Objects (GET
// Bucket), GET, PUT and DELETE of an object, Delete Multiple Objects (POST ?delete). Every request is
// signed as COS signs them (integrations/cloud/tencent/cos_signature), either in an Authorization
// header or as the q-* query of a pre-signed link; the signed path is the object's, "/<key>", as if
// the bucket were the host (<bucket>.cos.<region>.myqcloud.com/<key>). Errors are COS's XML.

#include "http/message.hpp"
#include "sim/cloud/cos_store.hpp"
#include "sim/cloud/sim_cloud_settings.hpp"
#include "sim/cloud/tc3_verifier.hpp"

#include <optional>
#include <string>

namespace portal::sim::cloud {

struct CosRefusal {
  int status = 403;
  std::string code;  // "AccessDenied", "SignatureDoesNotMatch", "InvalidAccessKeyId"
  std::string message;
};

// nullopt when the request carries a valid COS signature by `credentials` for `path` ("/" for the
// bucket, "/<key>" for an object) whose key time has not ended by `now_s`.
std::optional<CosRefusal> verify_cos(const http::Request& request, const CloudCredentials& credentials,
                                     const std::string& path, std::int64_t now_s);

class CosApi {
 public:
  struct Deps {
    CloudCredentials credentials;
    MillisClock now_ms;
    CosStore& store;
  };
  explicit CosApi(Deps deps) : deps_(std::move(deps)) {}

  http::Response list_objects(const http::Request& request);   // GET /dev/cloud/cos/{bucket}
  http::Response get_object(const http::Request& request);     // GET /dev/cloud/cos/{bucket}/{key...}
  http::Response put_object(const http::Request& request);     // PUT /dev/cloud/cos/{bucket}/{key...}
  http::Response delete_object(const http::Request& request);  // DELETE /dev/cloud/cos/{bucket}/{key...}
  http::Response post_bucket(const http::Request& request);    // POST /dev/cloud/cos/{bucket}?delete

 private:
  Deps deps_;
};

// Content-MD5 as COS expects it: base64 of the body's MD5.
std::string content_md5(std::string_view body);

}  // namespace portal::sim::cloud
