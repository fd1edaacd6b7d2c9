// Casts involving LIST, ARRAY, STRUCT and MAP: LIST(A) -> LIST(B), LIST -> VARCHAR, VARCHAR ->
// LIST, ARRAY <-> LIST and ARRAY -> ARRAY (a LIST or ARRAY of another length than the
// target's size is an error), ARRAY <-> VARCHAR (as a LIST's text), STRUCT -> STRUCT (same
// fields by name, each cast), STRUCT -> VARCHAR, MAP(K, V) -> MAP(K2, V2), MAP <-> VARCHAR.
//
// Elements are always cast as one child vector through CastVector, never per row, so
// a LIST(LIST(INTEGER)) -> VARCHAR renders the innermost integers in one pass.
//
// Text form (DuckDB's; the rendering, and what parsing accepts):
//   [1, 2, NULL]      elements separated by ", "; a NULL element is NULL
//   [[1], []]         nested lists as their own text form
//   [a, 'b, c', '']   a non-nested element is written bare unless it is empty, contains
//                     any of " ' ( ) , : = [ ] { }, starts or ends with whitespace, or
//                     equals NULL in any case; then it is single-quoted, a backslash
//                     before each ' and each backslash ('it\'s').
//   {'a': 1, 'b': x}  a STRUCT: its fields' names quoted the same way, values as list
//                     elements; (1, x) for a STRUCT whose fields have no names, (1,)
//                     when it has one field
// Parsing: an element is bare text and quoted sections ('…' or "…", in which a backslash
// escapes any character and a doubled quote stands for one), concatenated; outside quotes
// \' and \" are a quote and any other backslash is itself. Brackets and braces nest, so
// [a[1], b] has two elements. Whitespace around an element is dropped; an empty one is ''.
// A bare NULL is NULL. Unbalanced brackets or quotes and text after the close are errors.
// VARCHAR -> STRUCT reads {key: value, …} with keys bare or quoted, in any order and case
// (a field not named is NULL), or a tuple (v1, v2, …) of every field's value in order — the
// only form for a STRUCT without field names. Inside an element read for a nested type,
// parentheses nest too.
//   {a=1, b=NULL}     a MAP: key=value pairs, keys and values written as list elements.
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "types/hugeint_ops.hpp"
#include "vector/cast/cast_scalar.hpp"
#include "vector/map_keys.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {

const LogicalType& VarcharType() {
  static const LogicalType kVarchar(TypeId::kVarchar);
  return kVarchar;
}

/// Types whose text is itself bracketed, written into a list's or map's text unquoted.
bool IsNested(TypeId id) {
  return id == TypeId::kList || id == TypeId::kArray || id == TypeId::kStruct ||
         id == TypeId::kMap || id == TypeId::kUnion;
}

/// LIST or ARRAY: the same layout, and the same text.
bool IsListLike(TypeId id) { return id == TypeId::kList || id == TypeId::kArray; }

bool EqualsNullIgnoreCase(std::string_view text) {
  if (text.size() != 4) return false;
  for (size_t i = 0; i < 4; i++) {
    char c = text[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != "NULL"[i]) return false;
  }
  return true;
}

bool NeedsQuotes(std::string_view text) {
  if (text.empty() || IsSpace(text.front()) || IsSpace(text.back())) return true;
  if (text.find_first_of("\"'(),:=[]{}") != std::string_view::npos) return true;
  return EqualsNullIgnoreCase(text);
}

void AppendQuoted(std::string& out, std::string_view text) {
  out += '\'';
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  out += '\'';
}

bool CastListToList(const Vector& source, Vector& result, idx_t count, std::string& error) {
  CopyValidity(source, result, count);
  const list_entry_t* src = source.Values<list_entry_t>();
  list_entry_t* dst = result.Values<list_entry_t>();
  for (idx_t i = 0; i < count; i++) dst[i] = source.RowIsValid(i) ? src[i] : list_entry_t{0, 0};
  // The child rows keep their positions, so the entries carry over unchanged.
  idx_t child_count = source.ListSize();
  result.SetListSize(child_count);
  return TryCastVector(source.ListChild(), result.ListChild(), child_count, &error);
}

