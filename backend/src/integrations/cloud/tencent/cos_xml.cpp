#include "integrations/cloud/tencent/cos_xml.hpp"

#include "integrations/cloud/tencent/errors.hpp"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include <charconv>
#include <chrono>
#include <sstream>

namespace portal::cloud::tencent {

namespace {

namespace pt = boost::property_tree;

std::optional<pt::ptree> read_xml(std::string_view xml) {
  std::istringstream in{std::string(xml)};
  pt::ptree tree;
  try {
    pt::read_xml(in, tree, pt::xml_parser::trim_whitespace | pt::xml_parser::no_comments);
  } catch (const pt::xml_parser_error&) {
    return std::nullopt;
  }
  return tree;
}

std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  if (text.empty()) return std::nullopt;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

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

CosFailure failure_of(const pt::ptree& node) {
  return CosFailure{.key = node.get<std::string>("Key", ""),
                    .code = node.get<std::string>("Code", ""),
                    .message = node.get<std::string>("Message", "")};
}

}  // namespace

core::Result<ListPage> parse_list_bucket_result(std::string_view xml) {
  const auto tree = read_xml(xml);
  const auto root = tree ? tree->get_child_optional("ListBucketResult") : boost::none;
  if (!root) return cloud_unavailable("COS answered ListObjects without a ListBucketResult");
  ListPage page;
  page.truncated = root->get<std::string>("IsTruncated", "false") == "true";
  page.next_marker = root->get<std::string>("NextMarker", "");
  for (const auto& [name, node] : *root) {
    if (name != "Contents") continue;
    const auto key = node.get<std::string>("Key", "");
    const auto size = whole_number(node.get<std::string>("Size", ""));
    const auto modified = parse_cos_time(node.get<std::string>("LastModified", ""));
    if (key.empty() || !size || !modified) return cloud_unavailable("COS listed an object without key, size or time");
    page.objects.push_back(StoredObject{.key = key, .size = *size, .modified_at = *modified});
  }
  return page;
}

std::string delete_request_body(const std::vector<std::string>& keys) {
  std::string out = "<Delete><Quiet>true</Quiet>";
  for (const auto& key : keys) out += "<Object><Key>" + xml_escape(key) + "</Key></Object>";
  out += "</Delete>";
  return out;
}

core::Result<std::vector<CosFailure>> parse_delete_result(std::string_view xml) {
  const auto tree = read_xml(xml);
  const auto root = tree ? tree->get_child_optional("DeleteResult") : boost::none;
  if (!root) return cloud_unavailable("COS answered Delete Multiple Objects without a DeleteResult");
  std::vector<CosFailure> failures;
  for (const auto& [name, node] : *root) {
    if (name == "Error") failures.push_back(failure_of(node));
  }
  return failures;
}

std::optional<CosFailure> parse_cos_error(std::string_view xml) {
  const auto tree = read_xml(xml);
  const auto root = tree ? tree->get_child_optional("Error") : boost::none;
  if (!root) return std::nullopt;
  return failure_of(*root);
}

std::optional<std::int64_t> parse_cos_time(std::string_view text) {
  // YYYY-MM-DDTHH:MM:SS, then optional .fraction, then Z.
  if (text.size() < 20 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':' ||
      text.back() != 'Z') {
    return std::nullopt;
  }
  const auto field = [&](std::size_t at, std::size_t width) { return whole_number(text.substr(at, width)); };
  const auto year = field(0, 4), month = field(5, 2), day = field(8, 2);
  const auto hour = field(11, 2), minute = field(14, 2), second = field(17, 2);
  if (!year || !month || !day || !hour || !minute || !second || *hour > 23 || *minute > 59 || *second > 60) {
    return std::nullopt;
  }
  const std::string_view rest = text.substr(19, text.size() - 20);
  if (!rest.empty() && (rest.front() != '.' || rest.size() < 2 || !whole_number(rest.substr(1)))) return std::nullopt;
  using namespace std::chrono;
  const year_month_day date{std::chrono::year(static_cast<int>(*year)),
                            std::chrono::month(static_cast<unsigned>(*month)),
                            std::chrono::day(static_cast<unsigned>(*day))};
  if (!date.ok()) return std::nullopt;
  return sys_days(date).time_since_epoch().count() * std::int64_t{86400} + *hour * 3600 + *minute * 60 + *second;
}

}  // namespace portal::cloud::tencent
