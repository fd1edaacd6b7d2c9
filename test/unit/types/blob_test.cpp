// blob: the \xAB text form of bytes.
#include "types/blob.hpp"

#include <gtest/gtest.h>

namespace teal {

TEST(BlobTest, PrintableAsciiStaysAndOtherBytesAreEscapedUpperCase) {
  EXPECT_EQ(BlobToText("abc ~"), "abc ~");
  EXPECT_EQ(BlobToText(std::string_view("\x00\x01\xff\n", 4)), "\\x00\\x01\\xFF\\x0A");
  EXPECT_EQ(BlobToText("\xc3\xa9"), "\\xC3\\xA9");
}

TEST(BlobTest, BackslashIsEscaped) { EXPECT_EQ(BlobToText("a\\b"), "a\\x5Cb"); }

TEST(BlobTest, UnescapeReversesEscapeForEveryByte) {
  std::string all;
  for (int b = 0; b < 256; b++) all += static_cast<char>(b);
  std::string back;
  ASSERT_TRUE(TextToBlob(BlobToText(all), back));
  EXPECT_EQ(back, all);
}

TEST(BlobTest, UnescapeAcceptsLowerCaseHexAndRawBytes) {
  std::string bytes;
  ASSERT_TRUE(TextToBlob("\\xaB\xc3", bytes));
  EXPECT_EQ(bytes, "\xab\xc3");
}

TEST(BlobTest, MalformedEscapesAreErrors) {
  std::string bytes;
  for (std::string_view bad : {"\\", "\\x", "\\x1", "\\xG0", "\\y00", "ab\\x0"}) {
    EXPECT_FALSE(TextToBlob(bad, bytes)) << bad;
    EXPECT_EQ(UnescapedBlobLength(bad), -1) << bad;
  }
}

}  // namespace teal
