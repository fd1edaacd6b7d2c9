// LIKE / ILIKE and the RE2-based regexp_matches / regexp_replace / regexp_extract.
//
// LIKE compiles its pattern into a token list (literal byte, any one code point, any run).
// A pattern without `_` is matched by substring searches for its pieces between `%`s (the
// common '%a%b%', 'a%' and '%a' shapes); one with `_` greedily token by token, remembering
// only the last `%` to backtrack to: a later `%` can always absorb whatever an earlier one
// would, so one backtrack point suffices and a match costs O(text * pattern) at worst,
// never exponential time. The compiled pattern
// is reused while consecutive rows carry the same pattern (the common constant case).
// ILIKE lower-cases text and pattern first (see ConvertCase for which letters). GLOB
// (GlobMatcher) is matched the same way over code points.
//
// regexp_matches(s, re[, flags]) is true when re matches anywhere in s (DuckDB);
// regexp_replace(s, re, replacement[, flags]) replaces the first match, or all with the
// flag 'g'; 'i' makes either case-insensitive. regexp_extract[_all](s, re[, group[,
// flags]]) give a capture group of the first (every) match. Replacements use \1..\9 for groups. An
// invalid expression or flag is an InvalidInputError naming it.
#include <re2/re2.h>

#include <memory>
#include <optional>
#include <string>

#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "function/scalar/string_util.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace scalar {
namespace {

struct LikeToken {
  enum Kind : uint8_t { kByte, kOne, kAny } kind;
  char byte;
};

/// `escape` (LIKE … ESCAPE; '\\' by default, as in PostgreSQL) makes the character after it
/// literal; nullopt: none does.
std::vector<LikeToken> CompileLike(std::string_view pattern, std::optional<char> escape) {
  std::vector<LikeToken> tokens;
  for (size_t i = 0; i < pattern.size(); i++) {
    char c = pattern[i];
    if (escape && c == *escape) {
      if (++i == pattern.size()) {
        throw InvalidInputError(
            fmt::format("LIKE pattern must not end with escape character: '{}'", pattern));
      }
      tokens.push_back({LikeToken::kByte, pattern[i]});
    } else if (c == '%') {
      // Consecutive %s are one.
      if (tokens.empty() || tokens.back().kind != LikeToken::kAny)
        tokens.push_back({LikeToken::kAny, 0});
    } else if (c == '_') {
      tokens.push_back({LikeToken::kOne, 0});
    } else {
      tokens.push_back({LikeToken::kByte, c});
    }
  }
  return tokens;
}

bool MatchTokens(std::string_view s, const std::vector<LikeToken>& tokens) {
  size_t si = 0, ti = 0;
  size_t star_token = SIZE_MAX, star_text = 0;
  while (si < s.size()) {
    if (ti < tokens.size()) {
      const LikeToken& t = tokens[ti];
      if (t.kind == LikeToken::kByte && t.byte == s[si]) {
        si++;
        ti++;
        continue;
      }
      if (t.kind == LikeToken::kOne) {
        si += CodePointLength(s, si);
        ti++;
        continue;
      }
      if (t.kind == LikeToken::kAny) {
        star_token = ti++;
        star_text = si;
        continue;
      }
    }
    if (star_token == SIZE_MAX) return false;
    // Let the last % absorb one more code point and retry from there.
    star_text += CodePointLength(s, star_text);
    si = star_text;
    ti = star_token + 1;
  }
  while (ti < tokens.size() && tokens[ti].kind == LikeToken::kAny) ti++;
  return ti == tokens.size();
}

/// A compiled LIKE pattern. One without `_` is literal pieces between `%`s: the first
/// must start the text unless the pattern starts with `%`, the last must end it unless the
/// pattern ends with `%`, and the ones between are found left to right by substring search
/// (taking the leftmost occurrence of each never loses a match, as `%` absorbs anything).
/// A pattern with `_` matches token by token.
class LikeMatcher {
 public:
  explicit LikeMatcher(std::string_view pattern, std::optional<char> escape = '\\')
      : tokens_(CompileLike(pattern, escape)) {
    simple_ = true;
    std::string piece;
    for (const LikeToken& t : tokens_) {
      if (t.kind == LikeToken::kOne) simple_ = false;
      if (t.kind == LikeToken::kAny) {
        pieces_.push_back(std::move(piece));
        piece.clear();
      } else {
        piece += t.byte;
      }
    }
    pieces_.push_back(std::move(piece));
    // n pieces come from n - 1 `%`s: the first piece anchors the start, the last the end.
  }

