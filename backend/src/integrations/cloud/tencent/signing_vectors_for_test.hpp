// Test-only: Tencent Cloud's published signing examples (protocols.md 6.1 and 6.4), kept in one place
// so that the signing tests, the adapter's tests and the local stand-in's tests use the same bytes.
// These keys are the placeholders printed in Tencent's documentation, never real credentials.
#pragma once

#include <cstdint>
#include <string_view>

namespace portal::cloud::tencent::test {

// TC3-HMAC-SHA256, "Signature v3" worked example (CVM DescribeInstances).
inline constexpr std::string_view kTc3SecretId = "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE";
inline constexpr std::string_view kTc3SecretKey = "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE";
inline constexpr std::int64_t kTc3Timestamp = 1551113065;  // 2019-02-25 16:44:25 UTC
inline constexpr std::string_view kTc3Host = "cvm.tencentcloudapi.com";
// The six ASCII characters \u672a etc., not the UTF-8 Chinese characters: these bytes are hashed.
inline constexpr std::string_view kTc3Payload =
    R"({"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]})";
inline constexpr std::string_view kTc3HashedPayload =
    "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064";
inline constexpr std::string_view kTc3CanonicalRequest =
    "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n"
    "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064";
inline constexpr std::string_view kTc3HashedCanonicalRequest =
    "5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031";
inline constexpr std::string_view kTc3StringToSign =
    "TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n"
    "5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031";
inline constexpr std::string_view kTc3Signature = "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168";
inline constexpr std::string_view kTc3Authorization =
    "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, "
    "SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168";

// COS request signature ("请求签名"), both examples share the keys and the host.
inline constexpr std::string_view kCosSecretId = "AKIDQjz3ltompVjBni5LitkWHFlFpwkn9U5q";
inline constexpr std::string_view kCosSecretKey = "BQYIM75p8x0iWVFSIgqEKwFprpRSVHlz";
inline constexpr std::string_view kCosHost = "examplebucket-1250000000.cos.ap-beijing.myqcloud.com";
// The decoded path; the request line carries /exampleobject(%E8%85%BE%E8%AE%AF%E4%BA%91).
inline constexpr std::string_view kCosPath = "/exampleobject(腾讯云)";

// GET with two response-* parameters, signing Date and Host.
inline constexpr std::int64_t kCosGetStart = 1557989753;
inline constexpr std::int64_t kCosGetEnd = 1557996953;
inline constexpr std::string_view kCosGetDate = "Thu, 16 May 2019 06:55:53 GMT";
inline constexpr std::string_view kCosGetKeyTime = "1557989753;1557996953";
inline constexpr std::string_view kCosGetSignKey = "937914bf490e9e8c189836aad2052e4feeb35eaf";
inline constexpr std::string_view kCosGetUrlParamList = "response-cache-control;response-content-type";
inline constexpr std::string_view kCosGetHttpParameters =
    "response-cache-control=max-age%3D600&response-content-type=application%2Foctet-stream";
inline constexpr std::string_view kCosGetHeaderList = "date;host";
inline constexpr std::string_view kCosGetHttpHeaders =
    "date=Thu%2C%2016%20May%202019%2006%3A55%3A53%20GMT&host=examplebucket-1250000000.cos.ap-beijing.myqcloud.com";
inline constexpr std::string_view kCosGetHttpStringSha1 = "54ecfe22f59d3514fdc764b87a32d8133ea611e6";
inline constexpr std::string_view kCosGetSignature = "01681b8c9d798a678e43b685a9f1bba0f6c0e012";

// PUT of a 13-byte text object with an ACL and a read grant, signing seven headers.
inline constexpr std::int64_t kCosPutStart = 1557989151;
inline constexpr std::int64_t kCosPutEnd = 1557996351;
inline constexpr std::string_view kCosPutDate = "Thu, 16 May 2019 06:45:51 GMT";
inline constexpr std::string_view kCosPutContentMd5 = "mQ/fVh815F3k6TAUm8m0eg==";
inline constexpr std::string_view kCosPutGrantRead = R"(uin="100000000011")";
inline constexpr std::string_view kCosPutKeyTime = "1557989151;1557996351";
inline constexpr std::string_view kCosPutSignKey = "eb2519b498b02ac213cb1f3d1a3d27a3b3c9bc5f";
inline constexpr std::string_view kCosPutHeaderList =
    "content-length;content-md5;content-type;date;host;x-cos-acl;x-cos-grant-read";
inline constexpr std::string_view kCosPutHttpHeaders =
    "content-length=13&content-md5=mQ%2FfVh815F3k6TAUm8m0eg%3D%3D&content-type=text%2Fplain&"
    "date=Thu%2C%2016%20May%202019%2006%3A45%3A51%20GMT&host=examplebucket-1250000000.cos.ap-beijing.myqcloud.com&"
    "x-cos-acl=private&x-cos-grant-read=uin%3D%22100000000011%22";
inline constexpr std::string_view kCosPutHttpStringSha1 = "8b2751e77f43a0995d6e9eb9477f4b685cca4172";
inline constexpr std::string_view kCosPutSignature = "3b8851a11a569213c17ba8fa7dcf2abec6935172";

}  // namespace portal::cloud::tencent::test
