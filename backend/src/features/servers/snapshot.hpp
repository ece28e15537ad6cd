#pragma once
// The server list as served: an immutable snapshot rebuilt after every refresh cycle or plugin push,
// with the full list pre-serialised and pre-compressed so GET /api/servers costs no work per request.

#include "features/servers/live_source.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace portal::servers {

// CS2 servers tick at 64 (sub-tick; the old 128-tick setting is gone). Stock CS2 answers no A2S_RULES
// and the plugin status push carries no tick rate, so no server reports it: every server shows this
// default until one does.
inline constexpr int kDefaultTickrate = 64;

struct ServerView {
  std::int64_t id = 0;
  std::string ip;
  int port = 0;
  std::string name;
  std::string name_display;
  std::string category;
  std::string region;
  int ontop = 0;
  int star = 0;
  bool open = false;
  std::string map;
  int players = 0;
  int max_players = 0;
  std::vector<LivePlayer> player_list;
  std::optional<int> ping_ms;       // the portal's last A2S round trip; none while offline
  int tickrate = kDefaultTickrate;  // see kDefaultTickrate
};

struct Snapshot {
  std::vector<ServerView> servers;
  std::shared_ptr<const std::string> json;       // the full list, as GET /api/servers answers it
  std::shared_ptr<const std::string> json_gzip;  // the same bytes, gzip-compressed
  std::string etag;

  const ServerView* find(const std::string& ip, int port) const;
  const ServerView* find(std::int64_t id) const;
};

// The spec's list item (spec 000 §3).
boost::json::object item_json(const ServerView& server);
// The details page's server: the list item plus ping (ms, null when unknown) and tickrate. The list
// keeps the spec's item only.
boost::json::object details_json(const ServerView& server);
std::shared_ptr<const Snapshot> make_snapshot(std::vector<ServerView> servers);

// Holds the current snapshot; readers never wait for a rebuild.
class SnapshotStore {
 public:
  SnapshotStore() : current_(make_snapshot({})) {}
  std::shared_ptr<const Snapshot> get() const {
    std::lock_guard lock(mutex_);
    return current_;
  }
  void set(std::shared_ptr<const Snapshot> snapshot) {
    std::lock_guard lock(mutex_);
    current_ = std::move(snapshot);
  }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const Snapshot> current_;
};

}  // namespace portal::servers
