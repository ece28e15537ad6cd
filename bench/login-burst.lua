-- wrk script: a burst of wrong-password logins, all from this one address, against one account and a
-- spread of unknown ones (a credential-stuffing shape). The portal's /metrics counts the answers by status.
local counter = 0
request = function()
  counter = counter + 1
  local email = (counter % 4 == 0) and "victim@example.com" or ("guess" .. counter .. "@example.com")
  local body = '{"email":"' .. email .. '","password":"Wrong-password-' .. counter .. '"}'
  return wrk.format("POST", "/api/auth/email/login", {["Content-Type"] = "application/json"}, body)
end
