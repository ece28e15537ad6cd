#include "http/server.hpp"

#include "http/api_error.hpp"
#include "http/body_files.hpp"
#include "http/connection_admission.hpp"
#include "http/wire_format.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/url/parse.hpp>
#include <spdlog/spdlog.h>

#include <signal.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <vector>

namespace portal::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
using tcp = asio::ip::tcp;

constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);

namespace {

struct Connection {
  Connection(tcp::socket socket, std::string address) : stream(std::move(socket)), remote(std::move(address)) {}
  beast::tcp_stream stream;
  std::string remote;  // the peer's address; connections are counted per address
  bool busy = false;   // a request is being read past its header, handled or written; strand-only
};

// Errors of the body read that mean the client sent something that is not HTTP (a bad chunk size, a
// chunk extension, ...) rather than that it went away: those are answered 400, not dropped.
bool is_malformed_body(const beast::error_code& ec) {
  if (ec.category() != bhttp::make_error_code(bhttp::error::bad_chunk).category()) return false;
  return ec != bhttp::error::partial_message && ec != bhttp::error::end_of_stream && ec != bhttp::error::need_more &&
         ec != bhttp::error::body_limit;
}

}  // namespace

struct Server::Impl {
  Impl(ServerOptions opts, const Dispatcher& d, ServerPools p)
      : options(std::move(opts)),
        dispatcher(d),
        pools(p),
        acceptor(ioc),
        drain_timer(ioc),
        admission(options.max_connections_per_address) {
    if (!pools.database) throw std::invalid_argument("the server needs a database pool");
    if (!pools.hashing) pools.hashing = pools.database;
    if (!pools.outbound) pools.outbound = pools.database;
  }

  ServerOptions options;
  const Dispatcher& dispatcher;
  ServerPools pools;
  // One event loop per I/O thread, as nginx runs one worker per core: a connection lives on one loop,
  // run by one thread, so its steps need no strand and no thread hands work to another. `ioc` is the
  // first loop; it also runs the acceptor and the shutdown. The other loops are declared first so that
  // they outlive it: an accept still pending in `ioc` holds a socket of one of them.
  std::vector<std::unique_ptr<asio::io_context>> more_loops;
  asio::io_context ioc{1};
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> work_guards;
  std::size_t next_loop = 0;  // the accept loop's round robin
  tcp::acceptor acceptor;
  asio::steady_timer drain_timer;
  std::vector<std::thread> threads;
  std::atomic<bool> stop_requested{false};
  std::atomic<bool> draining{false};

  std::mutex connections_mutex;
  std::unordered_map<Connection*, std::weak_ptr<Connection>> connections;
  AddressAdmission admission;

  asio::awaitable<void> accept_loop();
  asio::io_context& loop_for_next_connection() {
    const std::size_t index = next_loop++ % (1 + more_loops.size());
    return index == 0 ? ioc : *more_loops[index - 1];
  }
  // Coroutines take no by-value class parameters: GCC 12 destroys such parameters twice.
  asio::awaitable<void> session(Connection& connection);
  asio::awaitable<Response> run_on_pool(WorkerPool& pool, const std::shared_ptr<Request>& request, const Route& route);
  WorkerPool& pool_for(Exec exec) {
    if (exec == Exec::hashing) return *pools.hashing;
    if (exec == Exec::outbound) return *pools.outbound;
    return *pools.database;
  }
  asio::awaitable<void> drain(std::chrono::steady_clock::time_point deadline);
  void begin_shutdown();

  std::size_t connection_count() {
    std::lock_guard lock(connections_mutex);
    return connections.size();
  }
};

