// include/teal/reader.hpp — a row cursor over a Result, with typed Get<T>.
//
//   teal::Result result = con.Query("SELECT i, d, s FROM t");
//   teal::Reader reader(result);
//   while (reader.Next()) {
//     int32_t i = reader.Get<int32_t>(0);
//     std::optional<double> d = reader.Get<std::optional<double>>(1);
//     std::string_view s = reader.Get<std::string_view>(2);  // valid until the next chunk
//   }
//
// How a read works (DESIGN.md, "Moving data in and out"):
//
//   * Per column the reader keeps a small record refreshed at each chunk: the vector's data
//     pointer, its validity words (nullptr when the column has no NULLs in this chunk) and
//     its storage tag (cpp_type.hpp).
//   * Get<T> when T is the column's storage type is: one column-bounds check, one validity
//     test, one compare of the tag with a constant, and the load. Nothing virtual, no
//     allocation, no Value.
//   * Any other T takes a conversion chosen once per column and chunk: the first Get<T> of a
//     column within a chunk converts the whole column of that chunk (CastVector into a
//     vector of the SQL type that stores T, or a dedicated loop) into a per-column cache;
//     every further Get<T> of that column and chunk is a load from the cache. A column holds
//     a few such caches at once (reading one column as two types does not thrash), keyed by
//     a conversion kind that is a compile-time constant of T; all are dropped when the chunk
//     changes.
//   * A conversion that fails for some rows records which rows; only reading such a row
//     throws. Infinity read as a std::chrono type is one compare of the stored number.
//
// Errors name the column (index, name, SQL type), the row (0-based, counted over the whole
// result, as RowNumber()) and the C++ type:
//   cannot read column 1 ("ts", TIMESTAMP) row 7 as std::chrono::sys_time<microseconds>:
//   value infinity is out of range
// NULL read as a non-optional type is InvalidInputError; a value that does not convert,
// and a C++ type that no conversion reaches from the column's type, are ConversionError.
//
// Supported T (and std::optional<T> of each, NULL giving nullopt):
//   bool, every integer type, float, double, __int128, unsigned __int128, hugeint_t,
//   uhugeint_t           from numeric columns (narrowing that overflows is an error), and
//                        from ENUM columns as the label's index
//   C++ enum E           static_cast<E> of its underlying integer, as above
//   teal::Decimal        from DECIMAL: the unscaled int128 with width and scale
//   std::string_view     VARCHAR/BLOB: the stored bytes; ENUM: the label (no allocation);
//                        anything else: its text (the cast to VARCHAR)
//   std::string          as std::string_view, copied
//   date_t, std::chrono::sys_days, std::chrono::year_month_day          DATE
//   timestamp*_t, std::chrono::sys_time<seconds|milliseconds|microseconds|nanoseconds>
//                        any TIMESTAMP* column; losing precision floors, overflow is an error
//   dtime_t, std::chrono::microseconds, std::chrono::hh_mm_ss<microseconds>   TIME
//   dtime_tz_t (TIMETZ), interval_t (INTERVAL), teal::Uuid (UUID)
//   teal::ListView<E>    LIST whose child's storage type is E's (or VARCHAR for string_view)
// and whatever else a cast reaches (e.g. a VARCHAR column parsed as int32_t).
//
// Lifetimes: a std::string_view or ListView read from a chunk stays valid until Next()
// moves to another chunk. Not thread-safe; the Result must outlive the Reader and must not
// be read through any other way while the Reader uses it.
#pragma once

#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/cpp_type.hpp"
#include "teal/datetime.hpp"
#include "teal/hugeint.hpp"
#include "teal/result.hpp"
#include "teal/string_type.hpp"

namespace teal {

/// A DECIMAL(width, scale) value: unscaled / 10^scale.
struct Decimal {
  int128 unscaled = 0;
  uint8_t width = 0;
  uint8_t scale = 0;

