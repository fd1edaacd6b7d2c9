// The shell's output modes: exact text for box, csv, tsv and line, and display widths.
#include "renderer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "teal/result.hpp"
#include "vector/data_chunk.hpp"

namespace teal::shell {
namespace {

using Cell = std::optional<std::string>;

// An integer column "i" and a varchar column "s" with a NULL in each and an empty string.
Table MixedTable() {
  Table table;
  table.names = {"i", "s"};
  table.types = {"integer", "varchar"};
  table.right_align = {true, false};
  table.rows = {{Cell("1"), Cell("a")}, {Cell("42"), std::nullopt}, {std::nullopt, Cell("")}};
  return table;
}

Table TextTable(std::vector<std::string> names, std::vector<Table::Row> rows) {
  Table table;
  table.types.assign(names.size(), "varchar");
  table.right_align.assign(names.size(), false);
  table.names = std::move(names);
  table.rows = std::move(rows);
  return table;
}

TEST(RendererTest, BoxRightAlignsNumbersAndShowsNullAndEmptyStrings) {
  EXPECT_EQ(RenderBox(MixedTable()),
            "┌─────────┬─────────┐\n"
            "│    i    │    s    │\n"
            "│ integer │ varchar │\n"
            "├─────────┼─────────┤\n"
            "│       1 │ a       │\n"
            "│      42 │ NULL    │\n"
            "│    NULL │         │\n"
            "└─────────┴─────────┘\n");
}

TEST(RendererTest, BoxMeasuresMultiByteAndWideCharactersByDisplayWidth) {
  Table table = TextTable({"name"}, {{Cell("héllo")}, {Cell("日本")}, {Cell("ab")}});
  EXPECT_EQ(RenderBox(table),
            "┌─────────┐\n"
            "│  name   │\n"
            "│ varchar │\n"
            "├─────────┤\n"
            "│ héllo   │\n"
            "│ 日本    │\n"
            "│ ab      │\n"
            "└─────────┘\n");
}

TEST(RendererTest, BoxWithoutRowsShowsOnlyTheHeader) {
  Table table = MixedTable();
  table.rows.clear();
  EXPECT_EQ(RenderBox(table),
            "┌─────────┬─────────┐\n"
            "│    i    │    s    │\n"
            "│ integer │ varchar │\n"
            "└─────────┴─────────┘\n");
}

TEST(RendererTest, BoxEscapesControlCharactersToKeepOneLinePerRow) {
  Table table = TextTable({"v"}, {{Cell("a\nb\tc\x01")}});
  EXPECT_EQ(RenderBox(table),
            "┌─────────────┐\n"
            "│      v      │\n"
            "│   varchar   │\n"
            "├─────────────┤\n"
            "│ a\\nb\\tc\\x01 │\n"
            "└─────────────┘\n");
}

TEST(RendererTest, BoxOmitsTheMiddleOfLongResultsWithAMarkerAndFooter) {
  Table table;
  table.names = {"n"};
  table.types = {"integer"};
  table.right_align = {true};
  for (int i = 0; i < 45; i++) table.rows.push_back({Cell(std::to_string(i))});
  OmitMiddleRows(table, kBoxHeadRows, kBoxTailRows);
  ASSERT_EQ(table.rows.size(), 40u);
  EXPECT_EQ(table.omitted_rows, 5u);

  const std::string box = RenderBox(table);
  EXPECT_NE(box.find("│      19 │\n"
                     "│    ·    │\n"
                     "│      25 │\n"),
            std::string::npos)
      << box;
  EXPECT_EQ(box.find("│      20 │"), std::string::npos) << box;
  const std::string end =
      "│      44 │\n"
      "└─────────┘\n"
      "45 rows (40 shown)\n";
  ASSERT_GE(box.size(), end.size());
  EXPECT_EQ(box.substr(box.size() - end.size()), end);
  EXPECT_EQ(std::count(box.begin(), box.end(), '\n'), 47);  // 4 header + 40 + marker + 2
}

TEST(RendererTest, BoxShowsFortyRowsWithoutOmitting) {
  Table table = TextTable({"n"}, {});
  for (int i = 0; i < 40; i++) table.rows.push_back({Cell("x")});
  OmitMiddleRows(table, kBoxHeadRows, kBoxTailRows);
  EXPECT_EQ(table.omitted_rows, 0u);
  EXPECT_EQ(RenderBox(table).find("·"), std::string::npos);
  EXPECT_EQ(RenderBox(table).find("rows"), std::string::npos);
}

TEST(RendererTest, BoxOfNoColumnsIsEmpty) { EXPECT_EQ(RenderBox(Table{}), ""); }

TEST(RendererTest, CsvQuotesPerRfc4180AndKeepsNullApartFromEmpty) {
  Table table = TextTable({"a", "b c"}, {{Cell("1"), Cell("x,y")},
                                         {std::nullopt, Cell("")},
                                         {Cell("say \"hi\""), Cell("line1\nline2")},
                                         {Cell("é"), Cell("tab\there")}});
  EXPECT_EQ(RenderCsv(table),
            "a,b c\n"
            "1,\"x,y\"\n"
            ",\"\"\n"
            "\"say \"\"hi\"\"\",\"line1\nline2\"\n"
            "é,tab\there\n");
}

TEST(RendererTest, TsvSeparatesWithTabsAndQuotesFieldsHoldingTabs) {
  Table table = TextTable(
      {"a", "b"},
      {{Cell("1"), Cell("x,y")}, {std::nullopt, Cell("tab\there")}, {Cell("日本"), Cell("")}});
  EXPECT_EQ(RenderTsv(table),
            "a\tb\n"
            "1\tx,y\n"
            "\t\"tab\there\"\n"
            "日本\t\"\"\n");
}

TEST(RendererTest, LineRightAlignsNamesAndSeparatesRowsWithABlankLine) {
  Table table = TextTable({"id", "name", "日本"}, {{Cell("1"), Cell("Ann"), Cell("")},
                                                   {Cell("2"), std::nullopt, Cell("x")}});
  EXPECT_EQ(RenderLine(table),
            "  id = 1\n"
            "name = Ann\n"
            "日本 = \n"
            "\n"
            "  id = 2\n"
            "name = NULL\n"
            "日本 = x\n");
}

TEST(RendererTest, RenderDispatchesOnMode) {
  const Table table = MixedTable();
  EXPECT_EQ(Render(table, OutputMode::kBox), RenderBox(table));
  EXPECT_EQ(Render(table, OutputMode::kCsv), "i,s\n1,a\n42,\n,\"\"\n");
  EXPECT_EQ(Render(table, OutputMode::kTsv), "i\ts\n1\ta\n42\t\n\t\"\"\n");
  EXPECT_EQ(Render(table, OutputMode::kLine), RenderLine(table));
}

TEST(RendererTest, ModeNamesRoundTrip) {
  for (OutputMode mode :
       {OutputMode::kBox, OutputMode::kCsv, OutputMode::kTsv, OutputMode::kLine}) {
    EXPECT_EQ(ParseOutputMode(OutputModeName(mode)), mode);
  }
  EXPECT_EQ(ParseOutputMode("html"), std::nullopt);
}

TEST(RendererTest, FormatColumnsFillsColumnsTopToBottom) {
  EXPECT_EQ(FormatColumns({"a", "bb", "ccc", "d", "e"}, 12), "a    d\nbb   e\nccc\n");
  EXPECT_EQ(FormatColumns({"a", "b"}), "a  b\n");
  EXPECT_EQ(FormatColumns({"a_very_long_name"}, 4), "a_very_long_name\n");
  EXPECT_EQ(FormatColumns({}), "");
}

TEST(RendererTest, DisplayWidthCountsCodePointsWideCharactersAndCombiningMarks) {
  EXPECT_EQ(DisplayWidth(""), 0u);
  EXPECT_EQ(DisplayWidth("abc"), 3u);
  EXPECT_EQ(DisplayWidth("héllo"), 5u);
  EXPECT_EQ(DisplayWidth("日本語"), 6u);
  EXPECT_EQ(DisplayWidth("e\xCC\x81"), 1u);         // e + combining acute accent
  EXPECT_EQ(DisplayWidth("\xF0\x9F\x98\x80"), 2u);  // an emoji
  EXPECT_EQ(DisplayWidth("a\xFF"
                         "b"),
            3u);                            // an invalid byte counts one
  EXPECT_EQ(DisplayWidth("\xE6\x97"), 2u);  // a truncated sequence, byte by byte
}

TEST(RendererTest, DisplayTypeNamesAreLowerCaseExceptEnumNames) {
  EXPECT_EQ(DisplayTypeName(TypeId::kInteger), "integer");
  EXPECT_EQ(DisplayTypeName(TypeId::kVarchar), "varchar");
  EXPECT_EQ(DisplayTypeName(LogicalType::Decimal(18, 3)), "decimal(18,3)");
  EXPECT_EQ(DisplayTypeName(LogicalType::List(TypeId::kDate)), "date[]");
  EXPECT_EQ(DisplayTypeName(LogicalType::Enum("Mood", {"sad", "ok"})), "Mood");
  EXPECT_EQ(DisplayTypeName(LogicalType::List(LogicalType::Enum("Mood", {"ok"}))), "Mood[]");
}

Result MakeResult(idx_t rows) {
  const std::vector<LogicalType> types = {TypeId::kInteger, TypeId::kVarchar};
  auto chunk = std::make_unique<DataChunk>(types);
  for (idx_t r = 0; r < rows; r++) {
    chunk->data[0].SetValue(
        r, r % 2 ? Value(LogicalType(TypeId::kInteger)) : Value::Integer(static_cast<int32_t>(r)));
    chunk->data[1].SetValue(r, Value::Varchar("v" + std::to_string(r)));
  }
  chunk->SetCardinality(rows);
  std::vector<std::unique_ptr<DataChunk>> chunks;
  chunks.push_back(std::move(chunk));
  return Result(StatementType::kSelect, {"i", "s"}, types, std::move(chunks));
}

TEST(RendererTest, TableFromResultConvertsValuesAndNulls) {
  const Table table = TableFromResult(MakeResult(3), /*elide=*/true);
  EXPECT_EQ(table.names, (std::vector<std::string>{"i", "s"}));
  EXPECT_EQ(table.types, (std::vector<std::string>{"integer", "varchar"}));
  EXPECT_EQ(table.right_align, (std::vector<bool>{true, false}));
  ASSERT_EQ(table.rows.size(), 3u);
  EXPECT_EQ(table.rows[0], (Table::Row{Cell("0"), Cell("v0")}));
  EXPECT_EQ(table.rows[1], (Table::Row{std::nullopt, Cell("v1")}));
  EXPECT_EQ(table.omitted_rows, 0u);
}

TEST(RendererTest, TableFromResultElidesOnlyWhenAsked) {
  const Table elided = TableFromResult(MakeResult(100), /*elide=*/true);
  ASSERT_EQ(elided.rows.size(), kBoxMaxRows);
  EXPECT_EQ(elided.omitted_rows, 60u);
  EXPECT_EQ(elided.omitted_at, kBoxHeadRows);
  EXPECT_EQ(elided.rows[kBoxHeadRows - 1][1], Cell("v19"));
  EXPECT_EQ(elided.rows[kBoxHeadRows][1], Cell("v80"));
  EXPECT_EQ(TableFromResult(MakeResult(100), /*elide=*/false).rows.size(), 100u);
}

}  // namespace
}  // namespace teal::shell
