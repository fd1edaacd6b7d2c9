// GlobFiles on POSIX glob(3).
#include "os/file_glob.hpp"

#include <glob.h>
#include <sys/stat.h>

#include <algorithm>

namespace teal {

std::vector<std::string> GlobFiles(const std::string& pattern) {
  std::vector<std::string> files;
  glob_t matches{};
  if (glob(pattern.c_str(), GLOB_NOSORT, nullptr, &matches) == 0) {
    for (size_t i = 0; i < matches.gl_pathc; i++) {
      struct stat info {};
      if (stat(matches.gl_pathv[i], &info) == 0 && S_ISREG(info.st_mode)) {
        files.emplace_back(matches.gl_pathv[i]);
      }
    }
  }
  globfree(&matches);
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace teal