  /// The nearest double.
  double ToDouble() const;
  /// The text with exactly `scale` fractional digits ("-1.50").
  std::string ToString() const;
  friend bool operator==(const Decimal&, const Decimal&) = default;
};

template <typename T>
class ListView;

namespace reader_detail {

/// The conversion a cached column holds: one per SQL type that stores some C++ type.
enum class ReadKind : uint8_t {
  kNone,
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUInt8,
  kUInt16,
  kUInt32,
  kUInt64,
  kHugeInt,
  kUHugeInt,
  kFloat,
  kDouble,
  kText,
  kDate,
  kTime,
  kTimeTz,
  kTimestamp,
  kTimestampS,
  kTimestampMs,
  kTimestampNs,
  kTimestampTz,
  kInterval,
  kUuid,
  kDecimal,
};

template <typename T>
inline constexpr bool kAlwaysFalse = false;

// ReadTraits<T> says how T is read:
//   Stored       the stored struct it is made from (the column's, or the cache's)
//   kKind        the cache that holds Stored when the column does not
//   kDirect      whether a column whose storage tag is kStorageOf<Stored> is read in place
//   kChecked     whether Check(stored) must hold (false: the value is ±infinity)
//   Make         Stored -> T (arithmetic on the number)
//   kName        the C++ spelling, for messages
template <typename T>
struct ReadTraits {
  static_assert(kAlwaysFalse<T>, "teal::Reader::Get<T>: T is not a supported C++ type");
};

template <typename S, ReadKind K, bool kIsDirect = true>
struct ReadPlain {
  using Stored = S;
  static constexpr ReadKind kKind = K;
  static constexpr bool kDirect = kIsDirect;
  static constexpr bool kChecked = false;
};

template <size_t kSize, bool kSigned>
struct IntOfSize;
template <>
struct IntOfSize<1, true> : ReadPlain<int8_t, ReadKind::kInt8> {};
template <>
struct IntOfSize<2, true> : ReadPlain<int16_t, ReadKind::kInt16> {};
template <>
struct IntOfSize<4, true> : ReadPlain<int32_t, ReadKind::kInt32> {};
template <>
struct IntOfSize<8, true> : ReadPlain<int64_t, ReadKind::kInt64> {};
template <>
struct IntOfSize<1, false> : ReadPlain<uint8_t, ReadKind::kUInt8> {};
template <>
struct IntOfSize<2, false> : ReadPlain<uint16_t, ReadKind::kUInt16> {};
template <>
struct IntOfSize<4, false> : ReadPlain<uint32_t, ReadKind::kUInt32> {};
template <>
struct IntOfSize<8, false> : ReadPlain<uint64_t, ReadKind::kUInt64> {};

template <std::integral T>
struct ReadTraits<T> : IntOfSize<sizeof(T), std::is_signed_v<T>> {
  using Base = IntOfSize<sizeof(T), std::is_signed_v<T>>;
  static constexpr T Make(const typename Base::Stored& s) { return static_cast<T>(s); }
  static constexpr const char* kName = CppTypeName<typename Base::Stored>();
};
template <>
struct ReadTraits<bool> : ReadPlain<bool, ReadKind::kBool> {
  static constexpr bool Make(bool s) { return s; }
  static constexpr const char* kName = "bool";
};
template <typename E>
requires std::is_enum_v<E>
struct ReadTraits<E> : ReadTraits<std::underlying_type_t<E>> {
  using Base = ReadTraits<std::underlying_type_t<E>>;
  static constexpr E Make(const typename Base::Stored& s) { return static_cast<E>(s); }
  static constexpr const char* kName = "a C++ enum";
};

#define TEAL_READ_SAME(Type, Kind, Name)                    \
  template <>                                               \
  struct ReadTraits<Type> : ReadPlain<Type, Kind> {         \
    static constexpr Type Make(const Type& s) { return s; } \
    static constexpr const char* kName = Name;              \
  };
TEAL_READ_SAME(float, ReadKind::kFloat, "float")
TEAL_READ_SAME(double, ReadKind::kDouble, "double")
TEAL_READ_SAME(hugeint_t, ReadKind::kHugeInt, "teal::hugeint_t")
TEAL_READ_SAME(uhugeint_t, ReadKind::kUHugeInt, "teal::uhugeint_t")
TEAL_READ_SAME(date_t, ReadKind::kDate, "teal::date_t")
TEAL_READ_SAME(dtime_t, ReadKind::kTime, "teal::dtime_t")
TEAL_READ_SAME(dtime_tz_t, ReadKind::kTimeTz, "teal::dtime_tz_t")
TEAL_READ_SAME(timestamp_t, ReadKind::kTimestamp, "teal::timestamp_t")
TEAL_READ_SAME(timestamp_sec_t, ReadKind::kTimestampS, "teal::timestamp_sec_t")
TEAL_READ_SAME(timestamp_ms_t, ReadKind::kTimestampMs, "teal::timestamp_ms_t")
TEAL_READ_SAME(timestamp_ns_t, ReadKind::kTimestampNs, "teal::timestamp_ns_t")
TEAL_READ_SAME(timestamp_tz_t, ReadKind::kTimestampTz, "teal::timestamp_tz_t")
TEAL_READ_SAME(interval_t, ReadKind::kInterval, "teal::interval_t")
#undef TEAL_READ_SAME

template <>
struct ReadTraits<int128> : ReadPlain<hugeint_t, ReadKind::kHugeInt> {
  static constexpr int128 Make(const hugeint_t& s) { return s.Get(); }
  static constexpr const char* kName = "__int128";
};
template <>
struct ReadTraits<uint128> : ReadPlain<uhugeint_t, ReadKind::kUHugeInt> {
  static constexpr uint128 Make(const uhugeint_t& s) { return s.Get(); }
  static constexpr const char* kName = "unsigned __int128";
};
template <>
struct ReadTraits<std::string_view> : ReadPlain<string_t, ReadKind::kText> {
  // By reference: an inlined string_t's bytes are inside the struct.
  static std::string_view Make(const string_t& s) { return s.View(); }
  static constexpr const char* kName = "std::string_view";
};
template <>
struct ReadTraits<std::string> : ReadPlain<string_t, ReadKind::kText> {
  static std::string Make(const string_t& s) { return std::string(s.View()); }
  static constexpr const char* kName = "std::string";
};
// Uuid and Decimal are stored as 128-bit integers, but a HUGEINT column is not a UUID:
// they are always read from their own cache.
template <>
struct ReadTraits<Uuid> : ReadPlain<hugeint_t, ReadKind::kUuid, false> {
  static Uuid Make(const hugeint_t& s) {
    // Stored: the big-endian 128-bit number with its top bit flipped (src/types/uuid.hpp).
    uint64_t upper = __builtin_bswap64(static_cast<uint64_t>(s.upper) ^ (uint64_t(1) << 63));
    uint64_t lower = __builtin_bswap64(s.lower);
    Uuid u;
    std::memcpy(u.bytes.data(), &upper, 8);
    std::memcpy(u.bytes.data() + 8, &lower, 8);
    return u;
  }
  static constexpr const char* kName = "teal::Uuid";
};
template <>
struct ReadTraits<Decimal> : ReadPlain<hugeint_t, ReadKind::kDecimal, false> {
  static Decimal Make(const hugeint_t& s) { return {s.Get(), 0, 0}; }  // Get fills the rest
  static constexpr const char* kName = "teal::Decimal";
};

// std::chrono: a duration is constructed from the stored number; only infinity fails.
template <typename S>
struct ReadFinite : ReadPlain<S, ReadTraits<S>::kKind> {
  static constexpr bool kChecked = true;
  static constexpr bool Check(const S& s) { return s.IsFinite(); }
  static constexpr bool IsPositive(const S& s) {
    if constexpr (std::is_same_v<S, date_t>) {
      return s.days > 0;
    } else {
      return s.value > 0;
    }
  }
};
template <>
struct ReadTraits<std::chrono::sys_days> : ReadFinite<date_t> {
  static constexpr std::chrono::sys_days Make(date_t d) {
    return std::chrono::sys_days(std::chrono::days(d.days));
  }
  static constexpr const char* kName = "std::chrono::sys_days";
};
template <>
struct ReadTraits<std::chrono::year_month_day> : ReadFinite<date_t> {
  static constexpr std::chrono::year_month_day Make(date_t d) {
    return std::chrono::year_month_day(std::chrono::sys_days(std::chrono::days(d.days)));
  }
  static constexpr const char* kName = "std::chrono::year_month_day";
};
#define TEAL_READ_SYS_TIME(Duration, Stored, Name)                          \
  template <>                                                               \
  struct ReadTraits<std::chrono::sys_time<Duration>> : ReadFinite<Stored> { \
    static constexpr std::chrono::sys_time<Duration> Make(Stored s) {       \
      return std::chrono::sys_time<Duration>(Duration(s.value));            \
    }                                                                       \
    static constexpr const char* kName = Name;                              \
  };
TEAL_READ_SYS_TIME(std::chrono::seconds, timestamp_sec_t, "std::chrono::sys_time<seconds>")
TEAL_READ_SYS_TIME(std::chrono::milliseconds, timestamp_ms_t, "std::chrono::sys_time<milliseconds>")
TEAL_READ_SYS_TIME(std::chrono::microseconds, timestamp_t, "std::chrono::sys_time<microseconds>")
TEAL_READ_SYS_TIME(std::chrono::nanoseconds, timestamp_ns_t, "std::chrono::sys_time<nanoseconds>")
#undef TEAL_READ_SYS_TIME
template <>
struct ReadTraits<std::chrono::microseconds> : ReadPlain<dtime_t, ReadKind::kTime> {
  static constexpr std::chrono::microseconds Make(dtime_t t) {
    return std::chrono::microseconds(t.micros);
  }
  static constexpr const char* kName = "std::chrono::microseconds";
};
template <>
struct ReadTraits<std::chrono::hh_mm_ss<std::chrono::microseconds>>
    : ReadPlain<dtime_t, ReadKind::kTime> {
  static constexpr std::chrono::hh_mm_ss<std::chrono::microseconds> Make(dtime_t t) {
    return std::chrono::hh_mm_ss<std::chrono::microseconds>(std::chrono::microseconds(t.micros));
  }
  static constexpr const char* kName = "std::chrono::hh_mm_ss<microseconds>";
};

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T>
struct IsListView : std::false_type {};
template <typename T>
struct IsListView<ListView<T>> : std::true_type {};

constexpr size_t CStrLength(const char* s) {
  size_t n = 0;
  while (s[n] != '\0') n++;
  return n;
}
/// "teal::ListView<int32_t>", built at compile time so that messages need no allocation
/// until they are thrown.
template <typename E>
struct ListViewName {
  static constexpr std::string_view kPrefix = "teal::ListView<";
  static constexpr size_t kLength = kPrefix.size() + CStrLength(ReadTraits<E>::kName) + 1;
  static constexpr std::array<char, kLength + 1> kText = [] {
    std::array<char, kLength + 1> text{};
    size_t n = 0;
    for (char c : kPrefix) text[n++] = c;
    for (const char* p = ReadTraits<E>::kName; *p != '\0'; p++) text[n++] = *p;
    text[n++] = '>';
    return text;
  }();
};

/// The C++ spelling of T for messages; std::optional<T> is named as T (only NULLs differ).
template <typename T>
constexpr const char* TypeName() {
  if constexpr (IsOptional<T>::value) {
    return TypeName<typename T::value_type>();
  } else if constexpr (IsListView<T>::value) {
    return ListViewName<typename T::value_type>::kText.data();
  } else {
    return ReadTraits<T>::kName;
  }
}

/// The stored value at `row` of a buffer of S. By reference: string_t views point into it.
template <typename S>
inline const S& StoredAt(const uint8_t* data, idx_t row) {
  return reinterpret_cast<const S*>(data)[row];
}

inline bool RowValid(const uint64_t* validity, idx_t row) {
  return validity == nullptr || ((validity[row >> 6] >> (row & 63)) & 1) != 0;
}

}  // namespace reader_detail

/// The elements of one LIST value, read in place from the chunk's child vector. E is
/// the child's storage type (int32_t for INTEGER[] …, std::string_view for VARCHAR[]).
/// Valid until the Reader moves to another chunk.
template <typename E>
class ListView {
  using Traits = reader_detail::ReadTraits<E>;
  using Stored = typename Traits::Stored;
  static_assert(Traits::kDirect && !Traits::kChecked && kStorageOf<Stored> != StorageTag::kNone,
                "teal::ListView<E>: E must be the list child's storage type (or string_view)");

