// The name the catalog files a table or view of a schema under (catalog/catalog.hpp):
// the name alone in main, "schema.name" in any other schema.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <utility>

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

}  // namespace teal
