// The CSV reader, sniffer and writer: rows split the same at every buffer size (a row or a
// quoted field cut by the buffer's end), what the sniffer finds, and a writer's file
// appearing whole or not at all.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "function/table/csv_reader.hpp"
#include "function/table/csv_sniffer.hpp"
#include "function/table/csv_writer.hpp"
#include "function/table/hive_partitions.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

class CsvTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir[] = "/tmp/teal-csv-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    dir_ = dir;
  }
  void TearDown() override {
    for (const auto& file : files_) std::remove(file.c_str());
    rmdir(dir_.c_str());
  }
  std::string File(const std::string& name, const std::string& bytes) {
    const std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    files_.push_back(path);
    return path;
  }
  std::string dir_;
  std::vector<std::string> files_;
};

/// Every row of `path` as "field|field|…" lines, read `batch` rows at a time.
std::string ReadAll(const std::string& path, const CsvDialect& dialect, idx_t buffer_size,
                    idx_t batch = 3) {
  CsvRowReader reader(path, dialect, buffer_size, 1 << 20, true);
  CsvRows rows;
  std::string out, text;
  while (reader.ReadRows(batch, rows) > 0) {
    for (idx_t r = 0; r < rows.Count(); r++) {
      out += std::to_string(rows.line[r]) + ":";
      for (idx_t c = 0; c < rows.Width(r); c++) {
        const CsvField& field = rows.Field(r, c);
        if (field.escaped) {
          CsvUnescape(field, dialect, text);
        } else {
          text.assign(field.data, field.size);
        }
        out += (field.quoted ? "'" + text + "'" : text) + "|";
      }
      out += "\n";
    }
  }
  return out;
}

TEST_F(CsvTest, RowsSplitTheSameAtEveryBufferSize) {
  const std::string path = File("a.csv",
                                "\xEF\xBB\xBFid,text\r\n1,plain\r\n2,\"with, "
                                "comma\"\n3,\"two\nlines\"\r4,\"say \"\"hi\"\"\"\n"
                                "5,\n\n6,\"\"\n7,last");
  CsvDialect dialect;
  const std::string expected =
      "1:id|text|\n2:1|plain|\n3:2|'with, comma'|\n4:3|'two\nlines'|\n6:4|'say \"hi\"'|\n"
      "7:5||\n9:6|''|\n10:7|last|\n";
  // The buffer starts at 64 bytes and grows when a row does not fit: every cut of a row
  // (inside quotes, between \r and \n, after the last byte) is met at one size or another.
  for (idx_t size : {64, 65, 70, 77, 100, 1 << 20}) {
    EXPECT_EQ(ReadAll(path, dialect, size), expected) << "buffer " << size;
    EXPECT_EQ(ReadAll(path, dialect, size, 1), expected) << "buffer " << size;
  }
}

TEST_F(CsvTest, GzipFilesSplitTheSameAsPlainOnes) {
  std::string text = "id,text\n";
  for (int i = 0; i < 5000; i++) text += std::to_string(i) + ",\"row " + std::to_string(i) + "\"\n";
  const std::string plain = File("plain.csv", text);
  const std::string packed = dir_ + "/packed.csv.gz";
  files_.push_back(packed);
  gzFile out = gzopen(packed.c_str(), "wb");
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(gzwrite(out, text.data(), static_cast<unsigned>(text.size())),
            static_cast<int>(text.size()));
  ASSERT_EQ(gzclose(out), Z_OK);
  CsvDialect dialect;
  const std::string expected = ReadAll(plain, dialect, 0);
  for (idx_t size : {64, 100, 4096, 1 << 20}) {
    EXPECT_EQ(ReadAll(packed, dialect, size), expected) << "buffer " << size;
  }
}

TEST_F(CsvTest, EscapesMultiByteDelimitersAndComments) {
  const std::string path =
      File("b.csv", "a||b\n\"x\\\"y\"||2 # trailing\n# whole line\n  # indented\nz||3\n");
  CsvDialect dialect;
  dialect.delimiter = "||";
  dialect.escape = '\\';
  dialect.comment = '#';
  EXPECT_EQ(ReadAll(path, dialect, 0), "1:a|b|\n2:'x\"y'|2 |\n5:z|3|\n");
}

