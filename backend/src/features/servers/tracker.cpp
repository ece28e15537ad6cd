#include "features/servers/tracker.hpp"

namespace portal::servers {

std::shared_ptr<const Snapshot> Tracker::apply_cycle(const std::vector<GameServer>& servers,
                                                     const std::vector<LiveReading>& readings, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  std::map<std::int64_t, State> next;
  for (std::size_t i = 0; i < servers.size(); ++i) {
    State state = states_.count(servers[i].id) ? states_[servers[i].id] : State{};
    if (i < readings.size() && readings[i].answered) {
      // A2S_PLAYER may fail while INFO answered: keep the previous names rather than showing none.
      LiveReading reading = readings[i];
      if (!reading.has_player_list && state.last.has_player_list) {
        reading.has_player_list = true;
        reading.player_list = state.last.player_list;
      }
      state.last = std::move(reading);
      state.misses = 0;
      state.ever_answered = true;
    } else {
      ++state.misses;
    }
    next.emplace(servers[i].id, std::move(state));
  }
  servers_ = servers;
  states_ = std::move(next);
  return rebuild(now);
}

std::shared_ptr<const Snapshot> Tracker::apply_push(std::int64_t server_id, PluginPush push, Clock::time_point now) {
  std::function<void(std::int64_t, const PluginPush&)> listener;
  {
    std::lock_guard lock(mutex_);
    listener = push_listener_;
  }
  if (listener) listener(server_id, push);
  std::lock_guard lock(mutex_);
  if (!leading_) {
    // Laid over the shared list until the leader's next list (which includes it) replaces it.
    for (auto& view : adopted_) {
      if (view.id != server_id) continue;
      view.open = true;
      view.map = push.map;
      view.players = static_cast<int>(push.players.size());
      view.max_players = push.max_players;
      view.player_list = push.players;
    }
    return make_snapshot(adopted_);
  }
  State& state = states_[server_id];
  state.push = std::move(push);
  state.push_at = now;
  return rebuild(now);
}

void Tracker::note_push(std::int64_t server_id, PluginPush push, Clock::time_point at) {
  std::lock_guard lock(mutex_);
  State& state = states_[server_id];
  if (state.push && state.push_at >= at) return;
  state.push = std::move(push);
  state.push_at = at;
}

void Tracker::set_leading(bool leading) {
  std::lock_guard lock(mutex_);
  leading_ = leading;
}

bool Tracker::leading() const {
  std::lock_guard lock(mutex_);
  return leading_;
}

std::shared_ptr<const Snapshot> Tracker::adopt(std::vector<ServerView> views) {
  std::lock_guard lock(mutex_);
  if (leading_) return nullptr;
  adopted_ = std::move(views);
  return make_snapshot(adopted_);
}

void Tracker::on_push(std::function<void(std::int64_t, const PluginPush&)> listener) {
  std::lock_guard lock(mutex_);
  push_listener_ = std::move(listener);
}

ServerView Tracker::view_of(const GameServer& server, const State& state, Clock::time_point now) const {
  ServerView view;
  view.id = server.id;
  view.ip = server.ip;
  view.port = server.port;
  view.name = server.name;
  view.name_display = server.name_display;
  view.category = server.category;
  view.region = server.region;
  view.ontop = server.ontop;
  view.star = server.star;
  // The ping is the portal's own A2S measurement; a plugin push does not carry one.
  const bool answering = state.ever_answered && state.misses < options_.offline_after_misses;
  if (answering) view.ping_ms = state.last.ping_ms;
  if (state.push && now - state.push_at <= options_.plugin_fresh) {
    view.open = true;
    view.map = state.push->map;
    view.players = static_cast<int>(state.push->players.size());
    view.max_players = state.push->max_players;
    view.player_list = state.push->players;
    return view;
  }
  view.open = answering;
  if (state.ever_answered) {
    view.map = state.last.map;
    view.max_players = state.last.max_players;
    // Players on a server that stopped answering are not playing there any more.
    view.players = view.open ? state.last.players : 0;
    if (view.open) view.player_list = state.last.player_list;
  }
  return view;
}

std::shared_ptr<const Snapshot> Tracker::rebuild(Clock::time_point now) const {
  std::vector<ServerView> views;
  views.reserve(servers_.size());
  for (const auto& server : servers_) {
    auto it = states_.find(server.id);
    views.push_back(view_of(server, it == states_.end() ? State{} : it->second, now));
  }
  return make_snapshot(std::move(views));
}

}  // namespace portal::servers
