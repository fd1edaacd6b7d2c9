// tools/shell/statement_splitter.cpp — StatementSplitter on top of SqlScanner.
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
    const bool in_region = scanner_.InRegion();
    const char c = buffer_[i];
    if (!in_region && c == ';') {
      if (has_content_) {
        complete.push_back(TakeStatement(i + 1));
      } else {
        buffer_.erase(0, i + 1);
      }
      has_content_ = false;
      i = 0;
      continue;
    }
    const size_t at = i;
    const SqlScanner::Step step = scanner_.Scan(buffer_, i, /*more_input=*/true);
    if (step == SqlScanner::Step::kCode) {
      if (!IsSpace(c)) has_content_ = true;
      i++;
      continue;
    }
    // Opening a string, a quoted identifier or a dollar quote is content; a comment is not.
    if (!in_region && i != at && c != '-' && c != '/') has_content_ = true;
    if (step == SqlScanner::Step::kNeedMore) return Suspend(i, std::move(complete));
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
  scanner_.Reset();
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
