#pragma once
// The request bodies of the auth calls (spec 000 section 7), as http/dto.hpp parses them: exactly these
// keys, each a string of at most the given bytes. What the strings must say is the services' to check.

#include "http/dto.hpp"

#include <boost/describe/class.hpp>

namespace portal::auth::dto {

using http::dto::Text;

using Email = Text<320>;
using Password = Text<1024>;
using SteamId = Text<32>;

struct EmailOnly {
  Email email;
};
BOOST_DESCRIBE_STRUCT(EmailOnly, (), (email))

struct Registration {
  Email email;
  Password password;
  Text<32> code;
};
BOOST_DESCRIBE_STRUCT(Registration, (), (email, password, code))

struct EmailLogin {
  Email email;
  Password password;
};
BOOST_DESCRIBE_STRUCT(EmailLogin, (), (email, password))

struct ResetRequest {
  Email email;
  std::optional<Text<8>> language;  // the mail carries both languages
};
BOOST_DESCRIBE_STRUCT(ResetRequest, (), (email, language))

struct ResetConfirmation {
  Email email;
  Text<128> token;
  Password newPassword;
};
BOOST_DESCRIBE_STRUCT(ResetConfirmation, (), (email, token, newPassword))

struct GameTokenRedemption {
  Email email;
  Text<64> token;
};
BOOST_DESCRIBE_STRUCT(GameTokenRedemption, (), (email, token))

struct SteamBinding {
  Email email;
  SteamId steamId;
};
BOOST_DESCRIBE_STRUCT(SteamBinding, (), (email, steamId))

struct SteamIdOnly {
  SteamId steamId;
};
BOOST_DESCRIBE_STRUCT(SteamIdOnly, (), (steamId))

struct AuthLogEntry {
  SteamId steamId;
  Text<32> action;
};
BOOST_DESCRIBE_STRUCT(AuthLogEntry, (), (steamId, action))

}  // namespace portal::auth::dto
