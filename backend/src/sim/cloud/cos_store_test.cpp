#include "sim/cloud/cos_store.hpp"

#include <gtest/gtest.h>

namespace portal::sim::cloud {
namespace {

constexpr const char* kBucket = "demos-1250000000";

std::vector<std::string> keys(const CosListing& listing) {
  std::vector<std::string> out;
  for (const auto& object : listing.contents) out.push_back(object.key);
  return out;
}

TEST(CosStore, ListsInKeyOrderAfterTheMarkerWithinThePrefix) {
  CosStore store;
  store.create_bucket(kBucket);
  for (const auto* key : {"demos/b/2.dem", "demos/a/1.dem", "demos/a/3.dem", "demos/a/2.dem", "other/x.dem"}) {
    store.put(kBucket, key, "x", 1000);
  }
  auto page = store.list(kBucket, "demos/a/", "", 2);
  ASSERT_TRUE(page);
  EXPECT_EQ(keys(*page), (std::vector<std::string>{"demos/a/1.dem", "demos/a/2.dem"}));
  EXPECT_TRUE(page->truncated);
  EXPECT_EQ(page->next_marker, "demos/a/2.dem");

  page = store.list(kBucket, "demos/a/", page->next_marker, 2);
  EXPECT_EQ(keys(*page), std::vector<std::string>{"demos/a/3.dem"});
  EXPECT_FALSE(page->truncated);
  EXPECT_EQ(page->next_marker, "");

  // Exactly max-keys left is not truncated.
  page = store.list(kBucket, "demos/", "demos/a/2.dem", 2);
  EXPECT_EQ(keys(*page), (std::vector<std::string>{"demos/a/3.dem", "demos/b/2.dem"}));
  EXPECT_FALSE(page->truncated);

  EXPECT_EQ(store.list(kBucket, "", "", 1000)->contents.size(), 5u);
  EXPECT_FALSE(store.list("missing-1250000000", "", "", 10));
}

TEST(CosStore, GeneratedObjectsKeepOnlyTheirSizeAndYieldTheSameBytesEachTime) {
  CosStore store;
  store.put_generated(kBucket, "demos/a.dem", 100'003, 77, 5000);
  EXPECT_TRUE(store.has_bucket(kBucket));
  const auto object = store.find(kBucket, "demos/a.dem");
  ASSERT_TRUE(object);
  EXPECT_EQ(object->size, 100'003);
  EXPECT_EQ(object->content, nullptr);
  EXPECT_EQ(object->etag.size(), 32u);
  const auto bytes = CosStore::bytes_of(*object);
  ASSERT_EQ(bytes.size(), 100'003u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("PBDEMS2\0", 8));
  EXPECT_EQ(bytes, CosStore::bytes_of(*object));
  store.put_generated(kBucket, "demos/b.dem", 100'003, 78, 5000);
  EXPECT_NE(CosStore::bytes_of(*store.find(kBucket, "demos/b.dem")), bytes);
  EXPECT_NE(store.find(kBucket, "demos/b.dem")->etag, object->etag);

  EXPECT_TRUE(store.remove(kBucket, "demos/a.dem"));
  EXPECT_FALSE(store.remove(kBucket, "demos/a.dem"));
  EXPECT_FALSE(store.find(kBucket, "demos/a.dem"));
  EXPECT_EQ(store.object_count(kBucket), 1u);
}

TEST(CosStore, DemoKeysAreNamedInChinaTime) {
  // 2026-11-24 13:30:00 UTC is 21:30 in UTC+8.
  EXPECT_EQ(demo_object_key("demos/srv_abc/", 1'795'527'000'000, "de_mirage"),
            "demos/srv_abc/2026-11-24_2130_de_mirage.dem");
  // 16:30 UTC is already the next day in China.
  EXPECT_EQ(demo_object_key("p/", 1'795'537'800'000, "de_inferno"), "p/2026-11-25_0030_de_inferno.dem");
}

}  // namespace
}  // namespace portal::sim::cloud