 public:
  using value_type = E;

  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = E;
    using difference_type = std::ptrdiff_t;
    Iterator() = default;
    E operator*() const { return (*list_)[index_]; }
    Iterator& operator++() {
      index_++;
      return *this;
    }
    Iterator operator++(int) {
      Iterator old = *this;
      index_++;
      return old;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.index_ == b.index_; }

   private:
    friend class ListView;
    Iterator(const ListView* list, size_t index) : list_(list), index_(index) {}
    const ListView* list_ = nullptr;
    size_t index_ = 0;
  };

  ListView() = default;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// The element at `i`. Precondition: i < size(). A NULL element (IsValid(i) false)
  /// reads an unspecified value.
  E operator[](size_t i) const {
    return Traits::Make(reader_detail::StoredAt<Stored>(data_, offset_ + i));
  }
  /// False when the element at `i` is NULL.
  bool IsValid(size_t i) const { return reader_detail::RowValid(validity_, offset_ + i); }
  /// The element at `i`, or nullopt when it is NULL.
  std::optional<E> Get(size_t i) const {
    if (!IsValid(i)) return std::nullopt;
    return (*this)[i];
  }
  /// Iterates the elements as operator[] reads them (NULL elements unspecified).
  Iterator begin() const { return Iterator(this, 0); }
  Iterator end() const { return Iterator(this, size_); }