asio::awaitable<void> Server::Impl::accept_loop() {
  while (acceptor.is_open()) {
    asio::io_context& loop = loop_for_next_connection();  // named: see run_on_pool on co_await temporaries
    auto [ec, socket] = co_await acceptor.async_accept(loop, use_tuple);
    if (ec) {
      if (!acceptor.is_open() || ec == asio::error::operation_aborted) co_return;
      spdlog::warn("accept failed: {}", ec.message());
      // Out of descriptors and similar: back off briefly instead of spinning.
      asio::steady_timer pause(ioc, std::chrono::milliseconds(50));
      co_await pause.async_wait(use_tuple);
      continue;
    }
    std::string address;
    {
      beast::error_code endpoint_ec;
      auto endpoint = socket.remote_endpoint(endpoint_ec);
      if (!endpoint_ec) address = endpoint.address().to_string();
    }
    auto connection = std::make_shared<Connection>(tcp::socket(std::move(socket)), std::move(address));
    if (!admission.admit(connection->remote)) {
      dispatcher.metrics().connection_refused();
      // Owned by the completion handler until the refusal is written; not counted, not drained.
      asio::co_spawn(connection->stream.get_executor(), refuse_connection(connection->stream),
                     [connection](std::exception_ptr) {});
      continue;
    }
    {
      std::lock_guard lock(connections_mutex);
      connections.emplace(connection.get(), connection);
    }
    Connection* key = connection.get();
    // The completion handler owns the connection until the session coroutine has finished.
    asio::co_spawn(connection->stream.get_executor(), session(*connection),
                   [this, key, connection](std::exception_ptr error) {
                     if (error) {
                       try {
                         std::rethrow_exception(error);
                       } catch (const std::exception& e) {
                         spdlog::error("connection ended by an exception: {}", e.what());
                       }
                     }
                     admission.release(connection->remote);
                     std::lock_guard lock(connections_mutex);
                     connections.erase(key);
                   });
  }
}

// Runs the handler on the route's pool and resumes this coroutine on its strand. The pool task owns a
// reference to the request, so a stop that abandons the coroutine leaves it nothing dangling. A pool
// with no room answers at once: 503 SERVER_BUSY with Retry-After, the handler never runs.
asio::awaitable<Response> Server::Impl::run_on_pool(WorkerPool& pool, const std::shared_ptr<Request>& request,
                                                    const Route& route) {
  const auto executor = co_await asio::this_coro::executor;
  // The initiation lambda is a temporary of the co_await expression, and GCC 12 destroys the
  // class-type captures of such temporaries twice: it captures only pointers to named locals and
  // copies what it needs into the task, which is an ordinary heap object.
  const auto* executor_ptr = &executor;
  const auto* request_ptr = &request;
  const Route* route_ptr = &route;
  WorkerPool* pool_ptr = &pool;
  Response response = co_await asio::async_initiate<decltype(asio::use_awaitable), void(Response)>(
      [this, executor_ptr, request_ptr, route_ptr, pool_ptr](auto handler) {
        auto shared_handler = std::make_shared<decltype(handler)>(std::move(handler));
        const bool queued =
            pool_ptr->try_post([this, executor = *executor_ptr, owned = *request_ptr, route_ptr, shared_handler] {
              Response result = dispatcher.run(*owned, *route_ptr);
              asio::post(executor, [shared_handler, result = std::move(result)]() mutable {
                (*shared_handler)(std::move(result));
              });
            });
        if (!queued) {
          asio::post(*executor_ptr, [shared_handler, name = pool_ptr->name()]() mutable {
            (*shared_handler)(error_response(errors::server_busy(name, std::chrono::seconds(1))));
          });
        }
      },
      asio::use_awaitable);
  co_return response;
}

