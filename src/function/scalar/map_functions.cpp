// Built-in MAP functions (DuckDB's): map() and map(keys, values), map_from_entries,
// map_keys, map_values, map_entries, map_extract / element_at (a list: [value] or []),
// map_extract_value and m[key] (the value or NULL), map_contains, map_contains_value,
// map_contains_entry, map_concat (a later
// map's key wins), cardinality.
//
// A MAP is a LIST of STRUCT(key, value) whose keys are never NULL and never repeat
// (vector/map_keys.hpp); every function that builds one checks that, so lookups stop at
// the first equal key. Lookups compare keys as SQL values (a key of another type is cast
// to the map's key type first); a NULL key finds nothing.
#include "function/builtin_functions.hpp"
#include "function/implicit_cast.hpp"
#include "function/scalar/scalar_util.hpp"
#include "vector/map_keys.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

bool IsMap(const LogicalType& t) { return t.Id() == TypeId::kMap; }

/// An untyped NULL where a MAP is expected: a map (so the result is NULL) whose keys are
/// of the type of the key looked up, when `key_follows`.
std::vector<LogicalType> NullAsMap(std::vector<LogicalType> types, bool key_follows = false) {
  if (!types.empty() && types[0].Id() == TypeId::kSqlNull) {
    const bool typed_key = key_follows && types.size() > 1;
    types[0] =
        LogicalType::Map(typed_key ? types[1] : LogicalType(TypeId::kSqlNull), TypeId::kSqlNull);
  }
  return types;
}

/// `types` (a map, a key [, a value]) with a map whose keys (values) are of no type (MAP {},
/// map([], [])) typed as the key (value) looked for: it has no entries, and what is looked
/// for needs no cast to NULL.
std::vector<LogicalType> KeyedByLookup(std::vector<LogicalType> types) {
  if (types.size() < 2 || types[0].Id() != TypeId::kMap) return types;
  LogicalType key = types[0].MapKey(), value = types[0].MapValue();
  if (key.Id() == TypeId::kSqlNull) key = types[1];
  if (types.size() > 2 && value.Id() == TypeId::kSqlNull) value = types[2];
  types[0] = LogicalType::Map(key, value);
  return types;
}

/// A key to look up in a map with keys of type `key`: of that type, or a number for
/// numeric keys, or NULL. Anything else (DuckDB's rule) is an error rather than a cast
/// that could find a different key, as '1' would in a map keyed by 01.
void CheckLookupKey(const std::string& name, const LogicalType& key, const LogicalType& given) {
  if (given.Id() == TypeId::kSqlNull || key.Id() == TypeId::kSqlNull || given == key) return;
  // An ARRAY key arrives as a LIST; it is cast back to the key's type.
  if (key.Id() == TypeId::kArray && ArraysAsLists(key) == ArraysAsLists(given)) return;
  if (given.IsNumeric() && key.IsNumeric()) return;
  if (given.IsTemporal() && key.IsTemporal()) return;
  if (given.Id() == key.Id() && given.Id() != TypeId::kList && given.Id() != TypeId::kStruct &&
      given.Id() != TypeId::kMap) {
    return;
  }
  throw BinderError(
      fmt::format("Cannot deduce template type: {} looks up a key of type {} in a MAP with {} keys",
                  name, given.ToString(), key.ToString()));
}

void RegisterResolved(FunctionCatalog& catalog, std::initializer_list<const char*> names,
                      const std::function<std::optional<ScalarFunction>(
                          const std::string& name, const std::vector<LogicalType>&)>& resolve) {
  for (const char* name : names) {
    ScalarFunctionSet set;
    set.name = name;
    std::string n = name;
    set.resolve = [n, resolve](const std::vector<LogicalType>& types) { return resolve(n, types); };
    catalog.AddScalarSet(std::move(set));
  }
}

/// A key's or value's type from an argument that may be an untyped NULL or [] (INTEGER).
LogicalType Concrete(const LogicalType& type) {
  return type.Id() == TypeId::kSqlNull ? LogicalType(TypeId::kInteger) : type;
}

