#pragma once
// Runs the real `portal` binary for command-line tests: whole runs with captured output, or a
// running server whose stdout is read line by line and which is stopped by a signal.

#include "db/database.hpp"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace portal::test {

using Environment = std::vector<std::pair<std::string, std::string>>;

struct ProcessResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// The child gets this process's environment (minus test-only PORTAL_TEST_* variables) plus `env`.
ProcessResult run_process(const std::vector<std::string>& argv, const Environment& env);

// PORTAL_DATABASE__* variables that point the binary at the given test database.
Environment database_environment(const db::Options& options);

class RunningProcess {
 public:
  RunningProcess(const std::vector<std::string>& argv, const Environment& env);
  ~RunningProcess();  // kills the process if it is still running
  RunningProcess(const RunningProcess&) = delete;
  RunningProcess& operator=(const RunningProcess&) = delete;

  // The first stdout line starting with prefix; throws on timeout or exit.
  std::string wait_for_line(const std::string& prefix, std::chrono::seconds timeout);
  void signal(int signal_number);
  // The exit code; -1 when it did not exit in time (the process is then killed).
  int wait_exit(std::chrono::seconds timeout);

 private:
  int pid_ = -1;
  int stdout_fd_ = -1;
  std::string pending_;
};

}  // namespace portal::test
