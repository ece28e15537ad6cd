#pragma once
// The request and response as handlers see them: plain data, no Beast types, so features compile
// without the network headers. http/server converts between these and Beast messages.

#include <boost/json/value.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::http {

enum class Method { get, head, post, put, patch, del, options, other };

std::string_view to_string(Method method);
Method method_from_string(std::string_view text);

// Header names compare case-insensitively, as HTTP says.
struct CaseInsensitiveLess {
  bool operator()(std::string_view a, std::string_view b) const;
};
using Headers = std::map<std::string, std::string, CaseInsensitiveLess>;

// Who is calling, as resolved from the bearer token by the Authenticator.
struct Principal {
  std::string user_id;
  std::string steam_id;
  bool is_op = false;              // resolved on op routes only; false elsewhere
  std::string token_id;            // jti of the bearer token, so logout can revoke exactly it
  long long token_expires_at = 0;  // unix seconds
  std::string session_id;          // login tokens: the sign-in they descend from
  std::string email;               // bind tokens: the e-mail account being bound
  long long game_server_id = 0;    // game-server keys: the server the key belongs to
  std::string rental_server_id;    // rented servers' keys (scope rental): the rented server, "srv_..."
};

struct Request {
  Method method = Method::get;
  std::string target;  // as received: path and query
  std::string path;    // percent-decoded path
  std::map<std::string, std::string> query;
  std::map<std::string, std::string> path_params;  // {name} segments of the matched route
  Headers headers;
  std::string body;
  std::string request_id;
  std::string remote_address;
  std::optional<Principal> principal;

  std::string_view header(std::string_view name) const;  // empty when absent
  std::optional<std::string_view> query_param(std::string_view name) const;
  std::string_view path_param(std::string_view name) const;
  // The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), or empty.
  std::string_view bearer_token() const;
};

// Headers many responses carry (the security headers), owned by whoever built them (the response
// policy) for as long as responses are written: listed in `fields`, and as they go on the wire.
struct SharedHeaders {
  std::vector<std::pair<std::string, std::string>> fields;
  std::string wire;  // "Name: value\r\n" for each field, checked for CR and LF when built
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  // An immutable body shared with a cache (static files, prebuilt snapshots); when set it is sent
  // instead of `body`, without a copy.
  std::shared_ptr<const std::string> shared_body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers; names validated on write
  const SharedHeaders* shared_headers = nullptr;             // written as they are, without a copy
  // Pages the portal itself shows in a frame (the demo stand-ins of the VIP checkout and the inventory
  // site) may be framed by our own origin; every other response may not be framed at all.
  bool frameable_by_self = false;

  std::string_view payload() const { return shared_body ? std::string_view(*shared_body) : std::string_view(body); }
  void set_header(std::string name, std::string value);
  const std::string* find_header(std::string_view name) const;
};

Response json_response(const boost::json::value& value, int status = 200);
Response text_response(std::string body, std::string content_type, int status = 200);
Response shared_response(std::shared_ptr<const std::string> body, std::string content_type, int status = 200);
Response empty_response(int status = 204);

}  // namespace portal::http
