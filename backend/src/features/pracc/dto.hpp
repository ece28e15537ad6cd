#pragma once
// The request bodies of the rental calls (spec 001 section 7), as http/dto.hpp parses them.

#include "http/dto.hpp"

#include <boost/describe/class.hpp>

#include <optional>

namespace portal::pracc::dto {

using http::dto::List;
using http::dto::Text;

struct ChangePassword {
  Text<64> instance_id;
  Text<256> password;  // the rules (16 letters and digits) are the service's; this only bounds the read
};
BOOST_DESCRIBE_STRUCT(ChangePassword, (), (instance_id, password))

struct AdminRow {
  Text<64> steamid;
  std::optional<Text<256>> name;        // the note
  std::optional<Text<256>> servername;  // echoed by the web; the server's name is the server's
  std::optional<Text<64>> tempId;       // the web's key of an unsaved row
};
BOOST_DESCRIBE_STRUCT(AdminRow, (), (steamid, name, servername, tempId))

struct PutAdmins {
  List<AdminRow, 32> admins;  // more than 7 is refused by the service with its own message
};
BOOST_DESCRIBE_STRUCT(PutAdmins, (), (admins))

struct SwitchRegion {
  Text<32> targetRegion;
};
BOOST_DESCRIBE_STRUCT(SwitchRegion, (), (targetRegion))

struct InstanceRef {
  Text<64> instance_id;
};
BOOST_DESCRIBE_STRUCT(InstanceRef, (), (instance_id))

}  // namespace portal::pracc::dto
