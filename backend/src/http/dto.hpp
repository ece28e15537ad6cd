#pragma once
// Request and response bodies as described structs (Boost.Describe): one parse that refuses unknown
// keys and names the bad field ("players[2].steamId"), and one serializer. A feature declares its
// bodies in features/<f>/dto.hpp:
//
//   struct BindTokenRequest { dto::Text<32> steamId; };
//   BOOST_DESCRIBE_STRUCT(BindTokenRequest, (), (steamId))
//
//   auto body = dto::parse_body<BindTokenRequest>(request);   // 400 INVALID_JSON, 422 VALIDATION_FAILED
//   return dto::json_response(BindTokenAnswer{...}, 201);
//
// Member names are the wire names. A member is required unless it is std::optional (absent or null ->
// nullopt). Field types: Text<N> (a string of at most N bytes of valid UTF-8), Int<Min, Max>, bool,
// described enums (their enumerator names), List<T, N> (at most N entries), nested described structs.
// What a value means (a SteamID64, an e-mail address) is the service's to check, not the parser's.

#include "core/result.hpp"
#include "http/message.hpp"

#include <boost/describe/class.hpp>
#include <boost/describe/enum.hpp>
#include <boost/describe/enum_from_string.hpp>
#include <boost/describe/enum_to_string.hpp>
#include <boost/describe/members.hpp>
#include <boost/json/value.hpp>
#include <boost/mp11/algorithm.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace portal::http::dto {

template <std::size_t MaxBytes>
struct Text {
  std::string value;
  operator const std::string&() const { return value; }  // NOLINT: reads as the string it is
  const std::string& operator*() const { return value; }
  bool operator==(const Text&) const = default;
};

template <std::int64_t Min, std::int64_t Max>
struct Int {
  std::int64_t value = 0;
  operator std::int64_t() const { return value; }  // NOLINT
  bool operator==(const Int&) const = default;
};

template <typename T, std::size_t MaxItems>
struct List {
  std::vector<T> items;
  auto begin() const { return items.begin(); }
  auto end() const { return items.end(); }
  std::size_t size() const { return items.size(); }
};

namespace detail {

// 422 VALIDATION_FAILED naming the field.
core::Error field_error(const std::string& path, const std::string& message);
std::string join(const std::string& path, std::string_view name);
bool is_valid_utf8(std::string_view text);
std::optional<std::int64_t> as_integer(const boost::json::value& value);
core::Result<boost::json::value> parse_json(const std::string& body);

template <typename T>
struct is_optional : std::false_type {};
template <typename T>
struct is_optional<std::optional<T>> : std::true_type {};

template <typename T>
core::Status read(const boost::json::value& json, const std::string& path, T& out);

template <std::size_t N>
core::Status read(const boost::json::value& json, const std::string& path, Text<N>& out) {
  if (!json.is_string()) return field_error(path, path + " must be a string");
  const auto& text = json.as_string();
  if (text.size() > N) return field_error(path, path + " must be at most " + std::to_string(N) + " bytes");
  if (!is_valid_utf8(text)) return field_error(path, path + " must be valid UTF-8");
  out.value.assign(text.data(), text.size());
  return core::Ok{};
}

template <std::int64_t Min, std::int64_t Max>
core::Status read(const boost::json::value& json, const std::string& path, Int<Min, Max>& out) {
  const auto number = as_integer(json);
  if (!number) return field_error(path, path + " must be an integer");
  if (*number < Min || *number > Max) {
    return field_error(path, path + " must be between " + std::to_string(Min) + " and " + std::to_string(Max));
  }
  out.value = *number;
  return core::Ok{};
}

inline core::Status read_bool(const boost::json::value& json, const std::string& path, bool& out) {
  if (!json.is_bool()) return field_error(path, path + " must be true or false");
  out = json.as_bool();
  return core::Ok{};
}

template <typename T, std::size_t N>
core::Status read(const boost::json::value& json, const std::string& path, List<T, N>& out) {
  if (!json.is_array()) return field_error(path, path + " must be an array");
  const auto& array = json.as_array();
  if (array.size() > N) return field_error(path, path + " must have at most " + std::to_string(N) + " entries");
  out.items.clear();
  out.items.reserve(array.size());
  for (std::size_t i = 0; i < array.size(); ++i) {
    T item{};
    if (auto ok = read(array[i], path + "[" + std::to_string(i) + "]", item); !ok) return ok;
    out.items.push_back(std::move(item));
  }
  return core::Ok{};
}

template <typename T>
core::Status read_struct(const boost::json::value& json, const std::string& path, T& out) {
  if (!json.is_object()) {
    return path.empty() ? field_error("", "the body must be a JSON object")
                        : field_error(path, path + " must be an object");
  }
  const auto& object = json.as_object();
  using Members = boost::describe::describe_members<T, boost::describe::mod_public>;
  // Unknown keys are refused, so a misspelt optional field never passes silently.
  for (const auto& entry : object) {
    bool known = false;
    boost::mp11::mp_for_each<Members>([&](auto member) { known = known || entry.key() == member.name; });
    if (!known) return field_error(join(path, entry.key()), "unknown field " + join(path, entry.key()));
  }
  core::Status status = core::Ok{};
  boost::mp11::mp_for_each<Members>([&](auto member) {
    if (!status) return;
    auto& field = out.*member.pointer;
    const std::string name = join(path, member.name);
    const auto* value = object.if_contains(member.name);
    using Field = std::remove_cvref_t<decltype(field)>;
    if constexpr (is_optional<Field>::value) {
      if (!value || value->is_null()) {
        field.reset();
        return;
      }
      typename Field::value_type inner{};
      status = read(*value, name, inner);
      if (status) field = std::move(inner);
    } else {
      if (!value || value->is_null()) {
        status = field_error(name, name + " is required");
        return;
      }
      status = read(*value, name, field);
    }
  });
  return status;
}

template <typename T>
core::Status read(const boost::json::value& json, const std::string& path, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    return read_bool(json, path, out);
  } else if constexpr (std::is_enum_v<T>) {
    if (!json.is_string()) return field_error(path, path + " must be a string");
    const auto& text = json.as_string();
    if (!boost::describe::enum_from_string(std::string(text.data(), text.size()).c_str(), out)) {
      std::string names;
      boost::mp11::mp_for_each<boost::describe::describe_enumerators<T>>(
          [&](auto e) { names += std::string(names.empty() ? "" : ", ") + e.name; });
      return field_error(path, path + " must be one of " + names);
    }
    return core::Ok{};
  } else {
    return read_struct(json, path, out);
  }
}