/// Throws InvalidInputError when a row of the MAP vector `map` breaks the key rule.
void CheckKeys(const Vector& map, idx_t count) {
  std::string problem = MapKeyProblem(map, count);
  if (!problem.empty()) throw InvalidInputError(problem);
}

/// Entries [offset, offset + length) of `source`'s child appended to `result`'s child.
void AppendEntries(const Vector& source, list_entry_t entry, Vector& result, idx_t row) {
  const idx_t start = result.ListSize();
  result.SetListSize(start + entry.length);
  if (entry.length) {
    result.ListChild().CopyFrom(source.ListChild(), SelectionVector(), entry.length, entry.offset,
                                start);
  }
  result.Values<list_entry_t>()[row] = {start, entry.length};
}

// map(keys, values): row i pairs keys[i] with values[i].
ScalarFunction MapFromLists(const LogicalType& keys, const LogicalType& values) {
  const LogicalType type = LogicalType::Map(keys.ListChild(), values.ListChild());
  return MakeFunction(
      "map", {keys, values}, type, [](const DataChunk& args, Vector& result, idx_t count) {
        const Vector& k = args.data[0];
        const Vector& v = args.data[1];
        const auto* ke = k.Values<list_entry_t>();
        const auto* ve = v.Values<list_entry_t>();
        auto* out = result.Values<list_entry_t>();
        for (idx_t i = 0; i < count; i++) {
          out[i] = {result.ListSize(), 0};
          if (!result.RowIsValid(i)) continue;
          if (ke[i].length != ve[i].length) {
            throw InvalidInputError("The map key list does not align with the map value list");
          }
          const idx_t start = result.ListSize();
          const idx_t n = ke[i].length;
          result.SetListSize(start + n);
          Vector& pairs = result.ListChild();
          for (idx_t e = 0; e < n; e++) pairs.SetNull(start + e, false);
          if (n) {
            pairs.StructChild(0).CopyFrom(k.ListChild(), SelectionVector(), n, ke[i].offset, start);
            pairs.StructChild(1).CopyFrom(v.ListChild(), SelectionVector(), n, ve[i].offset, start);
          }
          out[i] = {start, n};
        }
        CheckKeys(result, count);
      });
}

// map(): the empty map.
ScalarFunction EmptyMap() {
  ScalarFunction f = MakeFunction("map", {}, LogicalType::Map(TypeId::kSqlNull, TypeId::kSqlNull),
                                  [](const DataChunk&, Vector& result, idx_t count) {
                                    auto* out = result.Values<list_entry_t>();
                                    for (idx_t i = 0; i < count; i++) {
                                      result.SetNull(i, false);
                                      out[i] = {0, 0};
                                    }
                                  });
  f.null_in_null_out = false;
  return f;
}

// map_from_entries([{k: …, v: …}, …]): a list of two-field structs.
ScalarFunction MapFromEntries(const LogicalType& list) {
  auto fields = list.ListChild().StructFields();
  for (auto& field : fields) field.second = Concrete(field.second);
  const LogicalType type = LogicalType::Map(fields[0].second, fields[1].second);
  return MakeFunction("map_from_entries", {LogicalType::List(LogicalType::Struct(fields))}, type,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        const Vector& entries = args.data[0];
                        const auto* e = entries.Values<list_entry_t>();
                        const Vector& pairs = entries.ListChild();
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) {
                            result.Values<list_entry_t>()[i] = {result.ListSize(), 0};
                            continue;
                          }
                          for (uint64_t k = 0; k < e[i].length; k++) {
                            if (!pairs.RowIsValid(e[i].offset + k)) {
                              throw InvalidInputError("Map keys can not be NULL");
                            }
                          }
                          AppendEntries(entries, e[i], result, i);
                        }
                        CheckKeys(result, count);
                      });
}

