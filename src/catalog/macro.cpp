// MacroEntry: its SQL and signatures.
#include "catalog/macro.hpp"

#include <algorithm>

#include "catalog/catalog.hpp"

namespace teal {

size_t MacroOverload::RequiredCount() const {
  size_t n = 0;
  while (n < defaults.size() && defaults[n].empty()) n++;
  return n;
}

bool MacroOverload::Typed() const {
  return std::any_of(types.begin(), types.end(), [](const std::string& t) { return !t.empty(); });
}

std::string MacroOverload::ParameterList() const {
  std::string out = "(";
  for (size_t i = 0; i < parameters.size(); i++) {
    out += (i ? ", " : "") + QuoteIdentifier(parameters[i]);
    if (!types[i].empty()) out += " " + types[i];
    if (!defaults[i].empty()) out += " := " + defaults[i];
  }
  return out + ")";
}

std::string MacroEntry::Signature(size_t i) const {
  return QuoteFiledName(name) + overloads[i].ParameterList();
}

std::string MacroEntry::Signatures() const {
  std::string out;
  for (size_t i = 0; i < overloads.size(); i++) out += (i ? ", " : "") + Signature(i);
  return out;
}

std::string MacroEntry::ToSql() const {
  std::string out = "CREATE MACRO " + QuoteFiledName(name);
  for (size_t i = 0; i < overloads.size(); i++) {
    // A body may end in a -- comment, which would hide what follows on its line.
    const bool comment = i > 0 && overloads[i - 1].body.find("--") != std::string::npos;
    out += (i ? (comment ? "\n, " : ", ") : "") + overloads[i].ParameterList() + " AS " +
           (table ? "TABLE " : "") + overloads[i].body;
  }
  return out + (overloads.back().body.find("--") != std::string::npos ? "\n;" : ";");
}

}  // namespace teal
