// Casts involving LIST and STRUCT: LIST(A) -> LIST(B), LIST -> VARCHAR, VARCHAR -> LIST,
// STRUCT -> STRUCT (same fields, each cast) and STRUCT -> VARCHAR.
//
// Elements are always cast as one child vector through CastVector, never per row, so
// a LIST(LIST(INTEGER)) -> VARCHAR renders the innermost integers in one pass.
//
// Text form (the rendering, and what parsing accepts):
//   [1, 2, NULL]      elements separated by ", "; a NULL element is NULL
//   [[1], []]         nested lists as their own text form
//   [a, 'b, c', '']   a non-list element is written bare unless it is empty, contains
//                     any of , [ ] ' " , starts or ends with whitespace, or equals NULL
//                     in any case; then it is single-quoted with ' doubled.
//   {'a': 1, 'b': x}  a STRUCT: its fields' names single-quoted, values as list elements;
//   (1, x)            a STRUCT whose fields have no names (row(1, 'x')), as DuckDB
// Parsing also takes double-quoted elements ("" doubled) and any whitespace around
// elements and brackets. Empty bare elements ("[1,,2]"), unbalanced brackets or
// quotes, and text after the closing bracket are errors.
#include <algorithm>

#include "types/hugeint_ops.hpp"
#include "vector/cast/cast_scalar.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {

const LogicalType& VarcharType() {
  static const LogicalType kVarchar(TypeId::kVarchar);
  return kVarchar;
}

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
  if (text.find_first_of(",[]'\"") != std::string_view::npos) return true;
  return EqualsNullIgnoreCase(text);
}

void AppendQuoted(std::string& out, std::string_view text) {
  out += '\'';
  for (char c : text) {
    if (c == '\'') out += '\'';
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

bool CastListToVarchar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const idx_t child_count = source.ListSize();
  Vector elements(VarcharType(), std::max<idx_t>(child_count, 1));
  if (!TryCastVector(source.ListChild(), elements, child_count, &error)) return false;
  const TypeId element_type = source.Type().ListChild().Id();
  const bool quote_if_needed = element_type != TypeId::kList && element_type != TypeId::kStruct;
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
      if (type != TypeId::kList && type != TypeId::kStruct && NeedsQuotes(value)) {
        AppendQuoted(text, value);
      } else {
        text += value;
      }
    }
    text += unnamed ? ')' : '}';
    dst[i] = result.AddString(text);
    return true;
  });
}

bool CastStructToStruct(const Vector& source, Vector& result, idx_t count, std::string& error) {
  CopyValidity(source, result, count);
  for (idx_t f = 0; f < source.Type().StructFields().size(); f++) {
    if (!TryCastVector(source.StructChild(f), result.StructChild(f), count, &error)) return false;
  }
  return true;
}

