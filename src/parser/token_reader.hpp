// TokenReader: the tokens of one hand-read statement (ATTACH, COPY FROM DATABASE, CREATE
// TRIGGER, …), with the checks such a statement needs.
#pragma once

#include <fmt/format.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "parser/sql_scanner.hpp"
#include "teal/error.hpp"

namespace teal {

class TokenReader {
 public:
  TokenReader(const std::string& text, std::vector<Token> tokens, const char* statement)
      : text_(text), tokens_(std::move(tokens)), statement_(statement) {
    // A trailing semicolon ends the statement.
    if (!tokens_.empty() && tokens_.back().word == ";") tokens_.pop_back();
  }

  bool Done() const { return at_ >= tokens_.size(); }
  const std::string& Peek(size_t ahead = 0) const {
    static const std::string kNone;
    return at_ + ahead < tokens_.size() ? tokens_[at_ + ahead].word : kNone;
  }
  /// Takes the words `words` when they come next.
  bool Take(std::initializer_list<std::string_view> words) {
    size_t k = 0;
    for (std::string_view word : words) {
      if (Peek(k++) != word) return false;
    }
    at_ += words.size();
    return true;
  }
  /// The next token as a name (NameOf).
  std::string Name(const char* what) {
    if (Done()) throw ParserError(fmt::format("{} needs {}: {}", statement_, what, text_));
    return NameOf(text_, tokens_[at_++]);
  }
  /// The next token as written.
  std::string Raw() {
    const Token& token = tokens_[at_++];
    return text_.substr(token.start, token.end - token.start);
  }
  /// The text of the tokens before the next `,` or `)` outside parentheses (digits are
  /// tokens of one character each).
  std::string RawValue() {
    const size_t first = at_;
    int depth = 0;
    while (!Done() && !(depth == 0 && (Peek() == "," || Peek() == ")"))) {
      depth += Peek() == "(" ? 1 : Peek() == ")" ? -1 : 0;
      at_++;
    }
    if (at_ == first) return "";
    return text_.substr(tokens_[first].start, tokens_[at_ - 1].end - tokens_[first].start);
  }
  /// ParserError naming the next token.
  [[noreturn]] void Unexpected() const {
    if (Done()) {
      throw ParserError(fmt::format("syntax error at the end of {}: {}", statement_, text_));
    }
    const Token& token = tokens_[at_];
    throw ParserError(fmt::format("syntax error at or near \"{}\" in {}",
                                  text_.substr(token.start, token.end - token.start), statement_));
  }
  void ExpectEnd() const {
    if (!Done()) Unexpected();
  }
  /// Where the next token starts in the text (its end after the last token).
  size_t Offset() const { return Done() ? text_.size() : tokens_[at_].start; }

 private:
  const std::string& text_;
  std::vector<Token> tokens_;
  const char* statement_;
  size_t at_ = 0;
};

}  // namespace teal
