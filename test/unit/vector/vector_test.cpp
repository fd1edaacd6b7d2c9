// Vector, DataChunk, ValidityMask, SelectionVector and string_t layout.
#include "vector/vector.hpp"

#include <gtest/gtest.h>

#include "vector/data_chunk.hpp"

namespace teal {

TEST(StringTypeTest, TwelveBytesAreInlineAndZeroPadded) {
  std::string twelve = "abcdefghijkl";
  string_t s(twelve);
  EXPECT_TRUE(s.IsInlined());
  EXPECT_EQ(s.View(), twelve);
  string_t short_one("ab", 2);
  const auto* raw = reinterpret_cast<const unsigned char*>(&short_one);
  for (int i = 4 + 2; i < 16; i++) EXPECT_EQ(raw[i], 0) << "byte " << i;
}

TEST(StringTypeTest, ThirteenBytesPointIntoTheHeapWithAPrefix) {
  StringHeap heap;
  std::string thirteen = "abcdefghijklm";
  string_t s = heap.AddString(thirteen);
  EXPECT_FALSE(s.IsInlined());
  EXPECT_EQ(std::string_view(s.Prefix(), 4), "abcd");
  EXPECT_EQ(s.View(), thirteen);
  EXPECT_NE(s.data(), thirteen.data());  // a copy owned by the heap
}

TEST(StringTypeTest, MultiByteCharactersCountBytesNotCharacters) {
  std::string georgian = "ქართ";  // 4 letters, 12 UTF-8 bytes: still inline
  ASSERT_EQ(georgian.size(), 12u);
  EXPECT_TRUE(string_t(georgian).IsInlined());
  std::string five = "ქართუ";  // 15 bytes
  StringHeap heap;
  string_t s = heap.AddString(five);
  EXPECT_FALSE(s.IsInlined());
  EXPECT_EQ(s.View(), five);
}

TEST(StringTypeTest, EqualityAndOrderingCompareBytes) {
  StringHeap heap;
  EXPECT_EQ(heap.AddString("same long string!"), heap.AddString("same long string!"));
  EXPECT_FALSE(heap.AddString("same long string!") == heap.AddString("same long strinG!"));
  EXPECT_LT(string_t("abc", 3), string_t("abd", 3));
  EXPECT_LT(string_t("ab", 2), string_t("abc", 3));
}

TEST(ValidityMaskTest, NoMaskMeansAllValidUntilARowIsSetInvalid) {
  ValidityMask mask(kVectorSize);
  EXPECT_TRUE(mask.AllValid());
  EXPECT_TRUE(mask.RowIsValid(2047));
  mask.SetInvalid(64);
  EXPECT_FALSE(mask.AllValid());
  EXPECT_FALSE(mask.RowIsValid(64));
  EXPECT_TRUE(mask.RowIsValid(63));
  EXPECT_TRUE(mask.RowIsValid(65));
  mask.SetValid(64);
  EXPECT_TRUE(mask.RowIsValid(64));
}

TEST(VectorTest, ConstantVectorStandsForEveryRowAndFlattens) {
  Vector v(Value::Integer(7));
  EXPECT_TRUE(v.IsConstant());
  EXPECT_EQ(v.GetValue(1000), Value::Integer(7));
  v.Flatten(5);
  EXPECT_FALSE(v.IsConstant());
  for (idx_t i = 0; i < 5; i++) EXPECT_EQ(v.Values<int32_t>()[i], 7);
}

TEST(VectorTest, ConstantNullFlattensToNulls) {
  Vector v{Value(LogicalType(TypeId::kVarchar))};
  v.Flatten(3);
  for (idx_t i = 0; i < 3; i++) EXPECT_FALSE(v.RowIsValid(i));
}

TEST(VectorTest, ListValuesRoundTripThroughTheChildVector) {
  LogicalType list_type = LogicalType::List(TypeId::kInteger);
  Vector v(list_type, 4);
  Value a = Value::List(TypeId::kInteger, {Value::Integer(1), Value(LogicalType(TypeId::kInteger)),
                                           Value::Integer(3)});
  Value empty = Value::List(TypeId::kInteger, {});
  v.SetValue(0, a);
  v.SetValue(1, Value(list_type));
  v.SetValue(2, empty);
  EXPECT_EQ(v.GetValue(0), a);
  EXPECT_TRUE(v.GetValue(1).IsNull());
  EXPECT_EQ(v.GetValue(2), empty);
  EXPECT_EQ(v.ListSize(), 3u);
  auto entries = v.Values<list_entry_t>();
  EXPECT_EQ(entries[0].offset, 0u);
  EXPECT_EQ(entries[0].length, 3u);
}

TEST(VectorTest, ListChildGrowsPastOneVector) {
  LogicalType list_type = LogicalType::List(TypeId::kBigInt);
  Vector v(list_type, 2);
  std::vector<Value> many;
  for (int i = 0; i < 5000; i++) many.push_back(Value::BigInt(i));
  v.SetValue(0, Value::List(TypeId::kBigInt, many));
  v.SetValue(1, Value::List(TypeId::kBigInt, {Value::BigInt(-1)}));
  EXPECT_EQ(v.GetValue(0).GetList().size(), 5000u);
  EXPECT_EQ(v.GetValue(0).GetList()[4999], Value::BigInt(4999));
  EXPECT_EQ(v.GetValue(1).GetList()[0], Value::BigInt(-1));
}

TEST(VectorTest, CopyFromDeepCopiesLongStringsThroughASelection) {
  Vector source(TypeId::kVarchar, 3);
  source.SetValue(0, Value::Varchar("short"));
  source.SetValue(1, Value::Varchar("a string longer than twelve bytes"));
  source.SetNull(2);
  Vector target(TypeId::kVarchar, 3);
  SelectionVector sel(3);
  sel.Set(0, 2);
  sel.Set(1, 1);
  sel.Set(2, 0);
  target.CopyFrom(source, sel, 3, 0, 0);
  source.Heap().Clear();  // the copy must not point into the source's heap
  EXPECT_TRUE(target.GetValue(0).IsNull());
  EXPECT_EQ(target.GetValue(1).GetString(), "a string longer than twelve bytes");
  EXPECT_EQ(target.GetValue(2).GetString(), "short");
}

TEST(VectorTest, CopyFromSharingStringsKeepsTheSourceHeapAliveAfterItsOwnerMovesOn) {
  auto source = std::make_unique<Vector>(LogicalType(TypeId::kVarchar), 3);
  source->SetValue(0, Value::Varchar("short"));
  source->SetValue(1, Value::Varchar("a string longer than twelve bytes"));
  source->SetValue(2, Value::Varchar("a NULL row whose bytes are left behind"));
  source->SetNull(2);
  Vector target(TypeId::kVarchar, 3);
  SelectionVector sel(3);
  sel.Set(0, 2);
  sel.Set(1, 1);
  sel.Set(2, 0);
  target.CopyFrom(*source, sel, 3, 0, 0, /*share_strings=*/true);
  const char* long_bytes = source->Values<string_t>()[1].data();
  EXPECT_EQ(target.Values<string_t>()[1].data(), long_bytes);  // not copied
  // The owner writes its next chunk (its heap is shared, so it takes a fresh one), then
  // goes away: the target's strings stay readable.
  source->Recycle(3);
  source->SetValue(1, Value::Varchar("the owner's next value, also long"));
  source.reset();
  EXPECT_TRUE(target.GetValue(0).IsNull());
  EXPECT_EQ(target.Values<string_t>()[0].size(), 0u);  // no pointer kept for a NULL row
  EXPECT_EQ(target.GetValue(1).GetString(), "a string longer than twelve bytes");
  EXPECT_EQ(target.GetValue(2).GetString(), "short");
}

TEST(DataChunkTest, SliceKeepsSelectedRowsInOrder) {
  DataChunk chunk({LogicalType(TypeId::kInteger), LogicalType(TypeId::kVarchar)});
  for (int i = 0; i < 10; i++) {
    chunk.data[0].Values<int32_t>()[i] = i;
    chunk.data[1].SetValue(i, Value::Varchar("value number " + std::to_string(i)));
  }
  chunk.SetCardinality(10);
  SelectionVector sel(3);
  sel.Set(0, 1);
  sel.Set(1, 5);
  sel.Set(2, 9);
  chunk.Slice(sel, 3);
  ASSERT_EQ(chunk.size(), 3u);
  EXPECT_EQ(chunk.GetValue(0, 1), Value::Integer(5));
  EXPECT_EQ(chunk.GetValue(1, 2).GetString(), "value number 9");
}

TEST(DataChunkTest, AppendCopiesRowsAfterExistingOnes) {
  DataChunk a({LogicalType(TypeId::kBigInt)}), b({LogicalType(TypeId::kBigInt)});
  a.data[0].Values<int64_t>()[0] = 1;
  a.SetCardinality(1);
  b.data[0].Values<int64_t>()[0] = 2;
  b.data[0].SetNull(1);
  b.SetCardinality(2);
  a.Append(b);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a.GetValue(0, 1), Value::BigInt(2));
  EXPECT_TRUE(a.GetValue(0, 2).IsNull());
}

}  // namespace teal