  bool Matches(std::string_view s) const {
    if (!simple_) return MatchTokens(s, tokens_);
    if (pieces_.size() == 1) return s == pieces_[0];
    const std::string& first = pieces_.front();
    const std::string& last = pieces_.back();
    if (s.size() < first.size() + last.size()) return false;
    if (s.substr(0, first.size()) != first) return false;
    if (s.substr(s.size() - last.size()) != last) return false;
    std::string_view middle = s.substr(first.size(), s.size() - first.size() - last.size());
    for (size_t i = 1; i + 1 < pieces_.size(); i++) {
      size_t at = middle.find(pieces_[i]);
      if (at == std::string_view::npos) return false;
      middle.remove_prefix(at + pieces_[i].size());
    }
    return true;
  }

 private:
  std::vector<LikeToken> tokens_;
  std::vector<std::string> pieces_;
  bool simple_ = false;
};

/// GLOB (DuckDB's, SQLite's): `*` any run, `?` one code point, `[…]` one of a class
/// (`[!…]` none of it; ranges a-z; a `]` first is literal), `\` makes the next character
/// literal. A pattern with an unclosed class or a trailing `\` matches nothing. Compiled
/// into tokens, then matched like LIKE: only the last `*` is a backtrack point.
class GlobMatcher {
 public:
  explicit GlobMatcher(std::string_view pattern) {
    std::vector<uint32_t> p = CodePoints(pattern);
    for (size_t i = 0; i < p.size(); i++) {
      Token t;
      if (p[i] == '*') {
        t.kind = Token::kAny;
        if (!tokens_.empty() && tokens_.back().kind == Token::kAny) continue;
      } else if (p[i] == '?') {
        t.kind = Token::kOne;
      } else if (p[i] == '\\') {
        if (++i == p.size()) {
          valid_ = false;
          return;
        }
        t.ranges.push_back({p[i], p[i]});
      } else if (p[i] == '[') {
        size_t j = i + 1;
        if (j < p.size() && p[j] == '!') {
          t.negate = true;
          j++;
        }
        bool first = true;
        for (; j < p.size() && (p[j] != ']' || first); j++, first = false) {
          if (j + 2 < p.size() && p[j + 1] == '-' && p[j + 2] != ']') {
            t.ranges.push_back({p[j], p[j + 2]});
            j += 2;
          } else {
            t.ranges.push_back({p[j], p[j]});
          }
        }
        if (j >= p.size()) {
          valid_ = false;
          return;
        }
        i = j;
      } else {
        t.ranges.push_back({p[i], p[i]});
      }
      tokens_.push_back(std::move(t));
    }
  }

  bool Matches(std::string_view text) const {
    if (!valid_) return false;
    const std::vector<uint32_t> s = CodePoints(text);
    size_t ti = 0, si = 0;
    size_t star = std::string::npos, star_si = 0;
    while (si < s.size()) {
      if (ti < tokens_.size() && tokens_[ti].kind == Token::kAny) {
        star = ti++;
        star_si = si;
      } else if (ti < tokens_.size() && tokens_[ti].Accepts(s[si])) {
        ti++;
        si++;
      } else if (star != std::string::npos) {
        ti = star + 1;
        si = ++star_si;
      } else {
        return false;
      }
    }
    while (ti < tokens_.size() && tokens_[ti].kind == Token::kAny) ti++;
    return ti == tokens_.size();
  }