// LIST or ARRAY -> ARRAY: every valid row must have the target's size of elements.
bool CastToArray(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const uint32_t size = result.Type().ArraySize();
  const list_entry_t* src = source.Values<list_entry_t>();
  const bool from_array = source.Type().Id() == TypeId::kArray;
  for (idx_t i = 0; i < count; i++) {
    if (source.RowIsValid(i) && src[i].length != size) {
      error = from_array ? fmt::format("Cannot cast array of size {} to array of size {}",
                                       src[i].length, size)
                         : fmt::format("Cannot cast list with length {} to array with length {}",
                                       src[i].length, size);
      return false;
    }
  }
  return CastListToList(source, result, count, error);
}

bool CastListToVarchar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const idx_t child_count = source.ListSize();
  Vector elements(VarcharType(), std::max<idx_t>(child_count, 1));
  if (!TryCastVector(source.ListChild(), elements, child_count, &error)) return false;
  const TypeId element_type = source.Type().ListChild().Id();
  const bool quote_if_needed = !IsNested(element_type);
  const list_entry_t* src = source.Values<list_entry_t>();
  const string_t* element_text = elements.Values<string_t>();
  string_t* dst = result.Values<string_t>();
  std::string text;  // reused across rows: one allocation per vector, not per row
  return ForEachValidRow(source, count, [&](idx_t i) {
    text.clear();
    text += '[';
    for (idx_t k = 0; k < src[i].length; k++) {
      if (k > 0) text += ", ";
      idx_t row = src[i].offset + k;
      if (!elements.RowIsValid(row)) {
        text += "NULL";
        continue;
      }
      std::string_view element = element_text[row].View();
      if (quote_if_needed && NeedsQuotes(element)) {
        AppendQuoted(text, element);
      } else {
        text += element;
      }
    }
    text += ']';
    dst[i] = result.AddString(text);
    return true;
  });
}

bool CastStructToVarchar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const auto& fields = source.Type().StructFields();
  std::vector<Vector> texts;
  for (idx_t f = 0; f < fields.size(); f++) {
    texts.emplace_back(VarcharType(), std::max<idx_t>(count, 1));
    if (!TryCastVector(source.StructChild(f), texts.back(), count, &error)) return false;
  }
  const bool unnamed = fields[0].first.empty();
  string_t* dst = result.Values<string_t>();
  std::string text;
  return ForEachValidRow(source, count, [&](idx_t i) {
    text.clear();
    text += unnamed ? '(' : '{';
    for (idx_t f = 0; f < fields.size(); f++) {
      if (f > 0) text += ", ";
      if (!unnamed) {
        AppendQuoted(text, fields[f].first);
        text += ": ";
      }
      if (!texts[f].RowIsValid(i)) {
        text += "NULL";
        continue;
      }
      std::string_view value = texts[f].Values<string_t>()[i].View();
      const TypeId type = fields[f].second.Id();
      if (!IsNested(type) && NeedsQuotes(value)) {
        AppendQuoted(text, value);
      } else {
        text += value;
      }
    }
    // A one-field tuple is written (x,), as DuckDB (and Python) write it: (x) reads as x.
    if (unnamed && fields.size() == 1) text += ',';
    text += unnamed ? ')' : '}';
    dst[i] = result.AddString(text);
    return true;
  });
}

// MAP -> VARCHAR: {key=value, …}, keys and values written as list elements are.
bool CastMapToVarchar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const idx_t child_count = source.ListSize();
  const Vector& entries = source.ListChild();
  Vector keys(VarcharType(), std::max<idx_t>(child_count, 1));
  Vector values(VarcharType(), std::max<idx_t>(child_count, 1));
  if (!TryCastVector(entries.StructChild(0), keys, child_count, &error) ||
      !TryCastVector(entries.StructChild(1), values, child_count, &error)) {
    return false;
  }
  const bool quote_keys = !IsNested(source.Type().MapKey().Id());
  const bool quote_values = !IsNested(source.Type().MapValue().Id());
  const list_entry_t* src = source.Values<list_entry_t>();
  string_t* dst = result.Values<string_t>();
  std::string text;
  auto append = [&](const Vector& texts, idx_t row, bool quote) {
    if (!texts.RowIsValid(row)) {
      text += "NULL";
      return;
    }
    std::string_view element = texts.Values<string_t>()[row].View();
    if (quote && NeedsQuotes(element)) {
      AppendQuoted(text, element);
    } else {
      text += element;
    }
  };
  return ForEachValidRow(source, count, [&](idx_t i) {
    text.clear();
    text += '{';
    for (idx_t k = 0; k < src[i].length; k++) {
      if (k > 0) text += ", ";
      append(keys, src[i].offset + k, quote_keys);
      text += '=';
      append(values, src[i].offset + k, quote_values);
    }
    text += '}';
    dst[i] = result.AddString(text);
    return true;
  });
}

