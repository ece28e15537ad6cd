// Which handler answers are gzipped: JSON and text of 1 KB and more, to clients that accept gzip.

#include "http/response_compression.hpp"

#include "core/gzip.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

Request get(std::string accept_encoding) {
  Request request;
  request.method = Method::get;
  if (!accept_encoding.empty()) request.headers["Accept-Encoding"] = std::move(accept_encoding);
  return request;
}

Response json_of(std::size_t bytes) {
  std::string body = "[";
  while (body.size() + 20 < bytes) body += R"({"command":"!rtv"},)";
  body += "1]";
  return text_response(body, "application/json");
}

TEST(ResponseCompression, AJsonAnswerOfAKilobyteAndMoreIsGzippedAndSaysSo) {
  Response response = json_of(4000);
  const std::string original = response.body;
  compress_if_worthwhile(get("gzip, deflate, br"), response);
  ASSERT_NE(response.find_header("Content-Encoding"), nullptr);
  EXPECT_EQ(*response.find_header("Content-Encoding"), "gzip");
  EXPECT_EQ(*response.find_header("Vary"), "Accept-Encoding");
  EXPECT_LT(response.body.size(), original.size() / 4);
  EXPECT_EQ(core::gzip_decompress(response.body), original);
}

TEST(ResponseCompression, AnExistingVaryKeepsItsValue) {
  Response response = json_of(4000);
  response.set_header("Vary", "Origin");
  compress_if_worthwhile(get("gzip"), response);
  EXPECT_EQ(*response.find_header("Vary"), "Origin, Accept-Encoding");
}

TEST(ResponseCompression, LeavesAloneWhatShouldNotBeCompressed) {
  const auto untouched = [](Request request, Response response) {
    const std::string before = response.body;
    compress_if_worthwhile(request, response);
    return response.find_header("Content-Encoding") == nullptr && response.body == before;
  };
  EXPECT_TRUE(untouched(get(""), json_of(4000))) << "no Accept-Encoding";
  EXPECT_TRUE(untouched(get("gzip;q=0, br"), json_of(4000))) << "gzip refused";
  EXPECT_TRUE(untouched(get("gzip"), json_of(900))) << "under a kilobyte";
  Response image = json_of(4000);
  image.content_type = "image/png";
  EXPECT_TRUE(untouched(get("gzip"), image));
  Response failed = json_of(4000);
  failed.status = 404;
  EXPECT_TRUE(untouched(get("gzip"), failed));
  Request head = get("gzip");
  head.method = Method::head;
  EXPECT_TRUE(untouched(head, json_of(4000)));
  Response encoded = json_of(4000);
  encoded.set_header("Content-Encoding", "br");
  compress_if_worthwhile(get("gzip"), encoded);
  EXPECT_EQ(*encoded.find_header("Content-Encoding"), "br");
}

TEST(ResponseCompression, SharedBodiesKeepTheirOwnForms) {
  Response shared = shared_response(std::make_shared<const std::string>(std::string(5000, 'x')), "application/json");
  compress_if_worthwhile(get("gzip"), shared);
  EXPECT_EQ(shared.find_header("Content-Encoding"), nullptr);
  EXPECT_EQ(shared.payload().size(), 5000u);
}

}  // namespace
}  // namespace portal::http
