#pragma once
// The checks config_validate.cpp and config_validate_paid.cpp share: a setting out of range, an origin
// or URL that is not one. Each throws ConfigError with a message naming the setting.

#include "app/config/config.hpp"

#include <string>
#include <string_view>

namespace portal::app::detail {

[[noreturn]] void invalid(const std::string& message);
void check_range(std::string_view key, int value, long long low, long long high);
void check_positive(std::string_view key, int value);
void check_not_negative(std::string_view key, int value);
// Empty when `text` is an http(s) origin: lowercase scheme://host[:port], nothing after. Otherwise the reason.
std::string origin_problem(std::string_view text);
// Empty when `text` is an absolute http(s) URL with a host and no whitespace. Otherwise the reason.
std::string http_url_problem(std::string_view text);

// The paid services' sections (config_validate_paid.cpp).
void validate_payments(const Config& config);
void validate_pracc(const Config& config);
void validate_cloud(const Config& config);

}  // namespace portal::app::detail
