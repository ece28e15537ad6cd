#include "http/console_params.hpp"

#include "core/text.hpp"
#include "core/utf8.hpp"

#include <charconv>

namespace portal::http {

namespace {

constexpr std::size_t kMaxReasonChars = 200;

std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string listed(std::initializer_list<std::string_view> values) {
  std::string out;
  for (auto value : values) out += (out.empty() ? "" : ", ") + std::string(value);
  return out;
}

}  // namespace

core::Result<ListQuery> list_query(const Request& request, std::initializer_list<std::string_view> sorts,
                                   bool descending_by_default) {
  ListQuery query;
  query.descending = descending_by_default;
  if (auto text = request.query_param("page")) {
    const auto page = whole_number(*text);
    if (!page || *page < 1 || *page > 1'000'000) {
      return core::validation_failed("page", "page must be a whole number from 1");
    }
    query.page = *page;
  }
  if (auto text = request.query_param("page_size")) {
    const auto size = whole_number(*text);
    if (!size || *size < 1 || *size > kMaxPageSize) {
      return core::validation_failed("page_size", "page_size must be a whole number from 1 to 100");
    }
    query.page_size = *size;
  }
  auto sort = one_of(request, "sort", sorts);
  if (!sort) return sort.error();
  query.sort = sort->empty() ? std::string(*sorts.begin()) : *sort;
  auto order = one_of(request, "order", {"asc", "desc"});
  if (!order) return order.error();
  if (!order->empty()) query.descending = *order == "desc";
  return query;
}

core::Result<std::string> one_of(const Request& request, std::string_view name,
                                 std::initializer_list<std::string_view> allowed) {
  const auto text = request.query_param(name);
  if (!text || text->empty()) return std::string();
  for (auto value : allowed) {
    if (*text == value) return std::string(value);
  }
  return core::validation_failed(name, std::string(name) + " must be one of " + listed(allowed));
}

core::Result<std::optional<std::int64_t>> unix_time(const Request& request, std::string_view name) {
  const auto text = request.query_param(name);
  if (!text || text->empty()) return std::optional<std::int64_t>();
  const auto at = whole_number(*text);
  if (!at || *at < 0 || *at > (std::int64_t{1} << 40)) {
    return core::validation_failed(name, std::string(name) + " must be unix seconds");
  }
  return std::optional<std::int64_t>(*at);
}

core::Result<std::string> checked_reason(std::string_view text, std::string_view field) {
  const std::string_view trimmed = core::trim_text(text);
  const auto length = core::utf8_length(trimmed);
  const std::string name(field);
  if (!length || *length == 0 || *length > kMaxReasonChars) {
    return core::validation_failed(field, name + " must be 1 to 200 characters");
  }
  for (std::size_t at = 0; at < trimmed.size();) {
    const auto decoded = core::decode_utf8(trimmed, at);
    if (!decoded || core::is_control_char(decoded->first)) {
      return core::validation_failed(field, name + " must be one line without control characters");
    }
    at += decoded->second;
  }
  return std::string(trimmed);
}

boost::json::object list_json(boost::json::array items, std::int64_t total, const ListQuery& query) {
  return {{"items", std::move(items)}, {"total", total}, {"page", query.page}, {"page_size", query.page_size}};
}

}  // namespace portal::http