 private:
  struct Token {
    enum Kind : uint8_t { kClass, kOne, kAny } kind = kClass;
    bool negate = false;
    std::vector<std::pair<uint32_t, uint32_t>> ranges;  // kClass: inclusive
    bool Accepts(uint32_t c) const {
      if (kind == kOne) return true;
      if (kind == kAny) return false;
      bool in = false;
      for (const auto& [low, high] : ranges) in = in || (c >= low && c <= high);
      return in != negate;
    }
  };
  static std::vector<uint32_t> CodePoints(std::string_view s) {
    std::vector<uint32_t> out;
    out.reserve(s.size());
    for (size_t pos = 0; pos < s.size();) {
      const size_t len = CodePointLength(s, pos);
      out.push_back(DecodeCodePoint(s, pos, len));
      pos += len;
    }
    return out;
  }
  std::vector<Token> tokens_;
  bool valid_ = true;
};

ScalarFunctionBody GlobBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    const string_t* text = args.data[0].Values<string_t>();
    const string_t* pattern = args.data[1].Values<string_t>();
    bool* out = result.Values<bool>();
    std::string cached_pattern;
    std::optional<GlobMatcher> matcher;
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      if (!matcher || pattern[i].View() != cached_pattern) {
        cached_pattern = std::string(pattern[i].View());
        matcher.emplace(cached_pattern);
      }
      out[i] = matcher->Matches(text[i].View());
    }
  };
}

}  // namespace

bool LikeMatches(std::string_view text, std::string_view pattern) {
  return LikeMatcher(pattern).Matches(text);
}

}  // namespace scalar

namespace {

/// The third argument, when there is one, is the ESCAPE character: empty for none.
ScalarFunctionBody LikeBody(bool case_insensitive) {
  return [case_insensitive](const DataChunk& args, Vector& result, idx_t count) {
    const string_t* text = args.data[0].Values<string_t>();
    const string_t* pattern = args.data[1].Values<string_t>();
    const string_t* escapes = args.ColumnCount() > 2 ? args.data[2].Values<string_t>() : nullptr;
    bool* out = result.Values<bool>();
    std::string cached_pattern, cached_escape = "\\";
    std::optional<LikeMatcher> matcher;
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      const std::string_view escape = escapes ? escapes[i].View() : std::string_view("\\");
      if (!matcher || pattern[i].View() != cached_pattern || escape != cached_escape) {
        if (escape.size() > 1) {
          throw InvalidInputError(fmt::format(
              "invalid escape string '{}': an ESCAPE is empty or one character", escape));
        }
        cached_pattern = std::string(pattern[i].View());
        cached_escape = std::string(escape);
        std::optional<char> escape_char;
        if (!escape.empty()) escape_char = escape[0];
        matcher.emplace(case_insensitive ? ConvertCase(cached_pattern, false) : cached_pattern,
                        escape_char);
      }
      out[i] = case_insensitive ? matcher->Matches(ConvertCase(text[i].View(), false))
                                : matcher->Matches(text[i].View());
    }
  };
}

/// The flags of a regexp function's options argument (DuckDB's): 'g' all matches
/// (regexp_replace), 'i' / 'c' case-insensitive / -sensitive, 'l' the pattern is a literal
/// string, 's' '.' matches a newline, 'n' / 'm' / 'p' it does not (the default); white
/// space is ignored.
struct RegexOptions {
  bool global = false;
  bool case_insensitive = false;
  bool literal = false;
  bool dot_newline = false;
  bool operator==(const RegexOptions&) const = default;
};

RegexOptions ParseFlags(std::string_view flags, bool allow_global, const char* function) {
  RegexOptions options;
  for (char c : flags) {
    if (c == 'g' && allow_global) {
      options.global = true;
    } else if (c == 'i') {
      options.case_insensitive = true;
    } else if (c == 'c') {
      options.case_insensitive = false;
    } else if (c == 'l') {
      options.literal = true;
    } else if (c == 's') {
      options.dot_newline = true;
    } else if (c == 'n' || c == 'm' || c == 'p') {
      options.dot_newline = false;
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      throw InvalidInputError(fmt::format("{}: invalid regular expression flag '{}'", function, c));
    }
  }
  return options;
}