asio::awaitable<void> Server::Impl::session(Connection& connection) {
  // Each I/O thread runs one event loop, so its sessions share one set of memory files.
  thread_local BodyFiles body_files;
  const std::chrono::steady_clock::duration write_timeout = options.write_timeout;  // named: no temporaries in co_await
  auto& stream = connection.stream;
  beast::flat_buffer buffer;
  const std::string& remote = connection.remote;
  bool first = true;

  while (!draining) {
    connection.busy = false;
    bhttp::request_parser<bhttp::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(options.header_limit));
    // The limit depends on the route, known only after the header: Beast would otherwise reject a
    // Content-Length over the default while reading the header. It is checked below.
    parser.body_limit(boost::none);
    stream.expires_after(first ? options.read_timeout : options.idle_timeout);
    auto [read_ec, header_bytes] = co_await bhttp::async_read_header(stream, buffer, parser, use_tuple);
    connection.busy = true;
    first = false;

    const auto started = std::chrono::steady_clock::now();
    auto request = std::make_shared<Request>();
    request->remote_address = remote;
    Response response;
    Dispatcher::Plan plan;
    bool keep_alive = false;
    unsigned version = 11;

    if (read_ec == bhttp::error::header_limit) {
      request->request_id = make_request_id({});
      response = error_response(errors::headers_too_large(options.header_limit), 431);
    } else if (read_ec == bhttp::error::end_of_stream || read_ec == beast::error::timeout ||
               read_ec == asio::error::operation_aborted || read_ec == asio::error::connection_reset ||
               read_ec == asio::error::eof || read_ec == asio::error::bad_descriptor) {
      break;
    } else if (read_ec) {
      request->request_id = make_request_id({});
      response = error_response(errors::bad_request("Malformed HTTP request"));
    } else {
      dispatcher.metrics().request_started();
      auto& message = parser.get();
      version = message.version();
      keep_alive = message.keep_alive();
      if (!fill_request(message, *request)) {
        request->request_id = make_request_id(request->header("X-Request-Id"));
        response = error_response(errors::bad_request("Invalid request target"));
      } else {
        plan = dispatcher.plan(*request);
        const auto declared_length = parser.content_length();
        if (plan.response) {
          response = std::move(*plan.response);
        } else if (declared_length && *declared_length > plan.body_limit) {
          response = error_response(errors::payload_too_large(plan.body_limit), 413);
        } else {
          parser.body_limit(plan.body_limit);
          if (beast::iequals(message[bhttp::field::expect], "100-continue")) {
            bhttp::response<bhttp::empty_body> go_on{bhttp::status::continue_, version};
            stream.expires_after(options.write_timeout);
            co_await bhttp::async_write(stream, go_on, use_tuple);
          }
          // A request without a body (most GETs) is complete with its header: reading on would cost
          // another trip through the event loop for nothing.
          beast::error_code body_ec;
          if (!parser.is_done()) {
            stream.expires_after(options.read_timeout);
            auto [read_body_ec, body_bytes] = co_await bhttp::async_read(stream, buffer, parser, use_tuple);
            body_ec = read_body_ec;
          }
          if (body_ec == bhttp::error::body_limit) {
            response = error_response(errors::payload_too_large(plan.body_limit), 413);
          } else if (body_ec == beast::error::timeout) {
            response = error_response(errors::request_timeout(), 408);
          } else if (is_malformed_body(body_ec)) {
            response = error_response(errors::bad_request("Malformed request body"));
          } else if (body_ec) {
            dispatcher.metrics().request_finished();
            break;  // the client went away mid-body
          } else {
            request->body = std::move(parser.get().body());
            // Not a conditional expression: GCC 12 miscompiles co_await inside ?: (double destruction).
            if (plan.run_on_worker) {
              WorkerPool& pool = pool_for(plan.exec);
              response = co_await run_on_pool(pool, request, *plan.route);
            } else {
              response = dispatcher.run(*request, *plan.route);
            }
          }
        }
      }
      dispatcher.metrics().request_finished();
    }

    // A body we did not read would be parsed as the next request: close instead.
    if (!parser.is_done() || draining || response.status == 431 || response.status == 400) keep_alive = false;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    dispatcher.finish(*request, response, plan.label, seconds);

    const WireResponse wire = to_wire(response, version, keep_alive, request->method == Method::head);
    const beast::error_code write_ec = co_await write_response(stream, wire, body_files, write_timeout);
    if (write_ec || !keep_alive) break;
  }

  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream.close();
}