// MAP -> MAP: keys and values each cast; keys that become equal are an error.
bool CastMapToMap(const Vector& source, Vector& result, idx_t count, std::string& error) {
  if (!CastListToList(source, result, count, error)) return false;
  error = MapKeyProblem(result, count);
  return error.empty();
}

/// The source field each field of STRUCT `to` takes in a cast from STRUCT `from`: the one of
/// its name (any case) when both have names (kInvalidIndex: none, the field is NULL), else
/// the one at its position.
std::vector<idx_t> StructFieldSources(const LogicalType& from, const LogicalType& to) {
  const auto& a = from.StructFields();
  const auto& b = to.StructFields();
  const bool by_name = !a.empty() && !b.empty() && !a[0].first.empty() && !b[0].first.empty();
  std::vector<idx_t> sources;
  for (idx_t f = 0; f < b.size(); f++) {
    if (!by_name) {
      sources.push_back(f < a.size() ? f : kInvalidIndex);
      continue;
    }
    const int64_t at = from.StructFieldIndex(b[f].first);
    sources.push_back(at < 0 ? kInvalidIndex : static_cast<idx_t>(at));
  }
  return sources;
}

bool CastStructToStruct(const Vector& source, Vector& result, idx_t count, std::string& error) {
  CopyValidity(source, result, count);
  const std::vector<idx_t> sources = StructFieldSources(source.Type(), result.Type());
  for (idx_t f = 0; f < sources.size(); f++) {
    Vector& target = result.StructChild(f);
    if (sources[f] == kInvalidIndex) {
      for (idx_t i = 0; i < count; i++) target.SetNull(i);
      continue;
    }
    if (!TryCastVector(source.StructChild(sources[f]), target, count, &error)) return false;
  }
  return true;
}

// One element of a list or struct text, scanned from `pos` to the first of `stops` outside
// brackets and quotes (pos is left there). `raw` keeps the text as written (for a nested
// element, which its own cast parses); otherwise quotes and escapes are resolved into
// `value`. False when a quote or bracket does not close.
struct ElementText {
  std::string value;
  bool is_null = false;
};

bool ScanElement(std::string_view text, size_t& pos, std::string_view stops, bool raw,
                 ElementText& out) {
  const size_t n = text.size();
  while (pos < n && IsSpace(text[pos])) pos++;
  const size_t start = pos;
  out.value.clear();
  out.is_null = false;
  bool quoted_any = false;
  size_t kept = 0;  // value[0, kept) came from quotes or escapes: not trimmed
  int depth = 0;
  while (pos < n) {
    const char c = text[pos];
    if (depth == 0 && stops.find(c) != std::string_view::npos) break;
    if (c == '\'' || c == '"') {
      quoted_any = true;
      pos++;
      bool closed = false;
      while (pos < n) {
        const char d = text[pos];
        if (d == '\\' && pos + 1 < n) {
          out.value += text[pos + 1];
          pos += 2;
        } else if (d == c && pos + 1 < n && text[pos + 1] == c) {
          out.value += c;
          pos += 2;
        } else if (d == c) {
          pos++;
          closed = true;
          break;
        } else {
          out.value += d;
          pos++;
        }
      }
      if (!closed) return false;
      kept = out.value.size();
      continue;
    }
    if (c == '\\' && pos + 1 < n && (text[pos + 1] == '\'' || text[pos + 1] == '"')) {
      out.value += text[pos + 1];
      pos += 2;
      kept = out.value.size();
      continue;
    }
    if (c == '[' || c == '{' || (raw && c == '(')) depth++;
    if (c == ']' || c == '}' || (raw && c == ')')) {
      if (depth == 0) return false;  // a close that opens nothing, before any stop
      depth--;
    }
    out.value += c;
    pos++;
  }
  if (depth != 0 || pos >= n) return false;
  if (raw) {
    size_t end = pos;
    while (end > start && IsSpace(text[end - 1])) end--;
    out.value.assign(text.substr(start, end - start));
  } else {
    while (out.value.size() > kept && IsSpace(out.value.back())) out.value.pop_back();
  }
  out.is_null = !quoted_any && EqualsNullIgnoreCase(out.value);
  return true;
}