/// The compiled expression of the previous row, reused while pattern and flags repeat.
class RegexCache {
 public:
  const RE2& Get(std::string_view pattern, const RegexOptions& flags, const char* function) {
    if (!regex_ || pattern != pattern_ || !(flags == flags_)) {
      RE2::Options options;
      options.set_log_errors(false);
      options.set_case_sensitive(!flags.case_insensitive);
      options.set_literal(flags.literal);
      options.set_dot_nl(flags.dot_newline);
      auto regex = std::make_unique<RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
      if (!regex->ok()) {
        // RE2's reason first, as DuckDB words it.
        throw InvalidInputError(fmt::format("{} (in {}'s invalid regular expression '{}')",
                                            regex->error(), function, pattern));
      }
      regex_ = std::move(regex);
      pattern_ = std::string(pattern);
      flags_ = flags;
    }
    return *regex_;
  }

 private:
  std::unique_ptr<RE2> regex_;
  std::string pattern_;
  RegexOptions flags_;
};

// regexp_matches (a match anywhere), regexp_full_match (the whole string), and
// PostgreSQL's operators: `~` (regexp_matches), `~*` (ignoring case), `!~` / `!~*` (not).
struct RegexpMatchKind {
  const char* name;
  bool full = false;
  bool case_insensitive = false;
  bool negate = false;
};

ScalarFunctionBody RegexpMatchesBody(RegexpMatchKind kind) {
  return [kind](const DataChunk& args, Vector& result, idx_t count) {
    RegexCache cache;
    bool* out = result.Values<bool>();
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      std::string_view s = args.data[0].Values<string_t>()[i].View();
      std::string_view pattern = args.data[1].Values<string_t>()[i].View();
      RegexOptions options;
      options.case_insensitive = kind.case_insensitive;
      if (args.ColumnCount() > 2) {
        options = ParseFlags(args.data[2].Values<string_t>()[i].View(), false, kind.name);
      }
      const RE2& re = cache.Get(pattern, options, kind.name);
      const re2::StringPiece text(s.data(), s.size());
      const bool match = kind.full ? RE2::FullMatch(text, re) : RE2::PartialMatch(text, re);
      out[i] = match != kind.negate;
    }
  };
}

ScalarFunctionBody RegexpReplaceBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    RegexCache cache;
    string_t* out = result.Values<string_t>();
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      std::string_view s = args.data[0].Values<string_t>()[i].View();
      std::string_view pattern = args.data[1].Values<string_t>()[i].View();
      std::string_view replacement = args.data[2].Values<string_t>()[i].View();
      RegexOptions options;
      if (args.ColumnCount() > 3) {
        options = ParseFlags(args.data[3].Values<string_t>()[i].View(), true, "regexp_replace");
      }
      const RE2& re = cache.Get(pattern, options, "regexp_replace");
      std::string text(s);
      re2::StringPiece rewrite(replacement.data(), replacement.size());
      std::string why;
      if (!re.CheckRewriteString(rewrite, &why)) {
        throw InvalidInputError(fmt::format(
            "Invalid replacement string for regexp_replace '{}': {}", replacement, why));
      }
      if (options.global) {
        RE2::GlobalReplace(&text, re, rewrite);
      } else {
        RE2::Replace(&text, re, rewrite);
      }
      out[i] = result.AddString(text);
    }
  };
}

/// The capture group `group` of regexp_extract[_all]'s row `i` (0: the whole match; the
/// default). DuckDB's rules: regexp_extract takes groups 0 … 9, and a group the pattern does
/// not have gives ''; regexp_extract_all wants a group the pattern has (checked when it
/// matches, so no match is [] whatever the group).
int GroupOf(const DataChunk& args, idx_t i) {
  return args.ColumnCount() < 3 ? 0 : args.data[2].Values<int32_t>()[i];
}

RegexOptions ExtractFlags(const DataChunk& args, idx_t i, const char* function) {
  if (args.ColumnCount() < 4) return {};
  return ParseFlags(args.data[3].Values<string_t>()[i].View(), false, function);
}

