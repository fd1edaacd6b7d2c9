// The LIST cast family: element-wise LIST casts and the [a, b] text form.
#include <gtest/gtest.h>

#include "teal/error.hpp"
#include "teal/value.hpp"
#include "vector/vector.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
const LogicalType kInteger(TypeId::kInteger);
const LogicalType kBigInt(TypeId::kBigInt);
const LogicalType kDouble(TypeId::kDouble);
const LogicalType kVarchar(TypeId::kVarchar);
const LogicalType kUuid(TypeId::kUuid);

Value Ints(std::vector<Value> elements) { return Value::List(kInteger, std::move(elements)); }
Value Strings(std::vector<std::string_view> texts) {
  std::vector<Value> elements;
  for (auto t : texts) elements.push_back(Value::Varchar(t));
  return Value::List(kVarchar, std::move(elements));
}
std::string CastError(const Value& v, const LogicalType& to) {
  Value out;
  std::string error;
  EXPECT_FALSE(v.TryCastAs(to, out, &error)) << v.ToString();
  return error;
}
}  // namespace

TEST(CastNestedTest, ListRendersElementsWithNull) {
  EXPECT_EQ(Ints({Value::Integer(1), Value::Integer(2), Value(kInteger)}).ToString(),
            "[1, 2, NULL]");
  EXPECT_EQ(Ints({}).ToString(), "[]");
}

TEST(CastNestedTest, NestedListRendersInnerLists) {
  LogicalType inner = LogicalType::List(kInteger);
  Value v = Value::List(inner, {Ints({Value::Integer(1)}), Ints({}), Value(inner)});
  EXPECT_EQ(v.ToString(), "[[1], [], NULL]");
}

TEST(CastNestedTest, PlainStringsInListsAreUnquoted) {
  EXPECT_EQ(Strings({"a", "hello world", "Nullable"}).ToString(), "[a, hello world, Nullable]");
}

TEST(CastNestedTest, StringsThatWouldBeAmbiguousAreQuoted) {
  EXPECT_EQ(
      Strings({"", "a,b", "[x]", "it's", "say \"hi\"", " pad", "pad ", "null", "NULL"}).ToString(),
      "['', 'a,b', '[x]', 'it\\'s', 'say \"hi\"', ' pad', 'pad ', 'null', 'NULL']");
}

TEST(CastNestedTest, ListCastsElementWise) {
  Value v = Ints({Value::Integer(1), Value(kInteger), Value::Integer(-3)});
  Value d = v.CastAs(LogicalType::List(kDouble));
  EXPECT_EQ(d, Value::List(kDouble, {Value::Double(1), Value(kDouble), Value::Double(-3)}));
}

TEST(CastNestedTest, ListElementErrorNamesTheElement) {
  Value v = Strings({"1", "x"});
  EXPECT_EQ(CastError(v, LogicalType::List(kInteger)), "Could not convert string 'x' to INT32");
}

TEST(CastNestedTest, VarcharParsesIntoAList) {
  Value v = Value::Varchar(" [1, 2 ,NULL,  -4] ").CastAs(LogicalType::List(kBigInt));
  EXPECT_EQ(v, Value::List(kBigInt, {Value::BigInt(1), Value::BigInt(2), Value(kBigInt),
                                     Value::BigInt(-4)}));
  EXPECT_EQ(Value::Varchar("[]").CastAs(LogicalType::List(kBigInt)), Value::List(kBigInt, {}));
}

TEST(CastNestedTest, VarcharParsesQuotedElements) {
  Value v = Value::Varchar("['a,b', 'it''s', \"q\"\"\", '', 'NULL', plain text]")
                .CastAs(LogicalType::List(kVarchar));
  EXPECT_EQ(v, Strings({"a,b", "it's", "q\"", "", "NULL", "plain text"}));
}