// Calls on_element(const ElementText&) for each element of one list text. False when the
// text is malformed.
template <typename OnElement>
bool SplitListText(std::string_view text, bool raw, OnElement&& on_element) {
  const size_t n = text.size();
  size_t pos = 0;
  auto skip_space = [&] {
    while (pos < n && IsSpace(text[pos])) pos++;
  };
  skip_space();
  if (pos >= n || text[pos] != '[') return false;
  pos++;
  skip_space();
  if (pos < n && text[pos] == ']') {
    pos++;
    skip_space();
    return pos == n;
  }
  ElementText element;
  while (true) {
    if (!ScanElement(text, pos, ",]", raw, element)) return false;
    on_element(element);
    if (text[pos] == ',') {
      pos++;
      continue;
    }
    pos++;  // the ]
    skip_space();
    return pos == n;
  }
}

// VARCHAR -> LIST(VARCHAR): the elements as text, unquoted, not yet cast.
// `target` is the type asked for, for the error message.
bool ParseListRows(const Vector& source, Vector& parsed, idx_t count, const LogicalType& target,
                   std::string& error) {
  CopyValidity(source, parsed, count);
  const string_t* src = source.Values<string_t>();
  list_entry_t* entries = parsed.Values<list_entry_t>();
  Vector& child = parsed.ListChild();
  const TypeId element_type = target.ListChild().Id();
  const bool raw = IsNested(element_type);
  for (idx_t i = 0; i < count; i++) {
    idx_t start = parsed.ListSize();
    entries[i] = {start, 0};
    if (!source.RowIsValid(i)) continue;
    bool ok = SplitListText(src[i].View(), raw, [&](const ElementText& element) {
      idx_t row = parsed.ListSize();
      parsed.SetListSize(row + 1);
      if (element.is_null) {
        child.SetNull(row);
      } else {
        child.Values<string_t>()[row] = child.AddString(element.value);
      }
    });
    if (!ok) {
      error = CastErrorMessage(source.Type(), src[i].View(), target, "malformed list");
      return false;
    }
    entries[i].length = parsed.ListSize() - start;
  }
  return true;
}

// Scans one {key<separator>value, …} text (a STRUCT's or a MAP's). For each pair,
// on_key(key) says whether the value is nested text to keep raw, or nullopt to refuse the
// text; on_value(value) then takes the value. False when the text is malformed or refused.
template <typename OnKey, typename OnValue>
bool SplitPairsText(std::string_view text, char separator, bool raw_keys, OnKey&& on_key,
                    OnValue&& on_value) {
  const size_t n = text.size();
  size_t pos = 0;
  auto skip_space = [&] {
    while (pos < n && IsSpace(text[pos])) pos++;
  };
  skip_space();
  if (pos >= n || text[pos] != '{') return false;
  pos++;
  skip_space();
  if (pos < n && text[pos] == '}') {
    pos++;
  } else {
    ElementText key;
    ElementText value;
    while (true) {
      if (!ScanElement(text, pos, std::string_view(&separator, 1), raw_keys, key)) return false;
      pos++;  // the separator, the only stop
      const std::optional<bool> raw_value = on_key(key);
      if (!raw_value || !ScanElement(text, pos, ",}", *raw_value, value)) return false;
      on_value(value);
      if (text[pos++] == '}') break;
    }
  }
  skip_space();
  return pos == n;
}

// Calls on_value(k, const ElementText&) for the k-th value of the tuple text (v1, v2, …) —
// (v,) for one — of `fields`. False when the text is malformed or the count is not theirs.
template <typename OnValue>
bool SplitTupleText(std::string_view text,
                    const std::vector<std::pair<std::string, LogicalType>>& fields,
                    OnValue&& on_value) {
  const size_t n = text.size();
  size_t pos = 0;
  auto skip_space = [&] {
    while (pos < n && IsSpace(text[pos])) pos++;
  };
  skip_space();
  if (pos >= n || text[pos] != '(') return false;
  pos++;
  ElementText value;
  for (size_t k = 0;; k++) {
    if (k == fields.size()) return false;  // more values than fields
    if (!ScanElement(text, pos, ",)", IsNested(fields[k].second.Id()), value)) return false;
    on_value(k, value);
    if (text[pos++] == ')') {
      if (k + 1 != fields.size()) return false;
      break;
    }
    if (fields.size() == 1) {  // (v,)
      skip_space();
      if (pos >= n || text[pos] != ')') return false;
      pos++;
      break;
    }
  }
  skip_space();
  return pos == n;
}

