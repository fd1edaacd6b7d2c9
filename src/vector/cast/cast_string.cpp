// Casts to and from VARCHAR for every scalar type, and ENUM -> ENUM.
//
// To VARCHAR is how values print (Value::ToString is this cast):
//   BOOLEAN true/false; integers plain; FLOAT/DOUBLE shortest round-trip text;
//   DECIMAL with exactly `scale` fractional digits; BLOB escaped (blob.hpp);
//   UUID 8-4-4-4-12 lower case; ENUM its label.
// From VARCHAR parses those forms (numeric_format.hpp, decimal.hpp, blob.hpp,
// uuid.hpp): numbers allow surrounding whitespace, ENUM labels and UUIDs do not.
// Texts are formatted into stack buffers and stored inline or in the result's heap,
// so there is no std::string per row.
#include <fmt/format.h>

#include "types/blob.hpp"
#include "types/decimal.hpp"
#include "types/numeric_format.hpp"
#include "types/uuid.hpp"
#include "vector/cast/cast_scalar.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

template <typename T>
inline constexpr bool kIsEnumIndex =
    std::is_same_v<T, uint8_t> || std::is_same_v<T, uint16_t> || std::is_same_v<T, uint32_t>;

// Stores format(value, row) -> string_view for every valid row.
template <typename S, typename F>
bool FormatRows(const Vector& source, Vector& result, idx_t count, F&& format) {
  const S* src = source.Values<S>();
  string_t* dst = result.Values<string_t>();
  return ForEachValidRow(source, count, [&](idx_t i) {
    dst[i] = result.AddString(format(src[i]));
    return true;
  });
}

const char* ReasonFor(NumberParse status) {
  return status == NumberParse::kOutOfRange ? "out of range" : "";
}

}  // namespace

bool VarcharCastExists(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kBoolean:
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDecimal:
    case TypeId::kVarchar:
    case TypeId::kBlob:
    case TypeId::kUuid:
    case TypeId::kEnum:
      return true;
    default:
      return type.IsIntegral();
  }
}

bool TryCastToVarchar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  switch (from.Id()) {
    case TypeId::kBoolean:
      return FormatRows<bool>(source, result, count,
                              [](bool v) -> std::string_view { return v ? "true" : "false"; });
    case TypeId::kFloat: {
      char buffer[kMaxFloatChars];
      return FormatRows<float>(source, result, count,
                               [&](float v) { return FormatFloat(v, buffer); });
    }
    case TypeId::kDouble: {
      char buffer[kMaxFloatChars];
      return FormatRows<double>(source, result, count,
                                [&](double v) { return FormatDouble(v, buffer); });
    }
    case TypeId::kUuid: {
      char buffer[kUuidTextLength];
      return FormatRows<hugeint_t>(source, result, count, [&](hugeint_t v) {
        FormatUuid(v, buffer);
        return std::string_view(buffer, kUuidTextLength);
      });
    }
    case TypeId::kBlob: {
      const string_t* src = source.Values<string_t>();
      string_t* dst = result.Values<string_t>();
      return ForEachValidRow(source, count, [&](idx_t i) {
        std::string_view bytes = src[i].View();
        dst[i] = MakeString(result, EscapedBlobLength(bytes),
                            [&](char* out) { EscapeBlob(bytes, out); });
        return true;
      });
    }
    case TypeId::kEnum: {
      const std::vector<std::string>& labels = from.Enum().labels;
      return DispatchFixedWidth(from.Physical(), [&]<typename S>() -> bool {
        if constexpr (kIsEnumIndex<S>) {
          return FormatRows<S>(source, result, count, [&](S index) -> std::string_view {
            TEAL_ASSERT(index < labels.size());
            return labels[index];
          });
        }
        throw InternalError("ENUM stored in a non-index layout");
      });
    }
    case TypeId::kDecimal: {
      const uint8_t scale = from.DecimalScale();
      char buffer[kMaxDecimalChars];
      return DispatchFixedWidth(from.Physical(), [&]<typename S>() -> bool {
        if constexpr (kIsIntegerLayout<S>) {
          return FormatRows<S>(source, result, count, [&](S v) {
            return FormatDecimal(static_cast<int128>(ToNative(v)), scale, buffer);
          });
        }
        throw InternalError("DECIMAL stored in a non-integer layout");
      });
    }
    default:
      break;
  }
  if (!from.IsIntegral()) {
    throw InternalError(fmt::format("no cast from {} to VARCHAR", from.ToString()));
  }
  char buffer[kMaxIntegerChars];
  return DispatchFixedWidth(from.Physical(), [&]<typename S>() -> bool {
    if constexpr (kIsIntegerLayout<S>) {
      return FormatRows<S>(source, result, count,
                           [&](S v) { return FormatInteger(ToNative(v), buffer); });
    }
    throw InternalError("integer stored in a non-integer layout");
  });
}

