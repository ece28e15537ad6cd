#include "integrations/cloud/tencent/cos_xml.hpp"

#include <gtest/gtest.h>

namespace portal::cloud::tencent {
namespace {

// COS's ListObjects answer as Tencent's own Go SDK tests it (tencentyun/cos-go-sdk-v5, bucket_test.go).
constexpr std::string_view kListSample = R"(<?xml version='1.0' encoding='utf-8' ?>
<ListBucketResult>
	<Name>test-1253846586</Name>
	<Prefix>test</Prefix>
	<Marker/>
	<MaxKeys>2</MaxKeys>
	<IsTruncated>true</IsTruncated>
	<NextMarker>test/delete.txt</NextMarker>
	<Contents>
		<Key>test/</Key>
		<LastModified>2017-06-09T16:32:25.000Z</LastModified>
		<ETag>&quot;&quot;</ETag>
		<Size>0</Size>
		<Owner>
			<ID>1253846586</ID>
		</Owner>
		<StorageClass>STANDARD</StorageClass>
	</Contents>
	<Contents>
		<Key>test/anonymous_get.go</Key>
		<LastModified>2017-06-17T15:09:26.000Z</LastModified>
		<ETag>&quot;5b7236085f08b3818bfa40b03c946dcc&quot;</ETag>
		<Size>8</Size>
		<Owner>
			<ID>1253846586</ID>
		</Owner>
		<StorageClass>STANDARD</StorageClass>
	</Contents>
</ListBucketResult>)";

TEST(CosXml, ReadsTencentsListObjectsSample) {
  const auto page = parse_list_bucket_result(kListSample);
  ASSERT_TRUE(page.ok()) << page.error().message;
  EXPECT_TRUE(page->truncated);
  EXPECT_EQ(page->next_marker, "test/delete.txt");
  ASSERT_EQ(page->objects.size(), 2u);
  EXPECT_EQ(page->objects[0].key, "test/");
  EXPECT_EQ(page->objects[0].size, 0);
  EXPECT_EQ(page->objects[0].modified_at, 1497025945);  // 2017-06-09T16:32:25Z
  EXPECT_EQ(page->objects[1].key, "test/anonymous_get.go");
  EXPECT_EQ(page->objects[1].size, 8);
  EXPECT_EQ(page->objects[1].modified_at, 1497712166);  // 2017-06-17T15:09:26Z
}

TEST(CosXml, ReadsTheLastPageAnEmptyListingAndEscapedKeys) {
  const auto last = parse_list_bucket_result(
      "<ListBucketResult xmlns=\"http://example\"><Name>b</Name><IsTruncated>false</IsTruncated>"
      "<Contents><Key>demos/a&amp;b &lt;1&gt; &#x817E;.dem</Key><LastModified>2026-11-24T13:30:00Z</LastModified>"
      "<Size>123456789012</Size></Contents></ListBucketResult>");
  ASSERT_TRUE(last.ok()) << last.error().message;
  EXPECT_FALSE(last->truncated);
  EXPECT_EQ(last->next_marker, "");
  ASSERT_EQ(last->objects.size(), 1u);
  EXPECT_EQ(last->objects[0].key, "demos/a&b <1> 腾.dem");
  EXPECT_EQ(last->objects[0].size, 123456789012);

  const auto empty = parse_list_bucket_result("<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->objects.empty());
}

TEST(CosXml, RefusesWhatIsNotAListing) {
  for (const std::string_view body :
       {std::string_view("<Error><Code>AccessDenied</Code></Error>"), std::string_view("not xml"), std::string_view(""),
        std::string_view("<ListBucketResult><Contents><Key>a</Key>"),
        std::string_view("<ListBucketResult><Contents><Key>a</Key><Size>x</Size>"
                         "<LastModified>2017-06-09T16:32:25.000Z</LastModified>"
                         "</Contents></ListBucketResult>"),
        std::string_view("<ListBucketResult><Contents><Size>1</Size>"
                         "<LastModified>2017-06-09T16:32:25.000Z</LastModified>"
                         "</Contents></ListBucketResult>")}) {
    const auto page = parse_list_bucket_result(body);
    ASSERT_FALSE(page.ok()) << body;
    EXPECT_EQ(page.error().code, "CLOUD_UNAVAILABLE");
  }
}

TEST(CosXml, DeleteRequestIsQuietAndEscapesKeys) {
  EXPECT_EQ(delete_request_body({"demos/a.dem", "demos/b&<'\">.dem"}),
            "<Delete><Quiet>true</Quiet><Object><Key>demos/a.dem</Key></Object>"
            "<Object><Key>demos/b&amp;&lt;&apos;&quot;&gt;.dem</Key></Object></Delete>");
}

TEST(CosXml, ReadsDeleteResultErrors) {
  // The SDK's sample of a non-quiet answer, then one with a failed key.
  const auto all_deleted = parse_delete_result(
      "<DeleteResult>\n\t<Deleted>\n\t\t<Key>test1</Key>\n\t</Deleted>\n\t<Deleted>\n\t\t<Key>test3</Key>\n\t"
      "</Deleted>\n</DeleteResult>");
  ASSERT_TRUE(all_deleted.ok());
  EXPECT_TRUE(all_deleted->empty());
  const auto failed = parse_delete_result(
      "<DeleteResult><Error><Key>demos/x.dem</Key><Code>AccessDenied</Code><Message>Access Denied.</Message>"
      "</Error></DeleteResult>");
  ASSERT_TRUE(failed.ok());
  ASSERT_EQ(failed->size(), 1u);
  EXPECT_EQ(failed->at(0).key, "demos/x.dem");
  EXPECT_EQ(failed->at(0).code, "AccessDenied");
  EXPECT_FALSE(parse_delete_result("<ListBucketResult/>").ok());
}

TEST(CosXml, ReadsCosErrorAnswers) {
  const auto error = parse_cos_error(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error>\n<Code>SignatureDoesNotMatch</Code>\n"
      "<Message>The Signature you specified is "
      "invalid.</Message>\n<Resource>b.cos.ap-beijing.myqcloud.com/</Resource>\n"
      "<RequestId>NjA3</RequestId>\n</Error>");
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->code, "SignatureDoesNotMatch");
  EXPECT_EQ(error->message, "The Signature you specified is invalid.");
  EXPECT_FALSE(parse_cos_error("<html>502</html>").has_value());
  EXPECT_FALSE(parse_cos_error("").has_value());
}

TEST(CosXml, ParsesCosTimes) {
  EXPECT_EQ(parse_cos_time("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(parse_cos_time("2019-05-16T06:55:53.000Z"), 1557989753);
  EXPECT_EQ(parse_cos_time("2024-02-29T23:59:59.5Z"), 1709251199);
  for (const std::string_view bad : {"", "2019-05-16 06:55:53Z", "2019-05-16T06:55:53", "2019-02-30T00:00:00Z",
                                     "2019-05-16T24:00:00Z", "2019-05-16T06:55:53.Z", "2019-05-16T06:55:53+08:00"}) {
    EXPECT_FALSE(parse_cos_time(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace portal::cloud::tencent