 private:
  friend class Reader;
  ListView(const uint8_t* data, const uint64_t* validity, uint64_t offset, uint64_t size)
      : data_(data), validity_(validity), offset_(offset), size_(size) {}

  const uint8_t* data_ = nullptr;
  const uint64_t* validity_ = nullptr;
  uint64_t offset_ = 0;  // first element's row in the child vector
  uint64_t size_ = 0;
};

/// Reads a Result row by row. See the top of this file for the conversions and costs.
class Reader {
 public:
  /// A reader positioned before the first row of `result` (which must outlive it). A
  /// materialised result is read from its first chunk; a streaming one from where it is.
  explicit Reader(Result& result);
  ~Reader();
  /// A moved-from reader has no columns, and Next() throws InvalidInputError.
  Reader(Reader&&) noexcept;
  Reader& operator=(Reader&&) noexcept;
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  /// Moves to the next row; false (and no current row) after the last. Moving to a new
  /// chunk invalidates string_views and ListViews read from the previous one.
  bool Next() {
    if (++row_ < chunk_size_) [[likely]]
      return true;
    return NextChunk();
  }

  /// The current row's position in the result, 0-based: in the whole result, unless the
  /// reader was made on a stream that had already handed out chunks (then counted from
  /// the reader's first row). Precondition: Next() has returned true.
  idx_t RowNumber() const { return chunk_start_ + row_; }

