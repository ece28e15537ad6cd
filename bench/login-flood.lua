-- wrk script: wrong-password logins from many client addresses (a credential-stuffing botnet): each
-- request claims its own X-Forwarded-For address (the portal runs with security.trust_forwarded_for),
-- so the per-address login limit never refuses them and every one costs a password hash unless the
-- hashing pool is full. LOGIN_DELAY_MS paces each connection (0: as fast as answers come back).
local counter = 0
local pace = tonumber(os.getenv("LOGIN_DELAY_MS") or "0")
local thread_id = 0

setup = function(thread)
  thread:set("thread_id", thread_id)
  thread_id = thread_id + 1
end

request = function()
  counter = counter + 1
  local n = counter * 16 + (thread_id or 0)
  local address = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  local email = "guess" .. n .. "@example.com"
  local body = '{"email":"' .. email .. '","password":"Wrong-password-' .. n .. '"}'
  return wrk.format("POST", "/api/auth/email/login",
    {["Content-Type"] = "application/json", ["X-Forwarded-For"] = address}, body)
end

if pace > 0 then
  delay = function() return pace end
end
