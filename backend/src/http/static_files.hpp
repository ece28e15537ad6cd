#pragma once
// Serves the built web app: files from the web root, the SPA's index.html for every other non-API
// path, precompressed .br/.gz siblings chosen by Accept-Encoding, immutable caching for hashed
// assets and no-cache for index.html, with ETag revalidation.

#include "http/message.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>

namespace portal::http {

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);

  // For GET and HEAD of paths outside /api. Reads go through a small in-memory cache that is
  // revalidated against the file's size and modification time.
  Response serve(const Request& request) const;

  bool has_index() const;

 private:
  struct CachedFile {
    std::filesystem::file_time_type mtime;
    std::uintmax_t size = 0;
    std::shared_ptr<const std::string> content;
    std::string etag;
  };
  std::shared_ptr<const CachedFile> load(const std::filesystem::path& file) const;
  std::filesystem::path resolve(std::string_view url_path) const;  // empty when unsafe or missing
  Response file_response(const Request& request, const std::filesystem::path& file, std::string cache_control) const;

  std::filesystem::path root_;
  mutable std::shared_mutex mutex_;
  mutable std::map<std::filesystem::path, std::shared_ptr<const CachedFile>> cache_;
};

std::string_view mime_type_for(const std::filesystem::path& file);
// Which precompressed encodings the client accepts, in order of preference ("br", "gzip").
std::vector<std::string> accepted_encodings(std::string_view accept_encoding);

}  // namespace portal::http
