// MacroEntry: its SQL and signature.
#include "catalog/macro.hpp"

#include "catalog/catalog.hpp"

namespace teal {

size_t MacroEntry::RequiredCount() const {
  size_t n = 0;
  while (n < defaults.size() && defaults[n].empty()) n++;
  return n;
}

std::string MacroEntry::Signature() const {
  std::string out = QuoteFiledName(name) + "(";
  for (size_t i = 0; i < parameters.size(); i++) {
    out += (i ? ", " : "") + QuoteIdentifier(parameters[i]);
    if (!defaults[i].empty()) out += " := " + defaults[i];
  }
  return out + ")";
}

std::string MacroEntry::ToSql() const {
  return "CREATE MACRO " + Signature() + " AS " + (table ? "TABLE " : "") + body + ";";
}

}  // namespace teal
