// FindInvalidUtf8 / IsValidUtf8 / DescribeInvalidUtf8: the edges of RFC 3629 and Unicode's
// table 3-7, at every position relative to the 8-byte ASCII skip.
#include "common/utf8.hpp"

#include <gtest/gtest.h>

#include <string>

namespace teal {
namespace {

/// `bad` placed after `prefix` ASCII bytes and followed by `suffix` ASCII bytes.
std::string Padded(size_t prefix, std::string_view bad, size_t suffix) {
  return std::string(prefix, 'a') + std::string(bad) + std::string(suffix, 'z');
}

TEST(Utf8ValidationTest, AsciiAndEmptyAreValid) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("a"));
  EXPECT_TRUE(IsValidUtf8("hello, world: 0123456789 ~!@#$%^&*()"));
  EXPECT_TRUE(IsValidUtf8(std::string_view("a\0b", 3)));  // NUL is a code point
  EXPECT_TRUE(IsValidUtf8(std::string(1000, 'x')));
}

TEST(Utf8ValidationTest, EveryLengthOfSequenceIsValidAtItsBounds) {
  EXPECT_TRUE(IsValidUtf8("\x7f"));              // U+007F, the last 1-byte
  EXPECT_TRUE(IsValidUtf8("\xc2\x80"));          // U+0080, the first 2-byte
  EXPECT_TRUE(IsValidUtf8("\xdf\xbf"));          // U+07FF
  EXPECT_TRUE(IsValidUtf8("\xe0\xa0\x80"));      // U+0800, the first 3-byte
  EXPECT_TRUE(IsValidUtf8("\xed\x9f\xbf"));      // U+D7FF, just below the surrogates
  EXPECT_TRUE(IsValidUtf8("\xee\x80\x80"));      // U+E000, just above them
  EXPECT_TRUE(IsValidUtf8("\xef\xbf\xbf"));      // U+FFFF
  EXPECT_TRUE(IsValidUtf8("\xf0\x90\x80\x80"));  // U+10000, the first 4-byte
  EXPECT_TRUE(IsValidUtf8("\xf4\x8f\xbf\xbf"));  // U+10FFFF, the last code point
  EXPECT_TRUE(IsValidUtf8("ქართული 日本語 é 🦆"));
}

TEST(Utf8ValidationTest, InvalidLeadBytesAreRejected) {
  for (int b : {0x80, 0xbf, 0xc0, 0xc1, 0xf5, 0xf8, 0xfe, 0xff}) {
    std::string s(1, static_cast<char>(b));
    EXPECT_EQ(FindInvalidUtf8(s), 0u) << std::hex << b;
  }
  // 0xC0 0x80 is the overlong NUL of "modified UTF-8": not UTF-8.
  EXPECT_EQ(FindInvalidUtf8("\xc0\x80"), 0u);
}

TEST(Utf8ValidationTest, OverlongSurrogateAndTooLargeAreRejected) {
  EXPECT_EQ(FindInvalidUtf8("\xe0\x80\x80"), 0u);      // U+0000 in 3 bytes
  EXPECT_EQ(FindInvalidUtf8("\xe0\x9f\xbf"), 0u);      // U+07FF in 3 bytes
  EXPECT_EQ(FindInvalidUtf8("\xf0\x80\x80\x80"), 0u);  // U+0000 in 4 bytes
  EXPECT_EQ(FindInvalidUtf8("\xf0\x8f\xbf\xbf"), 0u);  // U+FFFF in 4 bytes
  EXPECT_EQ(FindInvalidUtf8("\xed\xa0\x80"), 0u);      // U+D800
  EXPECT_EQ(FindInvalidUtf8("\xed\xbf\xbf"), 0u);      // U+DFFF
  EXPECT_EQ(FindInvalidUtf8("\xf4\x90\x80\x80"), 0u);  // U+110000
  EXPECT_EQ(FindInvalidUtf8("\xf7\xbf\xbf\xbf"), 0u);  // U+1FFFFF
}

