#include "sim/cloud/cloud_identity.hpp"

#include "core/private_file.hpp"

#include <boost/json.hpp>

#include <fstream>
#include <optional>
#include <sstream>

namespace portal::sim::cloud {

namespace {

std::optional<CloudCredentials> read_credentials(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  const auto parsed = boost::json::parse(text.str(), ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  const auto* id = parsed.as_object().if_contains("secret_id");
  const auto* key = parsed.as_object().if_contains("secret_key");
  if (!id || !key || !id->is_string() || !key->is_string() || id->as_string().empty() || key->as_string().empty()) {
    return std::nullopt;
  }
  return CloudCredentials{.secret_id = std::string(id->as_string()), .secret_key = std::string(key->as_string())};
}

}  // namespace

CloudCredentials load_or_create_cloud_credentials(const std::filesystem::path& file) {
  if (auto stored = read_credentials(file)) return std::move(*stored);
  const CloudCredentials made = generate_credentials();
  core::write_private_file(file, boost::json::serialize(boost::json::object{{"secret_id", made.secret_id},
                                                                            {"secret_key", made.secret_key}}));
  // Two processes that both found no file each wrote one; the last rename won: answer what is stored.
  if (auto stored = read_credentials(file)) return std::move(*stored);
  return made;
}

}  // namespace portal::sim::cloud
