#include "integrations/mail/outbox_mailer.hpp"

#include "core/crypto.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace portal::mail {

namespace {

namespace fs = std::filesystem;

std::tm utc_fields(std::int64_t micros) {
  const std::time_t seconds = static_cast<std::time_t>(micros / 1'000'000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  return utc;
}

// "20240102-150405-123456": fixed width, so names sort in time order.
std::string id_timestamp(std::int64_t micros) {
  const std::tm utc = utc_fields(micros);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d%02d%02d-%02d%02d%02d-%06d", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(micros % 1'000'000));
  return buffer;
}

std::optional<std::int64_t> micros_from_id(const std::string& id) {
  std::tm utc{};
  int micros = 0;
  if (std::sscanf(id.c_str(), "%4d%2d%2d-%2d%2d%2d-%6d", &utc.tm_year, &utc.tm_mon, &utc.tm_mday, &utc.tm_hour,
                  &utc.tm_min, &utc.tm_sec, &micros) != 7) {
    return std::nullopt;
  }
  utc.tm_year -= 1900;
  utc.tm_mon -= 1;
  return static_cast<std::int64_t>(timegm(&utc)) * 1'000'000 + micros;
}

std::string iso8601(std::int64_t micros) {
  const std::tm utc = utc_fields(micros);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(micros % 1'000'000 / 1000));
  return buffer;
}

bool is_entry_file(const fs::path& path) {
  const std::string name = path.filename().string();
  return path.extension() == ".json" && !name.starts_with(".");
}

// Temp file + rename: readers never see half a file. The temp name starts with a dot, so a listing
// skips leftovers of a crash.
bool write_atomically(const fs::path& target, std::string_view bytes) {
  const fs::path temp = target.parent_path() / ("." + target.filename().string() + ".tmp");
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      fs::remove(temp, ignored);
      return false;
    }
  }
  std::error_code error;
  fs::rename(temp, target, error);
  if (error) fs::remove(temp, error);
  return !error;
}

std::optional<std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream content;
  content << in.rdbuf();
  return std::move(content).str();
}

std::optional<OutboxEntry> read_entry(const fs::path& json_file) {
  const auto content = read_file(json_file);
  if (!content) return std::nullopt;
  boost::system::error_code error;
  const boost::json::value value = boost::json::parse(*content, error);
  if (error || !value.is_object()) return std::nullopt;
  const auto& object = value.get_object();
  const auto field = [&](std::string_view key) -> std::optional<std::string> {
    const auto* found = object.if_contains(key);
    if (found == nullptr || !found->is_string()) return std::nullopt;
    return std::string(found->get_string());
  };
  auto id = field("id"), to = field("to"), subject = field("subject"), text = field("text"), html = field("html"),
       sent_at = field("sentAt");
  if (!id || !to || !subject || !text || !html || !sent_at) return std::nullopt;
  fs::path eml = json_file;
  eml.replace_extension(".eml");
  return OutboxEntry{std::move(*id),   std::move(*to),      std::move(*subject), std::move(*text),
                     std::move(*html), std::move(*sent_at), std::move(eml)};
}

}  // namespace

OutboxMailer::OutboxMailer(fs::path folder, MailIdentity from, bool demo_mode)
    : folder_(std::move(folder)), from_(std::move(from)) {
  if (!demo_mode) {
    throw std::logic_error(
        "the outbox mailer only keeps mail in a folder; it is for demo mode and tests, "
        "configure SMTP for production");
  }
  if (auto checked = validate_identity(from_); !checked) {
    throw std::invalid_argument("mail sender: " + checked.error().message);
  }
  fs::create_directories(folder_);
  // Continue after the newest mail already there, so the order holds across restarts.
  std::error_code error;
  for (const auto& item : fs::directory_iterator(folder_, error)) {
    if (!is_entry_file(item.path())) continue;
    if (const auto micros = micros_from_id(item.path().stem().string())) {
      last_timestamp_ = std::max(last_timestamp_, *micros);
    }
  }
}

std::int64_t OutboxMailer::next_timestamp() {
  const auto now =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  const std::lock_guard lock(mutex_);
  last_timestamp_ = std::max<std::int64_t>(now, last_timestamp_ + 1);
  return last_timestamp_;
}

core::Status OutboxMailer::send(const MailMessage& message) {
  const std::int64_t micros = next_timestamp();
  const std::string id = id_timestamp(micros) + "-" + core::random_token(3);
  const std::string domain = from_.address.substr(from_.address.rfind('@') + 1);
  const auto date = std::chrono::system_clock::time_point(std::chrono::microseconds(micros));
  auto rendered = render_message(message, from_, date, id + "@" + domain);
  if (!rendered) return rendered.error();

  const boost::json::object entry{{"id", id},
                                  {"to", message.to},
                                  {"subject", message.subject},
                                  {"text", message.text},
                                  {"html", message.html},
                                  {"sentAt", iso8601(micros)}};
  // The .json goes last: its presence is what makes the mail listed.
  if (!write_atomically(folder_ / (id + ".eml"), *rendered) ||
      !write_atomically(folder_ / (id + ".json"), boost::json::serialize(entry))) {
    std::error_code ignored;
    fs::remove(folder_ / (id + ".eml"), ignored);
    return mail_failed("Could not write the mail to the outbox folder.",
                       {{"folder", folder_.string()}, {"reason", "io"}});
  }
  return core::Ok{};
}

std::vector<OutboxEntry> OutboxMailer::list(std::size_t limit) const {
  std::vector<fs::path> files;
  std::error_code error;
  for (const auto& item : fs::directory_iterator(folder_, error)) {
    if (is_entry_file(item.path())) files.push_back(item.path());
  }
  // Ids start with the send time, so descending names are newest first.
  std::sort(files.begin(), files.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename() > b.filename(); });
  std::vector<OutboxEntry> entries;
  for (const auto& file : files) {
    if (entries.size() >= limit) break;
    if (auto entry = read_entry(file)) entries.push_back(std::move(*entry));
  }
  return entries;
}

}  // namespace portal::mail
