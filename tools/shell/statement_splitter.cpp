// tools/shell/statement_splitter.cpp — the lexer behind StatementSplitter (see the header
// for the quoting rules it follows).
//
// Whenever deciding a byte needs the next one (`--`, `/*`, `''`, a `$tag$`) and the input
// ends first, the scan stops there (Suspend) and resumes at the same byte on the next Feed: the
// shell feeds whole lines, so this only matters for callers feeding arbitrary pieces.
#include "statement_splitter.hpp"

#include <utility>

namespace teal::shell {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Bytes >= 0x80 count as identifier characters, as in PostgreSQL's lexer.
bool IsIdentifierStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

bool IsIdentifierChar(char c) { return IsIdentifierStart(c) || (c >= '0' && c <= '9') || c == '$'; }

std::string_view Trim(std::string_view text) {
  size_t begin = 0;
  while (begin < text.size() && IsSpace(text[begin])) begin++;
  size_t end = text.size();
  while (end > begin && IsSpace(text[end - 1])) end--;
  return text.substr(begin, end - begin);
}

}  // namespace

std::vector<std::string> StatementSplitter::Feed(std::string_view text) {
  buffer_.append(text);
  std::vector<std::string> complete;
  size_t i = pos_;
  while (i < buffer_.size()) {
    const size_t n = buffer_.size();
    const char c = buffer_[i];
    const bool has_next = i + 1 < n;
    const char next = has_next ? buffer_[i + 1] : '\0';
    switch (state_) {
      case State::kNormal:
        if (c == ';') {
          if (has_content_) {
            complete.push_back(TakeStatement(i + 1));
          } else {
            buffer_.erase(0, i + 1);
          }
          has_content_ = false;
          i = 0;
          continue;
        }
        if (c == '-' || c == '/') {
          if (!has_next) return Suspend(i, std::move(complete));
          if (c == '-' && next == '-') {
            state_ = State::kLineComment;
            i += 2;
            continue;
          }
          if (c == '/' && next == '*') {
            state_ = State::kBlockComment;
            comment_depth_ = 1;
            i += 2;
            continue;
          }
        } else if (c == '\'') {
          const bool escape = i >= 1 && (buffer_[i - 1] == 'e' || buffer_[i - 1] == 'E') &&
                              (i < 2 || !IsIdentifierChar(buffer_[i - 2]));
          state_ = escape ? State::kEscapeString : State::kSingleQuote;
        } else if (c == '"') {
          state_ = State::kDoubleQuote;
        } else if (c == '$' && (i == 0 || !IsIdentifierChar(buffer_[i - 1]))) {
          // `$$` or `$tag$` opens a dollar quote; `$1` is a parameter.
          size_t j = i + 1;
          if (j < n && IsIdentifierStart(buffer_[j])) {
            while (j < n && IsIdentifierChar(buffer_[j]) && buffer_[j] != '$') j++;
          }
          if (j >= n) return Suspend(i, std::move(complete));
          if (buffer_[j] == '$') {
            dollar_tag_ = buffer_.substr(i, j + 1 - i);
            state_ = State::kDollarQuote;
            has_content_ = true;
            i = j + 1;
            continue;
          }
        }
        if (!IsSpace(c)) has_content_ = true;
        i++;
        break;
      case State::kSingleQuote:
      case State::kDoubleQuote: {
        const char quote = state_ == State::kSingleQuote ? '\'' : '"';
        if (c == quote) {
          if (!has_next) return Suspend(i, std::move(complete));
          if (next == quote) {  // doubled: an escaped quote
            i += 2;
            continue;
          }
          state_ = State::kNormal;
        }
        i++;
        break;
      }
      case State::kEscapeString:
        if (c == '\\') {
          if (!has_next) return Suspend(i, std::move(complete));
          i += 2;
          continue;
        }
        if (c == '\'') {
          if (!has_next) return Suspend(i, std::move(complete));
          if (next == '\'') {
            i += 2;
            continue;
          }
          state_ = State::kNormal;
        }
        i++;
        break;
      case State::kLineComment:
        if (c == '\n') state_ = State::kNormal;
        i++;
        break;
      case State::kBlockComment:
        if (c == '/' || c == '*') {
          if (!has_next) return Suspend(i, std::move(complete));
          if (c == '/' && next == '*') {
            comment_depth_++;
            i += 2;
            continue;
          }
          if (c == '*' && next == '/') {
            if (--comment_depth_ == 0) state_ = State::kNormal;
            i += 2;
            continue;
          }
        }
        i++;
        break;
      case State::kDollarQuote: {
        const size_t close = buffer_.find(dollar_tag_, i);
        if (close == std::string::npos) {
          // The closing tag may be cut off at the end: rescan its possible start later.
          const size_t keep = dollar_tag_.size() - 1;
          return Suspend(n > i + keep ? n - keep : i, std::move(complete));
        }
        i = close + dollar_tag_.size();
        state_ = State::kNormal;
        break;
      }
    }
  }
  return Suspend(i, std::move(complete));
}

std::vector<std::string> StatementSplitter::Suspend(size_t resume_at,
                                                    std::vector<std::string>&& complete) {
  pos_ = resume_at;
  return complete;
}

std::string StatementSplitter::TakeStatement(size_t end) {
  std::string statement(Trim(std::string_view(buffer_).substr(0, end)));
  buffer_.erase(0, end);
  return statement;
}

std::string StatementSplitter::Finish() {
  // Bytes not yet scanned (waiting for lookahead) may hold the only content.
  const bool content = has_content_ || !Trim(std::string_view(buffer_).substr(pos_)).empty();
  std::string rest = content ? std::string(Trim(buffer_)) : std::string();
  Reset();
  return rest;
}

void StatementSplitter::Reset() {
  buffer_.clear();
  pos_ = 0;
  state_ = State::kNormal;
  comment_depth_ = 0;
  dollar_tag_.clear();
  has_content_ = false;
}

std::vector<std::string> SplitStatements(std::string_view text) {
  StatementSplitter splitter;
  std::vector<std::string> statements = splitter.Feed(text);
  std::string rest = splitter.Finish();
  if (!rest.empty()) statements.push_back(std::move(rest));
  return statements;
}

}  // namespace teal::shell
