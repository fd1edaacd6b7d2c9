// Md5: the test suite of RFC 1321 (appendix A.5) and incremental feeding.
#include "common/md5.hpp"

#include <gtest/gtest.h>

#include <string>

namespace teal {

TEST(Md5Test, MatchesRfc1321TestSuite) {
  EXPECT_EQ(Md5::HexOf(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(Md5::HexOf("a"), "0cc175b9c0f1b6a831c399e269772661");
  EXPECT_EQ(Md5::HexOf("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(Md5::HexOf("message digest"), "f96b697d7cb7938d525a2f31aaf161d0");
  EXPECT_EQ(Md5::HexOf("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b");
  EXPECT_EQ(Md5::HexOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"),
            "d174ab98d277d9f5a5611c2c9f419d9f");
  EXPECT_EQ(Md5::HexOf("1234567890123456789012345678901234567890123456789012345678901234567890"
                       "1234567890"),
            "57edf4a22be3c955ac49da2e2107b67a");
}

TEST(Md5Test, PaddingBoundariesAroundOneBlock) {
  // 55 bytes fit the length in the same block; 56..63 need a second one.
  EXPECT_EQ(Md5::HexOf(std::string(55, 'a')), "ef1772b6dff9a122358552954ad0df65");
  EXPECT_EQ(Md5::HexOf(std::string(56, 'a')), "3b0c8ac703f828b04c6c197006d17218");
  EXPECT_EQ(Md5::HexOf(std::string(64, 'a')), "014842d480b571495a4a0363793f7367");
}

TEST(Md5Test, IncrementalUpdatesEqualOneShot) {
  std::string text;
  for (int i = 0; i < 1000; i++) text += static_cast<char>('a' + i % 26);
  for (size_t piece : {1u, 3u, 63u, 64u, 65u, 200u}) {
    Md5 md5;
    for (size_t at = 0; at < text.size(); at += piece) {
      md5.Update(std::string_view(text).substr(at, piece));
    }
    EXPECT_EQ(Md5::ToHex(md5.Finish()), Md5::HexOf(text)) << "piece " << piece;
  }
}

}  // namespace teal
