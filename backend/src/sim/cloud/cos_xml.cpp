#include "sim/cloud/cos_xml.hpp"

#include "core/percent_encoding.hpp"

#include <array>
#include <chrono>
#include <cstdio>

namespace portal::sim::cloud {

namespace {

constexpr std::size_t kMaxDeleteKeys = 1000;

// The text between <tag> and </tag> from `from` on; npos-safe.
std::optional<std::string_view> element(std::string_view document, std::string_view tag, std::size_t& from) {
  const std::string open = "<" + std::string(tag) + ">";
  const std::string close = "</" + std::string(tag) + ">";
  const auto start = document.find(open, from);
  if (start == std::string_view::npos) return std::nullopt;
  const auto body = start + open.size();
  const auto end = document.find(close, body);
  if (end == std::string_view::npos) return std::nullopt;
  from = end + close.size();
  return document.substr(body, end - body);
}

std::string tag(std::string_view name, std::string_view text) {
  return "<" + std::string(name) + ">" + std::string(text) + "</" + std::string(name) + ">";
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string xml_unescape(std::string_view text) {
  static constexpr std::array<std::pair<std::string_view, char>, 5> kEntities{
      {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}}};
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    bool replaced = false;
    if (text[i] == '&') {
      for (const auto& [entity, c] : kEntities) {
        if (text.substr(i).starts_with(entity)) {
          out += c;
          i += entity.size();
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += text[i++];
  }
  return out;
}

std::string cos_iso_time(std::int64_t unix_ms) {
  using namespace std::chrono;
  const sys_time<milliseconds> at{milliseconds{unix_ms}};
  const auto day = floor<days>(at);
  const year_month_day date{day};
  const hh_mm_ss time{at - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                static_cast<int>(time.seconds().count()), static_cast<int>(time.subseconds().count()));
  return text;
}

std::string http_date(std::int64_t unix_ms) {
  using namespace std::chrono;
  static constexpr std::array<const char*, 7> kDays{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const sys_seconds at{seconds{unix_ms / 1000}};
  const auto day = floor<days>(at);
  const year_month_day date{day};
  const weekday week{day};
  const hh_mm_ss time{at - day};
  char text[40];
  std::snprintf(text, sizeof text, "%s, %02u %s %04d %02d:%02d:%02d GMT", kDays[week.c_encoding()],
                static_cast<unsigned>(date.day()), kMonths[static_cast<unsigned>(date.month()) - 1],
                static_cast<int>(date.year()), static_cast<int>(time.hours().count()),
                static_cast<int>(time.minutes().count()), static_cast<int>(time.seconds().count()));
  return text;
}

std::string list_bucket_result(const ListBucketQuery& query, const CosListing& listing) {
  auto text = [&query](const std::string& value) {
    return xml_escape(query.url_encoded ? core::percent_encode(value) : value);
  };
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ListBucketResult>";
  out += tag("Name", xml_escape(query.bucket));
  if (query.url_encoded) out += tag("EncodingType", "url");
  out += tag("Prefix", text(query.prefix));
  out += tag("Marker", text(query.marker));
  out += tag("MaxKeys", std::to_string(query.max_keys));
  out += tag("IsTruncated", listing.truncated ? "true" : "false");
  if (listing.truncated) out += tag("NextMarker", text(listing.next_marker));
  for (const auto& object : listing.contents) {
    out += "<Contents>";
    out += tag("Key", text(object.key));
    out += tag("LastModified", cos_iso_time(object.modified_ms));
    out += tag("ETag", "&quot;" + object.etag + "&quot;");
    out += tag("Size", std::to_string(object.size));
    out += "<Owner><ID>1250000000</ID><DisplayName>1250000000</DisplayName></Owner>";
    out += tag("StorageClass", "STANDARD");
    out += "</Contents>";
  }
  out += "</ListBucketResult>";
  return out;
}

std::string cos_error_xml(std::string_view code, std::string_view message, std::string_view resource,
                          std::string_view request_id) {
  std::string out = "<?xml version='1.0' encoding='utf-8' ?>\n<Error>";
  out += tag("Code", xml_escape(code));
  out += tag("Message", xml_escape(message));
  out += tag("Resource", xml_escape(resource));
  out += tag("RequestId", xml_escape(request_id));
  out += tag("TraceId", xml_escape(request_id));
  out += "</Error>";
  return out;
}

std::optional<DeleteRequest> parse_delete_request(std::string_view body) {
  std::size_t at = 0;
  const auto document = element(body, "Delete", at);
  if (!document) return std::nullopt;
  DeleteRequest out;
  std::size_t quiet_at = 0;
  if (const auto quiet = element(*document, "Quiet", quiet_at)) out.quiet = *quiet == "true";
  std::size_t from = 0;
  while (const auto object = element(*document, "Object", from)) {
    std::size_t key_at = 0;
    const auto key = element(*object, "Key", key_at);
    if (!key || key->empty()) return std::nullopt;
    out.keys.push_back(xml_unescape(*key));
  }
  if (out.keys.empty() || out.keys.size() > kMaxDeleteKeys) return std::nullopt;
  return out;
}

std::string delete_result(const DeleteRequest& request, const DeleteOutcome& outcome) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<DeleteResult>";
  // Quiet mode answers only the failures; the stand-in never fails a key (a missing one counts as
  // deleted, as COS reports it).
  if (!request.quiet) {
    for (const auto& key : outcome.deleted) out += "<Deleted>" + tag("Key", xml_escape(key)) + "</Deleted>";
  }
  out += "</DeleteResult>";
  return out;
}

}  // namespace portal::sim::cloud
