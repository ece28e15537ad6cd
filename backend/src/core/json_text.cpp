#include "core/json_text.hpp"

#include <boost/json/serialize.hpp>

#include <array>
#include <charconv>
#include <cmath>

namespace portal::core {

namespace {

void append_double(std::string& out, double number) {
  if (!std::isfinite(number)) {
    out += "null";
    return;
  }
  std::array<char, 32> buffer{};
  const auto written = std::to_chars(buffer.data(), buffer.data() + buffer.size(), number);
  out.append(buffer.data(), written.ptr);
}

void append(std::string& out, const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& member : value.get_object()) {
        if (!first) out += ',';
        first = false;
        out += boost::json::serialize(boost::json::string_view(member.key()));
        out += ':';
        append(out, member.value());
      }
      out += '}';
      return;
    }
    case boost::json::kind::array: {
      out += '[';
      bool first = true;
      for (const auto& item : value.get_array()) {
        if (!first) out += ',';
        first = false;
        append(out, item);
      }
      out += ']';
      return;
    }
    case boost::json::kind::double_:
      append_double(out, value.get_double());
      return;
    default:
      out += boost::json::serialize(value);  // strings, integers, booleans, null
      return;
  }
}

bool contains_double(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::double_:
      return true;
    case boost::json::kind::object:
      for (const auto& member : value.get_object()) {
        if (contains_double(member.value())) return true;
      }
      return false;
    case boost::json::kind::array:
      for (const auto& item : value.get_array()) {
        if (contains_double(item)) return true;
      }
      return false;
    default:
      return false;
  }
}

}  // namespace

std::string json_text(const boost::json::value& value) {
  // Most answers hold no double: Boost.JSON's own serializer writes them in one pass.
  if (!contains_double(value)) return boost::json::serialize(value);
  std::string out;
  append(out, value);
  return out;
}

}  // namespace portal::core
