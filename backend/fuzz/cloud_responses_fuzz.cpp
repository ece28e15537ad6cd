// Tencent Cloud's COS answers (XML): a bucket listing, a multiple-delete result, an error, a time.
#include "integrations/cloud/tencent/cos_xml.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view xml(reinterpret_cast<const char*>(data), size);
  using namespace portal::cloud::tencent;
  (void)parse_list_bucket_result(xml);
  (void)parse_delete_result(xml);
  (void)parse_cos_error(xml);
  (void)parse_cos_time(xml);
  return 0;
}
