// FieldChange: the changed types along a path (struct fields, LIST elements, MAP keys and
// values), the errors where the path leads nowhere, and vectors reshaped without copies of
// the fields that stay.
#include "vector/field_change.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"

namespace teal {
namespace {

LogicalType Point() {
  return LogicalType::Struct({{"x", TypeId::kInteger}, {"y", TypeId::kVarchar}});
}

FieldChange Change(FieldChange::Kind kind, std::vector<std::string> path) {
  FieldChange change;
  change.kind = kind;
  change.column = "c";
  change.path = std::move(path);
  return change;
}

TEST(FieldChangeTest, TypesChangeAlongThePath) {
  FieldChange add = Change(FieldChange::Kind::kAdd, {"z"});
  add.added_type = TypeId::kDouble;
  EXPECT_EQ(ChangedType(Point(), add).ToString(), "STRUCT(x INTEGER, y VARCHAR, z DOUBLE)");
  EXPECT_EQ(
      ChangedType(LogicalType::List(Point()), Change(FieldChange::Kind::kDrop, {"element", "x"}))
          .ToString(),
      "STRUCT(y VARCHAR)[]");
  FieldChange rename = Change(FieldChange::Kind::kRename, {"key", "X"});
  rename.new_name = "w";
  EXPECT_EQ(ChangedType(LogicalType::Map(Point(), TypeId::kInteger), rename).ToString(),
            "MAP(STRUCT(w INTEGER, y VARCHAR), INTEGER)");
  EXPECT_TRUE(FieldExists(Point(), Change(FieldChange::Kind::kAdd, {"Y"})));
  EXPECT_FALSE(FieldExists(Point(), Change(FieldChange::Kind::kAdd, {"y", "q"})));
}

TEST(FieldChangeTest, PathsThatLeadNowhereAreErrors) {
  EXPECT_THROW(ChangedType(Point(), Change(FieldChange::Kind::kAdd, {"x"})), CatalogError);
  EXPECT_THROW(ChangedType(Point(), Change(FieldChange::Kind::kAdd, {"x", "q"})), BinderError);
  EXPECT_THROW(ChangedType(Point(), Change(FieldChange::Kind::kDrop, {"q"})), CatalogError);
  EXPECT_THROW(ChangedType(TypeId::kInteger, Change(FieldChange::Kind::kDrop, {"q"})),
               CatalogError);
  EXPECT_THROW(
      ChangedType(LogicalType::List(Point()), Change(FieldChange::Kind::kDrop, {"element"})),
      CatalogError);
  EXPECT_THROW(ChangedType(LogicalType::Struct({{"only", TypeId::kInteger}}),
                           Change(FieldChange::Kind::kDrop, {"only"})),
               CatalogError);
}

TEST(FieldChangeTest, VectorsAreReshapedAndNullStructsStayNull) {
  const LogicalType list = LogicalType::List(Point());
  Vector in(list, 3);
  in.SetValue(
      0,
      Value::List(Point(), {Value::Struct(Point(), {Value::Integer(1), Value::Varchar("a")}),
                            Value::Struct(Point(), {Value::Integer(2), Value(TypeId::kVarchar)})}));
  in.SetValue(1, Value(list));
  in.SetValue(2, Value::List(Point(), {Value(Point())}));
  FieldChange add = Change(FieldChange::Kind::kAdd, {"element", "z"});
  add.added_type = TypeId::kInteger;
  add.added_value = Value::Integer(9);
  const LogicalType added = ChangedType(list, add);
  Vector out(added, 3);
  ReshapeVector(in, out, 3, add);
  EXPECT_EQ(out.GetValue(0).ToString(), "[{'x': 1, 'y': a, 'z': 9}, {'x': 2, 'y': NULL, 'z': 9}]");
  EXPECT_TRUE(out.GetValue(1).IsNull());
  EXPECT_EQ(out.GetValue(2).ToString(), "[NULL]");

  FieldChange drop = Change(FieldChange::Kind::kDrop, {"element", "x"});
  Vector dropped(ChangedType(added, drop), 3);
  ReshapeVector(out, dropped, 3, drop);
  EXPECT_EQ(dropped.GetValue(0).ToString(), "[{'y': a, 'z': 9}, {'y': NULL, 'z': 9}]");
}

}  // namespace
}  // namespace teal
