// ParseByteSize / FormatByteSize: units, fractions, spaces, and every malformed form.
#include "common/byte_size.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"

namespace teal {

TEST(ByteSizeTest, ParsesDecimalAndBinaryUnits) {
  EXPECT_EQ(ParseByteSize("1048576", "s"), 1048576u);
  EXPECT_EQ(ParseByteSize("100 bytes", "s"), 100u);
  EXPECT_EQ(ParseByteSize("2KB", "s"), 2000u);
  EXPECT_EQ(ParseByteSize("2kib", "s"), 2048u);
  EXPECT_EQ(ParseByteSize("512MiB", "s"), 512u << 20);
  EXPECT_EQ(ParseByteSize("2GB", "s"), 2000000000u);
  EXPECT_EQ(ParseByteSize(" 1.5 GiB ", "s"), 1610612736u);
  EXPECT_EQ(ParseByteSize("1TB", "s"), 1000000000000u);
  EXPECT_EQ(ParseByteSize("0.5B", "s"), 0u);  // rounded down to whole bytes
}

TEST(ByteSizeTest, RejectsWhatIsNotASize) {
  for (const char* bad : {"", "GB", "12 parsecs", "1.2.3GB", "1 G B", "ten", "1GBx", "."}) {
    try {
      ParseByteSize(bad, "memory_limit");
      FAIL() << bad;
    } catch (const InvalidInputError& e) {
      EXPECT_NE(std::string(e.what()).find("memory_limit"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(ParseByteSize("-1GB", "s"), OutOfRangeError);
  EXPECT_THROW(ParseByteSize("9EiB", "s"), InvalidInputError);  // no such unit
  EXPECT_THROW(ParseByteSize("10000000TB", "s"), OutOfRangeError);
}

TEST(ByteSizeTest, FormatsInTheLargestBinaryUnit) {
  EXPECT_EQ(FormatByteSize(0), "0 bytes");
  EXPECT_EQ(FormatByteSize(1023), "1023 bytes");
  EXPECT_EQ(FormatByteSize(1024), "1.0 KiB");
  EXPECT_EQ(FormatByteSize(512u << 20), "512.0 MiB");
  EXPECT_EQ(FormatByteSize(1610612736u), "1.5 GiB");
}

}  // namespace teal