/// regexp_extract(s, re[, group[, flags]]) (DuckDB): capture group `group` of the first match
/// of re in s (the whole match for 0, the default); '' when re does not match, NULL when the
/// group did not take part in the match.
ScalarFunctionBody RegexpExtractBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    RegexCache cache;
    std::vector<re2::StringPiece> groups;
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      const std::string_view s = args.data[0].Values<string_t>()[i].View();
      const std::string_view pattern = args.data[1].Values<string_t>()[i].View();
      const RegexOptions options = ExtractFlags(args, i, "regexp_extract");
      const RE2& re = cache.Get(pattern, options, "regexp_extract");
      const int group = GroupOf(args, i);
      if (group < 0 || group > 9) {
        throw InvalidInputError(
            fmt::format("Group index must be between 0 and 9 (regexp_extract's group {})", group));
      }
      groups.assign(group + 1, re2::StringPiece());
      const re2::StringPiece text(s.data(), s.size());
      if (group > re.NumberOfCapturingGroups() ||
          !re.Match(text, 0, s.size(), RE2::UNANCHORED, groups.data(), group + 1)) {
        result.Values<string_t>()[i] = result.AddString("");
      } else if (groups[group].data() == nullptr) {
        result.SetNull(i);
      } else {
        result.Values<string_t>()[i] =
            result.AddString(std::string_view(groups[group].data(), groups[group].size()));
      }
    }
  };
}

/// regexp_extract_all(s, re[, group[, flags]]) (DuckDB): capture group `group` of every
/// match of re in s, left to right, matches not overlapping; an empty match moves one
/// character on.
ScalarFunctionBody RegexpExtractAllBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    RegexCache cache;
    std::vector<re2::StringPiece> groups;
    std::vector<std::string_view> found;
    std::vector<bool> absent;
    for (idx_t i = 0; i < count; i++) {
      found.clear();
      absent.clear();
      if (result.RowIsValid(i)) {
        const std::string_view s = args.data[0].Values<string_t>()[i].View();
        const std::string_view pattern = args.data[1].Values<string_t>()[i].View();
        const RegexOptions options = ExtractFlags(args, i, "regexp_extract_all");
        const RE2& re = cache.Get(pattern, options, "regexp_extract_all");
        const int group = GroupOf(args, i);
        const bool known = group >= 0 && group <= re.NumberOfCapturingGroups();
        const int wanted = known ? group + 1 : 1;  // an unknown group is an error on a match
        groups.assign(wanted, re2::StringPiece());
        const re2::StringPiece text(s.data(), s.size());
        for (size_t from = 0; from <= s.size();) {
          if (!re.Match(text, from, s.size(), RE2::UNANCHORED, groups.data(), wanted)) break;
          if (!known) {
            throw InvalidInputError(
                fmt::format("Pattern has {} groups. Cannot access group {} (regexp_extract_all)",
                            re.NumberOfCapturingGroups(), group));
          }
          const re2::StringPiece& whole = groups[0];
          const size_t end = static_cast<size_t>(whole.data() - s.data()) + whole.size();
          absent.push_back(groups[group].data() == nullptr);  // the group took no part: NULL
          found.emplace_back(groups[group].data(), groups[group].size());
          if (!whole.empty()) {
            from = end;
          } else {
            from = end + (end < s.size() ? CodePointLength(s, end) : 1);
          }
        }
      }
      SetStringListRow(result, i, found);
      const list_entry_t entry = result.Values<list_entry_t>()[i];
      for (size_t k = 0; k < absent.size(); k++) {
        if (absent[k]) result.ListChild().SetNull(entry.offset + k);
      }
    }
  };
}

/// regexp_escape(s) (DuckDB's): s with every character a pattern would read as an operator
/// escaped, so that it matches s literally (RE2's QuoteMeta).
ScalarFunctionBody RegexpEscapeBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      const std::string_view s = args.data[0].Values<string_t>()[i].View();
      result.Values<string_t>()[i] =
          result.AddString(RE2::QuoteMeta(re2::StringPiece(s.data(), s.size())));
    }
  };
}

}  // namespace

