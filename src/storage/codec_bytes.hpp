// Codec bytes: appending values to an encoding and taking them back off its front with
// every length checked — shared by the vector codec and the segment codec.
#pragma once

#include <fmt/format.h>

#include <cstring>
#include <string>
#include <string_view>

#include "teal/basic_types.hpp"
#include "teal/error.hpp"

namespace teal {

template <class T>
void PutBytesOf(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}

/// The encoding read from `what` (a file and offset) does not check out.
[[noreturn]] inline void CorruptEncoding(std::string_view what, std::string_view detail) {
  throw IOError(fmt::format("{} is corrupt: {}", what, detail));
}

/// The next `bytes` bytes of `in` (advancing it), or a corruption error naming `part`.
inline std::string_view TakeBytes(std::string_view& in, idx_t bytes, std::string_view what,
                                  std::string_view part) {
  if (bytes > in.size()) {
    CorruptEncoding(what,
                    fmt::format("its {} needs {} bytes, {} are left", part, bytes, in.size()));
  }
  std::string_view taken = in.substr(0, bytes);
  in.remove_prefix(bytes);
  return taken;
}

template <class T>
T TakeValue(std::string_view& in, std::string_view what, std::string_view part) {
  T value;
  std::memcpy(&value, TakeBytes(in, sizeof(T), what, part).data(), sizeof(T));
  return value;
}

}  // namespace teal
