#pragma once
// SIGINT/SIGTERM handling for long-running programs (`portal serve`, the bench servers): block both
// before any thread starts, so only the waiting thread ever sees them.

#include <csignal>

namespace portal::app {

// Call first in main, before any thread is created; returns the set to wait on.
sigset_t block_stop_signals();
// Blocks until SIGINT or SIGTERM arrives; returns the signal number.
int wait_for_stop_signal(const sigset_t& signals);

}  // namespace portal::app
