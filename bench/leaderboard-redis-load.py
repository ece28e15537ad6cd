#!/usr/bin/env python3
"""Entry 5's Redis reference data: one leaderboard ranking as sorted sets, in the Redis protocol for
`redis-cli --pipe`.

stdin: "steam_id kills deaths group_bits" per line (the portal's ranking, any order).
stdout: ZADD commands (1,000 members each) building KEY (every player) and FILTERED_KEY (players with
any of the groups pro, kol, op: group_bits & 7).

Score kills * 2^21 - deaths and member 99999999999999999 - SteamID64 (17 digits): Redis orders a
sorted set by score descending and equal scores in reverse byte order of the member, which is then
exactly the portal's order (kills descending, deaths ascending, SteamID64 ascending).

usage: leaderboard-redis-load.py KEY FILTERED_KEY < ranking > commands
"""
import sys

KILLS_SCALE = 1 << 21
COMPLEMENT = 99999999999999999
CHUNK = 1000


def command(words):
    parts = [b"*%d\r\n" % len(words)]
    for word in words:
        parts.append(b"$%d\r\n%s\r\n" % (len(word), word))
    return b"".join(parts)


def main():
    key, filtered_key = sys.argv[1].encode(), sys.argv[2].encode()
    out = sys.stdout.buffer
    pending = {key: [], filtered_key: []}
    counts = {key: 0, filtered_key: 0}

    def flush(name):
        if pending[name]:
            out.write(command([b"ZADD", name] + pending[name]))
            counts[name] += len(pending[name]) // 2
            pending[name] = []

    for line in sys.stdin.buffer:
        steam_id, kills, deaths, bits = line.split()
        kills, deaths = int(kills), int(deaths)
        if not 0 <= deaths < KILLS_SCALE:
            sys.exit(f"deaths {deaths} of {steam_id.decode()} do not fit below 2^21")
        pair = [b"%d" % (kills * KILLS_SCALE - deaths), b"%017d" % (COMPLEMENT - int(steam_id))]
        names = (key, filtered_key) if int(bits) & 7 else (key,)
        for name in names:
            pending[name].extend(pair)
            if len(pending[name]) >= 2 * CHUNK:
                flush(name)
    for name in pending:
        flush(name)
    print(f"redis load: {counts[key]} players in {key.decode()}, {counts[filtered_key]} in {filtered_key.decode()}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