TEST(Utf8ValidationTest, TruncatedSequencesAreRejected) {
  EXPECT_EQ(FindInvalidUtf8("\xc3"), 0u);
  EXPECT_EQ(FindInvalidUtf8("\xe2\x82"), 0u);
  EXPECT_EQ(FindInvalidUtf8("\xf0\x9f\xa6"), 0u);
  EXPECT_EQ(FindInvalidUtf8("ab\xe2\x82"), 2u);
  // A lead byte followed by ASCII, or by a new lead, before its sequence is complete.
  EXPECT_EQ(FindInvalidUtf8("\xc3(x"), 0u);
  EXPECT_EQ(FindInvalidUtf8("\xe2\x82("), 0u);
  EXPECT_EQ(FindInvalidUtf8("\xf0\x9f\xa6\xc3\xa9"), 0u);
  // A stray continuation after a complete sequence.
  EXPECT_EQ(FindInvalidUtf8("\xc3\xa9\xa9"), 2u);
}

TEST(Utf8ValidationTest, OffsetIsExactAroundTheWordSkip) {
  // The ASCII skip reads 8 bytes at a time: an invalid byte in every lane of the first,
  // second and a later word, with text after it, must be found at its exact offset.
  for (size_t prefix = 0; prefix < 40; prefix++) {
    for (size_t suffix : {0, 1, 7, 8, 9, 30}) {
      EXPECT_EQ(FindInvalidUtf8(Padded(prefix, "\xff", suffix)), prefix) << prefix;
      EXPECT_EQ(FindInvalidUtf8(Padded(prefix, "\xed\xa0\x80", suffix)), prefix) << prefix;
      EXPECT_EQ(FindInvalidUtf8(Padded(prefix, "\xe2\x82", suffix)), prefix) << prefix;
      std::string valid = Padded(prefix, "\xe2\x82\xac", suffix);  // €
      EXPECT_EQ(FindInvalidUtf8(valid), valid.size()) << prefix;
    }
  }
}

TEST(Utf8ValidationTest, ErrorAfterValidMultiByteTextIsFound) {
  std::string s = "ქართული";  // 21 bytes of 3-byte sequences
  EXPECT_EQ(FindInvalidUtf8(s + "\xff"), s.size());
  EXPECT_EQ(FindInvalidUtf8(s + "abcdefgh\x80"), s.size() + 8);
}

TEST(Utf8ValidationTest, IsAsciiLooksAtEveryByte) {
  for (size_t n = 1; n <= 20; n++) {
    for (size_t at = 0; at < n; at++) {
      std::string s(n, 'a');
      EXPECT_TRUE(IsAscii(s.data(), n));
      s[at] = static_cast<char>(0x80);
      EXPECT_FALSE(IsAscii(s.data(), n)) << n << " " << at;
    }
  }
}

TEST(Utf8ValidationTest, DescriptionNamesTheBytesOffsetAndReason) {
  EXPECT_EQ(DescribeInvalidUtf8("abc\xff", 3), "byte 0xff at offset 3 (never valid in UTF-8)");
  EXPECT_EQ(DescribeInvalidUtf8("\x80", 0),
            "byte 0x80 at offset 0 (a continuation byte without a lead byte)");
  EXPECT_EQ(DescribeInvalidUtf8("x\xe2\x82", 1),
            "byte 0xe2 at offset 1 (starts a truncated sequence)");
  EXPECT_EQ(DescribeInvalidUtf8("\xe0\x80\x80", 0),
            "bytes 0xe0 0x80 at offset 0 (an overlong encoding)");
  EXPECT_EQ(DescribeInvalidUtf8("\xed\xa0\x80", 0),
            "bytes 0xed 0xa0 at offset 0 (a surrogate, U+D800..U+DFFF)");
  EXPECT_EQ(DescribeInvalidUtf8("\xf4\x90\x80\x80", 0),
            "bytes 0xf4 0x90 at offset 0 (a code point above U+10FFFF)");
}

}  // namespace
}  // namespace teal
