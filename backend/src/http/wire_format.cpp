#include "http/wire_format.hpp"

#include <boost/beast/http/status.hpp>
#include <boost/url/parse.hpp>
#include <spdlog/spdlog.h>

namespace portal::http {

namespace bhttp = boost::beast::http;

namespace {

// A plain loop: find_first_of calls memchr on the two-byte set once per character of the text.
bool has_crlf(std::string_view text) {
  for (const char c : text) {
    if (c == '\r' || c == '\n') return true;
  }
  return false;
}

}  // namespace

bool fill_request(const BeastRequest& source, Request& request) {
  request.method = method_from_string(source.method_string());
  request.target = std::string(source.target());
  for (const auto& field : source) {
    auto [it, inserted] = request.headers.emplace(std::string(field.name_string()), std::string(field.value()));
    if (!inserted) it->second += ", " + std::string(field.value());
  }
  auto url = boost::urls::parse_origin_form(source.target());
  if (!url) return false;
  request.path = url->path();
  if (request.path.empty()) request.path = "/";
  for (auto param : url->params()) request.query[param.key] = param.value;
  return true;
}

WireResponse to_wire(Response& response, unsigned version, bool keep_alive, bool head_request) {
  WireResponse wire;
  const bool bodiless = response.status == 204 || response.status == 304 || response.status < 200;
  std::shared_ptr<const std::string> body;
  if (!bodiless) {
    body = response.shared_body ? std::move(response.shared_body)
                                : std::make_shared<const std::string>(std::move(response.body));
  }
  std::string& out = wire.head;
  out.reserve(1024);
  out += version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
  out += std::to_string(response.status);
  out += ' ';
  out += bhttp::obsolete_reason(static_cast<bhttp::status>(response.status));
  out += "\r\n";
  auto field = [&out](std::string_view name, std::string_view value) {
    // A value carrying CR or LF would split the header (response splitting): never send it.
    if (has_crlf(name) || has_crlf(value)) {
      spdlog::error("dropped response header '{}' holding CR or LF", name);
      return;
    }
    out.append(name).append(": ").append(value).append("\r\n");
  };
  if (!response.content_type.empty()) field("Content-Type", response.content_type);
  if (response.shared_headers) out += response.shared_headers->wire;
  for (const auto& [name, value] : response.headers) field(name, value);
  // For HEAD the length is that of the GET answer.
  if (body) field("Content-Length", std::to_string(body->size()));
  if (!keep_alive) {
    field("Connection", "close");
  } else if (version == 10) {
    field("Connection", "keep-alive");
  }
  out += "\r\n";
  if (!head_request) wire.body = std::move(body);
  return wire;
}

}  // namespace portal::http