// VARCHAR -> STRUCT: each row's {key: value, …} (or tuple) into one VARCHAR vector per
// field, then each cast to its field's type.
bool CastVarcharToStruct(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& target = result.Type();
  const auto& fields = target.StructFields();
  std::vector<Vector> texts;
  for (idx_t f = 0; f < fields.size(); f++) {
    texts.emplace_back(VarcharType(), std::max<idx_t>(count, 1));
  }
  CopyValidity(source, result, count);
  const string_t* src = source.Values<string_t>();
  std::vector<bool> seen(fields.size());
  for (idx_t i = 0; i < count; i++) {
    for (auto& t : texts) t.SetNull(i);
    if (!source.RowIsValid(i)) continue;
    const std::string_view text = src[i].View();
    std::string problem;
    int64_t field = -1;
    std::fill(seen.begin(), seen.end(), false);
    auto keep = [&](idx_t f, const ElementText& value) {
      if (value.is_null) return;
      Vector& t = texts[f];
      t.Values<string_t>()[i] = t.AddString(value.value);
      t.SetNull(i, false);
    };
    size_t first = 0;
    while (first < text.size() && IsSpace(text[first])) first++;
    const bool ok =
        first < text.size() && text[first] == '('
            ? SplitTupleText(text, fields, keep)
            : SplitPairsText(
                  text, ':', /*raw_keys=*/false,
                  [&](const ElementText& key) -> std::optional<bool> {
                    field = target.StructFieldIndex(key.value);
                    if (field < 0) {
                      problem = fmt::format("it has no field \"{}\"", key.value);
                      return std::nullopt;
                    }
                    if (seen[field]) {
                      problem = fmt::format("field \"{}\" is given twice", key.value);
                      return std::nullopt;
                    }
                    seen[field] = true;
                    return IsNested(fields[field].second.Id());
                  },
                  [&](const ElementText& value) { keep(static_cast<idx_t>(field), value); });
    if (!ok) {
      error = CastErrorMessage(source.Type(), text, target,
                               problem.empty() ? "malformed struct" : problem);
      return false;
    }
  }
  for (idx_t f = 0; f < fields.size(); f++) {
    if (!TryCastVector(texts[f], result.StructChild(f), count, &error)) return false;
  }
  return true;
}

// VARCHAR -> MAP: each row's {key=value, …} into a MAP(VARCHAR, VARCHAR), then cast.
bool CastVarcharToMap(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& target = result.Type();
  Vector parsed(LogicalType::Map(VarcharType(), VarcharType()), std::max<idx_t>(count, 1));
  CopyValidity(source, parsed, count);
  auto* entries = parsed.Values<list_entry_t>();
  const string_t* src = source.Values<string_t>();
  const bool raw_keys = IsNested(target.MapKey().Id());
  const bool raw_values = IsNested(target.MapValue().Id());
  for (idx_t i = 0; i < count; i++) {
    const idx_t start = parsed.ListSize();
    entries[i] = {start, 0};
    if (!source.RowIsValid(i)) continue;
    const std::string_view text = src[i].View();
    bool null_key = false;
    idx_t row = 0;
    const bool ok = SplitPairsText(
        text, '=', raw_keys,
        [&](const ElementText& key) -> std::optional<bool> {
          if (key.is_null) {
            null_key = true;
            return std::nullopt;
          }
          row = parsed.ListSize();
          parsed.SetListSize(row + 1);
          Vector& pair = parsed.ListChild();
          pair.SetNull(row, false);
          Vector& keys = pair.StructChild(0);
          keys.SetNull(row, false);
          keys.Values<string_t>()[row] = keys.AddString(key.value);
          return raw_values;
        },
        [&](const ElementText& value) {
          Vector& values = parsed.ListChild().StructChild(1);
          values.SetNull(row, value.is_null);
          if (!value.is_null) values.Values<string_t>()[row] = values.AddString(value.value);
        });
    if (!ok) {
      error = CastErrorMessage(source.Type(), text, target,
                               null_key ? "Map keys can not be NULL" : "malformed map");
      return false;
    }
    entries[i].length = parsed.ListSize() - start;
  }
  return TryCastVector(parsed, result, count, &error);
}

