// SqlScanner: the region rules of sql_scanner.hpp as a state machine that can stop at the
// end of the text so far and go on when more comes.
#include "parser/sql_scanner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "teal/error.hpp"

namespace teal {

namespace {

// Bytes >= 0x80 count as identifier characters, as in PostgreSQL's lexer.
bool IsIdentifierStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

bool IsIdentifierChar(char c) { return IsIdentifierStart(c) || (c >= '0' && c <= '9') || c == '$'; }

}  // namespace

SqlScanner::Step SqlScanner::Scan(std::string_view text, size_t& pos, bool more_input) {
  if (region_ != Region::kNone) return ScanRegion(text, pos, more_input);
  const size_t n = text.size();
  const size_t i = pos;
  const char c = text[i];
  const bool has_next = i + 1 < n;
  const char next = has_next ? text[i + 1] : '\0';
  if (c == '-' || c == '/') {
    if (!has_next) return more_input ? Step::kNeedMore : Step::kCode;
    if (c == '-' && next == '-') {
      region_ = Region::kLineComment;
    } else if (c == '/' && next == '*') {
      region_ = Region::kBlockComment;
      comment_depth_ = 1;
    } else {
      return Step::kCode;
    }
    pos = i + 2;
  } else if (c == '\'') {
    const bool escape = i >= 1 && (text[i - 1] == 'e' || text[i - 1] == 'E') &&
                        (i < 2 || !IsIdentifierChar(text[i - 2]));
    region_ = escape ? Region::kEscapeString : Region::kSingleQuote;
    pos = i + 1;
  } else if (c == '"') {
    region_ = Region::kDoubleQuote;
    pos = i + 1;
  } else if (c == '$' && (i == 0 || !IsIdentifierChar(text[i - 1]))) {
    // `$$` or `$tag$` opens a dollar quote; `$1` is a parameter.
    size_t j = i + 1;
    if (j < n && IsIdentifierStart(text[j])) {
      while (j < n && IsIdentifierChar(text[j]) && text[j] != '$') j++;
    }
    if (j >= n) return more_input ? Step::kNeedMore : Step::kCode;
    if (text[j] != '$') return Step::kCode;
    dollar_tag_ = std::string(text.substr(i, j + 1 - i));
    region_ = Region::kDollarQuote;
    pos = j + 1;
  } else {
    return Step::kCode;
  }
  return ScanRegion(text, pos, more_input);
}

SqlScanner::Step SqlScanner::ScanRegion(std::string_view text, size_t& pos, bool more_input) {
  const size_t n = text.size();
  size_t i = pos;
  // Leaves the region, which ends before `end`.
  auto close = [&](size_t end) {
    region_ = Region::kNone;
    pos = end;
    return Step::kRegion;
  };
  // The byte at `at` needs the one after it, which has not come yet.
  auto need_more = [&](size_t at) {
    pos = at;
    return Step::kNeedMore;
  };
  switch (region_) {
    case Region::kNone:
      return Step::kCode;
    case Region::kSingleQuote:
    case Region::kDoubleQuote: {
      const char quote = region_ == Region::kSingleQuote ? '\'' : '"';
      while (i < n) {
        if (text[i] == quote) {
          if (i + 1 >= n) return more_input ? need_more(i) : close(n);
          if (text[i + 1] == quote) {  // doubled: an escaped quote
            i += 2;
            continue;
          }
          return close(i + 1);
        }
        i++;
      }
      break;
    }
    case Region::kEscapeString:
      while (i < n) {
        if (text[i] == '\\') {
          if (i + 1 >= n) {
            if (more_input) return need_more(i);
            i = n;
            break;
          }
          i += 2;
          continue;
        }
        if (text[i] == '\'') {
          if (i + 1 >= n) return more_input ? need_more(i) : close(n);
          if (text[i + 1] == '\'') {
            i += 2;
            continue;
          }
          return close(i + 1);
        }
        i++;
      }
      break;
    case Region::kLineComment:
      while (i < n && text[i] != '\n') i++;
      if (i < n) return close(i);
      break;
    case Region::kBlockComment:
      while (i < n) {
        const char c = text[i];
        if (c == '/' || c == '*') {
          if (i + 1 >= n) {
            if (more_input) return need_more(i);
            i = n;
            break;
          }
          if (c == '/' && text[i + 1] == '*') {
            comment_depth_++;
            i += 2;
            continue;
          }
          if (c == '*' && text[i + 1] == '/') {
            i += 2;
            if (--comment_depth_ == 0) return close(i);
            continue;
          }
        }
        i++;
      }
      break;
    case Region::kDollarQuote: {
      const size_t end = text.find(dollar_tag_, i);
      if (end != std::string_view::npos) return close(end + dollar_tag_.size());
      if (more_input) {
        // The closing tag may be cut off at the end: rescan its possible start later.
        const size_t keep = dollar_tag_.size() - 1;
        return need_more(n > i + keep ? n - keep : i);
      }
      i = n;
      break;
    }
  }
  pos = n;  // the region goes on past the text so far
  return Step::kRegion;
}

void SqlScanner::Reset() {
  region_ = Region::kNone;
  comment_depth_ = 0;
  dollar_tag_.clear();
}

bool SqlTextScanner::SkipQuotedOrComment() {
  size_t pos = pos_;
  if (scanner_.Scan(sql_, pos, /*more_input=*/false) == SqlScanner::Step::kCode) return false;
  pos_ = pos;
  // A region that is not closed runs to the end of the text: nothing follows.
  if (scanner_.InRegion()) scanner_.Reset();
  return true;
}

std::vector<Token> Tokenize(std::string_view sql) {
  std::vector<Token> tokens;
  SqlTextScanner scanner(sql);
  while (!scanner.Done()) {
    size_t at = scanner.Position();
    if (scanner.SkipQuotedOrComment()) {
      // Comments are no tokens: they may stand anywhere between keywords.
      if (sql[at] != '-' && sql[at] != '/') tokens.push_back({"\"", at, scanner.Position()});
      continue;
    }
    char c = scanner.Current();
    if (std::isspace(static_cast<unsigned char>(c))) {
      scanner.Advance();
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::string word;
      while (!scanner.Done() && (std::isalnum(static_cast<unsigned char>(scanner.Current())) ||
                                 scanner.Current() == '_')) {
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(scanner.Current())));
        scanner.Advance();
      }
      tokens.push_back({word, at, scanner.Position()});
      continue;
    }
    tokens.push_back({std::string(1, c), at, at + 1});
    scanner.Advance();
  }
  return tokens;
}