// map_keys / map_values / map_entries: the map's own child, as a list.
ScalarFunction MapPart(const std::string& name, const LogicalType& map, int part) {
  const LogicalType type = part == 0   ? LogicalType::List(map.MapKey())
                           : part == 1 ? LogicalType::List(map.MapValue())
                                       : LogicalType::List(map.ListChild());
  return MakeFunction(
      name, {map}, type, [part](const DataChunk& args, Vector& result, idx_t count) {
        const Vector& m = args.data[0];
        const auto* src = m.Values<list_entry_t>();
        auto* dst = result.Values<list_entry_t>();
        for (idx_t i = 0; i < count; i++) {
          dst[i] = m.RowIsValid(i) ? src[i] : list_entry_t{0, 0};
        }
        const idx_t n = m.ListSize();
        result.SetListSize(n);
        if (n == 0) return;
        const Vector& from = part == 2 ? m.ListChild() : m.ListChild().StructChild(part);
        result.ListChild().CopyFrom(from, SelectionVector(), n, 0, 0);
      });
}

/// Per row, the child row of the entry whose key equals key[i], or -1.
std::vector<int64_t> FindKeys(const Vector& map, const Vector& key, const Vector& result,
                              idx_t count) {
  std::vector<int64_t> found(count, -1);
  const auto* entries = map.Values<list_entry_t>();
  const Vector& keys = map.ListChild().StructChild(0);
  for (idx_t i = 0; i < count; i++) {
    if (!map.RowIsValid(i) || !key.RowIsValid(i)) continue;
    const Value needle = key.GetValue(i);
    for (uint64_t k = 0; k < entries[i].length; k++) {
      const idx_t row = entries[i].offset + k;
      if (CompareValues(keys.GetValue(row), needle) == 0) {
        found[i] = static_cast<int64_t>(row);
        break;
      }
    }
  }
  return found;
}

// map_extract_value(m, k) and m[k]: the value, or NULL.
ScalarFunction MapExtractValue(const std::string& name, const LogicalType& map) {
  ScalarFunction f =
      MakeFunction(name, {map, map.MapKey()}, map.MapValue(),
                   [](const DataChunk& args, Vector& result, idx_t count) {
                     auto found = FindKeys(args.data[0], args.data[1], result, count);
                     const Vector& values = args.data[0].ListChild().StructChild(1);
                     for (idx_t i = 0; i < count; i++) {
                       if (found[i] < 0) {
                         result.SetValue(i, Value(result.Type()));
                       } else {
                         result.SetValue(i, values.GetValue(static_cast<idx_t>(found[i])));
                       }
                     }
                   });
  f.null_in_null_out = false;
  return f;
}

// map_extract(m, k) / element_at: [value] when the key is there, else [].
ScalarFunction MapExtract(const std::string& name, const LogicalType& map) {
  ScalarFunction f =
      MakeFunction(name, {map, map.MapKey()}, LogicalType::List(map.MapValue()),
                   [](const DataChunk& args, Vector& result, idx_t count) {
                     auto found = FindKeys(args.data[0], args.data[1], result, count);
                     const Vector& values = args.data[0].ListChild().StructChild(1);
                     auto* out = result.Values<list_entry_t>();
                     for (idx_t i = 0; i < count; i++) {
                       const idx_t start = result.ListSize();
                       out[i] = {start, 0};
                       if (!args.data[0].RowIsValid(i)) {
                         result.SetNull(i);
                         continue;
                       }
                       result.SetNull(i, false);
                       if (found[i] < 0) continue;
                       result.SetListSize(start + 1);
                       result.ListChild().CopyFrom(values, SelectionVector(), 1,
                                                   static_cast<idx_t>(found[i]), start);
                       out[i] = {start, 1};
                     }
                   });
  f.null_in_null_out = false;
  return f;
}

// map_contains_value(m, v): whether some entry's value equals v (a NULL finds nothing).
ScalarFunction MapContainsValue(const std::string& name, const LogicalType& map) {
  return MakeFunction(name, {map, map.MapValue()}, TypeId::kBoolean,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        const Vector& m = args.data[0];
                        const auto* entries = m.Values<list_entry_t>();
                        const Vector& values = m.ListChild().StructChild(1);
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          const Value needle = args.data[1].GetValue(i);
                          bool found = false;
                          for (uint64_t k = 0; k < entries[i].length && !found; k++) {
                            const idx_t row = entries[i].offset + k;
                            found = values.RowIsValid(row) &&
                                    CompareValues(values.GetValue(row), needle) == 0;
                          }
                          result.Values<bool>()[i] = found;
                        }
                      });
}

