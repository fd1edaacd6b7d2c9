// SqlScanner: tells code from quoted text and comments in SQL, for everything that reads
// SQL text before the grammar does — the engine's statement splitter and pre-parse
// rewrites (parser.cpp) and the shell's line-by-line statement splitter.
//
// The regions it knows are the PostgreSQL lexer's:
//   'string'      with '' as an escaped quote; E'string' also treats \x as an escape
//   "identifier"  with "" as an escaped quote
//   -- comment    to the end of the line (the newline is not part of it)
//   /* comment */ nested, as in PostgreSQL: /* a /* b */ c */ is one comment
//   $tag$ string $tag$  dollar quoting; the tag is empty or an identifier (not starting
//                 with a digit), and a `$` right after an identifier character (a$b) opens
//                 nothing, since PostgreSQL identifiers may contain `$`
// A region that is not closed runs to the end of the text.
//
// The scanner keeps the region it is in between calls, so text may come in pieces (the
// shell reads a line at a time): with `more_input`, a decision that needs a byte past the
// end of the text so far (is this `-` the start of `--`? is this `'` doubled?) stops and is
// taken again on the next call at the same position. Not thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace teal {

class SqlScanner {
 public:
  enum class Region {
    kNone,  // code
    kSingleQuote,
    kEscapeString,  // E'...': backslash escapes the next character
    kDoubleQuote,
    kLineComment,
    kBlockComment,
    kDollarQuote,
  };

  enum class Step {
    kCode,      // text[pos] is code, outside every region; pos is unchanged
    kRegion,    // pos moved over (part of) a region; Current() says whether it is left
    kNeedMore,  // only with more_input: stopped at pos until the text goes on
  };

  /// Scans `text` at `pos` (< text.size()). Outside a region: when text[pos] opens one,
  /// enters it and scans on to its end (or the end of `text`), returning kRegion;
  /// otherwise returns kCode and leaves pos for the caller to consume. Inside a region
  /// (text given in pieces): scans on to its end or the end of `text`. The bytes before
  /// pos must be the text's (E'…' and $tag$ look back one or two bytes).
  Step Scan(std::string_view text, size_t& pos, bool more_input);

  Region Current() const { return region_; }
  bool InRegion() const { return region_ != Region::kNone; }
  bool InComment() const {
    return region_ == Region::kLineComment || region_ == Region::kBlockComment;
  }
  void Reset();

 private:
  Step ScanRegion(std::string_view text, size_t& pos, bool more_input);

  Region region_ = Region::kNone;
  int comment_depth_ = 0;   // nesting of block comments
  std::string dollar_tag_;  // "$tag$" closing the current dollar quote
};

/// Walks a whole SQL text (no more input follows) code byte by code byte, skipping one
/// quoted string, quoted identifier, dollar-quoted string or comment at a time.
class SqlTextScanner {
 public:
  explicit SqlTextScanner(std::string_view sql) : sql_(sql) {}

  bool Done() const { return pos_ >= sql_.size(); }
  size_t Position() const { return pos_; }
  /// Skips one quoted string / identifier / comment starting at the current position
  /// and returns true, or returns false when the current character starts none.
  bool SkipQuotedOrComment();
  void Advance() { pos_++; }
  char Current() const { return sql_[pos_]; }

 private:
  std::string_view sql_;
  size_t pos_ = 0;
  SqlScanner scanner_;
};

/// A word (lower-cased), one punctuation character, or any quoted thing (word "\""),
/// with its place in the text: enough to find keyword sequences. Comments are skipped.
struct Token {
  std::string word;
  size_t start, end;
};

std::vector<Token> Tokenize(std::string_view sql);

/// A replacement of the text [start, end) of a statement.
struct Edit {
  size_t start, end;
  std::string text;
};

/// `sql` with `edits` (in any order; they must not overlap) made.
std::string ApplyEdits(std::string_view sql, std::vector<Edit> edits);

/// Follows, token by token, whether the SELECT being read at the current parenthesis depth
/// has a WINDOW clause yet: for the rewrites that add an entry to that clause.
class WindowClauseTracker {
 public:
  /// Takes in the next token; true when it is one the tracker follows (a parenthesis,
  /// SELECT, `;`, WINDOW), which is no other rewrite's business.
  bool See(const std::string& word) {
    if (word == "(") {
      has_window_.push_back(false);
    } else if (word == ")") {
      if (has_window_.size() > 1) has_window_.pop_back();
    } else if (word == "select" || word == ";") {
      has_window_.back() = false;
    } else if (word == "window") {
      has_window_.back() = true;
    } else {
      return false;
    }
    return true;
  }
  /// The keyword that starts an entry of the current SELECT's WINDOW clause ("WINDOW" or
  /// ","); the clause exists afterwards.
  const char* AddEntry() {
    const bool had = has_window_.back();
    has_window_.back() = true;
    return had ? "," : "WINDOW";
  }

 private:
  std::vector<bool> has_window_ = {false};
};

/// The token after the bracket closing the one at `open` (any of ( [ {), or tokens.size().
size_t AfterBracket(const std::vector<Token>& tokens, size_t open);

/// The top-level comma-separated items of tokens (open, close): [first, last) pairs.
std::vector<std::pair<size_t, size_t>> TopLevelItems(const std::vector<Token>& tokens, size_t open,
                                                     size_t close);

/// `text` as an SQL string literal.
std::string Quoted(std::string_view text);

/// At most ~80 characters of `text` around byte `at`, with "…" where it was cut: an error
/// message quotes a bounded excerpt, however long the statement.
std::string Excerpt(const std::string& text, size_t at);

/// The name token `t` of `text`: a word as written (the catalog folds case), or a
/// quoted identifier without its quotes; ParserError for anything else.
std::string NameOf(std::string_view text, const Token& t);

/// `s` without the white space at either end.
std::string Trim(std::string_view s);

}  // namespace teal
