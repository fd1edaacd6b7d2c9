// test_all_types(): the columns, and their least and greatest values written as text that
// casts to the column's type (the VARCHAR with a NUL byte and the UNIONs built directly).
#include "function/table/test_all_types.hpp"

#include <functional>
#include <string_view>

namespace teal {

namespace {

using T = TypeId;

constexpr std::string_view kDucks = "🦆🦆🦆🦆🦆🦆";
constexpr std::string_view kIntList = "[42, 999, NULL, NULL, -42]";
constexpr std::string_view kStructMin = "{'a': NULL, 'b': NULL}";
constexpr std::string_view kStructMax = "{'a': 42, 'b': 🦆🦆🦆🦆🦆🦆}";
constexpr std::string_view kFixedIntMin = "[NULL, 2, 3]";
constexpr std::string_view kFixedIntMax = "[4, 5, 6]";
constexpr std::string_view kFixedVarcharMin = "[a, NULL, c]";
constexpr std::string_view kFixedVarcharMax = "[d, e, f]";

std::string Join(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view part : parts) {
    if (!out.empty()) out += ", ";
    out += part;
  }
  return "[" + out + "]";
}

/// A column whose least and greatest values are `least` and `greatest` cast to `type`.
struct Column {
  std::string name;
  LogicalType type;
  std::function<Value(const LogicalType&)> least, greatest;
};

std::function<Value(const LogicalType&)> Text(std::string text) {
  return [text = std::move(text)](const LogicalType& type) {
    return Value::Varchar(text).CastAs(type);
  };
}

LogicalType Enum(std::vector<std::string> labels) {
  return LogicalType::Enum("", std::move(labels));
}

std::vector<std::string> NumberedLabels(int count, std::initializer_list<int> only = {}) {
  std::vector<std::string> labels;
  if (only.size() != 0) {
    for (int n : only) labels.push_back("enum_" + std::to_string(n));
    return labels;
  }
  for (int n = 0; n < count; n++) labels.push_back("enum_" + std::to_string(n));
  return labels;
}

}  // namespace

