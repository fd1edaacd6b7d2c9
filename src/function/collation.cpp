// src/function/collation.cpp — collation names and the functions behind them.
#include "function/collation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "teal/error.hpp"

namespace teal {

namespace {
struct CollationDefinition {
  const char* name;
  const char* function;  // nullptr: bytes
};
constexpr CollationDefinition kCollations[] = {
    {"binary", nullptr},
    {"c", nullptr},
    {"posix", nullptr},
    {"nocase", "lower"},
    {"noaccent", "strip_accents"},
    {"nfc", "nfc_normalize"},
};

std::vector<std::string> Parts(std::string_view collation) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t dot = collation.find('.', start);
    parts.emplace_back(collation.substr(start, dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

const CollationDefinition* Find(std::string_view part) {
  for (const auto& c : kCollations) {
    if (part == c.name) return &c;
  }
  return nullptr;
}
}  // namespace

std::string CheckCollation(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string& part : Parts(lower)) {
    if (!Find(part)) {
      throw CatalogError(fmt::format("Collation with name {} does not exist!", part));
    }
  }
  return lower;
}

std::vector<std::string> CollationFunctions(std::string_view collation) {
  std::vector<std::string> functions;
  if (collation.empty()) return functions;
  // Accents go before case: lower() of a decomposed letter is the same letter.
  std::vector<std::string> parts = Parts(collation);
  std::stable_sort(parts.begin(), parts.end(), [](const std::string& a, const std::string& b) {
    return (a == "noaccent") > (b == "noaccent");
  });
  for (const std::string& part : parts) {
    const CollationDefinition* c = Find(part);
    if (!c || !c->function) continue;
    if (std::find(functions.begin(), functions.end(), c->function) == functions.end()) {
      functions.push_back(c->function);
    }
  }
  return functions;
}

std::string CombineCollations(const LogicalType& a, const LogicalType& b) {
  return CombineCollations(a.Collation(), b);
}

std::string CombineCollations(const std::string& x, const LogicalType& b) {
  const std::string& y = b.Collation();
  if (!x.empty() && !y.empty() && x != y) {
    throw BinderError("Cannot combine types with different collation!");
  }
  return x.empty() ? y : x;
}

const std::vector<std::string>& CollationNames() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const auto& c : kCollations) names.push_back(c.name);
    std::sort(names.begin(), names.end());
    return names;
  }();
  return kNames;
}

}  // namespace teal
