// GlobFiles on POSIX glob(3), with `**` walked here.
#include "os/file_glob.hpp"

#include <fmt/format.h>
#include <glob.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "teal/error.hpp"

namespace teal {

namespace {
/// glob(3)'s regular files for a pattern without `**`, appended to `files`; for a pattern
/// ending in '/', its directories (written with the '/', as glob(3) and DuckDB give them).
void GlobRegularFiles(const std::string& pattern, std::vector<std::string>& files) {
  const bool directories = !pattern.empty() && pattern.back() == '/';
  glob_t matches{};
  if (glob(pattern.c_str(), GLOB_NOSORT | (directories ? GLOB_ONLYDIR : 0), nullptr, &matches) ==
      0) {
    for (size_t i = 0; i < matches.gl_pathc; i++) {
      struct stat info {};
      if (stat(matches.gl_pathv[i], &info) == 0 &&
          (directories ? S_ISDIR(info.st_mode) : S_ISREG(info.st_mode))) {
        files.emplace_back(matches.gl_pathv[i]);
      }
    }
  }
  globfree(&matches);
}

/// The directories a pattern of directories (wildcards allowed, none `**`) names.
std::vector<std::string> GlobDirectories(const std::string& pattern) {
  std::vector<std::string> directories;
  if (pattern.empty()) return {""};
  glob_t matches{};
  if (glob(pattern.c_str(), GLOB_NOSORT | GLOB_ONLYDIR, nullptr, &matches) == 0) {
    for (size_t i = 0; i < matches.gl_pathc; i++) {
      struct stat info {};
      if (stat(matches.gl_pathv[i], &info) == 0 && S_ISDIR(info.st_mode)) {
        directories.emplace_back(matches.gl_pathv[i]);
      }
    }
  }
  globfree(&matches);
  return directories;
}
}  // namespace

std::vector<std::string> GlobFiles(const std::string& pattern) {
  std::vector<std::string> files;
  // The first path component with `**`: any depth of directories (none included) in its
  // place, as DuckDB; `**.csv` is `**/*.csv`.
  size_t star = pattern.find("**");
  if (star == std::string::npos) {
    GlobRegularFiles(pattern, files);
  } else {
    const size_t begin =
        pattern.rfind('/', star) == std::string::npos ? 0 : pattern.rfind('/', star) + 1;
    const size_t end = std::min(pattern.find('/', star), pattern.size());
    std::string component = pattern.substr(begin, end - begin);
    std::string rest = end < pattern.size() ? pattern.substr(end + 1) : "";
    // The component's text beside the stars (`**.csv`) matches the file names below.
    component.erase(component.find("**"), 2);
    if (!component.empty() && component != "*") rest = rest.empty() ? "*" + component : rest;
    if (rest.empty()) rest = "*";
    // The directories before it: none (the current one), the root, or a pattern.
    const std::string base = begin == 0 ? "" : begin == 1 ? "/" : pattern.substr(0, begin - 1);
    for (const std::string& top : GlobDirectories(base)) {
      const std::filesystem::path root = top.empty() ? "." : top;
      std::vector<std::string> directories{top};
      std::error_code error;
      for (std::filesystem::recursive_directory_iterator
               it(root, std::filesystem::directory_options::skip_permission_denied, error),
           done;
           !error && it != done; it.increment(error)) {
        if (!it->is_directory(error) || it->is_symlink(error)) continue;
        std::string path = it->path().string();
        if (top.empty() && path.starts_with("./")) path.erase(0, 2);
        directories.push_back(std::move(path));
      }
      for (const std::string& directory : directories) {
        // `rest` may hold `**` again: glob it the same way.
        const std::string below = directory.empty()         ? rest
                                  : directory.back() == '/' ? directory + rest
                                                            : directory + "/" + rest;
        for (auto& file : GlobFiles(below)) {
          files.push_back(std::move(file));
        }
      }
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

std::vector<std::string> FilesOfPatterns(const std::vector<std::string>& patterns,
                                         std::string_view directory_extension) {
  std::vector<std::string> files;
  for (const auto& pattern : patterns) {
    std::vector<std::string> matched = GlobFiles(pattern);
    struct stat info {};
    const bool exists = matched.empty() && stat(pattern.c_str(), &info) == 0;
    if (exists && S_ISREG(info.st_mode)) {
      matched.push_back(pattern);  // a file whose name has wildcard characters: "[a]_b.csv"
    } else if (exists && S_ISDIR(info.st_mode) && !directory_extension.empty() &&
               pattern.find_first_of("*?[") == std::string::npos) {
      // a directory: the files of that kind anywhere under it
      matched = GlobFiles(fmt::format("{}{}**/*.{}", pattern, pattern.ends_with('/') ? "" : "/",
                                      directory_extension));
    }
    if (matched.empty()) {
      throw IOError(fmt::format("No files found that match the pattern \"{}\"", pattern));
    }
    for (auto& file : matched) files.push_back(std::move(file));
  }
  return files;
}

}  // namespace teal
