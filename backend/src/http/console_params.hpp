#pragma once
// What the operator console's calls share (docs/console.md "Conventions"): a list's query, page (from
// 1), page_size (1..100, default 25), sort (one of the columns the list names), order (asc | desc),
// and its answer {"items", "total", "page", "page_size"}; the reason a change carries (1..200
// characters). A bad value is 422 VALIDATION_FAILED naming the parameter.

#include "core/result.hpp"
#include "http/message.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace portal::http {

inline constexpr std::int64_t kMaxPageSize = 100;
inline constexpr std::int64_t kDefaultPageSize = 25;

struct ListQuery {
  std::int64_t page = 1;
  std::int64_t page_size = kDefaultPageSize;
  std::string sort;  // one of the allowed columns
  bool descending = true;

  std::int64_t offset() const { return (page - 1) * page_size; }
};

// `sorts` are the columns the list may be sorted by; the first is the default.
core::Result<ListQuery> list_query(const Request& request, std::initializer_list<std::string_view> sorts,
                                   bool descending_by_default = true);

// A query parameter that must be one of `allowed` when present (empty when absent).
core::Result<std::string> one_of(const Request& request, std::string_view name,
                                 std::initializer_list<std::string_view> allowed);
// A query parameter holding unix seconds (0..2^40) when present.
core::Result<std::optional<std::int64_t>> unix_time(const Request& request, std::string_view name);

// The trimmed reason of a change: 1..200 characters of one line.
core::Result<std::string> checked_reason(std::string_view text, std::string_view field = "reason");

boost::json::object list_json(boost::json::array items, std::int64_t total, const ListQuery& query);

}  // namespace portal::http
