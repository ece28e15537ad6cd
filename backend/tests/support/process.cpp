#include "support/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace portal::test {

namespace {

std::vector<std::string> child_environment(const Environment& extra) {
  std::vector<std::string> out;
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    if (entry.starts_with("PORTAL_")) continue;  // the child's configuration comes only from the test
    out.push_back(entry);
  }
  for (const auto& [key, value] : extra) out.push_back(key + "=" + value);
  return out;
}

// Forks and execs; the child's stdout (and stderr when merge_stderr) go to the returned pipe.
int spawn(const std::vector<std::string>& argv, const Environment& env, bool merge_stderr, int* read_fd) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  auto env_strings = child_environment(env);
  std::vector<char*> c_argv;
  for (const auto& a : argv) c_argv.push_back(const_cast<char*>(a.c_str()));
  c_argv.push_back(nullptr);
  std::vector<char*> c_env;
  for (auto& e : env_strings) c_env.push_back(e.data());
  c_env.push_back(nullptr);

  const int pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    if (merge_stderr) dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    execve(c_argv[0], c_argv.data(), c_env.data());
    _exit(127);
  }
  close(fds[1]);
  *read_fd = fds[0];
  return pid;
}

int exit_code_of(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const Environment& env) {
  int fd = -1;
  const int pid = spawn(argv, env, true, &fd);
  ProcessResult result;
  char buffer[4096];
  ssize_t n;
  while ((n = read(fd, buffer, sizeof buffer)) > 0) result.output.append(buffer, static_cast<std::size_t>(n));
  close(fd);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = exit_code_of(status);
  return result;
}

Environment database_environment(const db::Options& options) {
  if (options.engine == db::Engine::postgresql) {
    return {{"PORTAL_DATABASE__ENGINE", "postgresql"}, {"PORTAL_DATABASE__POSTGRES_URL", options.postgres_url}};
  }
  return {{"PORTAL_DATABASE__ENGINE", "sqlite"}, {"PORTAL_DATABASE__SQLITE_FILE", options.sqlite_path.string()}};
}

RunningProcess::RunningProcess(const std::vector<std::string>& argv, const Environment& env) {
  pid_ = spawn(argv, env, false, &stdout_fd_);
}

RunningProcess::~RunningProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  if (stdout_fd_ >= 0) close(stdout_fd_);
}

std::string RunningProcess::wait_for_line(const std::string& prefix, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    for (auto newline = pending_.find('\n'); newline != std::string::npos; newline = pending_.find('\n')) {
      std::string line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      if (line.starts_with(prefix)) return line;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw std::runtime_error("timed out waiting for a line starting with '" + prefix + "'");
    pollfd p{stdout_fd_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    char buffer[1024];
    const ssize_t n = read(stdout_fd_, buffer, sizeof buffer);
    if (n <= 0) throw std::runtime_error("process closed stdout before printing '" + prefix + "'");
    pending_.append(buffer, static_cast<std::size_t>(n));
  }
}

void RunningProcess::signal(int signal_number) { kill(pid_, signal_number); }

int RunningProcess::wait_exit(std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return exit_code_of(status);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

}  // namespace portal::test
