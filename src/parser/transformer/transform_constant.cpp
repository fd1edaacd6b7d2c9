// Transformer: type names and constants — literals, numeric literals past INTEGER, and
// INTERVAL '…' with a field qualifier.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "common/utf8.hpp"
#include "parser/parser.hpp"
#include "parser/transformer/transformer_internal.hpp"
#include "types/bignum.hpp"
#include "types/interval.hpp"

namespace teal::transformer {

namespace {
/// The [] and [n] after a type name, innermost first (the grammar's order).
std::vector<int64_t> ArrayBounds(const PgQuery__TypeName& t) {
  std::vector<int64_t> bounds;
  for (size_t i = 0; i < t.n_array_bounds; i++) {
    const Node* bound = t.array_bounds[i];
    if (bound->node_case != PG_QUERY__NODE__NODE_INTEGER) {
      throw ParserError("an array bound must be an integer");
    }
    const int64_t n = bound->integer->ival;
    if (n < -1) throw ParserError("Array size must be greater than 0");
    bounds.push_back(n);
  }
  return bounds;
}
}  // namespace

TypeName Transformer::Type(const PgQuery__TypeName& t) {
  TypeName type;
  if (t.setof || t.pct_type) throw NotImplementedError("SETOF and %TYPE");
  std::vector<std::string> parts;
  for (size_t i = 0; i < t.n_names; i++) parts.push_back(StringOf(t.names[i]));
  if (parts.size() > 3) {
    // DuckDB's words: the parts before the name as a type, those before them a schema.
    std::string type_part, schema_part;
    for (size_t i = 0; i + 1 < parts.size(); i++) {
      type_part += (i ? "." : "") + parts[i];
      if (i + 2 < parts.size()) schema_part += (i ? "." : "") + parts[i];
    }
    throw CatalogError(fmt::format(
        "Type with name \"{}\" does not exist because schema \"{}\" does not exist. (a type "
        "name has at most three parts: database.schema.type)",
        type_part, schema_part));
  }
  if (parts.size() > 1 && Lower(parts[0]) != "pg_catalog") {
    type.schema = parts[0];
    if (parts.size() == 3) type.schema += "." + parts[1];
  }
  type.name = Lower(parts.back());
  // The grammar turns a bare FLOAT into float8 (PostgreSQL's meaning); Teal follows
  // DuckDB, where FLOAT is the 4-byte type, so look at how the type was written.
  if (type.name == "float8" && t.location >= 0 && static_cast<size_t>(t.location) < sql_.size()) {
    std::string written = Lower(sql_.substr(t.location, 6));
    if (written.rfind("float", 0) == 0 &&
        (written.size() == 5 || !std::isalnum(static_cast<unsigned char>(written[5])))) {
      bool has_precision = t.n_typmods > 0;
      if (!has_precision) type.name = "float4";
    }
  }
  if (type.name == kStructTypeMarker || type.name == kUnionTypeMarker) {
    // RewriteStructTypes's: one 'name type' string per field (member).
    type.name = type.name == kStructTypeMarker ? "struct" : "union";
    for (size_t i = 0; i < t.n_typmods; i++) {
      const Node* mod = t.typmods[i];
      if (mod->node_case != PG_QUERY__NODE__NODE_A_CONST ||
          mod->a_const->val_case != PG_QUERY__A__CONST__VAL_SVAL) {
        throw InternalError("a STRUCT field that RewriteStructTypes did not write");
      }
      auto [name, field_type] = StructField(mod->a_const->sval->sval);
      type.field_names.push_back(std::move(name));
      type.field_types.push_back(std::move(field_type));
    }
    type.array_bounds = ArrayBounds(t);
    return type;
  }
  if (type.name == kMapTypeMarker) {
    // RewriteStructTypes's: the key's type and the value's, as strings.
    type.name = "map";
    if (t.n_typmods != 2) throw ParserError("MAP(…) takes two types: MAP(key type, value type)");
    for (size_t i = 0; i < t.n_typmods; i++) {
      const Node* mod = t.typmods[i];
      if (mod->node_case != PG_QUERY__NODE__NODE_A_CONST ||
          mod->a_const->val_case != PG_QUERY__A__CONST__VAL_SVAL) {
        throw InternalError("a MAP type that RewriteStructTypes did not write");
      }
      auto [name, part] =
          StructField(std::string(i == 0 ? "key " : "value ") + mod->a_const->sval->sval);
      type.field_names.push_back(std::move(name));
      type.field_types.push_back(std::move(part));
    }
    type.array_bounds = ArrayBounds(t);
    return type;
  }
  if (type.name == "enum" && t.n_typmods > 0 && type.schema.empty()) {
    // ENUM('a', 'b'): DuckDB's ENUM of no name, as a column's type or a cast's.
    for (size_t i = 0; i < t.n_typmods; i++) {
      const Node* mod = t.typmods[i];
      if (mod->node_case != PG_QUERY__NODE__NODE_A_CONST ||
          mod->a_const->val_case != PG_QUERY__A__CONST__VAL_SVAL) {
        throw ParserError("ENUM(…) as a type takes its labels as strings: ENUM('a', 'b')");
      }
      type.labels.emplace_back(mod->a_const->sval->sval);
    }
    type.array_bounds = ArrayBounds(t);
    return type;
  }
  for (size_t i = 0; i < t.n_typmods; i++) {
    const Node* mod = t.typmods[i];
    if (mod->node_case == PG_QUERY__NODE__NODE_A_CONST &&
        mod->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      type.modifiers.push_back(mod->a_const->ival->ival);
    } else {
      throw ParserError(fmt::format("type modifiers of {} must be integer constants", type.name));
    }
  }
  type.array_bounds = ArrayBounds(t);
  // INTERVAL field restrictions (INTERVAL '1' DAY) arrive as a typmod; keep plain INTERVAL.
  if (type.name == "interval") type.modifiers.clear();
  return type;
}

std::pair<std::string, TypeName> Transformer::StructField(std::string_view field) {
  // The name: a word or a double-quoted identifier; the rest is the type.
  size_t i = 0;
  while (i < field.size() && std::isspace(static_cast<unsigned char>(field[i]))) i++;
  std::string name;
  if (i < field.size() && field[i] == '"') {
    for (i++; i < field.size(); i++) {
      if (field[i] == '"') {
        if (i + 1 < field.size() && field[i + 1] == '"') {
          name += '"';
          i++;
          continue;
        }
        i++;
        break;
      }
      name += field[i];
    }
  } else {
    while (i < field.size() && !std::isspace(static_cast<unsigned char>(field[i]))) {
      name += field[i++];
    }
  }
  std::string_view rest = field.substr(std::min(i, field.size()));
  if (name.empty() || rest.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw ParserError(fmt::format("a STRUCT field is a name and a type: \"{}\"", field));
  }
  // The type through the grammar: CAST(NULL AS type).
  auto parsed = ParseSql("SELECT CAST(NULL AS " + std::string(rest) + ")", max_depth_);
  const auto* select =
      parsed.size() == 1 ? dynamic_cast<const SelectStatement*>(parsed[0].get()) : nullptr;
  if (!select || select->select_list.size() != 1 ||
      select->select_list[0]->kind != ExprKind::kCast) {
    throw ParserError(fmt::format("not a type: \"{}\"", rest));
  }
  return {name, select->select_list[0]->cast_type};
}

ParsedExpressionPtr Transformer::QualifiedInterval(const PgQuery__TypeCast& cast) {
  const auto& t = *cast.type_name;
  if (t.n_names == 0 || Lower(StringOf(t.names[t.n_names - 1])) != "interval" || t.n_typmods == 0) {
    return nullptr;
  }
  auto modifier = [&](size_t i) -> int64_t {
    const Node* mod = t.typmods[i];
    if (mod->node_case != PG_QUERY__NODE__NODE_A_CONST ||
        mod->a_const->val_case != PG_QUERY__A__CONST__VAL_IVAL) {
      throw ParserError("type modifiers of interval must be integer constants");
    }
    return mod->a_const->ival->ival;
  };
  constexpr int64_t kFullRange = 0x7FFF;  // PostgreSQL's INTERVAL_FULL_RANGE
  const int64_t mask = modifier(0);
  if (mask == kFullRange && t.n_typmods == 1) return nullptr;
  // PostgreSQL's INTERVAL_MASK(field) bits.
  struct Field {
    int64_t mask;
    const char* unit;
  };
  constexpr Field kFields[] = {{1 << 2, "year"},  {1 << 1, "month"},   {1 << 3, "day"},
                               {1 << 10, "hour"}, {1 << 11, "minute"}, {1 << 12, "second"}};
  const Field* field = nullptr;
  for (const auto& f : kFields) {
    if (mask == f.mask) field = &f;
  }
  const bool literal = cast.arg->node_case == PG_QUERY__NODE__NODE_A_CONST &&
                       cast.arg->a_const->val_case == PG_QUERY__A__CONST__VAL_SVAL;
  if (!field || t.n_typmods > 1 || !literal) {
    throw NotImplementedError(
        "INTERVAL field qualifiers other than one field (YEAR … SECOND) on a string literal; "
        "write the units inside the string, as INTERVAL '90 days'");
  }
  std::string text = cast.arg->a_const->sval->sval;
  std::string_view body = text;
  while (!body.empty() && body.front() == ' ') body.remove_prefix(1);
  while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
  size_t digits = (!body.empty() && (body[0] == '-' || body[0] == '+')) ? 1 : 0;
  bool integer = digits < body.size() &&
                 std::all_of(body.begin() + static_cast<std::ptrdiff_t>(digits), body.end(),
                             [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  bool has_units = std::any_of(body.begin(), body.end(),
                               [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  if (!integer && (!has_units || body.find(':') != std::string_view::npos)) {
    throw NotImplementedError(fmt::format(
        "INTERVAL '{}' {}: only an integer or values with their units are supported with a "
        "field qualifier",
        text, Upper(field->unit)));
  }
  std::string spelled = integer ? std::string(body) + " " + field->unit : text;
  interval_t v;
  std::string reason;
  if (!Interval::TryParse(spelled, v, &reason)) {
    throw ConversionError(fmt::format("could not convert \"{}\" to INTERVAL {}: {}", text,
                                      Upper(field->unit), reason));
  }
  constexpr int64_t kMicrosPerHour = int64_t{3600} * 1000000;
  constexpr int64_t kMicrosPerMinute = int64_t{60} * 1000000;
  const std::string_view unit = field->unit;
  if (unit == "year") v.months = v.months / 12 * 12;
  if (unit == "year" || unit == "month") v.days = 0;
  if (unit == "year" || unit == "month" || unit == "day") v.micros = 0;
  if (unit == "hour") v.micros = v.micros / kMicrosPerHour * kMicrosPerHour;
  if (unit == "minute") v.micros = v.micros / kMicrosPerMinute * kMicrosPerMinute;
  auto e = Make(ExprKind::kConstant, cast.location);
  e->value = Value::Interval(v);
  return e;
}

ParsedExpressionPtr Transformer::Constant(const PgQuery__AConst& c) {
  auto e = Make(ExprKind::kConstant, c.location);
  if (c.isnull) return e;  // Value() is the untyped NULL
  switch (c.val_case) {
    case PG_QUERY__A__CONST__VAL_IVAL:
      e->value = Value::Integer(c.ival->ival);
      break;
    case PG_QUERY__A__CONST__VAL_FVAL:
      e->value = NumericLiteral(c.fval->fval);
      break;
    case PG_QUERY__A__CONST__VAL_BOOLVAL:
      e->value = Value::Boolean(c.boolval->boolval);
      break;
    case PG_QUERY__A__CONST__VAL_SVAL: {
      // The SQL text's bytes, or an escape's (E'\xff'): a VARCHAR must be valid UTF-8.
      std::string_view text = c.sval->sval;
      if (size_t bad = FindInvalidUtf8(text); bad != text.size()) {
        throw ParserError(fmt::format("invalid UTF-8 in the string literal at position {}: {}",
                                      c.location + 1, DescribeInvalidUtf8(text, bad)));
      }
      e->value = Value::Varchar(text);
      break;
    }
    case PG_QUERY__A__CONST__VAL_BSVAL:
      throw NotImplementedError("bit-string literals");
    default:
      break;
  }
  return e;
}

Value Transformer::NumericLiteral(std::string_view text) {
  bool negative = !text.empty() && text[0] == '-';
  std::string_view digits = negative ? text.substr(1) : text;
  if (digits.find_first_of("eE") != std::string_view::npos) {
    return Value::Double(std::strtod(std::string(text).c_str(), nullptr));
  }
  size_t point = digits.find('.');
  std::string whole(digits.substr(0, point));
  std::string fraction(point == std::string_view::npos ? "" : digits.substr(point + 1));
  std::string all = whole + fraction;
  uint128 magnitude = 0;
  bool overflow = false;
  for (char ch : all) {
    uint128 next = magnitude * 10 + static_cast<uint128>(ch - '0');
    if (next / 10 != magnitude) overflow = true;
    magnitude = next;
  }
  constexpr uint128 kMaxHuge = (static_cast<uint128>(1) << 127) - 1;
  const bool fits_huge = !overflow && magnitude <= kMaxHuge + (negative ? 1 : 0);
  if (point == std::string_view::npos) {
    if (fits_huge) {
      int128 value =
          negative ? -static_cast<int128>(magnitude - 1) - 1 : static_cast<int128>(magnitude);
      if (value >= INT64_MIN && value <= INT64_MAX)
        return Value::BigInt(static_cast<int64_t>(value));
      return Value::HugeInt(value);
    }
    if (!overflow && !negative) return Value::UHugeInt(magnitude);
    // Wider than UHUGEINT: a BIGNUM, exact (DuckDB's; PostgreSQL's is a NUMERIC).
    BigInteger big;
    if (!BigInteger::Parse(text, big)) throw InternalError("unparsable integer literal");
    return Value::FromStored(LogicalType(TypeId::kBignum), big.ToStored());
  }
  if (fits_huge) {
    int128 unscaled =
        negative ? -static_cast<int128>(magnitude - 1) - 1 : static_cast<int128>(magnitude);
    size_t first = all.find_first_not_of('0');
    size_t significant = first == std::string::npos ? 0 : all.size() - first;
    uint8_t scale = static_cast<uint8_t>(std::min<size_t>(fraction.size(), 255));
    size_t width = std::max<size_t>({significant, fraction.size(), 1});
    if (width <= LogicalType::kMaxDecimalWidth) {
      return Value::Decimal(unscaled, static_cast<uint8_t>(width), scale);
    }
  }
  return Value::Double(std::strtod(std::string(text).c_str(), nullptr));
}

}  // namespace teal::transformer
