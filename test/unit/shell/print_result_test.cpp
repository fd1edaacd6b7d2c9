// PrintResult: the shell's streaming output. It must print exactly what the Table
// renderers print, while holding a bounded number of rows however long the result.
#include <gtest/gtest.h>

#include <sstream>
#include <streambuf>

#include "renderer.hpp"
#include "teal/teal.hpp"

namespace teal::shell {
namespace {

/// An output stream that keeps only counts, so a test can print millions of rows
/// without the test itself holding the text.
class CountingBuffer : public std::streambuf {
 public:
  size_t bytes = 0;
  size_t lines = 0;

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) Count(static_cast<char>(c));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; i++) Count(s[i]);
    return n;
  }

 private:
  void Count(char c) {
    bytes++;
    if (c == '\n') lines++;
  }
};

constexpr const char* kSmallQuery =
    "SELECT range AS i, CASE WHEN range % 3 = 0 THEN NULL ELSE 'v,' || range END AS s "
    "FROM range(100)";

class PrintResultTest : public ::testing::Test {
 protected:
  /// PrintResult's text for `sql` in `mode`.
  std::string Printed(const char* sql, OutputMode mode) {
    Result result = con_.Query(sql);
    std::ostringstream out;
    PrintResult(result, mode, out);
    return out.str();
  }
  /// The renderers' text for `sql` in `mode` (the whole result converted first).
  std::string Rendered(const char* sql, OutputMode mode) {
    Result result = con_.Query(sql);
    return Render(TableFromResult(result, mode == OutputMode::kBox), mode);
  }

  Database db_;
  Connection con_{db_};
};

TEST_F(PrintResultTest, EveryModePrintsWhatItsRendererRenders) {
  for (OutputMode mode :
       {OutputMode::kBox, OutputMode::kCsv, OutputMode::kTsv, OutputMode::kLine}) {
    SCOPED_TRACE(std::string(OutputModeName(mode)));
    EXPECT_EQ(Printed(kSmallQuery, mode), Rendered(kSmallQuery, mode));
    EXPECT_EQ(Printed("SELECT 1 AS a WHERE false", mode),
              Rendered("SELECT 1 AS a WHERE false", mode));
    // Results of 20, 40 and 41 rows: around box mode's head, whole and elided sizes.
    for (const char* sql : {"SELECT * FROM range(20)", "SELECT * FROM range(40)",
                            "SELECT * FROM range(41)", "SELECT * FROM range(5000)"}) {
      EXPECT_EQ(Printed(sql, mode), Rendered(sql, mode)) << sql;
    }
  }
}

TEST_F(PrintResultTest, CsvStreamsALargeResultHoldingAtMostOneChunkOfRows) {
  constexpr idx_t kRows = 300000;
  Result result = con_.Query("SELECT range AS i, range * 2 AS j FROM range(300000)");
  CountingBuffer counter;
  std::ostream out(&counter);
  PrintStats stats = PrintResult(result, OutputMode::kCsv, out);
  EXPECT_EQ(stats.rows, kRows);
  EXPECT_EQ(counter.lines, kRows + 1);  // the header, then one line per row
  EXPECT_GT(stats.max_retained_rows, 0u);
  EXPECT_LE(stats.max_retained_rows, kVectorSize);
}

TEST_F(PrintResultTest, LineAndTsvStreamToo) {
  for (OutputMode mode : {OutputMode::kTsv, OutputMode::kLine}) {
    Result result = con_.Query("SELECT range AS i FROM range(50000)");
    CountingBuffer counter;
    std::ostream out(&counter);
    PrintStats stats = PrintResult(result, mode, out);
    EXPECT_EQ(stats.rows, 50000u);
    EXPECT_LE(stats.max_retained_rows, kVectorSize);
    // tsv: header + rows; line: one line per row and a blank line between rows.
    EXPECT_EQ(counter.lines, mode == OutputMode::kTsv ? 50001u : 2 * 50000u - 1);
  }
}

TEST_F(PrintResultTest, BoxKeepsOnlyTheRowsItShows) {
  Result result = con_.Query("SELECT range AS i FROM range(300000)");
  std::ostringstream out;
  PrintStats stats = PrintResult(result, OutputMode::kBox, out);
  EXPECT_EQ(stats.rows, 300000u);
  EXPECT_EQ(stats.max_retained_rows, kBoxMaxRows);
  EXPECT_NE(out.str().find("300000 rows (40 shown)"), std::string::npos);
  EXPECT_NE(out.str().find("299999"), std::string::npos);  // the last row is shown
}

TEST_F(PrintResultTest, AnErrorWhileStreamingComesAfterTheRowsBeforeIt) {
  Result result = con_.Query("SELECT (range * 1000000)::INTEGER AS v FROM range(5000)");
  std::ostringstream out;
  EXPECT_THROW(PrintResult(result, OutputMode::kCsv, out), ConversionError);
  // The first chunk (rows 0..2047) was printed before the failing one was computed.
  EXPECT_NE(out.str().find("\n2047000000\n"), std::string::npos);
}

}  // namespace
}  // namespace teal::shell
