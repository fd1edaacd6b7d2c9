// Whole text files the engine writes beside its databases (EXPORT DATABASE's scripts, the
// query profile of profiling_output) and reads back.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace teal {

/// Writes `text` as the whole of `path` (replacing what it held), or throws IOError naming
/// it and `what` wrote it.
void WriteTextFile(const std::filesystem::path& path, const std::string& text,
                   std::string_view what);

}  // namespace teal
