#pragma once
// The XML of the COS API as the stand-in writes and reads it: ListBucketResult, DeleteResult and Error
// out; the Delete Multiple Objects request in. Small and literal: COS's documents are flat.

#include "sim/cloud/cos_store.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::sim::cloud {

std::string xml_escape(std::string_view text);
std::string xml_unescape(std::string_view text);

struct ListBucketQuery {
  std::string bucket;
  std::string prefix;
  std::string marker;
  int max_keys = 1000;
  bool url_encoded = false;  // encoding-type=url: keys and prefixes come percent-encoded
};
std::string list_bucket_result(const ListBucketQuery& query, const CosListing& listing);

// <Error><Code>..</Code><Message>..</Message><Resource>..</Resource><RequestId>..</RequestId>...
std::string cos_error_xml(std::string_view code, std::string_view message, std::string_view resource,
                          std::string_view request_id);

struct DeleteRequest {
  bool quiet = false;
  std::vector<std::string> keys;
};
// nullopt when the body is not a <Delete> document with 1 to 1000 <Object><Key> entries.
std::optional<DeleteRequest> parse_delete_request(std::string_view body);

struct DeleteOutcome {
  std::vector<std::string> deleted;
};
std::string delete_result(const DeleteRequest& request, const DeleteOutcome& outcome);

// "2026-11-24T13:30:00.000Z" (ListBucketResult) and "Tue, 24 Nov 2026 13:30:00 GMT" (Last-Modified).
std::string cos_iso_time(std::int64_t unix_ms);
std::string http_date(std::int64_t unix_ms);

}  // namespace portal::sim::cloud