TEST_F(CsvTest, MalformedRowsAreErrorsNamingTheLine) {
  CsvDialect dialect;
  const std::string unclosed = File("c.csv", "a,b\n1,\"open\n2,3\n");
  try {
    ReadAll(unclosed, dialect, 0);
    FAIL() << "an unterminated quote was read";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("c.csv"), std::string::npos) << e.what();
  }
  const std::string after = File("d.csv", "\"a\"b,c\n");
  EXPECT_THROW(ReadAll(after, dialect, 0), InvalidInputError);
  // Not strict: the field is kept as it stands.
  CsvRowReader lenient(after, dialect, 0, 1 << 20, false);
  CsvRows rows;
  ASSERT_EQ(lenient.ReadRows(10, rows), 1u);
  EXPECT_EQ(std::string(rows.Field(0, 0).data, rows.Field(0, 0).size), "\"a\"b");
  // A row longer than max_line_size: the message gives its whole length, read past what
  // the buffer holds, and the max_line_size that would take it.
  const std::string longer = File("e.csv", std::string(300, 'x') + "\nshort\n");
  CsvRowReader bounded(longer, dialect, 64, 100, true);
  try {
    bounded.ReadRows(10, rows);
    ADD_FAILURE() << "a row over max_line_size was read";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("the row is 300 bytes"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("max_line_size=301"), std::string::npos) << e.what();
  }
}

TEST_F(CsvTest, SnifferFindsDialectHeaderAndTypes) {
  const std::string path =
      File("f.csv", "when;n;x;ok;name\n2024-01-02;1;1.5;true;\"a;b\"\n2024-01-03;-2;2;f;c\n");
  const CsvSchema schema = SniffCsv(path, CsvOptions{});
  EXPECT_EQ(schema.dialect.delimiter, ";");
  EXPECT_TRUE(schema.header);
  EXPECT_EQ(schema.names, (std::vector<std::string>{"when", "n", "x", "ok", "name"}));
  EXPECT_EQ(schema.types, (std::vector<LogicalType>{TypeId::kDate, TypeId::kBigInt, TypeId::kDouble,
                                                    TypeId::kBoolean, TypeId::kVarchar}));
  // No header when the first row fits the types; names are then column0, column1, ….
  const std::string numbers = File("g.csv", "1|2\n3|4\n");
  const CsvSchema plain = SniffCsv(numbers, CsvOptions{});
  EXPECT_FALSE(plain.header);
  EXPECT_EQ(plain.names, (std::vector<std::string>{"column0", "column1"}));
}

TEST_F(CsvTest, UnionByNameMatchesColumnsByNameAndWidensTypes) {
  CsvScanData data;
  data.files = {File("u1.csv", "a,b\n1,x\n"), File("u2.csv", "B,c,a\nz,1.5,2.5\n"),
                File("u3.csv", "d,c\n"),  // its header alone: names, no types
                File("u4.csv", "c\n7\n")};
  data.options.union_by_name = true;
  UnionCsvSchemasByName(data);
  EXPECT_EQ(data.schema.names, (std::vector<std::string>{"a", "b", "c", "d"}));
  // a: BIGINT and DOUBLE; c: DOUBLE and BIGINT (u3's VARCHAR says nothing); d: only u3's.
  EXPECT_EQ(data.schema.types, (std::vector<LogicalType>{TypeId::kDouble, TypeId::kVarchar,
                                                         TypeId::kDouble, TypeId::kVarchar}));
  ASSERT_EQ(data.file_columns.size(), 4u);
  EXPECT_EQ(data.file_columns[0], (std::vector<idx_t>{0, 1, kInvalidIndex, kInvalidIndex}));
  EXPECT_EQ(data.file_columns[1], (std::vector<idx_t>{2, 0, 1, kInvalidIndex}));
  EXPECT_EQ(data.file_columns[2], (std::vector<idx_t>{kInvalidIndex, kInvalidIndex, 1, 0}));
  EXPECT_EQ(data.file_columns[3],
            (std::vector<idx_t>{kInvalidIndex, kInvalidIndex, 0, kInvalidIndex}));
  EXPECT_TRUE(data.file_schemas[2].untyped);
  EXPECT_FALSE(data.file_schemas[3].untyped);
  // A file that names a column twice (whatever the case) cannot be matched by name.
  CsvScanData twice;
  twice.files = {File("u5.csv", "a,b\n1,2\n"), File("u6.csv", "a,A\n1,2\n")};
  EXPECT_THROW(UnionCsvSchemasByName(twice), InvalidInputError);
}