bool TryCastFromVarchar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  const string_t* src = source.Values<string_t>();
  std::string_view reason;
  // Runs parse(text, row) -> bool over the valid rows; on failure reports the text
  // with `reason`, which parse may set.
  auto parse_rows = [&](auto&& parse) {
    idx_t bad_row = 0;
    bool ok = ForEachValidRow(source, count, [&](idx_t i) {
      if (parse(src[i].View(), i)) return true;
      bad_row = i;
      return false;
    });
    if (!ok) error = CastErrorMessage(from, src[bad_row].View(), to, reason);
    return ok;
  };

  switch (to.Id()) {
    case TypeId::kBoolean: {
      bool* dst = result.Values<bool>();
      return parse_rows([&](std::string_view text, idx_t i) { return ParseBoolean(text, dst[i]); });
    }
    case TypeId::kFloat: {
      float* dst = result.Values<float>();
      return parse_rows([&](std::string_view text, idx_t i) {
        NumberParse status = ParseFloat(text, dst[i]);
        reason = ReasonFor(status);
        return status == NumberParse::kOk;
      });
    }
    case TypeId::kDouble: {
      double* dst = result.Values<double>();
      return parse_rows([&](std::string_view text, idx_t i) {
        NumberParse status = ParseDouble(text, dst[i]);
        reason = ReasonFor(status);
        return status == NumberParse::kOk;
      });
    }
    case TypeId::kUuid: {
      hugeint_t* dst = result.Values<hugeint_t>();
      return parse_rows([&](std::string_view text, idx_t i) { return ParseUuid(text, dst[i]); });
    }
    case TypeId::kBlob: {
      string_t* dst = result.Values<string_t>();
      reason = "malformed escape, expected \\x and two hex digits";
      return parse_rows([&](std::string_view text, idx_t i) {
        std::ptrdiff_t length = UnescapedBlobLength(text);
        if (length < 0) return false;
        dst[i] = MakeString(result, static_cast<size_t>(length),
                            [&](char* out) { UnescapeBlob(text, out); });
        return true;
      });
    }
    case TypeId::kEnum: {
      const EnumInfo& info = to.Enum();
      std::string enum_reason = fmt::format(
          "not a label of ENUM {}: out of range for the destination type", to.ToString());
      reason = enum_reason;
      return DispatchFixedWidth(to.Physical(), [&]<typename D>() -> bool {
        if constexpr (kIsEnumIndex<D>) {
          D* dst = result.Values<D>();
          return parse_rows([&](std::string_view text, idx_t i) {
            int64_t index = info.Find(text);
            if (index < 0) return false;
            dst[i] = static_cast<D>(index);
            return true;
          });
        }
        throw InternalError("ENUM stored in a non-index layout");
      });
    }
    case TypeId::kDecimal: {
      const uint8_t width = to.DecimalWidth(), scale = to.DecimalScale();
      return DispatchFixedWidth(to.Physical(), [&]<typename D>() -> bool {
        if constexpr (kIsIntegerLayout<D>) {
          D* dst = result.Values<D>();
          return parse_rows([&](std::string_view text, idx_t i) {
            int128 v;
            NumberParse status = ParseDecimal(text, width, scale, v);
            reason = ReasonFor(status);
            if (status != NumberParse::kOk) return false;
            dst[i] = static_cast<D>(static_cast<native_int_t<D>>(v));
            return true;
          });
        }
        throw InternalError("DECIMAL stored in a non-integer layout");
      });
    }
    default:
      break;
  }
  if (!to.IsIntegral()) {
    throw InternalError(fmt::format("no cast from VARCHAR to {}", to.ToString()));
  }
  return DispatchFixedWidth(to.Physical(), [&]<typename D>() -> bool {
    if constexpr (kIsIntegerLayout<D>) {
      D* dst = result.Values<D>();
      return parse_rows([&](std::string_view text, idx_t i) {
        native_int_t<D> v;
        NumberParse status = ParseInteger(text, v);
        reason = ReasonFor(status);
        if (status != NumberParse::kOk) return false;
        dst[i] = static_cast<D>(v);
        return true;
      });
    }
    throw InternalError("integer stored in a non-integer layout");
  });
}

bool TryCastEnumToEnum(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  // One lookup per label of the source type, not per row: -1 marks labels the target
  // lacks.
  const std::vector<std::string>& labels = from.Enum().labels;
  std::vector<int64_t> mapping(labels.size());
  for (size_t i = 0; i < labels.size(); i++) mapping[i] = to.Enum().Find(labels[i]);
  return DispatchFixedWidth(from.Physical(), [&]<typename S>() -> bool {
    // Tested one level at a time: clang instantiates the inner body once S is known.
    if constexpr (!kIsEnumIndex<S>) {
      throw InternalError("ENUM stored in a non-index layout");
    } else {
      return DispatchFixedWidth(to.Physical(), [&]<typename D>() -> bool {
        if constexpr (kIsEnumIndex<D>) {
          const S* src = source.Values<S>();
          D* dst = result.Values<D>();
          idx_t bad_row = 0;
          bool ok = ForEachValidRow(source, count, [&](idx_t i) {
            int64_t index = mapping[src[i]];
            if (index < 0) {
              bad_row = i;
              return false;
            }
            dst[i] = static_cast<D>(index);
            return true;
          });
          if (!ok) {
            error = CastErrorMessage(from, labels[src[bad_row]], to,
                                     fmt::format("not a label of ENUM {}: out of range for the "
                                                 "destination type",
                                                 to.ToString()));
          }
          return ok;
        }
        throw InternalError("ENUM stored in a non-index layout");
      });
    }
  });
}

}  // namespace teal
