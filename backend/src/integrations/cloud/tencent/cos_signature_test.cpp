#include "integrations/cloud/tencent/cos_signature.hpp"

#include "integrations/cloud/tencent/signing_vectors_for_test.hpp"

#include <gtest/gtest.h>

namespace portal::cloud::tencent {
namespace {

// The official GET: parameters and headers given decoded and out of order, as a caller would.
CosSignInput official_get() {
  return CosSignInput{
      .method = "GET",
      .path = std::string(test::kCosPath),
      .params = {{"response-content-type", "application/octet-stream"}, {"response-cache-control", "max-age=600"}},
      .headers = {{"Host", std::string(test::kCosHost)}, {"Date", std::string(test::kCosGetDate)}},
      .start = test::kCosGetStart,
      .end = test::kCosGetEnd};
}

CosSignInput official_put() {
  return CosSignInput{.method = "put",
                      .path = std::string(test::kCosPath),
                      .params = {},
                      .headers = {{"Date", std::string(test::kCosPutDate)},
                                  {"Host", std::string(test::kCosHost)},
                                  {"Content-Type", "text/plain"},
                                  {"Content-Length", "13"},
                                  {"Content-MD5", std::string(test::kCosPutContentMd5)},
                                  {"x-cos-acl", "private"},
                                  {"x-cos-grant-read", std::string(test::kCosPutGrantRead)}},
                      .start = test::kCosPutStart,
                      .end = test::kCosPutEnd};
}

TEST(CosSignature, OfficialGetExampleStepByStep) {
  const auto signature = cos_sign(test::kCosSecretKey, official_get());
  EXPECT_EQ(signature.key_time, test::kCosGetKeyTime);
  EXPECT_EQ(signature.sign_key, test::kCosGetSignKey);
  EXPECT_EQ(signature.url_param_list, test::kCosGetUrlParamList);
  EXPECT_EQ(signature.http_parameters, test::kCosGetHttpParameters);
  EXPECT_EQ(signature.header_list, test::kCosGetHeaderList);
  EXPECT_EQ(signature.http_headers, test::kCosGetHttpHeaders);
  EXPECT_EQ(signature.http_string_sha1, test::kCosGetHttpStringSha1);
  EXPECT_EQ(signature.signature, test::kCosGetSignature);
}

TEST(CosSignature, OfficialPutExampleStepByStep) {
  const auto signature = cos_sign(test::kCosSecretKey, official_put());
  EXPECT_EQ(signature.key_time, test::kCosPutKeyTime);
  EXPECT_EQ(signature.sign_key, test::kCosPutSignKey);
  EXPECT_EQ(signature.url_param_list, "");
  EXPECT_EQ(signature.http_parameters, "");
  EXPECT_EQ(signature.header_list, test::kCosPutHeaderList);
  EXPECT_EQ(signature.http_headers, test::kCosPutHttpHeaders);
  EXPECT_EQ(signature.http_string_sha1, test::kCosPutHttpStringSha1);
  EXPECT_EQ(signature.signature, test::kCosPutSignature);
}

TEST(CosSignature, ThePathIsSignedDecoded) {
  // The English page's "/exampleobject(tencentcloud)" and the encoded request-line form both miss.
  auto translated = official_get();
  translated.path = "/exampleobject(tencentcloud)";
  auto encoded = official_get();
  encoded.path = "/exampleobject(%E8%85%BE%E8%AE%AF%E4%BA%91)";
  EXPECT_NE(cos_sign(test::kCosSecretKey, translated).signature, test::kCosGetSignature);
  EXPECT_NE(cos_sign(test::kCosSecretKey, encoded).signature, test::kCosGetSignature);
}

TEST(CosSignature, AParameterWithoutValueIsSignedAsEmpty) {
  const auto signature = cos_sign("key", CosSignInput{.method = "post",
                                                      .path = "/",
                                                      .params = {{"delete", ""}},
                                                      .headers = {{"host", "b.cos.ap-shanghai.myqcloud.com"}},
                                                      .start = 1,
                                                      .end = 2});
  EXPECT_EQ(signature.url_param_list, "delete");
  EXPECT_EQ(signature.http_parameters, "delete=");
}

TEST(CosSignature, AuthorizationHeaderFormOfTheGetExample) {
  const auto signature = cos_sign(test::kCosSecretKey, official_get());
  EXPECT_EQ(cos_authorization(test::kCosSecretId, signature),
            "q-sign-algorithm=sha1&q-ak=AKIDQjz3ltompVjBni5LitkWHFlFpwkn9U5q&q-sign-time=1557989753;1557996953"
            "&q-key-time=1557989753;1557996953&q-header-list=date;host"
            "&q-url-param-list=response-cache-control;response-content-type"
            "&q-signature=01681b8c9d798a678e43b685a9f1bba0f6c0e012");
}

TEST(CosSignature, PresignedQueryFormOfTheGetExample) {
  const auto signature = cos_sign(test::kCosSecretKey, official_get());
  EXPECT_EQ(cos_presigned_query(test::kCosSecretId, signature),
            "q-sign-algorithm=sha1&q-ak=AKIDQjz3ltompVjBni5LitkWHFlFpwkn9U5q&q-sign-time=1557989753%3B1557996953"
            "&q-key-time=1557989753%3B1557996953&q-header-list=date%3Bhost"
            "&q-url-param-list=response-cache-control%3Bresponse-content-type"
            "&q-signature=01681b8c9d798a678e43b685a9f1bba0f6c0e012");
}

TEST(CosSignature, KeyTimeAndSecretKeyChangeTheSignature) {
  auto later = official_get();
  later.end += 1;
  EXPECT_NE(cos_sign(test::kCosSecretKey, later).signature, test::kCosGetSignature);
  EXPECT_NE(cos_sign("another key", official_get()).signature, test::kCosGetSignature);
}

}  // namespace
}  // namespace portal::cloud::tencent