void Server::Impl::begin_shutdown() {
  draining = true;
  beast::error_code ignored;
  acceptor.close(ignored);
  std::vector<std::shared_ptr<Connection>> alive;
  {
    std::lock_guard lock(connections_mutex);
    for (auto& [key, weak] : connections) {
      if (auto connection = weak.lock()) alive.push_back(std::move(connection));
    }
  }
  for (auto& connection : alive) {
    // Idle connections wait for a next request that must not come; busy ones close after answering.
    asio::post(connection->stream.get_executor(), [connection] {
      if (!connection->busy) connection->stream.socket().cancel();
    });
  }
  asio::co_spawn(ioc, drain(std::chrono::steady_clock::now() + options.shutdown_grace), asio::detached);
}

asio::awaitable<void> Server::Impl::drain(std::chrono::steady_clock::time_point deadline) {
  while (connection_count() > 0 && std::chrono::steady_clock::now() < deadline) {
    drain_timer.expires_after(std::chrono::milliseconds(10));
    co_await drain_timer.async_wait(use_tuple);
  }
  if (auto left = connection_count(); left > 0) {
    spdlog::warn("shutdown grace period over with {} connection(s) still open", left);
  }
  work_guards.clear();
  ioc.stop();
  for (auto& loop : more_loops) loop->stop();
}

Server::Server(ServerOptions options, const Dispatcher& dispatcher, WorkerPool& workers)
    : Server(std::move(options), dispatcher, ServerPools{.database = &workers}) {}

Server::Server(ServerOptions options, const Dispatcher& dispatcher, ServerPools pools)
    : impl_(std::make_unique<Impl>(std::move(options), dispatcher, pools)) {}

Server::~Server() {
  stop();
  wait();
}

std::uint16_t Server::start() {
  // Large bodies leave through sendfile(2) (body_files.hpp), which cannot take MSG_NOSIGNAL: a client
  // that resets mid-body would raise SIGPIPE, whose default action ends the whole process. Ignored,
  // it is the EPIPE the write loop already handles, as nginx does it.
  struct sigaction ignore_broken_pipes {};
  ignore_broken_pipes.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore_broken_pipes, nullptr);

  auto& impl = *impl_;
  const tcp::endpoint endpoint{asio::ip::make_address(impl.options.host), impl.options.port};
  impl.acceptor.open(endpoint.protocol());
  impl.acceptor.set_option(asio::socket_base::reuse_address(true));
  impl.acceptor.bind(endpoint);
  impl.acceptor.listen(asio::socket_base::max_listen_connections);
  const auto port = impl.acceptor.local_endpoint().port();

  for (int i = 1; i < impl.options.io_threads; ++i) impl.more_loops.push_back(std::make_unique<asio::io_context>(1));
  impl.work_guards.push_back(asio::make_work_guard(impl.ioc));
  for (auto& loop : impl.more_loops) impl.work_guards.push_back(asio::make_work_guard(*loop));
  asio::co_spawn(impl.ioc, impl.accept_loop(), asio::detached);
  for (int i = 0; i < std::max(1, impl.options.io_threads); ++i) {
    asio::io_context& loop = i == 0 ? impl.ioc : *impl.more_loops[static_cast<std::size_t>(i - 1)];
    impl.threads.emplace_back([&impl, &loop] {
      if (impl.options.on_io_thread_start) impl.options.on_io_thread_start();
      loop.run();
    });
  }
  return port;
}

void Server::stop() {
  if (impl_->stop_requested.exchange(true)) return;
  if (impl_->threads.empty()) return;  // never started
  asio::post(impl_->ioc, [impl = impl_.get()] { impl->begin_shutdown(); });
}

void Server::wait() {
  for (auto& thread : impl_->threads) {
    if (thread.joinable()) thread.join();
  }
}

}  // namespace portal::http