template <typename T>
boost::json::value write(const T& value);

template <std::size_t N>
boost::json::value write(const Text<N>& value) {
  return boost::json::value(value.value);
}
template <std::int64_t Min, std::int64_t Max>
boost::json::value write(const Int<Min, Max>& value) {
  return boost::json::value(value.value);
}
template <typename T, std::size_t N>
boost::json::value write(const List<T, N>& list) {
  boost::json::array out;
  for (const auto& item : list.items) out.push_back(write(item));
  return out;
}
template <typename T>
boost::json::value write(const std::vector<T>& list) {
  boost::json::array out;
  out.reserve(list.size());
  for (const auto& item : list) out.push_back(write(item));
  return out;
}
template <typename T>
boost::json::value write(const std::optional<T>& value) {
  return value ? write(*value) : boost::json::value(nullptr);
}

template <typename T>
boost::json::value write(const T& value) {
  if constexpr (std::is_same_v<T, bool> || std::is_arithmetic_v<T>) {
    return boost::json::value(value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return boost::json::value(value);
  } else if constexpr (std::is_enum_v<T>) {
    return boost::json::value(boost::describe::enum_to_string(value, "unknown"));
  } else {
    boost::json::object out;
    boost::mp11::mp_for_each<boost::describe::describe_members<T, boost::describe::mod_public>>(
        [&](auto member) { out[member.name] = write(value.*member.pointer); });
    return out;
  }
}

}  // namespace detail

// The JSON value as T, or 422 VALIDATION_FAILED naming the first bad field.
template <typename T>
core::Result<T> parse(const boost::json::value& json) {
  T out{};
  if (auto ok = detail::read_struct(json, "", out); !ok) return ok.error();
  return out;
}

// The request body as T: 400 INVALID_JSON when it is not JSON, else as parse().
template <typename T>
core::Result<T> parse_body(const Request& request) {
  auto json = detail::parse_json(request.body);
  if (!json) return json.error();
  return parse<T>(*json);
}

template <typename T>
boost::json::value to_json(const T& value) {
  return detail::write(value);
}

Response json_response(const boost::json::value& body, int status);

template <typename T>
Response json_response(const T& body, int status = 200) {
  return json_response(to_json(body), status);
}

}  // namespace portal::http::dto
