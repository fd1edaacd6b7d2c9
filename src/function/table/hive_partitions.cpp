// Hive partitioning: the keys and values of each file's key=value directories, and the
// types the values are read as.
#include "function/table/hive_partitions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "teal/error.hpp"

namespace teal {

namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

std::string UrlDecoded(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); i++) {
    if (text[i] == '%' && i + 2 < text.size() && HexDigit(text[i + 1]) >= 0 &&
        HexDigit(text[i + 2]) >= 0) {
      out.push_back(static_cast<char>(HexDigit(text[i + 1]) * 16 + HexDigit(text[i + 2])));
      i += 2;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

/// The key=value directories of `path`, by key (the last one of a key wins, as a deeper
/// directory is the more specific one). Values are URL-decoded; "NULL" and "" are nullopt.
std::map<std::string, std::optional<std::string>> PartitionsOf(const std::string& path) {
  std::map<std::string, std::optional<std::string>> out;
  size_t start = 0;
  while (true) {
    const size_t slash = path.find_first_of("/\\", start);
    if (slash == std::string::npos) break;  // the file's own name is no directory
    const std::string_view part(path.data() + start, slash - start);
    const size_t equals = part.find('=');
    if (equals != std::string_view::npos && equals > 0) {
      std::string value = UrlDecoded(part.substr(equals + 1));
      out[std::string(part.substr(0, equals))] =
          value.empty() || value == "NULL" ? std::nullopt : std::optional<std::string>(value);
    }
    start = slash + 1;
  }
  return out;
}

bool AllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// Whether `text` is written as a value of `type` (an integer without leading zeros, a date
/// YYYY-MM-DD, a timestamp YYYY-MM-DD HH:MM:SS[.fff]) and converts to it.
bool WrittenAs(const std::string& text, TypeId type) {
  Value converted;
  if (type == TypeId::kBigInt) {
    std::string_view digits = text;
    if (!digits.empty() && digits[0] == '-') digits.remove_prefix(1);
    if (!AllDigits(digits) || (digits.size() > 1 && digits[0] == '0')) return false;
  } else {
    const bool date = text.size() == 10;
    const bool timestamp = text.size() >= 19 && text[10] == ' ';
    if ((type == TypeId::kDate && !date) || (type == TypeId::kTimestamp && !timestamp)) {
      return false;
    }
    if (!AllDigits(std::string_view(text).substr(0, 4)) || text[4] != '-' || text[7] != '-') {
      return false;
    }
  }
  return Value::Varchar(text).TryCastAs(LogicalType(type), converted);
}

}  // namespace

bool HasHivePartitions(const std::vector<std::string>& files) {
  if (files.empty()) return false;
  const auto first = PartitionsOf(files[0]);
  if (first.empty()) return false;
  for (const std::string& file : files) {
    const auto partitions = PartitionsOf(file);
    if (partitions.size() != first.size()) return false;
    for (const auto& [key, value] : partitions) {
      if (!first.contains(key)) return false;
    }
  }
  return true;
}

HivePartitions ReadHivePartitions(const std::vector<std::string>& files,
                                  const CsvOptions& options) {
  HivePartitions out;
  std::vector<std::map<std::string, std::optional<std::string>>> texts;
  for (const auto& file : files) texts.push_back(PartitionsOf(file));
  for (const auto& [key, value] : texts[0]) out.names.push_back(key);
  for (size_t f = 1; f < files.size(); f++) {
    bool same = texts[f].size() == texts[0].size();
    for (const auto& name : out.names) same = same && texts[f].count(name);
    if (!same) {
      throw InvalidInputError(fmt::format(
          "Hive partition mismatch between file \"{}\" and \"{}\": their key=value directories "
          "name different keys",
          files[0], files[f]));
    }
  }
  for (const auto& [name, type] : options.hive_types) {
    if (std::find(out.names.begin(), out.names.end(), name) == out.names.end()) {
      throw InvalidInputError(
          fmt::format("hive_types names \"{}\", which is no partition key of the files", name));
    }
  }
  for (const auto& name : out.names) {
    auto given = std::find_if(options.hive_types.begin(), options.hive_types.end(),
                              [&](const auto& entry) { return entry.first == name; });
    LogicalType type(TypeId::kVarchar);
    if (given != options.hive_types.end()) {
      type = given->second;
    } else if (options.hive_types_autocast) {
      for (const TypeId candidate : {TypeId::kBigInt, TypeId::kDate, TypeId::kTimestamp}) {
        bool fits = false;  // some value, and every one written as the type
        bool all = true;
        for (const auto& file : texts) {
          const auto& text = file.at(name);
          if (!text) continue;
          fits = true;
          all = all && WrittenAs(*text, candidate);
        }
        if (fits && all) {
          type = LogicalType(candidate);
          break;
        }
      }
    }
    out.types.push_back(type);
  }
  for (size_t f = 0; f < files.size(); f++) {
    std::vector<Value> row;
    for (size_t k = 0; k < out.names.size(); k++) {
      const auto& text = texts[f].at(out.names[k]);
      if (!text) {
        row.push_back(Value(out.types[k]));
        continue;
      }
      Value value;
      if (!Value::Varchar(*text).TryCastAs(out.types[k], value)) {
        throw ConversionError(
            fmt::format("Could not convert string '{}' to {}: the hive partition {} of file \"{}\"",
                        *text, out.types[k].ToString(), out.names[k], files[f]));
      }
      row.push_back(std::move(value));
    }
    out.values.push_back(std::move(row));
  }
  return out;
}

}  // namespace teal
