// Coverage-guided fuzzing of the whole HTTP request path (libFuzzer, clang, `make fuzz`): each input
// is the raw bytes of one request, sent on a connection of its own to a real portal in demo mode
// (fuzz_portal.hpp) and read through Beast's parser, the dispatcher, authentication, the route's DTO
// and its service. The whole library is built with libFuzzer's instrumentation (PORTAL_FUZZ), so
// coverage reached on the portal's I/O and worker threads steers the mutations. Inputs start from
// backend/fuzz/corpus/request_path/ (one documented example per operation, make_corpus.py) with the
// dictionary request_path.dict.
//
// "$USER", "$OPERATOR" and "$PLUGIN" in an input become a player's and the operator's login tokens and
// a game server's plugin key. Each request gets an X-Forwarded-For address of its own after its
// request line, so the per-address rate limits never hide a route. A 500 (an exception a handler let
// through) is a finding: the run stops and libFuzzer saves the input. AddressSanitizer and UBSan stop
// it on a memory error or undefined behaviour.
//
// To see what inputs are answered (a finding, or the corpus itself), run the binary on the files with
// PORTAL_FUZZ_SHOW=1: each answer's status line and the start of its body go to stderr.

#include "fuzz_portal.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

namespace {

std::unique_ptr<portal::fuzz::FuzzPortal> running;
std::uint64_t executions = 0;
bool show_answers = false;

void replace_all(std::string& text, std::string_view from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// Stops the portal's threads before the program's static objects are destroyed (libFuzzer ends
// with exit()).
void stop_portal() { running.reset(); }

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  running = std::make_unique<portal::fuzz::FuzzPortal>("portal-request-libfuzzer");
  std::atexit(stop_portal);
  show_answers = std::getenv("PORTAL_FUZZ_SHOW") != nullptr;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string raw(reinterpret_cast<const char*>(data), size);
  const auto& credentials = running->credentials();
  const bool named_caller = raw.find("$USER") != std::string::npos || raw.find("$OPERATOR") != std::string::npos;
  replace_all(raw, "$USER", credentials.user);
  replace_all(raw, "$OPERATOR", credentials.operator_);
  replace_all(raw, "$PLUGIN", credentials.plugin);
  if (const auto line_end = raw.find("\r\n"); line_end != std::string::npos) {
    raw.insert(line_end + 2, portal::fuzz::forwarded_for_header(++executions));
  }
  const auto answer = running->send(raw);
  if (show_answers) {
    const auto body = answer.start.find("\r\n\r\n");
    const auto line = answer.start.substr(0, answer.start.find("\r\n"));
    std::fprintf(stderr, "%s | %s\n", line.c_str(),
                 body == std::string::npos ? "" : answer.start.substr(body + 4, 160).c_str());
  }
  if (answer.status == 500) {
    std::fprintf(stderr, "the portal answered 500:\n%.*s\n", static_cast<int>(answer.start.size()),
                 answer.start.data());
    std::abort();
  }
  if (answer.status == 401 && named_caller) running->renew_credentials();
  return 0;
}
