#include "core/private_file.hpp"

#include "core/crypto.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <stdexcept>

namespace portal::core {

void write_private_file(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path().empty() ? "." : file.parent_path());
  const auto temporary = file.string() + ".tmp" + random_token(4);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) throw std::runtime_error("cannot write " + temporary);
  std::size_t written = 0;
  while (written < text.size()) {
    const auto n = ::write(fd, text.data() + written, text.size() - written);
    if (n <= 0) {
      ::close(fd);
      ::unlink(temporary.c_str());
      throw std::runtime_error("cannot write " + temporary);
    }
    written += static_cast<std::size_t>(n);
  }
  ::fsync(fd);
  ::close(fd);
  std::filesystem::rename(temporary, file);
}

}  // namespace portal::core
