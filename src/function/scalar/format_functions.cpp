// format(fmt, args…) ({fmt}'s '{}' syntax, as DuckDB's) and printf(fmt, args…) (C's '%d'
// syntax, translated to {fmt}'s so that HUGEINT and UBIGINT print whole): each row's
// arguments, by their SQL types, into the format string. A NULL
// argument (or format string) makes the row NULL; a format the arguments do not fit is an
// InvalidInputError that names the function and the format.
#include <fmt/args.h>
#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <string>
#include <string_view>

#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "teal/error.hpp"
#include "teal/hugeint.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

namespace {

/// Adds `value` to `store` as the C++ value its type formats as: integers as integers
/// (HUGEINT as __int128), fractional numbers as double, BOOLEAN as bool, strings as
/// strings, every other type as its text.
void AddArgument(fmt::dynamic_format_arg_store<fmt::format_context>& store, const Value& value) {
  const LogicalType& type = value.Type();
  switch (type.Id()) {
    case TypeId::kBoolean:
      store.push_back(value.GetStored<bool>());
      return;
    case TypeId::kTinyInt:
    case TypeId::kSmallInt:
    case TypeId::kInteger:
    case TypeId::kBigInt:
      store.push_back(value.CastAs(TypeId::kBigInt).GetStored<int64_t>());
      return;
    case TypeId::kUTinyInt:
    case TypeId::kUSmallInt:
    case TypeId::kUInteger:
    case TypeId::kUBigInt:
      store.push_back(value.CastAs(TypeId::kUBigInt).GetStored<uint64_t>());
      return;
    case TypeId::kHugeInt:
      store.push_back(value.GetStored<hugeint_t>().Get());
      return;
    case TypeId::kUHugeInt:
      store.push_back(value.GetStored<uhugeint_t>().Get());
      return;
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDecimal:
      store.push_back(value.CastAs(TypeId::kDouble).GetStored<double>());
      return;
    case TypeId::kVarchar:
      store.push_back(value.GetString());
      return;
    default:
      store.push_back(value.ToString());
      return;
  }
}

/// The bits of a negative signed integer as the unsigned number of its width (C's %x, %o,
/// %u of -1 INTEGER: ffffffff); nullopt for anything else.
std::optional<uint128> TwosComplement(const Value& value) {
  int bits = 0;
  switch (value.Type().Id()) {
    case TypeId::kTinyInt:
      bits = 8;
      break;
    case TypeId::kSmallInt:
      bits = 16;
      break;
    case TypeId::kInteger:
      bits = 32;
      break;
    case TypeId::kBigInt:
      bits = 64;
      break;
    case TypeId::kHugeInt:
      bits = 128;
      break;
    default:
      return std::nullopt;
  }
  const int128 v = bits == 128 ? value.GetStored<hugeint_t>().Get()
                               : value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
  if (v >= 0) return std::nullopt;
  const uint128 u = static_cast<uint128>(v);
  return bits == 128 ? u : u & ((static_cast<uint128>(1) << bits) - 1);
}

/// C's printf format as {fmt}'s, with the arguments (columns 1 … of `args`, row `row`) in
/// `store` in the order its conversions take them: %[flags][width][.precision][length]
/// conversion, `*` widths and precisions, %% — and every integer width printed whole.
std::string PrintfAsFormat(std::string_view format, const DataChunk& args, idx_t row,
                           fmt::dynamic_format_arg_store<fmt::format_context>& store) {
  std::string out;
  idx_t next = 1;  // the next argument column
  idx_t slot = 0;  // the next position in `store`
  auto take = [&]() -> Value {
    if (next >= args.ColumnCount()) {
      throw fmt::format_error("the format has more conversions than there are arguments");
    }
    return args.data[next++].GetValue(row);
  };
  auto star = [&]() {
    const Value v = take();
    if (!v.Type().IsIntegral()) throw fmt::format_error("a * width is not an integer");
    store.push_back(v.CastAs(TypeId::kBigInt).GetStored<int64_t>());
    return "{" + std::to_string(slot++) + "}";
  };
  for (size_t i = 0; i < format.size(); i++) {
    const char c = format[i];
    if (c == '{' || c == '}') {
      out += std::string(2, c);
      continue;
    }
    if (c != '%') {
      out += c;
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      out += '%';
      i++;
      continue;
    }
    std::string flags, width, precision;
    size_t at = i + 1;
    while (at < format.size() && std::string_view("-+ #0").find(format[at]) != std::string::npos) {
      flags += format[at++];
    }
    if (at < format.size() && format[at] == '*') {
      width = star();
      at++;
    }
    while (at < format.size() && std::isdigit(static_cast<unsigned char>(format[at]))) {
      width += format[at++];
    }
    if (at < format.size() && format[at] == '.') {
      precision = ".";
      at++;
      if (at < format.size() && format[at] == '*') {
        precision += star();
        at++;
      }
      while (at < format.size() && std::isdigit(static_cast<unsigned char>(format[at]))) {
        precision += format[at++];
      }
      if (precision == ".") precision = ".0";
    }
    while (at < format.size() &&
           std::string_view("hlLqjzt").find(format[at]) != std::string::npos) {
      at++;
    }
    if (at >= format.size()) throw fmt::format_error("the format ends inside a conversion");
    char type = format[at];
    i = at;
    if (std::string_view("diuxXobeEfFgGaAsc").find(type) == std::string::npos) {
      throw fmt::format_error(fmt::format("%{} is no conversion", type));
    }
    Value value = take();
    const bool integral = std::string_view("diuxXob").find(type) != std::string::npos;
    if (value.Type().Id() == TypeId::kBoolean && integral) {
      value = Value::Integer(value.GetStored<bool>() ? 1 : 0);
    }
    const std::string id = std::to_string(slot++);
    if (type == 'u' || type == 'x' || type == 'X' || type == 'o' || type == 'b') {
      if (auto bits = TwosComplement(value)) {
        store.push_back(*bits);
      } else {
        AddArgument(store, value);
      }
    } else {
      AddArgument(store, value);
    }
    if (type == 'i' || type == 'u') type = 'd';
    std::string spec;
    const bool left = flags.find('-') != std::string::npos;
    if (left) spec += '<';
    if (flags.find('+') != std::string::npos) {
      spec += '+';
    } else if (flags.find(' ') != std::string::npos) {
      spec += ' ';
    }
    if (flags.find('#') != std::string::npos) spec += '#';
    if (!left && flags.find('0') != std::string::npos && type != 's' && type != 'c') spec += '0';
    // C right-aligns everything; {fmt} left-aligns strings by default.
    if (!left && (type == 's' || type == 'c') && !width.empty()) spec = '>' + spec;
    out += "{" + id + ":" + spec + width + precision + type + "}";
  }
  return out;
}

ScalarFunctionSet FormatSet(const char* name, bool printf) {
  ScalarFunctionSet set;
  set.name = name;
  set.resolve = [name, printf](const std::vector<LogicalType>& types) {
    if (types.empty()) {
      throw BinderError(fmt::format("{} needs a format string as its first argument", name));
    }
    ScalarFunction f;
    f.name = name;
    f.arguments.push_back(TypeId::kVarchar);
    for (size_t i = 1; i < types.size(); i++) {
      f.arguments.push_back(types[i].Id() == TypeId::kSqlNull ? LogicalType(TypeId::kVarchar)
                                                              : types[i]);
    }
    f.return_type = TypeId::kVarchar;
    f.body = [name, printf](const DataChunk& args, Vector& result, idx_t count) {
      string_t* out = result.Values<string_t>();
      for (idx_t i = 0; i < count; i++) {
        if (!result.RowIsValid(i)) continue;
        const std::string format(args.data[0].Values<string_t>()[i].View());
        try {
          fmt::dynamic_format_arg_store<fmt::format_context> store;
          std::string text;
          if (printf) {
            // Translated first: it fills the store the format then reads.
            const std::string translated = PrintfAsFormat(format, args, i, store);
            text = fmt::vformat(translated, store);
          } else {
            for (idx_t c = 1; c < args.ColumnCount(); c++) {
              AddArgument(store, args.data[c].GetValue(i));
            }
            text = fmt::vformat(format, store);
          }
          out[i] = result.AddString(text);
        } catch (const fmt::format_error& e) {
          throw InvalidInputError(fmt::format(
              "{}('{}', …): the arguments do not fit the format: {}", name, format, e.what()));
        }
      }
    };
    return std::optional<ScalarFunction>(std::move(f));
  };
  return set;
}

}  // namespace

void RegisterFormatFunctions(FunctionCatalog& catalog) {
  catalog.AddScalarSet(FormatSet("format", false));
  catalog.AddScalarSet(FormatSet("printf", true));
}

}  // namespace teal
