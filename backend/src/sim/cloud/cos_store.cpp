#include "sim/cloud/cos_store.hpp"

#include "core/clock.hpp"
#include "core/crypto.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace portal::sim::cloud {

namespace {

std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t x = (state += 0x9E3779B97F4A7C15ULL);
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// COS's ETag of a simple upload is the MD5 of the bytes; hashing gigabytes of generated demos on every
// listing would be silly, so a generated object's tag is derived from what determines its bytes.
std::string generated_etag(std::uint64_t seed, std::int64_t size) {
  return core::sha256_hex(std::to_string(seed) + ":" + std::to_string(size)).substr(0, 32);
}

}  // namespace

void CosStore::create_bucket(const std::string& bucket) {
  std::lock_guard lock(mutex_);
  buckets_[bucket];
}

bool CosStore::has_bucket(const std::string& bucket) const {
  std::lock_guard lock(mutex_);
  return buckets_.count(bucket) > 0;
}

void CosStore::put_generated(const std::string& bucket, const std::string& key, std::int64_t size, std::uint64_t seed,
                             std::int64_t modified_ms) {
  CosObject object{.key = key,
                   .size = size,
                   .modified_ms = modified_ms,
                   .etag = generated_etag(seed, size),
                   .seed = seed,
                   .content = nullptr};
  std::lock_guard lock(mutex_);
  buckets_[bucket][key] = std::move(object);
}

void CosStore::put(const std::string& bucket, const std::string& key, std::string content, std::int64_t modified_ms) {
  CosObject object{.key = key,
                   .size = static_cast<std::int64_t>(content.size()),
                   .modified_ms = modified_ms,
                   .etag = core::sha256_hex(content).substr(0, 32),
                   .seed = 0,
                   .content = std::make_shared<const std::string>(std::move(content))};
  std::lock_guard lock(mutex_);
  buckets_[bucket][key] = std::move(object);
}

std::optional<CosListing> CosStore::list(const std::string& bucket, const std::string& prefix,
                                         const std::string& marker, int max_keys) const {
  std::lock_guard lock(mutex_);
  const auto found = buckets_.find(bucket);
  if (found == buckets_.end()) return std::nullopt;
  const auto& objects = found->second;
  CosListing out;
  // Keys sort as bytes, as COS lists them; start after the marker and at the prefix.
  auto it = objects.upper_bound(marker);
  if (prefix > marker) it = objects.lower_bound(prefix);
  for (; it != objects.end() && it->first.starts_with(prefix); ++it) {
    if (static_cast<int>(out.contents.size()) >= max_keys) {
      out.truncated = true;
      break;
    }
    out.contents.push_back(it->second);
  }
  if (out.truncated && !out.contents.empty()) out.next_marker = out.contents.back().key;
  return out;
}

std::optional<CosObject> CosStore::find(const std::string& bucket, const std::string& key) const {
  std::lock_guard lock(mutex_);
  const auto found = buckets_.find(bucket);
  if (found == buckets_.end()) return std::nullopt;
  const auto object = found->second.find(key);
  if (object == found->second.end()) return std::nullopt;
  return object->second;
}

bool CosStore::remove(const std::string& bucket, const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto found = buckets_.find(bucket);
  return found != buckets_.end() && found->second.erase(key) > 0;
}

std::size_t CosStore::object_count(const std::string& bucket) const {
  std::lock_guard lock(mutex_);
  const auto found = buckets_.find(bucket);
  return found == buckets_.end() ? 0 : found->second.size();
}

std::string CosStore::bytes_of(const CosObject& object) {
  if (object.content) return *object.content;
  std::string out(static_cast<std::size_t>(std::max<std::int64_t>(0, object.size)), '\0');
  // A CS2 demo starts with the "PBDEMS2\0" magic; the rest is noise that compresses like a real one.
  constexpr std::string_view kMagic("PBDEMS2\0", 8);
  std::memcpy(out.data(), kMagic.data(), std::min(out.size(), kMagic.size()));
  std::uint64_t state = object.seed;
  for (std::size_t at = kMagic.size(); at < out.size(); at += 8) {
    const std::uint64_t word = splitmix(state);
    std::memcpy(out.data() + at, &word, std::min<std::size_t>(8, out.size() - at));
  }
  return out;
}

std::string demo_object_key(const std::string& prefix, std::int64_t started_ms, const std::string& map) {
  using namespace std::chrono;
  const sys_seconds at{seconds{started_ms / 1000 + core::kBusinessUtcOffsetSeconds}};
  const auto day = floor<days>(at);
  const year_month_day date{day};
  const hh_mm_ss time{at - day};
  char stamp[32];
  std::snprintf(stamp, sizeof stamp, "%04d-%02u-%02u_%02d%02d", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()));
  return prefix + stamp + "_" + map + ".dem";
}

}  // namespace portal::sim::cloud
