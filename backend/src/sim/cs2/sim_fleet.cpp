#include "sim/cs2/sim_fleet.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <future>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace portal::sim {

namespace asio = boost::asio;

struct SimFleet::Impl {
  explicit Impl(const SimFleetOptions& fleet_options) : options(fleet_options), ticker(ioc) {}

  SimFleetOptions options;
  asio::io_context ioc;
  asio::executor_work_guard<asio::io_context::executor_type> guard = asio::make_work_guard(ioc);
  asio::steady_timer ticker;
  std::thread thread;
  std::once_flag stopped;

  mutable std::mutex mutex;  // guards servers and next_id
  std::map<ServerId, std::shared_ptr<SimServer>> servers;
  ServerId next_id = 1;
  bool closed = false;

  std::vector<std::shared_ptr<SimServer>> all() const {
    std::lock_guard lock(mutex);
    std::vector<std::shared_ptr<SimServer>> out;
    out.reserve(servers.size());
    for (const auto& [id, server] : servers) out.push_back(server);
    return out;
  }

  void tick() {
    ticker.expires_after(options.tick);
    ticker.async_wait([this](const boost::system::error_code& ec) {
      if (ec) return;
      const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(options.tick * options.time_scale);
      for (const auto& server : all()) server->state().advance(elapsed);
      tick();
    });
  }

  // Runs `work` on the I/O thread and waits for it, so its effect on the sockets is done on return.
  template <typename Work>
  void run_on_io(Work work) {
    if (ioc.get_executor().running_in_this_thread()) {
      work();
      return;
    }
    auto done = std::make_shared<std::promise<void>>();
    auto finished = done->get_future();
    auto claimed = std::make_shared<std::atomic<bool>>(false);
    asio::post(ioc, [work, done, claimed] {
      if (claimed->exchange(true)) return;
      work();
      done->set_value();
    });
    // A stop() racing with this call may end the I/O thread before the work ran: then nothing runs
    // the sockets any more and the work is done here.
    while (finished.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      if (ioc.stopped() && !claimed->exchange(true)) {
        work();
        return;
      }
    }
  }
};

SimFleet::SimFleet(SimFleetOptions options) : impl_(std::make_unique<Impl>(options)) {
  if (options.tick.count() > 0) impl_->tick();
  impl_->thread = std::thread([impl = impl_.get()] { impl->ioc.run(); });
}

SimFleet::~SimFleet() { stop(); }

SimFleet::ServerId SimFleet::add(const SimServerSpec& spec, unsigned seed, const std::string& host,
                                 std::uint16_t port) {
  // Bound here, on the caller's thread, so a taken address is reported to the caller; serving starts
  // on the I/O thread before this returns, so an RCON client may connect at once.
  auto server = std::make_shared<SimServer>(impl_->ioc, spec, seed, host, port);
  ServerId id = 0;
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->closed)
      throw std::system_error(std::make_error_code(std::errc::operation_canceled), "sim fleet stopped");
    id = impl_->next_id++;
    impl_->servers.emplace(id, server);
  }
  impl_->run_on_io([server] { server->start(); });
  return id;
}

void SimFleet::remove(ServerId id) {
  std::shared_ptr<SimServer> server;
  {
    std::lock_guard lock(impl_->mutex);
    const auto found = impl_->servers.find(id);
    if (found == impl_->servers.end()) return;
    server = std::move(found->second);
    impl_->servers.erase(found);
  }
  // Pending operations hold the server's internals until they have completed as cancelled.
  impl_->run_on_io([server] { server->stop(); });
}

void SimFleet::power_off(ServerId id) {
  const auto server = find(id);
  if (server) impl_->run_on_io([server] { server->power_off(); });
}

std::size_t SimFleet::size() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->servers.size();
}

std::shared_ptr<SimServer> SimFleet::find(ServerId id) const {
  std::lock_guard lock(impl_->mutex);
  const auto found = impl_->servers.find(id);
  return found == impl_->servers.end() ? nullptr : found->second;
}

std::optional<SimSnapshot> SimFleet::snapshot(ServerId id) const {
  const auto server = find(id);
  if (!server) return std::nullopt;
  return server->snapshot();
}

void SimFleet::stop() {
  auto& impl = *impl_;
  std::call_once(impl.stopped, [&impl] {
    {
      std::lock_guard lock(impl.mutex);
      impl.closed = true;
    }
    // Sockets belong to the I/O thread: close them there, then let run() drain and return.
    asio::post(impl.ioc, [&impl] {
      impl.ticker.cancel();
      for (const auto& server : impl.all()) server->stop();
      impl.guard.reset();
    });
    if (impl.thread.joinable()) impl.thread.join();
    std::lock_guard lock(impl.mutex);
    impl.servers.clear();
  });
}

}  // namespace portal::sim
