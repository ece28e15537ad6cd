#pragma once
// The stand-in's COS buckets: objects by key in key order (ListObjects pages through them with a
// marker). A demo recording is kept as its size and a seed; its bytes are generated when someone
// downloads it, so a thousand machines recording for hours cost no memory. Thread-safe.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace portal::sim::cloud {

struct CosObject {
  std::string key;
  std::int64_t size = 0;
  std::int64_t modified_ms = 0;
  std::string etag;  // 32 hex digits, without the quotes COS puts around it
  std::uint64_t seed = 0;
  std::shared_ptr<const std::string> content;  // stored bytes; null: generated from the seed
};

struct CosListing {
  std::vector<CosObject> contents;
  bool truncated = false;
  std::string next_marker;  // the last key listed, when truncated
};

class CosStore {
 public:
  void create_bucket(const std::string& bucket);
  bool has_bucket(const std::string& bucket) const;

  // A demo recording: `size` bytes generated from `seed` when read. Creates the bucket if needed (the
  // game server uploads to the bucket its UserData names).
  void put_generated(const std::string& bucket, const std::string& key, std::int64_t size, std::uint64_t seed,
                     std::int64_t modified_ms);
  // An object with these bytes (PUT Object; tests).
  void put(const std::string& bucket, const std::string& key, std::string content, std::int64_t modified_ms);

  // Keys after `marker` that start with `prefix`, at most `max_keys`; nullopt when there is no bucket.
  std::optional<CosListing> list(const std::string& bucket, const std::string& prefix, const std::string& marker,
                                 int max_keys) const;
  std::optional<CosObject> find(const std::string& bucket, const std::string& key) const;
  // Whether it was there.
  bool remove(const std::string& bucket, const std::string& key);
  std::size_t object_count(const std::string& bucket) const;

  // The object's bytes: stored, or generated (the same bytes for the same seed and size every time).
  static std::string bytes_of(const CosObject& object);

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::map<std::string, CosObject>> buckets_;
};

// `<prefix>YYYY-MM-DD_HHMM_<map>.dem`, the time in UTC+8 (the community's clock), as the game
// server's recorder names the demo it started at `started_ms`.
std::string demo_object_key(const std::string& prefix, std::int64_t started_ms, const std::string& map);

}  // namespace portal::sim::cloud
