// Whole text files: see text_file.hpp.
#include "main/text_file.hpp"

#include <fmt/format.h>

#include <fstream>

#include "teal/error.hpp"

namespace teal {

void WriteTextFile(const std::filesystem::path& path, const std::string& text,
                   std::string_view what) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw IOError(fmt::format("{}: cannot write \"{}\"", what, path.string()));
}

}  // namespace teal
