#pragma once
// The few COS XML bodies the object store reads and writes: a ListObjects page (ListBucketResult),
// the Delete Multiple Objects request and its DeleteResult, and COS's <Error> answer. Read with
// Boost.PropertyTree's XML parser (rapidxml: entities decoded, no DTDs, no external entities).

#include "core/result.hpp"
#include "integrations/cloud/cloud.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::cloud::tencent {

struct ListPage {
  std::vector<StoredObject> objects;
  bool truncated = false;
  std::string next_marker;  // COS sends it only when truncated
};
// CLOUD_UNAVAILABLE when the text is not a ListBucketResult or an entry lacks a key, size or time.
core::Result<ListPage> parse_list_bucket_result(std::string_view xml);

// <Delete><Quiet>true</Quiet><Object><Key>...</Key></Object>...</Delete>: quiet, so that the answer
// lists only the keys COS could not delete.
std::string delete_request_body(const std::vector<std::string>& keys);

struct CosFailure {
  std::string key;  // empty for a whole-request <Error>
  std::string code;
  std::string message;
};
// The <Error> entries of a DeleteResult (none when everything went); CLOUD_UNAVAILABLE when the text
// is not a DeleteResult.
core::Result<std::vector<CosFailure>> parse_delete_result(std::string_view xml);
// COS's error answer <Error><Code/><Message/>...</Error>; nullopt when the body is not one.
std::optional<CosFailure> parse_cos_error(std::string_view xml);

// "2017-06-09T16:32:25.000Z" (fractions and a Z required by COS's format) as unix seconds.
std::optional<std::int64_t> parse_cos_time(std::string_view text);

}  // namespace portal::cloud::tencent
