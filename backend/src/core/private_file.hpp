#pragma once
// Files that hold keys (the demo stand-ins' identities): written owner-only through a temporary file
// and a rename, so a reader never sees half a file and others can never read the keys, even briefly.

#include <filesystem>
#include <string>

namespace portal::core {

// Creates the parent folder if needed. Throws std::runtime_error when the file cannot be written.
void write_private_file(const std::filesystem::path& file, const std::string& text);

}  // namespace portal::core