// map_contains_entry(m, k, v): whether key k is there with value v.
ScalarFunction MapContainsEntry(const std::string& name, const LogicalType& map) {
  return MakeFunction(name, {map, map.MapKey(), map.MapValue()}, TypeId::kBoolean,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        auto found = FindKeys(args.data[0], args.data[1], result, count);
                        const Vector& values = args.data[0].ListChild().StructChild(1);
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          const idx_t row = static_cast<idx_t>(found[i]);
                          result.Values<bool>()[i] =
                              found[i] >= 0 && values.RowIsValid(row) &&
                              CompareValues(values.GetValue(row), args.data[2].GetValue(i)) == 0;
                        }
                      });
}

ScalarFunction MapContains(const std::string& name, const LogicalType& map) {
  return MakeFunction(name, {map, map.MapKey()}, TypeId::kBoolean,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        auto found = FindKeys(args.data[0], args.data[1], result, count);
                        for (idx_t i = 0; i < count; i++) result.Values<bool>()[i] = found[i] >= 0;
                      });
}

ScalarFunction Cardinality(const LogicalType& map) {
  return MakeFunction("cardinality", {map}, TypeId::kUBigInt,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        UnaryLoop<list_entry_t, uint64_t>(args, result, count,
                                                          [](list_entry_t e) { return e.length; });
                      });
}

// map_concat(m1, m2, …): every key once; where maps share a key, the later map's value.
// NULL maps count as empty; the result is NULL only when every map is.
ScalarFunction MapConcat(const LogicalType& map, idx_t arity) {
  ScalarFunction f = MakeFunction(
      "map_concat", std::vector<LogicalType>(arity, map), map,
      [](const DataChunk& args, Vector& result, idx_t count) {
        const LogicalType& type = result.Type();
        for (idx_t i = 0; i < count; i++) {
          std::vector<Value> entries;
          bool any = false;
          for (idx_t a = 0; a < args.ColumnCount(); a++) {
            if (!args.data[a].RowIsValid(i)) continue;
            any = true;
            const Value map = args.data[a].GetValue(i);
            for (const Value& entry : map.GetList()) {
              const Value& key = entry.GetStruct()[0];
              auto same = std::find_if(entries.begin(), entries.end(), [&](const Value& e) {
                return CompareValues(e.GetStruct()[0], key) == 0;
              });
              if (same != entries.end()) {
                *same = entry;
              } else {
                entries.push_back(entry);
              }
            }
          }
          result.SetValue(i, any ? Value::Map(type, std::move(entries)) : Value(type));
        }
      });
  f.null_in_null_out = false;
  return f;
}

/// The common MAP type of `types` (all maps, or untyped NULLs), or nullopt.
std::optional<LogicalType> CommonMap(const std::vector<LogicalType>& types,
                                     const std::string& name) {
  std::vector<LogicalType> keys, values;
  for (const auto& t : types) {
    if (t.Id() == TypeId::kSqlNull) continue;
    if (!IsMap(t)) return std::nullopt;
    keys.push_back(t.MapKey());
    values.push_back(t.MapValue());
  }
  if (keys.empty()) return LogicalType::Map(TypeId::kInteger, TypeId::kInteger);
  return LogicalType::Map(Concrete(CommonArgumentType(keys, name)),
                          Concrete(CommonArgumentType(values, name)));
}

}  // namespace