TEST(CastNestedTest, VarcharParsesNestedLists) {
  LogicalType nested = LogicalType::List(LogicalType::List(kInteger));
  Value v = Value::Varchar("[[1, 2], [], NULL, [3]]").CastAs(nested);
  EXPECT_EQ(v, Value::List(LogicalType::List(kInteger),
                           {Ints({Value::Integer(1), Value::Integer(2)}), Ints({}),
                            Value(LogicalType::List(kInteger)), Ints({Value::Integer(3)})}));
}

TEST(CastNestedTest, RenderedListsParseBack) {
  LogicalType nested = LogicalType::List(LogicalType::List(kVarchar));
  Value original = Value::List(LogicalType::List(kVarchar),
                               {Strings({"a", "b]", "", "it's"}), Strings({" x", "NULL"})});
  EXPECT_EQ(Value::Varchar(original.ToString()).CastAs(nested), original);
}

TEST(CastNestedTest, MalformedListTextIsAnError) {
  LogicalType ints = LogicalType::List(kInteger);
  for (std::string_view bad :
       {"", "1, 2", "[1, 2", "[1, 2]]", "[[1, 2]", "['a]", "[1] x", "[a[b]"}) {
    std::string error = CastError(Value::Varchar(bad), ints);
    EXPECT_NE(error.find("malformed list"), std::string::npos) << bad << ": " << error;
  }
  // Well-formed, with elements that are no integers: an empty one is '' (DuckDB's reading).
  for (std::string_view bad : {"[1,,2]", "[1, 2,]", "[a[b]]"}) {
    std::string error = CastError(Value::Varchar(bad), ints);
    EXPECT_NE(error.find("to INT32"), std::string::npos) << bad << ": " << error;
  }
  EXPECT_EQ(CastError(Value::Varchar("[1"), ints),
            "Type VARCHAR with value '[1' can't be cast to the destination type INTEGER[]: "
            "malformed list");
}

TEST(CastNestedTest, CastExistsFollowsTheElementTypes) {
  EXPECT_TRUE(CastExists(LogicalType::List(kInteger), LogicalType::List(kVarchar)));
  EXPECT_TRUE(CastExists(LogicalType::List(kUuid), kVarchar));
  EXPECT_TRUE(CastExists(kVarchar, LogicalType::List(LogicalType::List(kDouble))));
  EXPECT_FALSE(CastExists(LogicalType::List(kUuid), LogicalType::List(kInteger)));
  EXPECT_FALSE(CastExists(LogicalType::List(kInteger), kInteger));
  EXPECT_FALSE(CastExists(kInteger, LogicalType::List(kInteger)));
}

TEST(CastNestedTest, NullListRowsStayNullInAVector) {
  LogicalType ints = LogicalType::List(kInteger);
  Vector source(ints, 3);
  source.SetValue(0, Ints({Value::Integer(1)}));
  source.SetNull(1);
  source.SetValue(2, Ints({Value::Integer(2), Value::Integer(3)}));
  Vector text(kVarchar, 3);
  CastVector(source, text, 3);
  EXPECT_EQ(text.GetValue(0).ToString(), "[1]");
  EXPECT_TRUE(text.GetValue(1).IsNull());
  EXPECT_EQ(text.GetValue(2).ToString(), "[2, 3]");
  Vector back(LogicalType::List(kBigInt), 3);
  CastVector(text, back, 3);
  EXPECT_EQ(back.GetValue(2), Value::List(kBigInt, {Value::BigInt(2), Value::BigInt(3)}));
  EXPECT_TRUE(back.GetValue(1).IsNull());
}

TEST(CastNestedTest, ListsLargerThanAVectorCast) {
  std::vector<Value> many;
  for (int i = 0; i < 3000; i++) many.push_back(Value::Integer(i));
  Value v = Value::List(kInteger, many).CastAs(LogicalType::List(kBigInt));
  ASSERT_EQ(v.GetList().size(), 3000u);
  EXPECT_EQ(v.GetList()[2999], Value::BigInt(2999));
}

}  // namespace teal