/// string_split_regex(s, re[, flags]) (DuckDB): the pieces between the matches of re.
ScalarFunctionBody StringSplitRegexBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    RegexCache cache;
    std::vector<std::string_view> pieces;
    for (idx_t i = 0; i < count; i++) {
      pieces.clear();
      if (result.RowIsValid(i)) {
        const std::string_view s = args.data[0].Values<string_t>()[i].View();
        const std::string_view pattern = args.data[1].Values<string_t>()[i].View();
        RegexOptions options;
        if (args.ColumnCount() > 2) {
          options =
              ParseFlags(args.data[2].Values<string_t>()[i].View(), false, "string_split_regex");
        }
        const RE2& re = cache.Get(pattern, options, "string_split_regex");
        re2::StringPiece input(s.data(), s.size()), match;
        size_t at = 0;
        // A match that is empty splits between characters, never at the same place twice.
        for (size_t from = 0; from <= s.size();) {
          if (!re.Match(input, from, s.size(), RE2::UNANCHORED, &match, 1)) break;
          const size_t start = static_cast<size_t>(match.data() - s.data());
          size_t end = start + match.size();
          if (match.empty()) {
            if (start >= s.size()) break;
            if (start == 0 && at == 0) {
              from = CodePointLength(s, 0);
              continue;
            }
          }
          pieces.push_back(s.substr(at, start - at));
          at = end;
          from = match.empty() ? end + CodePointLength(s, end) : end;
        }
        pieces.push_back(s.substr(at));
      }
      SetStringListRow(result, i, pieces);
    }
  };
}

void RegisterLikeFunctions(FunctionCatalog& catalog) {
  const LogicalType V = TypeId::kVarchar, B = TypeId::kBoolean;
  catalog.AddScalar(MakeFunction("like", {V, V}, B, LikeBody(false)));
  catalog.AddScalar(MakeFunction("ilike", {V, V}, B, LikeBody(true)));
  catalog.AddScalar(MakeFunction("like", {V, V, V}, B, LikeBody(false)));
  catalog.AddScalar(MakeFunction("glob", {V, V}, B, GlobBody()));
  catalog.AddScalar(MakeFunction("ilike", {V, V, V}, B, LikeBody(true)));
  for (RegexpMatchKind kind :
       {RegexpMatchKind{"regexp_matches"}, RegexpMatchKind{"regexp_full_match", /*full=*/true}}) {
    catalog.AddScalar(MakeFunction(kind.name, {V, V}, B, RegexpMatchesBody(kind)));
    catalog.AddScalar(MakeFunction(kind.name, {V, V, V}, B, RegexpMatchesBody(kind)));
  }
  for (RegexpMatchKind kind :
       {RegexpMatchKind{"~"}, RegexpMatchKind{"~*", false, /*case_insensitive=*/true},
        RegexpMatchKind{"!~", false, false, /*negate=*/true},
        RegexpMatchKind{"!~*", false, true, true}}) {
    catalog.AddScalar(MakeFunction(kind.name, {V, V}, B, RegexpMatchesBody(kind)));
  }
  catalog.AddScalar(MakeFunction("regexp_replace", {V, V, V}, V, RegexpReplaceBody()));
  for (const char* name : {"string_split_regex", "str_split_regex"}) {
    catalog.AddScalar(MakeFunction(name, {V, V}, LogicalType::List(V), StringSplitRegexBody()));
    catalog.AddScalar(MakeFunction(name, {V, V, V}, LogicalType::List(V), StringSplitRegexBody()));
  }
  catalog.AddScalar(MakeFunction("regexp_replace", {V, V, V, V}, V, RegexpReplaceBody()));
  catalog.AddScalar(MakeFunction("regexp_escape", {V}, V, RegexpEscapeBody()));
  const LogicalType I = TypeId::kInteger;
  for (const std::vector<LogicalType>& arguments :
       std::vector<std::vector<LogicalType>>{{V, V}, {V, V, I}, {V, V, I, V}}) {
    catalog.AddScalar(MakeFunction("regexp_extract", arguments, V, RegexpExtractBody()));
    catalog.AddScalar(MakeFunction("regexp_extract_all", arguments, LogicalType::List(V),
                                   RegexpExtractAllBody()));
  }
}

}  // namespace teal