void RegisterMapFunctions(FunctionCatalog& catalog) {
  RegisterResolved(
      catalog, {"map"},
      [](const std::string& name,
         const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
        if (types.empty()) return EmptyMap();
        // map([], []): lists that can hold nothing but NULLs make an empty map of NULL types,
        // which fits any map (a NULL key would be refused).
        const auto nulls_only = [](const LogicalType& t) {
          return t.Id() == TypeId::kList && t.ListChild().Id() == TypeId::kSqlNull;
        };
        if (types.size() == 2 && nulls_only(types[0]) && nulls_only(types[1])) {
          return MapFromLists(types[0], types[1]);
        }
        std::vector<LogicalType> lists = types;
        for (auto& t : lists) {
          if (t.Id() == TypeId::kSqlNull) t = LogicalType::List(TypeId::kInteger);
        }
        if (lists.size() != 2 || lists[0].Id() != TypeId::kList || lists[1].Id() != TypeId::kList) {
          NoMatch(name, types, "map(), or map(a list of keys, a list of values)");
        }
        return MapFromLists(LogicalType::List(Concrete(lists[0].ListChild())),
                            LogicalType::List(Concrete(lists[1].ListChild())));
      });
  RegisterResolved(catalog, {"map_from_entries"},
                   [](const std::string& name,
                      const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
                     if (types.size() == 1 && types[0].Id() == TypeId::kSqlNull) {
                       return MapFromEntries(LogicalType::List(LogicalType::Struct(
                           {{"k", TypeId::kInteger}, {"v", TypeId::kInteger}})));
                     }
                     if (types.size() != 1 || types[0].Id() != TypeId::kList ||
                         types[0].ListChild().Id() != TypeId::kStruct ||
                         types[0].ListChild().StructFields().size() != 2) {
                       if (types.size() == 1 && types[0].Id() == TypeId::kList &&
                           types[0].ListChild().Id() == TypeId::kSqlNull) {
                         return MapFromEntries(LogicalType::List(LogicalType::Struct(
                             {{"k", TypeId::kInteger}, {"v", TypeId::kInteger}})));
                       }
                       NoMatch(name, types, "a list of STRUCTs of two fields (key, value)");
                     }
                     return MapFromEntries(types[0]);
                   });
  RegisterResolved(
      catalog, {"map_keys", "map_values", "map_entries"},
      [](const std::string& name,
         const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
        const auto args = NullAsMap(types);
        if (args.size() != 1 || !IsMap(args[0])) NoMatch(name, types, "a MAP");
        return MapPart(name, args[0], name == "map_keys" ? 0 : name == "map_values" ? 1 : 2);
      });
  RegisterResolved(
      catalog,
      {"map_extract", "element_at", "map_extract_value", "map_contains", "map_contains_key"},
      [](const std::string& name,
         const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
        const auto args = KeyedByLookup(NullAsMap(types, /*key_follows=*/true));
        if (args.size() != 2 || !IsMap(args[0])) {
          NoMatch(name, types, "(a MAP, a key)");
        }
        CheckLookupKey(name, args[0].MapKey(), args[1]);
        if (name == "map_extract_value") return MapExtractValue(name, args[0]);
        if (name.starts_with("map_contains")) return MapContains(name, args[0]);
        return MapExtract(name, args[0]);
      });
  RegisterResolved(catalog, {"cardinality"},
                   [](const std::string& name,
                      const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
                     const auto args = NullAsMap(types);
                     if (args.size() == 1 && args[0].Id() == TypeId::kList) {
                       return std::nullopt;  // PostgreSQL's cardinality of an array
                     }
                     if (args.size() != 1 || !IsMap(args[0])) NoMatch(name, types, "a MAP or LIST");
                     return Cardinality(args[0]);
                   });
  RegisterResolved(catalog, {"map_contains_value", "map_contains_entry"},
                   [](const std::string& name,
                      const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
                     const size_t arity = name == "map_contains_entry" ? 3 : 2;
                     const auto args = KeyedByLookup(NullAsMap(types, /*key_follows=*/arity == 3));
                     if (args.size() != arity || !IsMap(args[0])) {
                       NoMatch(name, types, "a MAP and what to look for");
                     }
                     if (arity == 3) {
                       CheckLookupKey(name, args[0].MapKey(), args[1]);
                       return MapContainsEntry(name, args[0]);
                     }
                     return MapContainsValue(name, args[0]);
                   });
  RegisterResolved(catalog, {"map_concat"},
                   [](const std::string& name,
                      const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
                     if (types.empty()) {
                       throw InvalidInputError(
                           "The provided amount of arguments is incorrect, please provide 2 or "
                           "more maps");
                     }
                     auto map = CommonMap(types, name);
                     if (!map) NoMatch(name, types, "one or more MAPs");
                     return MapConcat(*map, types.size());
                   });
}

}  // namespace teal
