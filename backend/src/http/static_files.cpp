#include "http/static_files.hpp"

#include "core/text.hpp"
#include "http/api_error.hpp"
#include "http/route_preloads.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <sstream>
#include <system_error>

namespace portal::http {

namespace fs = std::filesystem;

namespace {
constexpr std::uintmax_t kMaxCachedBytes = 8u << 20;

bool is_compressible(std::string_view mime) {
  return mime.starts_with("text/") || mime.starts_with("application/javascript") ||
         mime.starts_with("application/json") || mime.starts_with("image/svg") ||
         mime.starts_with("application/manifest");
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}
}  // namespace

std::string_view mime_type_for(const fs::path& file) {
  static const std::map<std::string, std::string_view> types = {
      {".html", "text/html; charset=utf-8"},
      {".js", "application/javascript; charset=utf-8"},
      {".mjs", "application/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".txt", "text/plain; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".webp", "image/webp"},
      {".gif", "image/gif"},
      {".ico", "image/x-icon"},
      {".woff", "font/woff"},
      {".woff2", "font/woff2"},
      {".webmanifest", "application/manifest+json"},
      {".wasm", "application/wasm"},
  };
  auto it = types.find(core::ascii_lower(file.extension().string()));
  return it == types.end() ? std::string_view("application/octet-stream") : it->second;
}

std::vector<std::string> accepted_encodings(std::string_view header) {
  bool br = false;
  bool gzip = false;
  while (!header.empty()) {
    auto comma = header.find(',');
    std::string_view item = trim(header.substr(0, comma));
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    auto semi = item.find(';');
    std::string name = core::ascii_lower(trim(item.substr(0, semi)));
    bool refused = false;
    if (semi != std::string_view::npos) {
      std::string params = core::ascii_lower(item.substr(semi + 1));
      auto q = params.find("q=");
      if (q != std::string::npos) {
        std::string_view value = trim(std::string_view(params).substr(q + 2));
        refused = value.starts_with("0") && value.find_first_not_of("0.", 0) == std::string_view::npos;
      }
    }
    if (refused) continue;
    if (name == "br") br = true;
    if (name == "gzip" || name == "*") gzip = true;
    if (name == "*") br = true;
  }
  std::vector<std::string> out;
  if (br) out.emplace_back("br");
  if (gzip) out.emplace_back("gzip");
  return out;
}

StaticFiles::StaticFiles(fs::path root) {
  std::error_code ec;
  root_ = fs::weakly_canonical(fs::absolute(root), ec);
  if (ec) root_ = fs::absolute(root);
}

bool StaticFiles::has_index() const {
  std::error_code ec;
  return fs::is_regular_file(root_ / "index.html", ec);
}

fs::path StaticFiles::resolve(std::string_view url_path) const {
  if (url_path.empty() || url_path.front() != '/') return {};
  if (url_path.find('\0') != std::string_view::npos || url_path.find('\\') != std::string_view::npos) return {};
  fs::path relative;
  std::size_t start = 1;
  while (start <= url_path.size()) {
    auto end = url_path.find('/', start);
    if (end == std::string_view::npos) end = url_path.size();
    std::string_view segment = url_path.substr(start, end - start);
    start = end + 1;
    if (segment.empty()) continue;
    if (segment.front() == '.') return {};  // "..", ".env", ".git": never served
    relative /= std::string(segment);
  }
  if (relative.empty()) return {};
  fs::path candidate = root_ / relative;
  std::error_code ec;
  if (!fs::is_regular_file(candidate, ec)) return {};
  // A symlink inside the root must not lead outside it.
  fs::path canonical = fs::canonical(candidate, ec);
  if (ec) return {};
  auto [root_end, _] = std::mismatch(root_.begin(), root_.end(), canonical.begin(), canonical.end());
  if (root_end != root_.end()) return {};
  return candidate;
}

std::shared_ptr<const StaticFiles::CachedFile> StaticFiles::load(const fs::path& file) const {
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec) return nullptr;
  const auto mtime = fs::last_write_time(file, ec);
  if (ec) return nullptr;
  {
    std::shared_lock lock(mutex_);
    auto it = cache_.find(file);
    if (it != cache_.end() && it->second->size == size && it->second->mtime == mtime) return it->second;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return nullptr;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  auto entry = std::make_shared<CachedFile>();
  entry->mtime = mtime;
  entry->size = size;
  entry->content = std::make_shared<const std::string>(buffer.str());
  entry->etag = fmt::format("\"{:x}-{:x}\"", size, static_cast<std::uint64_t>(mtime.time_since_epoch().count()));
  if (size <= kMaxCachedBytes) {
    std::unique_lock lock(mutex_);
    cache_[file] = entry;
  }
  return entry;
}

Response StaticFiles::file_response(const Request& request, const fs::path& file, std::string cache_control) const {
  const std::string_view mime = mime_type_for(file);
  fs::path chosen = file;
  std::string encoding;
  if (is_compressible(mime)) {
    for (const auto& candidate : accepted_encodings(request.header("Accept-Encoding"))) {
      fs::path sibling = file;
      sibling += candidate == "br" ? ".br" : ".gz";
      std::error_code ec;
      if (fs::is_regular_file(sibling, ec)) {
        chosen = sibling;
        encoding = candidate;
        break;
      }
    }
  }
  auto cached = load(chosen);
  if (!cached) return error_response(errors::not_found(request.path));

  Response response;
  response.content_type = std::string(mime);
  response.set_header("Cache-Control", std::move(cache_control));
  response.set_header("ETag", cached->etag);
  if (is_compressible(mime)) response.set_header("Vary", "Accept-Encoding");
  if (!encoding.empty()) response.set_header("Content-Encoding", encoding);
  const auto if_none_match = request.header("If-None-Match");
  if (!if_none_match.empty() && if_none_match.find(cached->etag) != std::string_view::npos) {
    response.status = 304;
    return response;
  }
  response.shared_body = cached->content;
  return response;
}

Response StaticFiles::serve(const Request& request) const {
  if (const fs::path file = resolve(request.path); !file.empty()) {
    const bool hashed = request.path.starts_with("/assets/");
    const bool index = file.filename() == "index.html";
    return file_response(request, file,
                         hashed  ? "public, max-age=31536000, immutable"
                         : index ? "no-cache"
                                 : "public, max-age=3600");
  }
  // A missing hashed chunk must be a 404: answering it with HTML would break the page in a confusing way.
  if (request.path.starts_with("/assets/")) return error_response(errors::not_found(request.path));
  if (!has_index()) {
    return error_response(core::Error::make(core::ErrorKind::unavailable, "WEB_APP_NOT_BUILT",
                                            "The web app is not built; run `make build`",
                                            {{"webRoot", root_.string()}}));
  }
  Response page = file_response(request, root_ / "index.html", "no-cache");
  // load() answers nullptr when the build wrote no list: then the page goes without the hint.
  if (page.status == 200) {
    if (const auto list = load(root_ / "route-preloads.json")) {
      if (std::string links = route_preload_links(*list->content, request.path); !links.empty()) {
        page.set_header("Link", std::move(links));
      }
    }
  }
  return page;
}

}  // namespace portal::http