// Splits one list text into its top-level elements, calling
//   on_element(std::string_view text, char quote, bool has_doubled_quote)
// for each (text without its quotes, quote 0 when bare; nested lists with their
// brackets), or
// on_null() for a bare NULL. False when the text is malformed.
template <typename OnElement, typename OnNull>
bool SplitListText(std::string_view text, OnElement&& on_element, OnNull&& on_null) {
  const size_t n = text.size();
  size_t pos = 0;
  auto skip_space = [&] {
    while (pos < n && IsSpace(text[pos])) pos++;
  };
  // Moves pos past a quoted section starting at pos; false when it never closes.
  auto skip_quoted = [&](bool& doubled) {
    char quote = text[pos++];
    while (pos < n) {
      if (text[pos] == quote) {
        if (pos + 1 < n && text[pos + 1] == quote) {
          doubled = true;
          pos += 2;
          continue;
        }
        pos++;
        return true;
      }
      pos++;
    }
    return false;
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
  while (true) {
    skip_space();
    if (pos >= n) return false;
    const size_t start = pos;
    char c = text[pos];
    if (c == '\'' || c == '"') {
      bool doubled = false;
      if (!skip_quoted(doubled)) return false;
      on_element(text.substr(start + 1, pos - start - 2), c, doubled);
    } else if (c == '[') {
      int depth = 0;
      while (pos < n) {
        char d = text[pos];
        if (d == '\'' || d == '"') {
          bool doubled = false;
          if (!skip_quoted(doubled)) return false;
          continue;
        }
        pos++;
        if (d == '[') depth++;
        if (d == ']' && --depth == 0) break;
      }
      if (depth != 0) return false;
      on_element(text.substr(start, pos - start), '\0', false);
    } else {
      while (pos < n && text[pos] != ',' && text[pos] != ']') {
        if (text[pos] == '[') return false;
        pos++;
      }
      std::string_view element = TrimSpace(text.substr(start, pos - start));
      if (element.empty()) return false;
      if (EqualsNullIgnoreCase(element)) {
        on_null();
      } else {
        on_element(element, '\0', false);
      }
    }
    skip_space();
    if (pos >= n) return false;
    if (text[pos] == ',') {
      pos++;
      continue;
    }
    if (text[pos] != ']') return false;
    pos++;
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
  std::string unquoted;
  for (idx_t i = 0; i < count; i++) {
    idx_t start = parsed.ListSize();
    entries[i] = {start, 0};
    if (!source.RowIsValid(i)) continue;
    auto append = [&]() -> idx_t {
      idx_t row = parsed.ListSize();
      parsed.SetListSize(row + 1);
      return row;
    };
    bool ok = SplitListText(
        src[i].View(),
        [&](std::string_view element, char quote, bool doubled) {
          idx_t row = append();
          if (doubled) {
            // Undo the doubling: each pair of the enclosing quote stands for one.
            unquoted.clear();
            for (size_t k = 0; k < element.size(); k++) {
              unquoted += element[k];
              if (element[k] == quote) k++;
            }
            child.Values<string_t>()[row] = child.AddString(unquoted);
          } else {
            // Points into the source text, which outlives `parsed`.
            child.Values<string_t>()[row] = string_t(element);
          }
        },
        [&]() { child.SetNull(append()); });
    if (!ok) {
      error = CastErrorMessage(source.Type(), src[i].View(), target, "malformed list");
      return false;
    }
    entries[i].length = parsed.ListSize() - start;
  }
  return true;
}

bool CastVarcharToList(const Vector& source, Vector& result, idx_t count, std::string& error) {
  Vector parsed(LogicalType::List(VarcharType()), std::max<idx_t>(count, 1));
  if (!ParseListRows(source, parsed, count, result.Type(), error)) return false;
  return TryCastVector(parsed, result, count, &error);
}

}  // namespace

bool IsNestedCast(const LogicalType& from, const LogicalType& to) {
  return from.Id() == TypeId::kList || to.Id() == TypeId::kList || from.Id() == TypeId::kStruct ||
         to.Id() == TypeId::kStruct;
}

bool NestedCastExists(const LogicalType& from, const LogicalType& to) {
  if (from.Id() == TypeId::kStruct && to.Id() == TypeId::kVarchar) return true;
  if (from.Id() == TypeId::kStruct && to.Id() == TypeId::kStruct) {
    // Field by field, by position, when the names agree (or the source's are none).
    const auto& a = from.StructFields();
    const auto& b = to.StructFields();
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); i++) {
      if (!a[i].first.empty() && from.StructFieldIndex(b[i].first) != static_cast<int64_t>(i)) {
        return false;
      }
      if (!CastExists(a[i].second, b[i].second)) return false;
    }
    return true;
  }
  if (from.Id() == TypeId::kList && to.Id() == TypeId::kList) {
    return CastExists(from.ListChild(), to.ListChild());
  }
  if (from.Id() == TypeId::kList && to.Id() == TypeId::kVarchar) {
    return CastExists(from.ListChild(), to);
  }
  if (from.Id() == TypeId::kVarchar && to.Id() == TypeId::kList) {
    return CastExists(from, to.ListChild());
  }
  return false;
}

bool TryCastNested(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  if (from.Id() == TypeId::kStruct) {
    if (to.Id() == TypeId::kStruct) return CastStructToStruct(source, result, count, error);
    CopyValidity(source, result, count);
    return CastStructToVarchar(source, result, count, error);
  }
  if (from.Id() == TypeId::kList && to.Id() == TypeId::kList) {
    return CastListToList(source, result, count, error);
  }
  if (from.Id() == TypeId::kList) {
    CopyValidity(source, result, count);
    return CastListToVarchar(source, result, count, error);
  }
  return CastVarcharToList(source, result, count, error);
}

}  // namespace teal
