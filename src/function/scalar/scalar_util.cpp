// Shared helpers of the scalar function families (see scalar_util.hpp).
#include "function/scalar/scalar_util.hpp"

#include "function/implicit_cast.hpp"
#include "types/decimal.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal::scalar {

void ReadUnscaled(const Vector& v, idx_t count, std::vector<int128>& out) {
  out.resize(count);
  DispatchFixedWidth(v.Type().Physical(), [&]<typename T>() {
    if constexpr (kIsIntegerLayout<T>) {
      const T* data = v.Values<T>();
      for (idx_t i = 0; i < count; i++) out[i] = static_cast<int128>(ToNative(data[i]));
    } else {
      throw InternalError("ReadUnscaled on a non-integer layout");
    }
  });
}

void WriteUnscaled(const std::vector<int128>& values, Vector& result, idx_t count) {
  DispatchFixedWidth(result.Type().Physical(), [&]<typename T>() {
    if constexpr (kIsIntegerLayout<T>) {
      T* data = result.Values<T>();
      for (idx_t i = 0; i < count; i++) {
        if (result.RowIsValid(i))
          data[i] = FromNativeInt<T>(static_cast<native_int_t<T>>(values[i]));
      }
    } else {
      throw InternalError("WriteUnscaled on a non-integer layout");
    }
  });
}

LogicalType AsDecimal(const LogicalType& type) {
  if (type.Id() == TypeId::kDecimal) return type;
  // HUGEINT and UHUGEINT (39 digits) become DECIMAL(38, 0), the widest there is: their
  // values past 38 digits fail to convert.
  return LogicalType::Decimal(std::min(IntegerDigits(type.Id()), kMaxDecimalDigits), 0);
}

LogicalType CommonArgumentType(const std::vector<LogicalType>& types, std::string_view function) {
  LogicalType common = TypeId::kSqlNull;
  for (const auto& t : types) common = CommonType(common, false, t, false, function);
  return common;
}

void SetStringListRow(Vector& result, idx_t row, const std::vector<std::string_view>& pieces) {
  const idx_t used = result.ListSize();
  result.SetListSize(used + pieces.size());
  Vector& child = result.ListChild();
  string_t* out = child.Values<string_t>();
  for (size_t k = 0; k < pieces.size(); k++) out[used + k] = child.AddString(pieces[k]);
  result.Values<list_entry_t>()[row] = {used, pieces.size()};
}

void NoMatch(const std::string& name, const std::vector<LogicalType>& types,
             std::string_view expected) {
  std::string list;
  for (size_t i = 0; i < types.size(); i++) list += (i ? ", " : "") + types[i].ToString();
  throw BinderError(
      fmt::format("No function matches the given name and argument types '{}({})': {} is expected",
                  name, list, expected));
}

}  // namespace teal::scalar
