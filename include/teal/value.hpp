// include/teal/value.hpp — Value, one SQL value of any type, boxed.
//
// Value is the general-purpose form used for literals, defaults, parameters and for
// reading a result generically. It is not on any hot path: appending and reading
// through typed APIs never make one.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "teal/datetime.hpp"
#include "teal/hugeint.hpp"
#include "teal/logical_type.hpp"

namespace teal {

class Value {
 public:
  /// The untyped NULL (type SQLNULL).
  Value() : type_(TypeId::kSqlNull) {}
  /// A NULL of `type`.
  explicit Value(LogicalType type) : type_(std::move(type)) {}

  static Value Boolean(bool v);
  static Value TinyInt(int8_t v);
  static Value SmallInt(int16_t v);
  static Value Integer(int32_t v);
  static Value BigInt(int64_t v);
  static Value UTinyInt(uint8_t v);
  static Value USmallInt(uint16_t v);
  static Value UInteger(uint32_t v);
  static Value UBigInt(uint64_t v);
  static Value HugeInt(hugeint_t v);
  static Value UHugeInt(uhugeint_t v);
  static Value Float(float v);
  static Value Double(double v);
  /// A DECIMAL(width, scale) from its unscaled integer. Throws InvalidInputError when
  /// LogicalType::Decimal refuses width and scale or `unscaled` has more than `width` digits.
  static Value Decimal(int128 unscaled, uint8_t width, uint8_t scale);
  static Value Varchar(std::string_view v);
  static Value Blob(std::string_view bytes);
  static Value Date(date_t v);
  static Value Time(dtime_t v);
  static Value TimeTz(dtime_tz_t v);
  static Value Timestamp(timestamp_t v);
  static Value TimestampS(timestamp_sec_t v);
  static Value TimestampMs(timestamp_ms_t v);
  static Value TimestampNs(timestamp_ns_t v);
  static Value TimestampTz(timestamp_tz_t v);
  static Value Interval(interval_t v);
  /// A UUID from its stored form (the 128-bit number with the top bit flipped).
  static Value Uuid(hugeint_t stored);
  /// The label at `index` of an ENUM type. Throws InvalidInputError when `enum_type` is
  /// not an ENUM or has no label at `index`.
  static Value Enum(const LogicalType& enum_type, uint32_t index);
  /// A LIST of `child_type`. Elements of another type are cast to it; throws
  /// ConversionError when one does not convert.
  static Value List(const LogicalType& child_type, std::vector<Value> elements);
  /// An ARRAY of `array_type` (INTEGER[3]). Elements are cast as for List; throws
  /// InvalidInputError when their number is not the array's size.
  static Value Array(const LogicalType& array_type, std::vector<Value> elements);
  /// A MAP of `map_type` from its entries, STRUCT(key, value) values in order. Throws
  /// InvalidInputError when a key is NULL or appears twice.
  static Value Map(const LogicalType& map_type, std::vector<Value> entries);
  /// A STRUCT of `struct_type` with one value per field, in order. Values of another type
  /// are cast to their field's; throws InvalidInputError when the count differs,
  /// ConversionError when one does not convert.
  static Value Struct(const LogicalType& struct_type, std::vector<Value> fields);

  /// A value of `type` from its stored (physical) representation T (std::string_view
  /// or std::string for VARCHAR and BLOB). Throws InvalidInputError when T is not how
  /// `type` is stored (int32_t for BIGINT, say) or `type` has no stored form here (LIST:
  /// use List; STRUCT: use Struct; SQLNULL and INVALID: use Value(type)).
  template <typename T>
  static Value FromStored(const LogicalType& type, T stored) {
    CheckStoredType(type, kIndexOf<StoredAs<T>>, "Value::FromStored");
    Value v(type);
    v.data_ = Store(stored);
    v.is_null_ = false;
    return v;
  }

  const LogicalType& Type() const { return type_; }
  bool IsNull() const { return is_null_; }

  /// The stored representation: int32_t for INTEGER and DATE, int64_t for TIMESTAMP,
  /// hugeint_t for HUGEINT and UUID, etc. Throws InvalidInputError, naming the value's
  /// type and T, when the value is NULL or T is not its stored type.
  template <typename T>
  T GetStored() const;
  /// VARCHAR and BLOB contents. Throws InvalidInputError when the value is NULL or of
  /// another type (ToString() gives any value's text).
  const std::string& GetString() const;
  /// LIST elements. Throws InvalidInputError when the value is NULL or not a LIST.
  const std::vector<Value>& GetList() const;
  /// STRUCT field values, in order. Throws InvalidInputError when the value is NULL or
  /// not a STRUCT.
  const std::vector<Value>& GetStruct() const;

  /// Text as PostgreSQL/DuckDB render it; "NULL" for NULL.
  std::string ToString() const;
  /// This value converted to `target`. Throws ConversionError naming the value and types.
  Value CastAs(const LogicalType& target) const;
  /// As CastAs, but returns false (and sets *error when given) instead of throwing.
  bool TryCastAs(const LogicalType& target, Value& result, std::string* error = nullptr) const;

  /// Same type and same contents; NULLs of the same type are equal.
  friend bool operator==(const Value& a, const Value& b);

 private:
  using ListPtr = std::shared_ptr<const std::vector<Value>>;
  using Storage = std::variant<std::monostate, bool, int8_t, int16_t, int32_t, int64_t, uint8_t,
                               uint16_t, uint32_t, uint64_t, hugeint_t, uhugeint_t, float, double,
                               interval_t, std::string, ListPtr>;
  /// What a T passed to FromStored is kept as.
  template <typename T>
  using StoredAs = std::conditional_t<std::is_same_v<T, std::string_view>, std::string, T>;
  /// The position of T among Storage's alternatives (a compile error when it is none).
  template <typename T, size_t I = 0>
  static constexpr size_t IndexOf() {
    static_assert(I < std::variant_size_v<Storage>, "not a stored type of teal::Value");
    if constexpr (std::is_same_v<T, std::variant_alternative_t<I, Storage>>) {
      return I;
    } else {
      return IndexOf<T, I + 1>();
    }
  }
  template <typename T>
  static constexpr size_t kIndexOf = IndexOf<T>();
  /// Throws InvalidInputError unless Storage alternative `index` is how `type` is stored.
  static void CheckStoredType(const LogicalType& type, size_t index, const char* call);
  /// Throws InvalidInputError unless the value is not NULL and holds alternative `index`.
  void CheckGet(size_t index, const char* call) const;

  template <typename T>
  static Storage Store(T v) {
    if constexpr (std::is_same_v<T, std::string_view>) {
      return std::string(v);
    } else {
      return v;
    }
  }

  LogicalType type_;
  bool is_null_ = true;
  Storage data_;
};

template <typename T>
T Value::GetStored() const {
  const T* stored = std::get_if<T>(&data_);
  if (!stored || is_null_) [[unlikely]] {
    CheckGet(kIndexOf<T>, "Value::GetStored");
  }
  return *stored;
}

}  // namespace teal
