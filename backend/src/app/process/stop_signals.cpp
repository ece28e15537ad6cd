#include "app/process/stop_signals.hpp"

#include <pthread.h>

namespace portal::app {

sigset_t block_stop_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  return signals;
}

int wait_for_stop_signal(const sigset_t& signals) {
  int received = 0;
  sigwait(&signals, &received);
  return received;
}

}  // namespace portal::app