std::string ApplyEdits(std::string_view sql, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return a.start < b.start; });
  std::string out;
  size_t copied = 0;
  for (const Edit& edit : edits) {
    out.append(sql, copied, edit.start - copied);
    out += edit.text;
    copied = edit.end;
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

size_t AfterBracket(const std::vector<Token>& tokens, size_t open) {
  int depth = 0;
  for (size_t i = open; i < tokens.size(); i++) {
    const std::string& w = tokens[i].word;
    if (w == "(" || w == "[" || w == "{") depth++;
    if ((w == ")" || w == "]" || w == "}") && --depth == 0) return i + 1;
  }
  return tokens.size();
}

std::vector<std::pair<size_t, size_t>> TopLevelItems(const std::vector<Token>& tokens, size_t open,
                                                     size_t close) {
  std::vector<std::pair<size_t, size_t>> items;
  size_t start = open + 1;
  int depth = 0;
  for (size_t i = open + 1; i < close; i++) {
    const std::string& w = tokens[i].word;
    if (w == "(" || w == "[" || w == "{") depth++;
    if (w == ")" || w == "]" || w == "}") depth--;
    if (w == "," && depth == 0) {
      items.emplace_back(start, i);
      start = i + 1;
    }
  }
  if (start < close) items.emplace_back(start, close);
  return items;
}

std::string Quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string Excerpt(const std::string& text, size_t at) {
  constexpr size_t kBefore = 40, kAfter = 40;
  if (text.size() <= kBefore + kAfter) return text;
  size_t begin = at > kBefore ? at - kBefore : 0;
  size_t end = std::min(text.size(), at + kAfter);
  // Whole UTF-8 characters only.
  while (begin > 0 && (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80) begin--;
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) end++;
  return (begin > 0 ? "…" : "") + text.substr(begin, end - begin) + (end < text.size() ? "…" : "");
}

std::string NameOf(std::string_view text, const Token& t) {
  std::string_view raw = text.substr(t.start, t.end - t.start);
  if (t.word == "\"") {
    if (raw.size() < 2 || raw[0] != '"') throw ParserError(fmt::format("a name expected: {}", raw));
    std::string name;
    for (size_t i = 1; i + 1 < raw.size(); i++) {
      name += raw[i];
      if (raw[i] == '"') i++;  // "" stands for one "
    }
    return name;
  }
  if (!std::isalpha(static_cast<unsigned char>(t.word[0])) && t.word[0] != '_') {
    throw ParserError(fmt::format("a name expected, not \"{}\"", raw));
  }
  return std::string(raw);
}

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) b++;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) e--;
  return std::string(s.substr(b, e - b));
}

}  // namespace teal
