// LogicalType: physical layouts and names.
#include "teal/logical_type.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"

namespace teal {

TEST(LogicalTypeTest, DecimalPhysicalTypeFollowsWidth) {
  EXPECT_EQ(LogicalType::Decimal(4, 1).Physical(), PhysicalType::kInt16);
  EXPECT_EQ(LogicalType::Decimal(9, 2).Physical(), PhysicalType::kInt32);
  EXPECT_EQ(LogicalType::Decimal(18, 3).Physical(), PhysicalType::kInt64);
  EXPECT_EQ(LogicalType::Decimal(38, 10).Physical(), PhysicalType::kInt128);
}

TEST(LogicalTypeTest, EnumIndexWidthFollowsDictionarySize) {
  EXPECT_EQ(LogicalType::Enum("e", {"a", "b"}).Physical(), PhysicalType::kUInt8);
  std::vector<std::string> many;
  for (int i = 0; i < 300; i++) {
    // Appended rather than "l" + to_string(i): g++ 12 -O3 reports a false -Wrestrict there.
    std::string label = "l";
    label += std::to_string(i);
    many.push_back(std::move(label));
  }
  EXPECT_EQ(LogicalType::Enum("e", many).Physical(), PhysicalType::kUInt16);
}

TEST(LogicalTypeTest, NamesAreSqlSpellings) {
  EXPECT_EQ(LogicalType(TypeId::kInteger).ToString(), "INTEGER");
  EXPECT_EQ(LogicalType::Decimal(18, 3).ToString(), "DECIMAL(18,3)");
  EXPECT_EQ(LogicalType::List(LogicalType::List(TypeId::kVarchar)).ToString(), "VARCHAR[][]");
}

TEST(LogicalTypeTest, MapIsAListOfKeyValueStructs) {
  LogicalType map = LogicalType::Map(TypeId::kVarchar, LogicalType::List(TypeId::kInteger));
  EXPECT_EQ(map.Id(), TypeId::kMap);
  EXPECT_EQ(map.Physical(), PhysicalType::kList);
  EXPECT_EQ(map.MapKey(), LogicalType(TypeId::kVarchar));
  EXPECT_EQ(map.MapValue(), LogicalType::List(TypeId::kInteger));
  EXPECT_EQ(map.ListChild().StructFields()[0].first, "key");
  EXPECT_EQ(map.ToString(), "MAP(VARCHAR, INTEGER[])");
  // A MAP is not the LIST it is laid out as, nor a MAP of other types.
  EXPECT_NE(map, LogicalType::List(map.ListChild()));
  EXPECT_NE(map, LogicalType::Map(TypeId::kVarchar, TypeId::kInteger));
  EXPECT_EQ(map, LogicalType::Map(TypeId::kVarchar, LogicalType::List(TypeId::kInteger)));
  EXPECT_THROW(LogicalType(TypeId::kInteger).MapKey(), InvalidInputError);
  EXPECT_THROW(LogicalType{TypeId::kMap}, InvalidInputError);
}

TEST(LogicalTypeTest, ArrayIsAListOfAFixedSize) {
  LogicalType array = LogicalType::Array(TypeId::kFloat, 3);
  EXPECT_EQ(array.Id(), TypeId::kArray);
  EXPECT_EQ(array.Physical(), PhysicalType::kList);
  EXPECT_EQ(array.ListChild(), LogicalType(TypeId::kFloat));
  EXPECT_EQ(array.ArraySize(), 3u);
  EXPECT_EQ(array.ToString(), "FLOAT[3]");
  EXPECT_EQ(LogicalType::List(LogicalType::Array(TypeId::kInteger, 2)).ToString(), "INTEGER[2][]");
  EXPECT_EQ(LogicalType::Array(LogicalType::List(TypeId::kInteger), 2).ToString(), "INTEGER[][2]");
  // Neither the LIST it is laid out as, nor an array of another size or element.
  EXPECT_NE(array, LogicalType::List(TypeId::kFloat));
  EXPECT_NE(array, LogicalType::Array(TypeId::kFloat, 4));
  EXPECT_NE(array, LogicalType::Array(TypeId::kDouble, 3));
  EXPECT_EQ(array, LogicalType::Array(TypeId::kFloat, 3));
  EXPECT_THROW(LogicalType::Array(TypeId::kFloat, 0), InvalidInputError);
  EXPECT_THROW(LogicalType::Array(TypeId::kFloat, LogicalType::kMaxArraySize + 1),
               InvalidInputError);
  EXPECT_NO_THROW(LogicalType::Array(TypeId::kFloat, LogicalType::kMaxArraySize));
  EXPECT_THROW(LogicalType(TypeId::kInteger).ArraySize(), InvalidInputError);
  EXPECT_THROW(LogicalType::List(TypeId::kInteger).ArraySize(), InvalidInputError);
  EXPECT_THROW(LogicalType{TypeId::kArray}, InvalidInputError);
}

TEST(LogicalTypeTest, UnionIsAStructWithTheTagFirst) {
  LogicalType u = LogicalType::Union({{"num", TypeId::kInteger}, {"str", TypeId::kVarchar}});
  EXPECT_EQ(u.Id(), TypeId::kUnion);
  EXPECT_EQ(u.Physical(), PhysicalType::kStruct);
  EXPECT_EQ(u.ToString(), "UNION(num INTEGER, str VARCHAR)");
  ASSERT_EQ(u.StructFields().size(), 3u);
  EXPECT_EQ(u.StructFields()[0].second.Id(), TypeId::kUTinyInt);
  EXPECT_EQ(u.UnionMemberCount(), 2u);
  EXPECT_EQ(u.UnionMember(1).first, "str");
  EXPECT_EQ(u.UnionMemberIndex("STR"), 1);
  EXPECT_EQ(u.UnionMemberIndex("tag"), -1);
  // A member may be called tag; two members may not share a name.
  EXPECT_EQ(LogicalType::Union({{"tag", TypeId::kInteger}}).UnionMemberIndex("tag"), 0);
  EXPECT_THROW(LogicalType::Union({{"a", TypeId::kInteger}, {"A", TypeId::kInteger}}),
               InvalidInputError);
  EXPECT_THROW(LogicalType::Union({}), InvalidInputError);
  std::vector<std::pair<std::string, LogicalType>> many;
  for (size_t k = 0; k <= LogicalType::kMaxUnionMembers; k++) {
    many.emplace_back("m" + std::to_string(k), TypeId::kInteger);
  }
  EXPECT_THROW(LogicalType::Union(many), InvalidInputError);
  many.pop_back();
  EXPECT_EQ(LogicalType::Union(many).UnionMemberCount(), LogicalType::kMaxUnionMembers);
  // Not a STRUCT of the same layout.
  EXPECT_NE(u, LogicalType::Struct(u.StructFields()));
  EXPECT_THROW(LogicalType{TypeId::kUnion}, InvalidInputError);
}

}  // namespace teal
