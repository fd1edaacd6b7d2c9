// Invalid UTF-8 is stopped where text becomes VARCHAR (src/common/utf8.hpp): the
// appender's strings into VARCHAR columns (inline and heap lengths, lists of VARCHAR,
// string_t, text parsed into another type), parameters bound as VARCHAR, and string
// literals; BLOB columns take any bytes.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "teal/teal.hpp"

namespace teal {
namespace {

template <typename E, typename F>
std::string ErrorOf(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an exception";
  return {};
}

int64_t Count(Connection& con, const std::string& sql) {
  return con.Query(sql).GetValue(0, 0).GetStored<int64_t>();
}

class Utf8BoundaryTest : public ::testing::Test {
 protected:
  Database db_;
  Connection con_{db_};
};

TEST_F(Utf8BoundaryTest, AppenderRejectsInvalidShortStringNamingColumnRowAndOffset) {
  con_.Execute("CREATE TABLE t(i INTEGER, s VARCHAR)");
  Appender app(con_, "t");
  for (int i = 0; i < 16; i++) app.AppendRow(i, "ok");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(16, "abc\xff"); });
  EXPECT_EQ(message,
            "table \"t\", column \"s\" (VARCHAR), row 17: invalid UTF-8: byte 0xff at offset 3 "
            "(never valid in UTF-8)");
  app.AppendRow(17, "after");  // the bad row was discarded; the appender goes on
  app.Close();
  EXPECT_EQ(Count(con_, "SELECT count(*) FROM t"), 17);
  EXPECT_EQ(Count(con_, "SELECT count(*) FROM t WHERE i = 16"), 0);
}

TEST_F(Utf8BoundaryTest, AppenderRejectsInvalidLongStringAndTruncatedTail) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  Appender app(con_, "t");
  std::string long_bad = std::string(20, 'x') + "\xed\xa0\x80" + std::string(20, 'y');
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(long_bad); });
  EXPECT_NE(message.find("row 1: invalid UTF-8: bytes 0xed 0xa0 at offset 20 (a surrogate"),
            std::string::npos)
      << message;
  // A 12-byte (inline) string whose last character is cut off.
  std::string cut = std::string("abcdefghij") + "\xc3";
  EXPECT_THROW(app.AppendRow(cut), ConversionError);
  app.Close();
  EXPECT_EQ(Count(con_, "SELECT count(*) FROM t"), 0);
}

TEST_F(Utf8BoundaryTest, AppenderAcceptsValidMultiByteTextOfEveryLength) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  Appender app(con_, "t");
  std::vector<std::string> values = {"é", "საქა", "საქარ", "🦆 duck", "日本語のテキストです"};
  for (const auto& v : values) app.AppendRow(v);
  app.Close();
  EXPECT_EQ(
      Count(con_,
            "SELECT count(*) FROM t WHERE s IN ('é', 'საქა', 'საქარ', '🦆 "
            "duck', "
            "'日本語のテキストです')"),
      5);
}

TEST_F(Utf8BoundaryTest, BlobColumnTakesAnyBytes) {
  con_.Execute("CREATE TABLE t(b BLOB)");
  Appender app(con_, "t");
  app.AppendRow(std::string_view("\xff\xfe", 2));
  app.AppendRow(std::string(30, '\x80'));
  app.Close();
  EXPECT_EQ(Count(con_, "SELECT count(*) FROM t"), 2);
  // BLOB -> VARCHAR is the escaped text form, so it is always valid UTF-8.
  EXPECT_EQ(Count(con_, "SELECT count(*) FROM t WHERE b::VARCHAR = '\\xFF\\xFE'"), 1);
}

TEST_F(Utf8BoundaryTest, AppenderChecksListElementsAndStringT) {
  con_.Execute("CREATE TABLE t(l VARCHAR[], s VARCHAR)");
  Appender app(con_, "t");
  std::vector<std::string> good = {"a", "é"};
  std::vector<std::string> bad = {"a", "\xc0\x80"};
  app.AppendRow(good, "x");
  EXPECT_THROW(app.AppendRow(bad, "x"), ConversionError);
  EXPECT_THROW(app.AppendRow(good, string_t("\xff", 1)), ConversionError);
  app.Close();
  EXPECT_EQ(Count(con_, "SELECT count(*) FROM t"), 1);
}

TEST_F(Utf8BoundaryTest, AppenderChecksTextParsedIntoAnotherType) {
  con_.Execute("CREATE TABLE t(l VARCHAR[])");
  Appender app(con_, "t");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow("[a, \xff]"); });
  EXPECT_NE(message.find("invalid UTF-8: byte 0xff at offset 4"), std::string::npos) << message;
}

TEST_F(Utf8BoundaryTest, VarcharParameterMustBeValid) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  PreparedStatement insert = con_.Prepare("INSERT INTO t VALUES ($1)");
  std::string message = ErrorOf<InvalidInputError>([&] { insert.Bind(1, "ab\xff"); });
  EXPECT_EQ(message,
            "parameter $1: invalid UTF-8 in a VARCHAR value: byte 0xff at offset 2 (never "
            "valid in UTF-8)");
  EXPECT_THROW(insert.ExecuteWith({Value::Varchar("\xe2\x82")}), InvalidInputError);
  EXPECT_THROW(con_.Query("SELECT $1::VARCHAR", std::string("\x80")), InvalidInputError);
  insert.Bind(1, "ok €").Execute();
  // Bytes bound as a BLOB are not text; as VARCHAR they read as their escaped form.
  EXPECT_EQ(con_.Query("SELECT $1::VARCHAR", Value::Blob("\xff")).GetValue(0, 0).GetString(),
            "\\xFF");
  EXPECT_EQ(Count(con_, "SELECT count(*) FROM t"), 1);
}

TEST_F(Utf8BoundaryTest, StringLiteralMustBeValid) {
  std::string message = ErrorOf<ParserError>([&] { con_.Query("SELECT 'ab\xff'"); });
  EXPECT_EQ(message,
            "invalid UTF-8 in the string literal at position 8: byte 0xff at offset 2 (never "
            "valid in UTF-8)");
  EXPECT_THROW(con_.Query("SELECT 'x\xed\xa0\x80'::BLOB"), ParserError);
  EXPECT_EQ(con_.Query("SELECT 'ქართ'").GetValue(0, 0).GetString(), "ქართ");
}

}  // namespace
}  // namespace teal