  idx_t ColumnCount() const { return column_count_; }
  /// Throws InvalidInputError when `column` is out of range.
  const std::string& ColumnName(idx_t column) const;
  const LogicalType& ColumnType(idx_t column) const;

  /// Whether the current row's value in `column` is NULL. Throws InvalidInputError when
  /// `column` is out of range or there is no current row.
  bool IsNull(idx_t column) const {
    const Column& col = At(column);
    return !reader_detail::RowValid(col.validity, row_);
  }

  /// The current row's value in `column` as T (see the top of this file). Throws
  /// InvalidInputError when `column` is out of range, there is no current row, or the
  /// value is NULL and T is not a std::optional; ConversionError when the value does not
  /// convert to T or no conversion leads from the column's type to T.
  template <typename T>
  T Get(idx_t column) {
    const Column& col = At(column);
    if constexpr (reader_detail::IsOptional<T>::value) {
      if (!reader_detail::RowValid(col.validity, row_)) return std::nullopt;
      return ReadValid<typename T::value_type>(column, col);
    } else {
      if (!reader_detail::RowValid(col.validity, row_)) [[unlikely]] {
        ThrowNull(column, reader_detail::TypeName<T>());
      }
      return ReadValid<T>(column, col);
    }
  }

 private:
  static constexpr size_t kSlots = 4;

