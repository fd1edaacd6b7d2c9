// GlobFiles: the files a path pattern names (read_csv('data/*.csv')), through the
// operating system's glob(3): *, ? and [...] in any part of the path, and DuckDB's `**` for
// any depth of directories.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace teal {

/// The regular files matching `pattern`, sorted by name; a pattern without wildcards
/// names itself when the file exists. A pattern ending in '/' names directories instead
/// (`data/*/`: each directory of data, written with its '/'). Empty when nothing matches.
std::vector<std::string> GlobFiles(const std::string& pattern);

/// The files of each pattern in turn (GlobFiles); IOError naming the first pattern that
/// matches none ("No files found that match the pattern", DuckDB's words). As in DuckDB, a
/// pattern that matches nothing names the file of that very name if there is one
/// ("[2024]_sales.csv"), and, given `directory_extension`, a directory without wildcards
/// names the files ending in that extension at any depth under it (read_csv('dir') reads
/// dir/**/*.csv).
std::vector<std::string> FilesOfPatterns(const std::vector<std::string>& patterns,
                                         std::string_view directory_extension = {});

}  // namespace teal
