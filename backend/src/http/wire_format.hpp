#pragma once
// The HTTP/1.1 messages as the server reads and writes them: a parsed Beast request turned into our
// Request (path decoded, query split, repeated headers joined), and a Response turned into the bytes
// of its head plus its shared body.

#include "http/message.hpp"

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include <memory>
#include <string>

namespace portal::http {

using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;

// Returns false when the target is not a valid origin-form URL.
bool fill_request(const BeastRequest& source, Request& request);

// The head serialised into one string, then the (shared, never copied) body. Cheaper than Beast's
// message serializer, which allocates a node per header field; Beast still parses every request.
struct WireResponse {
  std::string head;
  std::shared_ptr<const std::string> body;  // null when there is none (HEAD, 204, 304)
};

// Headers holding CR or LF are dropped (and logged), never sent.
WireResponse to_wire(Response& response, unsigned version, bool keep_alive, bool head_request);

}  // namespace portal::http
