#pragma once
// The request body of the rented servers' plugin routes, as http/dto.hpp parses it.

#include "http/dto.hpp"

#include <boost/describe/class.hpp>

#include <optional>

namespace portal::pracc::dto {

struct SeenPlayerRow {
  http::dto::Text<32> steamid;              // a SteamID64: checked by the service
  std::optional<http::dto::Text<64>> name;  // at most 64 bytes of UTF-8
};
BOOST_DESCRIBE_STRUCT(SeenPlayerRow, (), (steamid, name))

struct PlayersReport {
  http::dto::List<SeenPlayerRow, 64> players;
};
BOOST_DESCRIBE_STRUCT(PlayersReport, (), (players))

}  // namespace portal::pracc::dto