bool CastVarcharToList(const Vector& source, Vector& result, idx_t count, std::string& error) {
  Vector parsed(LogicalType::List(VarcharType()), std::max<idx_t>(count, 1));
  const LogicalType& target = result.Type();
  if (!ParseListRows(source, parsed, count, target, error)) return false;
  if (target.Id() == TypeId::kArray) {
    const auto* entries = parsed.Values<list_entry_t>();
    for (idx_t i = 0; i < count; i++) {
      if (source.RowIsValid(i) && entries[i].length != target.ArraySize()) {
        error = fmt::format(
            "Type {} with value '{}' can't be cast to the destination type {}, the size of the "
            "array must match the destination type",
            source.Type().ToString(), source.Values<string_t>()[i].View(), target.ToString());
        return false;
      }
    }
  }
  return TryCastVector(parsed, result, count, &error);
}

}  // namespace

bool IsNestedCast(const LogicalType& from, const LogicalType& to) {
  return IsNested(from.Id()) || IsNested(to.Id());
}

bool NestedCastExists(const LogicalType& from, const LogicalType& to) {
  if (from.Id() == TypeId::kMap || to.Id() == TypeId::kMap) {
    if (from.Id() == TypeId::kMap && to.Id() == TypeId::kMap) {
      return CastExists(from.MapKey(), to.MapKey()) && CastExists(from.MapValue(), to.MapValue());
    }
    if (from.Id() == TypeId::kMap && to.Id() == TypeId::kVarchar) {
      return CastExists(from.MapKey(), to) && CastExists(from.MapValue(), to);
    }
    if (from.Id() == TypeId::kVarchar && to.Id() == TypeId::kMap) {
      return CastExists(from, to.MapKey()) && CastExists(from, to.MapValue());
    }
    return false;
  }
  if (from.Id() == TypeId::kStruct && to.Id() == TypeId::kVarchar) return true;
  if (from.Id() == TypeId::kVarchar && to.Id() == TypeId::kStruct) {
    for (const auto& field : to.StructFields()) {
      if (!CastExists(from, field.second)) return false;
    }
    return true;
  }
  if (from.Id() == TypeId::kStruct && to.Id() == TypeId::kStruct) {
    // DuckDB's: by name when both have names — a field the source lacks is NULL, one the
    // target lacks is dropped, and at least one must match; by position (as many) when
    // either has none.
    const std::vector<idx_t> sources = StructFieldSources(from, to);
    bool any = false;
    for (idx_t f = 0; f < sources.size(); f++) {
      if (sources[f] == kInvalidIndex) continue;
      any = true;
      if (!CastExists(from.StructFields()[sources[f]].second, to.StructFields()[f].second)) {
        return false;
      }
    }
    const bool positional =
        from.StructFields()[0].first.empty() || to.StructFields()[0].first.empty();
    return any && (!positional || from.StructFields().size() == to.StructFields().size());
  }
  if (IsListLike(from.Id()) && IsListLike(to.Id())) {
    return CastExists(from.ListChild(), to.ListChild());
  }
  if (IsListLike(from.Id()) && to.Id() == TypeId::kVarchar) {
    return CastExists(from.ListChild(), to);
  }
  if (from.Id() == TypeId::kVarchar && IsListLike(to.Id())) {
    return CastExists(from, to.ListChild());
  }
  return false;
}

bool TryCastNested(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  if (from.Id() == TypeId::kMap) {
    if (to.Id() == TypeId::kMap) return CastMapToMap(source, result, count, error);
    CopyValidity(source, result, count);
    return CastMapToVarchar(source, result, count, error);
  }
  if (to.Id() == TypeId::kMap) return CastVarcharToMap(source, result, count, error);
  if (from.Id() == TypeId::kStruct) {
    if (to.Id() == TypeId::kStruct) return CastStructToStruct(source, result, count, error);
    CopyValidity(source, result, count);
    return CastStructToVarchar(source, result, count, error);
  }
  if (IsListLike(from.Id()) && to.Id() == TypeId::kArray) {
    return CastToArray(source, result, count, error);
  }
  if (IsListLike(from.Id()) && to.Id() == TypeId::kList) {
    return CastListToList(source, result, count, error);
  }
  if (IsListLike(from.Id())) {
    CopyValidity(source, result, count);
    return CastListToVarchar(source, result, count, error);
  }
  if (to.Id() == TypeId::kStruct) return CastVarcharToStruct(source, result, count, error);
  return CastVarcharToList(source, result, count, error);
}

}  // namespace teal