TEST_F(CsvTest, HivePartitionsAreTheKeyValueDirectoriesOfEachFile) {
  CsvOptions options;
  const HivePartitions p = ReadHivePartitions(
      {"/d/year=2024/day=2024-03-01/city=New%20York/x=0012/f.csv",
       "/d/year=-7/day=2024-03-02/city=NULL/x=13/f.csv",
       "d\\year=10\\day=2024-03-03\\city=\\x=1\\year=3.csv"},  // Windows separators; a file name is
                                                               // no directory
      options);
  EXPECT_EQ(p.names, (std::vector<std::string>{"city", "day", "x", "year"}));  // by name
  // BIGINT without leading zeros; DATE; NULL for "NULL" and for the empty value.
  EXPECT_EQ(p.types, (std::vector<LogicalType>{TypeId::kVarchar, TypeId::kDate, TypeId::kVarchar,
                                               TypeId::kBigInt}));
  ASSERT_EQ(p.values.size(), 3u);
  EXPECT_EQ(p.values[0][0], Value::Varchar("New York"));
  EXPECT_TRUE(p.values[1][0].IsNull());
  EXPECT_TRUE(p.values[2][0].IsNull());
  EXPECT_EQ(p.values[1][3], Value::BigInt(-7));
  EXPECT_EQ(p.values[0][2], Value::Varchar("0012"));
  // A date and a timestamp together are neither: VARCHAR; without autocast everything is.
  const HivePartitions mixed =
      ReadHivePartitions({"/t=2020-01-01/a.csv", "/t=2020-01-01 10:00:00/b.csv"}, options);
  EXPECT_EQ(mixed.types[0], LogicalType(TypeId::kVarchar));
  options.hive_types_autocast = false;
  EXPECT_EQ(ReadHivePartitions({"/n=1/a.csv"}, options).types[0], LogicalType(TypeId::kVarchar));
  // Given types win; a value that does not convert names its file.
  options.hive_types = {{"n", LogicalType(TypeId::kDate)}};
  EXPECT_THROW(ReadHivePartitions({"/n=1/a.csv"}, options), ConversionError);
  options.hive_types = {{"m", LogicalType(TypeId::kDate)}};
  EXPECT_THROW(ReadHivePartitions({"/n=1/a.csv"}, options), InvalidInputError);
  // Every file has the same keys.
  EXPECT_THROW(ReadHivePartitions({"/a=1/b=2/f.csv", "/a=1/f.csv"}, CsvOptions{}),
               InvalidInputError);
  EXPECT_THROW(ReadHivePartitions({"/a=1/f.csv", "/b=1/f.csv"}, CsvOptions{}), InvalidInputError);
}

TEST_F(CsvTest, ReadCsvAddsTheHivePartitionColumns) {
  const std::string root = dir_ + "/sales";
  for (const char* part : {"year=2023/region=eu", "year=2024/region=us"}) {
    std::filesystem::create_directories(root + "/" + part);
    std::ofstream(root + "/" + part + "/data.csv") << "amount\n"
                                                   << (part[8] == '3' ? 10 : 20) << "\n";
  }
  Database db;
  Connection con(db);
  Result result = con.Query("SELECT amount, region, year, typeof(year) FROM read_csv('" + root +
                            "/*/*/data.csv', hive_partitioning = true) ORDER BY year");
  ASSERT_EQ(result.RowCount(), 2u);
  EXPECT_EQ(result.GetValue(0, 0), Value::BigInt(10));
  EXPECT_EQ(result.GetValue(1, 0), Value::Varchar("eu"));
  EXPECT_EQ(result.GetValue(2, 1), Value::BigInt(2024));
  EXPECT_EQ(result.GetValue(3, 1), Value::Varchar("BIGINT"));
  // Filtering on a partition column reads the matching files' rows only.
  Result filtered = con.Query("SELECT sum(amount) FROM read_csv('" + root +
                              "/*/*/data.csv', hive_partitioning = true) WHERE region = 'us'");
  EXPECT_EQ(filtered.GetValue(0, 0).ToString(), "20");
  // A partition key that is also a column of the files is refused.
  std::filesystem::create_directories(root + "/x/amount=1");
  std::ofstream(root + "/x/amount=1/data.csv") << "amount\n1\n";
  EXPECT_THROW(
      con.Query("SELECT * FROM read_csv('" + root + "/x/*/data.csv', hive_partitioning = 1)"),
      BinderError);
  std::filesystem::remove_all(root);
}

TEST_F(CsvTest, SnifferReadsOneRowOfNamesAsAHeaderAndOffsetsAsTimestamptz) {
  const CsvSchema names = SniffCsv(File("h.csv", "name,city\n"), CsvOptions{});
  EXPECT_TRUE(names.header);
  EXPECT_TRUE(names.untyped);
  const CsvSchema row = SniffCsv(File("i.csv", "x,2\n"), CsvOptions{});
  EXPECT_FALSE(row.header);
  const CsvSchema times = SniffCsv(File("j.csv",
                                        "t,u\n2020-01-01 10:00:00+02,2020-01-01 10:00:00\n"
                                        "2020-01-02T00:00:00Z,2020-01-02 00:00:00\n"),
                                   CsvOptions{});
  EXPECT_EQ(times.types, (std::vector<LogicalType>{TypeId::kTimestampTz, TypeId::kTimestamp}));
}