AllTypesTable TestAllTypes(bool large_enum) {
  const LogicalType int_list = LogicalType::List(T::kInteger);
  const LogicalType varchar_list = LogicalType::List(T::kVarchar);
  const LogicalType ab = LogicalType::Struct({{"a", T::kInteger}, {"b", T::kVarchar}});
  const LogicalType fixed_int = LogicalType::Array(T::kInteger, 3);
  const LogicalType fixed_varchar = LogicalType::Array(T::kVarchar, 3);
  const LogicalType name_or_age =
      LogicalType::Union({{"name", T::kVarchar}, {"age", T::kSmallInt}});
  const std::string least_timestamp = "290309-12-22 (BC) 00:00:00";
  std::vector<Column> columns = {
      {"bool", T::kBoolean, Text("false"), Text("true")},
      {"tinyint", T::kTinyInt, Text("-128"), Text("127")},
      {"smallint", T::kSmallInt, Text("-32768"), Text("32767")},
      {"int", T::kInteger, Text("-2147483648"), Text("2147483647")},
      {"bigint", T::kBigInt, Text("-9223372036854775808"), Text("9223372036854775807")},
      {"hugeint", T::kHugeInt, Text("-170141183460469231731687303715884105728"),
       Text("170141183460469231731687303715884105727")},
      {"uhugeint", T::kUHugeInt, Text("0"), Text("340282366920938463463374607431768211455")},
      {"utinyint", T::kUTinyInt, Text("0"), Text("255")},
      {"usmallint", T::kUSmallInt, Text("0"), Text("65535")},
      {"uint", T::kUInteger, Text("0"), Text("4294967295")},
      {"ubigint", T::kUBigInt, Text("0"), Text("18446744073709551615")},
      // ±DBL_MAX as an integer: DuckDB's least and greatest BIGNUM
      {"bignum", T::kBignum,
       Text("-1797693134862315708145274237317043567980705675258449965989174768031572607800285387605"
            "8955863276687817154045895351438246423432132688946418276846754670353751698604991057655"
            "1282076245490090389328944075868508455133942304583236903222948165808559332123348274797"
            "826204144723168738177180919299881250404026184124858368"),
       Text("1797693134862315708145274237317043567980705675258449965989174768031572607800285387605"
            "8955863276687817154045895351438246423432132688946418276846754670353751698604991057655"
            "1282076245490090389328944075868508455133942304583236903222948165808559332123348274797"
            "826204144723168738177180919299881250404026184124858368")},
      {"date", T::kDate, Text("5877642-06-25 (BC)"), Text("5881580-07-10")},
      {"time", T::kTime, Text("00:00:00"), Text("24:00:00")},
      {"timestamp", T::kTimestamp, Text(least_timestamp), Text("294247-01-10 04:00:54.775806")},
      {"timestamp_s", T::kTimestampS, Text(least_timestamp), Text("294247-01-10 04:00:54")},
      {"timestamp_ms", T::kTimestampMs, Text(least_timestamp), Text("294247-01-10 04:00:54.775")},
      {"timestamp_ns", T::kTimestampNs, Text("1677-09-22 00:00:00"),
       Text("2262-04-11 23:47:16.854775806")},
      {"time_tz", T::kTimeTz, Text("00:00:00+15:59:59"), Text("24:00:00-15:59:59")},
      {"timestamp_tz", T::kTimestampTz, Text(least_timestamp + "+00"),
       Text("294247-01-10 04:00:54.775806+00")},
      {"float", T::kFloat, Text("-3.4028235e+38"), Text("3.4028235e+38")},
      {"double", T::kDouble, Text("-1.7976931348623157e+308"), Text("1.7976931348623157e+308")},
      {"dec_4_1", LogicalType::Decimal(4, 1), Text("-999.9"), Text("999.9")},
      {"dec_9_4", LogicalType::Decimal(9, 4), Text("-99999.9999"), Text("99999.9999")},
      {"dec_18_6", LogicalType::Decimal(18, 6), Text("-999999999999.999999"),
       Text("999999999999.999999")},
      {"dec38_10", LogicalType::Decimal(38, 10), Text("-9999999999999999999999999999.9999999999"),
       Text("9999999999999999999999999999.9999999999")},
      {"uuid", T::kUuid, Text("00000000-0000-0000-0000-000000000000"),
       Text("ffffffff-ffff-ffff-ffff-ffffffffffff")},
      {"interval", T::kInterval, Text("00:00:00"),
       Text("999 months 999 days 999999999 microseconds")},
      {"varchar", T::kVarchar, Text(std::string(kDucks)),
       [](const LogicalType&) { return Value::Varchar(std::string_view("goo\0se", 6)); }},
      {"blob", T::kBlob, Text("thisisalongblob\\x00withnullbytes"), Text("\\x00\\x00\\x00a")},
      {"small_enum", Enum({"DUCK_DUCK_ENUM", "GOOSE"}), Text("DUCK_DUCK_ENUM"), Text("GOOSE")},
      {"medium_enum", Enum(NumberedLabels(300)), Text("enum_0"), Text("enum_299")},
      {"large_enum", Enum(large_enum ? NumberedLabels(70000) : NumberedLabels(0, {0, 69999})),
       Text("enum_0"), Text("enum_69999")},
      {"int_array", int_list, Text("[]"), Text(std::string(kIntList))},
      {"double_array", LogicalType::List(T::kDouble), Text("[]"),
       Text("[42.0, nan, inf, -inf, NULL, -42.0]")},
      {"date_array", LogicalType::List(T::kDate), Text("[]"),
       Text("[1970-01-01, infinity, -infinity, NULL, 2022-05-12]")},
      {"timestamp_array", LogicalType::List(T::kTimestamp), Text("[]"),
       Text("['1970-01-01 00:00:00', infinity, -infinity, NULL, '2022-05-12 16:23:45']")},
      {"timestamptz_array", LogicalType::List(T::kTimestampTz), Text("[]"),
       Text("['1970-01-01 00:00:00+00', infinity, -infinity, NULL, '2022-05-12 23:23:45+00']")},
      {"varchar_array", varchar_list, Text("[]"),
       Text("[🦆🦆🦆🦆🦆🦆, goose, NULL, '']")},
      {"nested_int_array", LogicalType::List(int_list), Text("[]"),
       Text(Join({"[]", kIntList, "NULL", "[]", kIntList}))},
      {"struct", ab, Text(std::string(kStructMin)), Text(std::string(kStructMax))},
      {"struct_of_arrays", LogicalType::Struct({{"a", int_list}, {"b", varchar_list}}),
       Text("{'a': NULL, 'b': NULL}"),
       Text("{'a': [42, 999, NULL, NULL, -42], 'b': [🦆🦆🦆🦆🦆🦆, goose, NULL, '']}")},
      {"array_of_structs", LogicalType::List(ab), Text("[]"),
       Text(Join({kStructMin, kStructMax, "NULL"}))},
      {"map", LogicalType::Map(T::kVarchar, T::kVarchar), Text("{}"),
       Text("{key1=🦆🦆🦆🦆🦆🦆, key2=goose}")},
      {"union", name_or_age,
       [](const LogicalType& type) { return Value::Varchar("Frank").CastAs(type); },
       [](const LogicalType& type) { return Value::SmallInt(5).CastAs(type); }},
      {"fixed_int_array", fixed_int, Text(std::string(kFixedIntMin)),
       Text(std::string(kFixedIntMax))},
      {"fixed_varchar_array", fixed_varchar, Text(std::string(kFixedVarcharMin)),
       Text(std::string(kFixedVarcharMax))},
      {"fixed_nested_int_array", LogicalType::Array(fixed_int, 3),
       Text(Join({kFixedIntMin, "NULL", kFixedIntMin})),
       Text(Join({kFixedIntMax, kFixedIntMin, kFixedIntMax}))},
      {"fixed_nested_varchar_array", LogicalType::Array(fixed_varchar, 3),
       Text(Join({kFixedVarcharMin, "NULL", kFixedVarcharMin})),
       Text(Join({kFixedVarcharMax, kFixedVarcharMin, kFixedVarcharMax}))},
      {"fixed_struct_array", LogicalType::Array(ab, 3),
       Text(Join({kStructMin, kStructMax, kStructMin})),
       Text(Join({kStructMax, kStructMin, kStructMax}))},
      {"struct_of_fixed_array", LogicalType::Struct({{"a", fixed_int}, {"b", fixed_varchar}}),
       Text("{'a': [NULL, 2, 3], 'b': [a, NULL, c]}"), Text("{'a': [4, 5, 6], 'b': [d, e, f]}")},
      {"fixed_array_of_int_list", LogicalType::Array(int_list, 3),
       Text(Join({"[]", kIntList, "[]"})), Text(Join({kIntList, "[]", kIntList}))},
      {"list_of_fixed_int_array", LogicalType::List(fixed_int),
       Text(Join({kFixedIntMin, kFixedIntMax, kFixedIntMin})),
       Text(Join({kFixedIntMax, kFixedIntMin, kFixedIntMax}))},
  };
  AllTypesTable table;
  table.rows.resize(3);
  for (const Column& column : columns) {
    table.names.push_back(column.name);
    table.types.push_back(column.type);
    table.rows[0].push_back(column.least(column.type));
    table.rows[1].push_back(column.greatest(column.type));
    table.rows[2].push_back(Value(column.type));
  }
  return table;
}

}  // namespace teal
