// SIMILAR TO: the pattern translation and the similar_to functions.
//
// Bracket expressions are copied through (a `]` right after `[` or `[^` belongs to the
// set, as in POSIX), with `\` doubled when it is not the escape character. Outside
// them, the characters RE2 treats as special are backslash-quoted unless they are SIMILAR
// TO operators. Parentheses become non-capturing groups: nothing reads the groups.
#include "function/scalar/similar_to.hpp"

#include <fmt/format.h>
#include <re2/re2.h>

#include <memory>

#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// `c` as a literal in RE2 syntax, inside or outside a bracket expression.
void AppendLiteral(std::string& out, char c) {
  static constexpr std::string_view kSpecial = "\\.+*?()|[]{}^$-";
  if (kSpecial.find(c) != std::string_view::npos) out += '\\';
  out += c;
}

std::unique_ptr<RE2> Compile(std::string_view pattern, std::string_view escape) {
  std::string regex = SimilarToRegex(pattern, escape);
  RE2::Options options;
  options.set_log_errors(false);
  options.set_dot_nl(true);  // `%` and `_` match a newline too
  auto re = std::make_unique<RE2>(regex, options);
  if (!re->ok()) {
    throw InvalidInputError(
        fmt::format("invalid SIMILAR TO pattern '{}': {}", pattern, re->error()));
  }
  return re;
}

bool Matches(const RE2& re, const string_t& text) {
  std::string_view s = text.View();
  return RE2::FullMatch(re2::StringPiece(s.data(), s.size()), re);
}

/// Compiles the pattern (and escape) of each row, reusing the previous row's when they
/// repeat.
void SimilarToGeneric(const DataChunk& args, Vector& result, idx_t count) {
  const string_t* text = args.data[0].Values<string_t>();
  const string_t* pattern = args.data[1].Values<string_t>();
  const string_t* escape = args.ColumnCount() > 2 ? args.data[2].Values<string_t>() : nullptr;
  bool* out = result.Values<bool>();
  std::unique_ptr<RE2> re;
  std::string last_pattern, last_escape;
  for (idx_t i = 0; i < count; i++) {
    if (!result.RowIsValid(i)) continue;
    std::string_view p = pattern[i].View();
    std::string_view e = escape ? escape[i].View() : std::string_view("\\");
    if (!re || p != last_pattern || e != last_escape) {
      re = Compile(p, e);
      last_pattern = std::string(p);
      last_escape = std::string(e);
    }
    out[i] = Matches(*re, text[i]);
  }
}

}  // namespace

std::string SimilarToRegex(std::string_view pattern, std::string_view escape) {
  if (escape.size() > 1) {
    throw InvalidInputError(
        fmt::format("the ESCAPE of SIMILAR TO must be empty or one character, not '{}'", escape));
  }
  const bool has_escape = !escape.empty();
  std::string out;
  bool in_bracket = false;
  for (size_t i = 0; i < pattern.size(); i++) {
    const char c = pattern[i];
    if (has_escape && c == escape[0]) {
      if (++i == pattern.size()) {
        throw InvalidInputError(fmt::format(
            "invalid SIMILAR TO pattern '{}': it ends with the escape character", pattern));
      }
      AppendLiteral(out, pattern[i]);
      continue;
    }
    if (in_bracket) {
      if (c == ']') in_bracket = false;
      out += c == '\\' ? "\\\\" : std::string(1, c);
      continue;
    }
    switch (c) {
      case '%':
        out += ".*";
        break;
      case '_':
        out += '.';
        break;
      case '(':
        out += "(?:";
        break;
      case '|':
      case '*':
      case '+':
      case '?':
      case '{':
      case '}':
      case ')':
        out += c;
        break;
      case '[':
        in_bracket = true;
        out += '[';
        if (i + 1 < pattern.size() && pattern[i + 1] == '^') out += pattern[++i];
        if (i + 1 < pattern.size() && pattern[i + 1] == ']') {
          out += "\\]";
          i++;
        }
        break;
      default:
        AppendLiteral(out, c);
    }
  }
  if (in_bracket) {
    throw InvalidInputError(
        fmt::format("invalid SIMILAR TO pattern '{}': a '[' without its ']'", pattern));
  }
  return out;
}

ScalarFunction SimilarToConstant(const ScalarFunction& generic, std::string_view pattern,
                                 std::string_view escape) {
  std::shared_ptr<const RE2> re = Compile(pattern, escape);
  ScalarFunction function = generic;
  function.body = [re](const DataChunk& args, Vector& result, idx_t count) {
    const string_t* text = args.data[0].Values<string_t>();
    bool* out = result.Values<bool>();
    for (idx_t i = 0; i < count; i++) {
      if (result.RowIsValid(i)) out[i] = Matches(*re, text[i]);
    }
  };
  return function;
}

void RegisterSimilarToFunctions(FunctionCatalog& catalog) {
  const LogicalType V = TypeId::kVarchar, B = TypeId::kBoolean;
  catalog.AddScalar(scalar::MakeFunction("similar_to", {V, V}, B, SimilarToGeneric));
  catalog.AddScalar(scalar::MakeFunction("similar_to", {V, V, V}, B, SimilarToGeneric));
}

}  // namespace teal
