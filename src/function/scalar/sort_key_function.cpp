// create_sort_key(value, 'ASC|DESC [NULLS FIRST|LAST]', …): DuckDB's binary sort key, a
// BLOB whose byte order (memcmp, then length) is the order ORDER BY value ASC|DESC NULLS …,
// … gives the rows.
//
// Each value is a NULL byte (0 where the row goes first: a NULL under NULLS FIRST, else a
// value; 2 for the other) then, for a value, its bytes, all inverted for DESC:
//   fixed-width types   their order-preserving bytes (vector/key_codec.hpp)
//   text, BLOB, BIGNUM  the bytes with 0x00 written 0x00 0xFF, then 0x00 0x00 (prefix-free,
//                       so "ab" < "ab\0" < "b")
//   LIST, ARRAY, MAP    each element as 0x01 and the element (NULL last within a list, as
//                       Teal orders lists), then 0x00: a shorter list that is a prefix first
//   STRUCT              each field (NULL last), in order
// Text is ordered by its bytes: a collation is not applied.
#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "vector/key_codec.hpp"

namespace teal {

namespace {

struct KeyOrder {
  bool descending = false;
  bool nulls_first = false;
};

KeyOrder ParseKeyOrder(std::string_view text) {
  std::string spec;
  for (char c : text) {
    if (c == ' ' && (spec.empty() || spec.back() == ' ')) continue;
    spec += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  while (!spec.empty() && spec.back() == ' ') spec.pop_back();
  KeyOrder order;
  // PostgreSQL's and Teal's default null order: NULLs are the largest values.
  if (spec == "ASC" || spec == "ASC NULLS LAST") return order;
  if (spec == "ASC NULLS FIRST") return {false, true};
  if (spec == "DESC" || spec == "DESC NULLS FIRST") return {true, true};
  if (spec == "DESC NULLS LAST") return {true, false};
  throw InvalidInputError(fmt::format(
      "create_sort_key: unknown order \"{}\": ASC or DESC, then NULLS FIRST or NULLS LAST", text));
}

void EncodeValue(const Value& value, std::string& out);

/// A value inside a LIST or STRUCT: its NULL byte (NULL last), then the value.
void EncodeNested(const Value& value, std::string& out) {
  out += static_cast<char>(value.IsNull() ? 2 : 1);
  if (!value.IsNull()) EncodeValue(value, out);
}

void EncodeValue(const Value& value, std::string& out) {
  const LogicalType& type = value.Type();
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      for (char c : value.GetString()) {
        out += c;
        if (c == '\0') out += '\xFF';
      }
      out.append(2, '\0');
      return;
    case PhysicalType::kList:
      for (const Value& element : value.GetList()) {
        out += '\x01';
        EncodeNested(element, out);
      }
      out += '\0';
      return;
    case PhysicalType::kStruct:
      for (const Value& field : value.GetStruct()) EncodeNested(field, out);
      return;
    default:
      break;
  }
  WithKeyCodec(type, [&]<typename Codec>() {
    data_t bytes[Codec::kWidth];
    Codec::Write(value.GetStored<typename Codec::T>(), bytes);
    out.append(reinterpret_cast<const char*>(bytes), Codec::kWidth);
  });
}

ScalarFunctionSet CreateSortKey() {
  ScalarFunctionSet set;
  set.name = "create_sort_key";
  set.resolve = [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    if (types.empty() || types.size() % 2 != 0) {
      throw BinderError(
          "create_sort_key takes pairs of a value and its order ('ASC NULLS LAST', …)");
    }
    ScalarFunction f;
    f.name = "create_sort_key";
    for (size_t i = 0; i < types.size(); i++) {
      const bool order = i % 2 == 1;
      if (order && types[i].Id() != TypeId::kVarchar) {
        throw BinderError(fmt::format(
            "create_sort_key: argument {} must be the order of argument {}, as text ('ASC "
            "NULLS LAST', …), not {}",
            i + 1, i, types[i].ToString()));
      }
      f.arguments.push_back(types[i].Id() == TypeId::kSqlNull ? LogicalType(TypeId::kInteger)
                                                              : types[i]);
    }
    f.return_type = TypeId::kBlob;
    f.null_in_null_out = false;
    f.body = [](const DataChunk& args, Vector& result, idx_t count) {
      std::string key;
      for (idx_t row = 0; row < count; row++) {
        key.clear();
        for (idx_t c = 0; c + 1 < args.ColumnCount(); c += 2) {
          const Vector& orders = args.data[c + 1];
          if (!orders.RowIsValid(row)) {
            throw InvalidInputError("create_sort_key: the order must not be NULL");
          }
          const KeyOrder order =
              ParseKeyOrder(orders.Values<string_t>()[orders.IsConstant() ? 0 : row].View());
          const Value value = args.data[c].GetValue(row);
          const size_t start = key.size();
          if (value.IsNull()) {
            key += static_cast<char>(order.nulls_first ? 0 : 2);
          } else {
            key += '\x01';
            EncodeValue(value, key);
          }
          if (order.descending) {
            for (size_t i = start + 1; i < key.size(); i++) key[i] = static_cast<char>(~key[i]);
          }
        }
        result.Values<string_t>()[row] = result.AddString(key);
      }
    };
    return f;
  };
  return set;
}

}  // namespace

void RegisterSortKeyFunction(FunctionCatalog& catalog) { catalog.AddScalarSet(CreateSortKey()); }

}  // namespace teal
