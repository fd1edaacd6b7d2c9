// The name the catalog files a table or view of a schema under (catalog/catalog.hpp):
// the name alone in main, "schema.name" in any other schema.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace teal {

/// The schema every database has, which a name without a schema is in.
inline constexpr std::string_view kMainSchemaName = "main";

/// `name` alone in main (or when no schema is written), "schema.name" elsewhere. A name of
/// main that has a dot in it is "main.name", so that no two objects share one (schema
/// names have no dots).
inline std::string QualifiedName(std::string_view schema, std::string_view name) {
  bool main = schema.size() == kMainSchemaName.size() || schema.empty();
  for (size_t i = 0; main && i < schema.size(); i++) {
    main = std::tolower(static_cast<unsigned char>(schema[i])) == kMainSchemaName[i];
  }
  if (main && name.find('.') == std::string_view::npos) return std::string(name);
  return std::string(main ? kMainSchemaName : schema) + "." + std::string(name);
}

/// A name as QualifiedName files it, split into its schema ("" for main) and its name.
inline std::pair<std::string_view, std::string_view> SplitFiledName(std::string_view filed) {
  const size_t dot = filed.find('.');
  if (dot == std::string_view::npos) return {{}, filed};
  std::string_view schema = filed.substr(0, dot);
  bool main = schema.size() == kMainSchemaName.size();
  for (size_t i = 0; main && i < schema.size(); i++) {
    main = std::tolower(static_cast<unsigned char>(schema[i])) == kMainSchemaName[i];
  }
  return {main ? std::string_view() : schema, filed.substr(dot + 1)};
}

/// The parts of a name written as text (nextval('s.seq'), query_table('"My.Table"')), as
/// PostgreSQL reads such text: split at the dots outside double quotes, a doubled quote
/// inside them one quote. Empty when a quote is left open.
inline std::vector<std::string> NameTextParts(std::string_view text) {
  std::vector<std::string> parts(1);
  bool quoted = false;
  for (size_t i = 0; i < text.size(); i++) {
    const char c = text[i];
    if (c == '"' && quoted && i + 1 < text.size() && text[i + 1] == '"') {
      parts.back() += c;
      i++;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == '.' && !quoted) {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  if (quoted) parts.clear();
  return parts;
}

}  // namespace teal
