#include "sim/cs2/sim_cluster.hpp"

#include "sim/cs2/sim_server.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <mutex>
#include <thread>

namespace portal::sim {

namespace asio = boost::asio;

struct SimCluster::Impl {
  Impl(std::vector<SimServerSpec> server_specs, const SimClusterOptions& cluster_options)
      : specs(std::move(server_specs)), options(cluster_options), ticker(ioc) {}

  std::vector<SimServerSpec> specs;
  SimClusterOptions options;
  asio::io_context ioc;
  asio::executor_work_guard<asio::io_context::executor_type> guard = asio::make_work_guard(ioc);
  asio::steady_timer ticker;
  std::vector<std::unique_ptr<SimServer>> servers;
  std::thread thread;
  std::once_flag stopped;

  void tick() {
    ticker.expires_after(options.tick);
    ticker.async_wait([this](const boost::system::error_code& ec) {
      if (ec) return;
      const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(options.tick * options.time_scale);
      for (auto& server : servers) server->state().advance(elapsed);
      tick();
    });
  }

  SimServer& at(std::size_t index) const { return *servers.at(index); }
};

SimCluster::SimCluster(std::vector<SimServerSpec> specs, unsigned seed)
    : SimCluster(std::move(specs), seed, SimClusterOptions{}) {}

SimCluster::SimCluster(std::vector<SimServerSpec> specs, unsigned seed, const SimClusterOptions& options)
    : impl_(std::make_unique<Impl>(std::move(specs), options)) {
  auto& impl = *impl_;
  impl.servers.reserve(impl.specs.size());
  // Sockets are bound here, before the thread runs, so the constructor reports a failure itself.
  for (std::size_t i = 0; i < impl.specs.size(); ++i) {
    impl.servers.push_back(
        std::make_unique<SimServer>(impl.ioc, impl.specs[i], seed * 7919u + static_cast<unsigned>(i), options.host));
  }
  for (auto& server : impl.servers) server->start();
  if (options.tick.count() > 0) impl.tick();
  impl.thread = std::thread([&impl] { impl.ioc.run(); });
}

SimCluster::~SimCluster() { stop(); }

void SimCluster::stop() {
  auto& impl = *impl_;
  std::call_once(impl.stopped, [&impl] {
    // Sockets belong to the I/O thread: close them there, then let run() drain and return.
    asio::post(impl.ioc, [&impl] {
      impl.ticker.cancel();
      for (auto& server : impl.servers) server->stop();
      impl.guard.reset();
    });
    if (impl.thread.joinable()) impl.thread.join();
  });
}

std::vector<std::uint16_t> SimCluster::ports() const {
  std::vector<std::uint16_t> out;
  out.reserve(impl_->servers.size());
  for (const auto& server : impl_->servers) out.push_back(server->port());
  return out;
}

std::size_t SimCluster::size() const { return impl_->servers.size(); }
const SimServerSpec& SimCluster::spec(std::size_t index) const { return impl_->specs.at(index); }
SimSnapshot SimCluster::snapshot(std::size_t index) const { return impl_->at(index).snapshot(); }
void SimCluster::set_offline(std::size_t index, bool offline) { impl_->at(index).state().set_offline(offline); }

void SimCluster::set_join_password(std::size_t index, const std::string& password) {
  impl_->at(index).state().set_join_password(password);
}

void SimCluster::advance(std::chrono::milliseconds elapsed) {
  for (auto& server : impl_->servers) server->state().advance(elapsed);
}

}  // namespace portal::sim