  // A converted copy of one column of the current chunk. values holds the kind's stored
  // type; converted has a bit set for each row that converted (nullptr: every row did).
  struct Slot {
    const uint8_t* values = nullptr;
    const uint64_t* converted = nullptr;
    reader_detail::ReadKind kind = reader_detail::ReadKind::kNone;
    uint8_t storage = 0;  // which of the column's buffers in Impl holds values
    uint8_t width = 0;    // DECIMAL: the column's width and scale
    uint8_t scale = 0;
  };
  // Refreshed at each chunk. slots[0] is the most recently used cache.
  struct Column {
    const uint8_t* data = nullptr;
    const uint64_t* validity = nullptr;
    StorageTag tag = StorageTag::kNone;
    StorageTag child_tag = StorageTag::kNone;  // LIST: the child's; else kNone
    const uint8_t* child_data = nullptr;
    const uint64_t* child_validity = nullptr;
    std::array<Slot, kSlots> slots;
  };
  struct Impl;

  const Column& At(idx_t column) const {
    // bound_ is 0 while there is no current row, so this one compare checks both.
    if (column >= bound_) [[unlikely]]
      ThrowBadColumn(column);
    return columns_[column];
  }

  template <typename T>
  T ReadValid(idx_t column, const Column& col) {
    if constexpr (reader_detail::IsListView<T>::value) {
      using Stored = typename reader_detail::ReadTraits<typename T::value_type>::Stored;
      if (col.child_tag != kStorageOf<Stored>) [[unlikely]] {
        ThrowUnsupported(column, reader_detail::TypeName<T>());
      }
      const uint64_t* entry = reinterpret_cast<const uint64_t*>(col.data) + 2 * row_;
      return T(col.child_data, col.child_validity, entry[0], entry[1]);
    } else {
      using Traits = reader_detail::ReadTraits<T>;
      using Stored = typename Traits::Stored;
      if constexpr (Traits::kDirect && kStorageOf<Stored> != StorageTag::kNone) {
        if (col.tag == kStorageOf<Stored>) [[likely]] {
          return Finish<T>(column, reader_detail::StoredAt<Stored>(col.data, row_));
        }
      }
      return ReadConverted<T>(column, col);
    }
  }

  template <typename T>
  T ReadConverted(idx_t column, const Column& col) {
    using Traits = reader_detail::ReadTraits<T>;
    const Slot* slot = &col.slots[0];
    if (slot->kind != Traits::kKind) [[unlikely]] {
      slot = &SelectSlot(column, Traits::kKind, Traits::kName);
    }
    if (!reader_detail::RowValid(slot->converted, row_)) [[unlikely]] {
      ThrowFailedRow(column, *slot, Traits::kName);
    }
    if constexpr (std::is_same_v<T, Decimal>) {
      Decimal d = Traits::Make(reader_detail::StoredAt<hugeint_t>(slot->values, row_));
      d.width = slot->width;
      d.scale = slot->scale;
      return d;
    } else {
      return Finish<T>(column,
                       reader_detail::StoredAt<typename Traits::Stored>(slot->values, row_));
    }
  }

  template <typename T>
  T Finish(idx_t column, const typename reader_detail::ReadTraits<T>::Stored& stored) {
    using Traits = reader_detail::ReadTraits<T>;
    if constexpr (Traits::kChecked) {
      if (!Traits::Check(stored)) [[unlikely]] {
        ThrowInfinite(column, Traits::kName, Traits::IsPositive(stored));
      }
    }
    return Traits::Make(stored);
  }

  bool NextChunk();
  // Finds or builds the cache of `kind` for `column` and makes it slots[0].
  const Slot& SelectSlot(idx_t column, reader_detail::ReadKind kind, const char* cpp_type);

  [[noreturn]] void ThrowBadColumn(idx_t column) const;
  [[noreturn]] void ThrowNull(idx_t column, const char* cpp_type) const;
  [[noreturn]] void ThrowUnsupported(idx_t column, const char* cpp_type) const;
  [[noreturn]] void ThrowFailedRow(idx_t column, const Slot& slot, const char* cpp_type) const;
  [[noreturn]] void ThrowInfinite(idx_t column, const char* cpp_type, bool positive) const;

  Result* result_;
  std::vector<Column> columns_;
  idx_t column_count_ = 0;
  idx_t bound_ = 0;  // column_count_ while on a row, else 0
  idx_t row_ = 0;    // within the chunk
  idx_t chunk_size_ = 0;
  idx_t chunk_start_ = 0;  // rows in the chunks before this one
  bool done_ = false;
  std::unique_ptr<Impl> impl_;
};

}  // namespace teal
