// src/types/temporal_text.hpp — small text helpers shared by the DATE, TIME, TIMESTAMP and
// INTERVAL parsers and renderers (internal to src/types; not an API).
//
// TextCursor walks a string_view without allocating; every Parse*/Match* either consumes
// what it recognised and returns true, or leaves the position unchanged and returns false.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace teal::temporal_text {

inline bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline char ToLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

class TextCursor {
 public:
  explicit TextCursor(std::string_view text) : text_(text) {}

  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  size_t Position() const { return pos_; }
  void Reset(size_t pos) { pos_ = pos; }
  std::string_view Rest() const { return text_.substr(pos_ < text_.size() ? pos_ : text_.size()); }
  void Advance(size_t n = 1) { pos_ += n; }

  void SkipSpaces() {
    while (!AtEnd() && IsSpace(text_[pos_])) pos_++;
  }
  bool Consume(char c) {
    if (AtEnd() || text_[pos_] != c) return false;
    pos_++;
    return true;
  }
  /// Consumes `word` compared case-insensitively (word is lower case).
  bool ConsumeWord(std::string_view word) {
    if (pos_ > text_.size() || text_.size() - pos_ < word.size()) return false;
    for (size_t i = 0; i < word.size(); i++) {
      if (ToLower(text_[pos_ + i]) != word[i]) return false;
    }
    pos_ += word.size();
    return true;
  }
  /// Consumes between min_digits and max_digits decimal digits (as many as present, up
  /// to max). Fails without consuming when fewer than min_digits are present.
  /// max_digits <= 18, so the value always fits.
  bool ParseDigits(int min_digits, int max_digits, int64_t& value, int* digits = nullptr) {
    int64_t v = 0;
    int n = 0;
    while (n < max_digits && IsDigit(Peek(n))) {
      v = v * 10 + (Peek(n) - '0');
      n++;
    }
    if (n < min_digits) return false;
    pos_ += n;
    value = v;
    if (digits) *digits = n;
    return true;
  }
  /// Number of consecutive digits at the position (not consumed).
  int CountDigits() const {
    int n = 0;
    while (IsDigit(Peek(n))) n++;
    return n;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

/// Appends `value` (>= 0) in decimal, zero-padded on the left to at least `width` digits.
inline void AppendPadded(std::string& out, uint64_t value, int width) {
  char buf[24];
  int n = 0;
  do {
    buf[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (int i = n; i < width; i++) out.push_back('0');
  while (n > 0) out.push_back(buf[--n]);
}

/// Appends ".ddd" for a fraction of `digits` digits (e.g. micros with 6), with trailing
/// zeros trimmed; appends nothing for zero.
inline void AppendFraction(std::string& out, uint64_t fraction, int digits) {
  if (fraction == 0) return;
  while (fraction % 10 == 0) {
    fraction /= 10;
    digits--;
  }
  out.push_back('.');
  AppendPadded(out, fraction, digits);
}

/// Parses the digits after a decimal point as nanoseconds (".5" -> 500000000). Digits
/// beyond the ninth are read and dropped, as PostgreSQL and DuckDB read them (a value
/// below a nanosecond). Expects the '.' already consumed; needs at least one digit.
inline bool ParseFractionNanos(TextCursor& cursor, int64_t& nanos) {
  int64_t v;
  int digits;
  if (!cursor.ParseDigits(1, 9, v, &digits)) return false;
  while (IsDigit(cursor.Peek())) cursor.Advance();
  for (int i = digits; i < 9; i++) v *= 10;
  nanos = v;
  return true;
}

}  // namespace teal::temporal_text