TEST_F(CsvTest, CsvValueFitsIsStricterThanCasts) {
  const CsvOptions options;
  EXPECT_TRUE(CsvValueFits("42", TypeId::kBigInt, options));
  EXPECT_FALSE(CsvValueFits("042", TypeId::kBigInt, options));
  EXPECT_FALSE(CsvValueFits("1e3", TypeId::kBigInt, options));
  EXPECT_TRUE(CsvValueFits("1e3", TypeId::kDouble, options));
  EXPECT_FALSE(CsvValueFits("1", TypeId::kBoolean, options));
  EXPECT_TRUE(CsvValueFits("FALSE", TypeId::kBoolean, options));
  CsvOptions dates;
  dates.date_format = "%d.%m.%Y";
  EXPECT_TRUE(CsvValueFits("31.12.1999", TypeId::kDate, dates));
  EXPECT_FALSE(CsvValueFits("1999-12-31", TypeId::kDate, dates));
}

TEST_F(CsvTest, WriterQuotesWhatNeedsItAndLeavesNoFileWhenAbandoned) {
  const std::string path = dir_ + "/out.csv";
  files_.push_back(path);
  DataChunk chunk({TypeId::kInteger, TypeId::kVarchar}, 4);
  const std::vector<std::string> texts = {"plain", "a,b", "say \"x\"", ""};
  for (idx_t r = 0; r < 4; r++) {
    chunk.data[0].SetValue(
        r, r == 2 ? Value(LogicalType(TypeId::kInteger)) : Value::Integer(static_cast<int32_t>(r)));
    chunk.data[1].SetValue(r, Value::Varchar(texts[r]));
  }
  chunk.SetCardinality(4);
  {
    CsvWriter abandoned(path, CsvOptions{}, {"n", "s"}, chunk.Types());
    abandoned.Write(chunk);
  }
  EXPECT_FALSE(std::ifstream(path).good());
  EXPECT_FALSE(std::ifstream(path + ".tmp").good());
  CsvOptions with_header;
  with_header.header = true;
  CsvWriter writer(path, with_header, {"n", "s"}, chunk.Types());
  writer.Write(chunk);
  writer.Finish();
  std::stringstream written;
  written << std::ifstream(path).rdbuf();
  EXPECT_EQ(written.str(), "n,s\n0,plain\n1,\"a,b\"\n,\"say \"\"x\"\"\"\n3,\"\"\n");
}

TEST_F(CsvTest, TextFormatEscapesRoundTrip) {
  const std::string path = dir_ + "/out.txt";
  files_.push_back(path);
  DataChunk chunk({TypeId::kVarchar}, 3);
  chunk.data[0].SetValue(0, Value::Varchar("tab\there\\back\nline"));
  chunk.data[0].SetValue(1, Value(LogicalType(TypeId::kVarchar)));
  chunk.data[0].SetValue(2, Value::Varchar("\\N"));
  chunk.SetCardinality(3);
  CsvOptions text;
  text.text_format = true;
  CsvWriter writer(path, text, {"s"}, chunk.Types());
  writer.Write(chunk);
  writer.Finish();
  std::stringstream written;
  written << std::ifstream(path).rdbuf();
  EXPECT_EQ(written.str(), "tab\\there\\\\back\\nline\n\\N\n\\\\N\n");
  // Read back: the escapes decode (NULL is the raw \N, which the scan compares before
  // decoding; decoded it would be "N"), and the escaped \\N is the text \N.
  CsvDialect dialect;
  dialect.delimiter = "\t";
  dialect.quote = dialect.escape = '\0';
  dialect.text_format = true;
  EXPECT_EQ(ReadAll(path, dialect, 0), "1:tab\there\\back\nline|\n2:N|\n3:\\N|\n");
  const std::string octal = File("octal.txt", "\\101\\x42\\q\n");
  EXPECT_EQ(ReadAll(octal, dialect, 0), "1:ABq|\n");
}

TEST_F(CsvTest, CopyFromIsAllOrNothing) {
  const std::string path = File("h.csv", "1,a\n2,b\nthree,c\n");
  Database db;
  Connection con(db);
  con.Query("CREATE TABLE t(n INTEGER, s VARCHAR)");
  con.Query("INSERT INTO t VALUES (0, 'before')");
  EXPECT_THROW(con.Query("COPY t FROM '" + path + "' (FORMAT csv)"), ConversionError);
  Result count = con.Query("SELECT count(*) FROM t");
  EXPECT_EQ(count.GetValue(0, 0), Value::BigInt(1));
  Result copied = con.Query("COPY t FROM '" + path + "' (FORMAT csv, IGNORE_ERRORS true)");
  EXPECT_EQ(copied.GetValue(0, 0), Value::BigInt(2));
}

}  // namespace
}  // namespace teal
