#include "features/pracc/rental_rules.hpp"

#include "core/steam_id.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"

#include <boost/json/object.hpp>

#include <cstdio>
#include <ctime>
#include <set>

namespace portal::pracc {

namespace {

core::Error invalid(std::string_view field, std::string_view key, std::string message, boost::json::object more = {}) {
  more["field"] = field;
  more["key"] = key;
  return core::Error::make(core::ErrorKind::validation, "VALIDATION_FAILED", std::move(message), std::move(more));
}

bool ascii_alnum(char32_t c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// CJK Unified Ideographs and Extension A, the compatibility ideographs: what a Chinese name is made of.
bool chinese(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0xF900 && c <= 0xFAFF);
}

bool name_char(char32_t c) { return ascii_alnum(c) || chinese(c) || c == ' ' || c == 0x3000; }

template <typename Allowed>
bool every_char(std::string_view text, Allowed allowed) {
  for (std::size_t at = 0; at < text.size();) {
    auto decoded = core::decode_utf8(text, at);
    if (!decoded || !allowed(decoded->first)) return false;
    at += decoded->second;
  }
  return true;
}

}  // namespace

core::Result<std::string> checked_server_name(std::string_view text) {
  const std::string_view name = core::trim_text(text);
  if (name.empty()) return invalid("serverName", "nameRequired", "The server name is required");
  const auto length = core::utf8_length(name);
  if (!length || !every_char(name, name_char)) {
    return invalid("serverName", "nameInvalid",
                   "The server name may hold Chinese characters, letters, digits and spaces");
  }
  if (*length > kNameMaxChars) {
    return invalid("serverName", "nameLengthError", "The server name is at most 16 characters");
  }
  return std::string(name);
}

core::Result<std::string> checked_join_password(std::string_view text) {
  const std::string_view password = core::trim_text(text);
  if (password.empty()) return invalid("password", "passwordRequired", "The server password is required");
  if (!every_char(password, ascii_alnum)) {
    return invalid("password", "passwordInvalid", "The server password may hold letters and digits only");
  }
  if (password.size() > kPasswordMaxChars) {
    return invalid("password", "passwordLengthError", "The server password is at most 16 characters");
  }
  return std::string(password);
}

core::Result<std::vector<ServerAdmin>> checked_admins(std::vector<ServerAdmin> admins) {
  if (admins.empty()) return invalid("admins", "minAdmin", "A server keeps at least one admin");
  if (admins.size() > kMaxAdmins) return invalid("admins", "maxAdmins", "A server has at most 7 admins");
  std::set<std::string> seen;
  for (auto& admin : admins) {
    const std::string id(core::trim_text(admin.steam_id));
    const boost::json::object row{{"steamid", id}};
    if (id.empty()) return invalid("admins", "steamIdRequired", "Every admin needs a Steam ID", row);
    if (id.size() != 17 || !every_char(id, [](char32_t c) { return c >= '0' && c <= '9'; })) {
      return invalid("admins", "invalidId", id + ": a Steam ID is 17 digits", row);
    }
    if (!id.starts_with("7656119"))
      return invalid("admins", "invalidPrefix", id + ": a Steam ID starts with 7656119", row);
    if (!core::parse_steam_id64(id))
      return invalid("admins", "invalidId", id + ": not an individual account's Steam ID", row);
    const auto note_length = core::utf8_length(admin.note);
    if (!note_length || *note_length > kNoteMaxChars) {
      return invalid("admins", "noteTooLong", id + ": a note is at most 20 characters", row);
    }
    if (!seen.insert(id).second) return invalid("admins", "duplicateId", id + ": listed twice", row);
    admin.steam_id = id;
    admin.note = std::string(core::trim_text(admin.note));
  }
  return admins;
}

std::int64_t gmt8_day_start(std::int64_t at) {
  const std::int64_t local = at + kGmt8OffsetSeconds;
  const std::int64_t day = (local >= 0 ? local : local - 86399) / 86400;
  return day * 86400 - kGmt8OffsetSeconds;
}

std::string gmt8_datetime(std::int64_t at) {
  const std::time_t local = static_cast<std::time_t>(at + kGmt8OffsetSeconds);
  std::tm tm{};
  gmtime_r(&local, &tm);
  char text[80];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d %02d:%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec);
  return text;
}

std::string web_status(const RentalServer& server) {
  switch (server.phase) {
    case Phase::creating:
      return "CREATING";
    case Phase::switching:
      // Stranded between regions: neither would launch it, and it is being tried again later.
      return server.cloud_state == "LAUNCH_FAILED" ? "LAUNCH_RETRYING" : "SWITCHING";
    case Phase::restarting:
      return "RESTARTING";
    case Phase::updating:
      return "UPDATING";
    case Phase::verifying:
      return "VERIFYING";
    case Phase::expired:
      return "STOPPED";
    case Phase::starting:
      return "STARTING";
    case Phase::terminating:
      return "TERMINATING";
    case Phase::terminated:
    case Phase::relocated:
      return "TERMINATED";
    case Phase::failed:
      return "LAUNCH_FAILED";
    case Phase::running:
      break;
  }
  // Running as far as the portal knows: the cloud's word wins when it says otherwise (an instance
  // stopped from the cloud console, or rebooting on its own).
  if (server.cloud_state.empty() || server.cloud_state == "RUNNING") return "RUNNING";
  return server.cloud_state;
}

bool has_reminder(std::string_view reminded, std::string_view which) {
  while (!reminded.empty()) {
    const auto comma = reminded.find(',');
    if (reminded.substr(0, comma) == which) return true;
    if (comma == std::string_view::npos) break;
    reminded.remove_prefix(comma + 1);
  }
  return false;
}

std::string with_reminder(const std::string& reminded, std::string_view which) {
  if (has_reminder(reminded, which)) return reminded;
  return reminded.empty() ? std::string(which) : reminded + "," + std::string(which);
}

std::string without_reminder(std::string_view reminded, std::string_view which) {
  std::string kept;
  while (!reminded.empty()) {
    const auto comma = reminded.find(',');
    const auto item = reminded.substr(0, comma);
    if (item != which && !item.empty()) kept += (kept.empty() ? "" : ",") + std::string(item);
    if (comma == std::string_view::npos) break;
    reminded.remove_prefix(comma + 1);
  }
  return kept;
}

}  // namespace portal::pracc
