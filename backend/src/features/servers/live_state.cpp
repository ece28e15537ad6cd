#include "features/servers/live_state.hpp"

#include "db/row.hpp"
#include "db/transaction.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <stdexcept>

namespace portal::servers {

namespace json = boost::json;

namespace {

json::array players_json(const std::vector<LivePlayer>& players) {
  json::array out;
  out.reserve(players.size());
  for (const auto& p : players) out.push_back({{"name", p.name}, {"seconds", p.seconds}});
  return out;
}

std::vector<LivePlayer> players_of(const json::value& value) {
  std::vector<LivePlayer> out;
  for (const auto& entry : value.as_array()) {
    const auto& p = entry.as_object();
    out.push_back({std::string(p.at("name").as_string()), p.at("seconds").to_number<double>()});
  }
  return out;
}

int int_of(const json::object& o, std::string_view key) {
  return static_cast<int>(o.at(key).to_number<std::int64_t>());
}

std::string string_of(const json::object& o, std::string_view key) { return std::string(o.at(key).as_string()); }

json::value parse(std::string_view text) {
  try {
    return json::parse(text);
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("the shared live server state is not valid JSON: ") + e.what());
  }
}

}  // namespace

std::string encode_views(const std::vector<ServerView>& servers) {
  json::array out;
  out.reserve(servers.size());
  for (const auto& s : servers) {
    out.push_back({{"id", s.id},
                   {"ip", s.ip},
                   {"port", s.port},
                   {"name", s.name},
                   {"name_display", s.name_display},
                   {"category", s.category},
                   {"region", s.region},
                   {"ontop", s.ontop},
                   {"star", s.star},
                   {"open", s.open},
                   {"map", s.map},
                   {"players", s.players},
                   {"max_players", s.max_players},
                   {"player_list", players_json(s.player_list)},
                   {"ping_ms", s.ping_ms ? json::value(*s.ping_ms) : json::value(nullptr)},
                   {"tickrate", s.tickrate}});
  }
  return json::serialize(out);
}

std::vector<ServerView> decode_views(std::string_view text) {
  const json::value value = parse(text);
  std::vector<ServerView> out;
  try {
    for (const auto& entry : value.as_array()) {
      const auto& o = entry.as_object();
      ServerView s;
      s.id = o.at("id").to_number<std::int64_t>();
      s.ip = string_of(o, "ip");
      s.port = int_of(o, "port");
      s.name = string_of(o, "name");
      s.name_display = string_of(o, "name_display");
      s.category = string_of(o, "category");
      s.region = string_of(o, "region");
      s.ontop = int_of(o, "ontop");
      s.star = int_of(o, "star");
      s.open = o.at("open").as_bool();
      s.map = string_of(o, "map");
      s.players = int_of(o, "players");
      s.max_players = int_of(o, "max_players");
      s.player_list = players_of(o.at("player_list"));
      // Rows written before ping and tickrate were shared lack them.
      if (const auto* ping = o.if_contains("ping_ms"); ping && !ping->is_null()) {
        s.ping_ms = static_cast<int>(ping->to_number<std::int64_t>());
      }
      if (const auto* tickrate = o.if_contains("tickrate"))
        s.tickrate = static_cast<int>(tickrate->to_number<std::int64_t>());
      out.push_back(std::move(s));
    }
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("the shared live server list is malformed: ") + e.what());
  }
  return out;
}

std::string encode_report(const PluginPush& report) {
  return json::serialize(json::object{
      {"map", report.map}, {"max_players", report.max_players}, {"players", players_json(report.players)}});
}

PluginPush decode_report(std::string_view text) {
  const json::value value = parse(text);
  try {
    const auto& o = value.as_object();
    PluginPush out;
    out.map = string_of(o, "map");
    out.max_players = int_of(o, "max_players");
    out.players = players_of(o.at("players"));
    return out;
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("a shared plugin report is malformed: ") + e.what());
  }
}

std::int64_t LiveState::publish(const std::vector<ServerView>& servers, const std::string& instance, std::int64_t now) {
  const std::string body = encode_views(servers);
  return database_.with_session([&](soci::session& sql) {
    return db::write_transaction(sql, database_.engine(), [&] {
      const long long at = now;
      sql << "INSERT INTO server_live_list (id, revision, servers, written_by, written_at) "
             "VALUES (1, 1, :servers, :by, :at) ON CONFLICT (id) DO UPDATE SET "
             "revision = server_live_list.revision + 1, servers = excluded.servers, "
             "written_by = excluded.written_by, written_at = excluded.written_at",
          soci::use(body), soci::use(instance), soci::use(at);
      long long revision = 0;
      sql << "SELECT revision FROM server_live_list WHERE id = 1", soci::into(revision);
      return static_cast<std::int64_t>(revision);
    });
  });
}

std::optional<SharedList> LiveState::newer_than(std::int64_t known) const {
  return database_.with_session([&](soci::session& sql) -> std::optional<SharedList> {
    const long long mine = known;
    long long revision = 0;
    std::string body, by;
    sql << "SELECT revision, servers, written_by FROM server_live_list WHERE id = 1 AND revision <> :known",
        soci::use(mine), soci::into(revision), soci::into(body), soci::into(by);
    if (!sql.got_data()) return std::nullopt;
    return SharedList{revision, decode_views(body), std::move(by)};
  });
}

void LiveState::save_report(std::int64_t server_id, const PluginPush& report, std::int64_t received_at_ms) {
  const std::string body = encode_report(report);
  database_.with_session([&](soci::session& sql) {
    const long long server = server_id, at = received_at_ms;
    sql << "INSERT INTO server_plugin_reports (server_id, report, received_at_ms) VALUES (:server, :report, :at) "
           "ON CONFLICT (server_id) DO UPDATE SET report = excluded.report, received_at_ms = excluded.received_at_ms",
        soci::use(server), soci::use(body), soci::use(at);
  });
}

std::vector<StoredReport> LiveState::reports_since(std::int64_t since_ms) const {
  return database_.with_session([&](soci::session& sql) {
    const long long since = since_ms;
    std::vector<StoredReport> out;
    soci::rowset<soci::row> rows =
        (sql.prepare << "SELECT server_id, report, received_at_ms FROM server_plugin_reports "
                        "WHERE received_at_ms >= :since",
         soci::use(since));
    for (const auto& row : rows) {
      StoredReport report;
      report.server_id = db::row_int64(row, 0);
      report.report = decode_report(db::row_string(row, 1));
      report.received_at_ms = db::row_int64(row, 2);
      out.push_back(std::move(report));
    }
    return out;
  });
}

}  // namespace portal::servers
