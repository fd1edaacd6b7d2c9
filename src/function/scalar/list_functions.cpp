// Built-in list functions: list_value, len/array_length/list_length, list_extract/
// list_element, list_slice/array_slice (x[a:b]), list_contains/list_has, list_position,
// list_has_any / list_has_all / list_intersect, flatten, list_resize/array_resize,
// list_concat/list_cat and LIST || LIST, list_append, list_prepend, array_push_front,
// array_pop_back / array_pop_front, list_where, list_select, list_zip, list_reverse, and range /
// generate_series as lists.
//
// Every signature depends on the argument's element type, so each name is a set with a
// resolve. Positions are 1-based; list_extract counts negative positions from the end
// (DuckDB) and gives NULL outside the list. Element equality (list_contains,
// list_position) is SQL equality, except that a NULL element never matches — but
// list_position(list, NULL) finds the first NULL element, as PostgreSQL's array_position.
// list_concat, list_append and list_prepend treat a NULL list as empty (DuckDB; PostgreSQL
// does the same for array || NULL); the result is NULL only when every list is NULL.
#include <limits>
#include <unordered_set>

#include "common/range_count.hpp"
#include "function/builtin_functions.hpp"
#include "function/implicit_cast.hpp"
#include "function/scalar/scalar_util.hpp"
#include "index/art/art_key.hpp"
#include "types/interval.hpp"
#include "types/timestamp.hpp"
#include "types/timestamp_series.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

using ResolveFn = std::function<std::optional<ScalarFunction>(const std::vector<LogicalType>&)>;

void Register(FunctionCatalog& catalog, std::initializer_list<const char*> names,
              ResolveFn resolve) {
  for (const char* name : names) {
    ScalarFunctionSet set;
    set.name = name;
    set.resolve = resolve;
    catalog.AddScalarSet(std::move(set));
  }
}

bool IsList(const LogicalType& t) { return t.Id() == TypeId::kList; }

[[noreturn]] void NeedList(const std::string& name, const std::vector<LogicalType>& types) {
  NoMatch(name, types, "a LIST argument");
}

/// Appends child rows [offset, offset + length) of `source` after the `used` rows of
/// `result`'s child; returns the new used count.
idx_t AppendElements(const Vector& source, uint64_t offset, uint64_t length, Vector& result,
                     idx_t used) {
  if (length == 0) return used;
  result.SetListSize(used + length);
  result.ListChild().CopyFrom(source.ListChild(), SelectionVector(), length, offset, used);
  return used + length;
}

/// Makes each valid row of `result` one run of the elements of the row of `source`:
/// range(i, entry) gives the run's first element (within the row) and its length.
template <typename Range>
void WriteSubLists(const Vector& source, Vector& result, idx_t count, Range range) {
  const auto* entries = source.Values<list_entry_t>();
  auto* out = result.Values<list_entry_t>();
  idx_t used = 0;
  for (idx_t i = 0; i < count; i++) {
    if (!result.RowIsValid(i)) continue;
    const auto [first, length] = range(i, entries[i]);
    const uint64_t start = used;
    used = AppendElements(source, entries[i].offset + first, length, result, used);
    out[i] = {start, used - start};
  }
}

ScalarFunction ListValue(const std::vector<LogicalType>& types) {
  LogicalType child =
      types.empty() ? LogicalType(TypeId::kInteger) : CommonArgumentType(types, "list_value");
  if (child.Id() == TypeId::kSqlNull) child = TypeId::kInteger;
  ScalarFunction f;
  f.name = "list_value";
  f.varargs = child;
  f.return_type = LogicalType::List(child);
  f.null_in_null_out = false;
  f.body = [](const DataChunk& args, Vector& result, idx_t count) {
    idx_t n = args.ColumnCount();
    result.SetListSize(count * n);
    Vector& child = result.ListChild();
    auto* entries = result.Values<list_entry_t>();
    for (idx_t c = 0; c < n; c++) {
      // Row i's element c goes to child row i * n + c: copy column c row by row.
      for (idx_t i = 0; i < count; i++) {
        child.CopyFrom(args.data[c], SelectionVector(), 1, i, i * n + c);
      }
    }
    for (idx_t i = 0; i < count; i++) entries[i] = {i * n, n};
  };
  return f;
}

ScalarFunction ListLength(const std::string& name, const LogicalType& list) {
  return MakeFunction(
      name, {list}, TypeId::kBigInt, [](const DataChunk& args, Vector& result, idx_t count) {
        UnaryLoop<list_entry_t, int64_t>(
            args, result, count, [](list_entry_t e) { return static_cast<int64_t>(e.length); });
      });
}

/// array_length(list, dimension), PostgreSQL's: the number of elements along the
/// dimension (1: the list's own; 2: its lists', which must all have it). NULL for a
/// dimension the list type does not have and for an empty list (PostgreSQL's arrays of no
/// elements have no dimensions).
ScalarFunction ListDimensionLength(const LogicalType& list) {
  idx_t depth = 0;
  for (LogicalType t = list; IsList(t); t = t.ListChild()) depth++;
  return MakeFunction(
      "array_length", {list, TypeId::kBigInt}, TypeId::kBigInt,
      [depth](const DataChunk& args, Vector& result, idx_t count) {
        const auto* dimensions = args.data[1].Values<int64_t>();
        auto* out = result.Values<int64_t>();
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          const int64_t d = dimensions[i];
          if (d < 1 || static_cast<idx_t>(d) > depth) {
            result.SetNull(i);
            continue;
          }
          // The rows at this level (offset, length), one level down per dimension.
          std::vector<std::pair<idx_t, idx_t>> rows = {{i, 1}};
          const Vector* level = &args.data[0];
          std::optional<int64_t> length;
          for (int64_t k = 1; k <= d; k++) {
            const auto* entries = level->Values<list_entry_t>();
            std::vector<std::pair<idx_t, idx_t>> next;
            length.reset();
            for (const auto& [start, n] : rows) {
              for (idx_t r = start; r < start + n; r++) {
                if (!level->RowIsValid(r)) continue;  // a NULL sublist has no elements
                const int64_t here = static_cast<int64_t>(entries[r].length);
                if (length && *length != here) {
                  throw InvalidInputError(fmt::format(
                      "array_length: the lists of dimension {} differ in length ({} and {}): "
                      "a PostgreSQL array's are all alike",
                      d, *length, here));
                }
                length = here;
                next.emplace_back(entries[r].offset, entries[r].length);
              }
            }
            rows = std::move(next);
            if (k < d) level = &level->ListChild();
          }
          if (!length || *length == 0) {
            result.SetNull(i);
          } else {
            out[i] = *length;
          }
        }
      });
}

ScalarFunction ListExtract(const std::string& name, const LogicalType& list) {
  return MakeFunction(
      name, {list, TypeId::kBigInt}, list.ListChild(),
      [](const DataChunk& args, Vector& result, idx_t count) {
        const auto* entries = args.data[0].Values<list_entry_t>();
        const auto* positions = args.data[1].Values<int64_t>();
        const Vector& child = args.data[0].ListChild();
        bool is_string = child.Type().Physical() == PhysicalType::kVarchar;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          int64_t p = positions[i], length = static_cast<int64_t>(entries[i].length);
          int64_t index = p > 0 ? p - 1 : length + p;
          if (p == 0 || index < 0 || index >= length) {
            result.SetNull(i);
            continue;
          }
          idx_t row = entries[i].offset + static_cast<idx_t>(index);
          if (!child.RowIsValid(row)) {
            result.SetNull(i);
          } else if (is_string) {
            result.Values<string_t>()[i] = result.AddString(child.Values<string_t>()[row].View());
          } else {
            result.CopyFrom(child, SelectionVector(), 1, row, i);
          }
        }
      });
}

/// The 0-based [begin, end) of list_slice(x, begin, end) over `length` items: 1-based and
/// inclusive, negative positions counting from the end (-1 the last), 0 as 1, clamped.
std::pair<int64_t, int64_t> SliceBounds(int64_t begin, int64_t end, int64_t length) {
  if (begin < 0) begin = std::max<int64_t>(length + begin + 1, 1);
  if (end < 0) end = length + end + 1;
  begin = std::clamp<int64_t>(begin == 0 ? 1 : begin, 1, length + 1);
  end = std::clamp<int64_t>(end, 0, length);
  return {begin - 1, std::max(begin - 1, end)};
}

/// The characters of `s` from `bounds(length in characters)`'s 0-based [from, to), as a
/// string of `result`'s heap: a string is sliced by characters, as substring counts them.
template <typename Bounds>
string_t SliceCharacters(std::string_view s, Vector& result, Bounds bounds) {
  std::vector<size_t> starts;  // byte offset of each character
  for (size_t b = 0; b < s.size(); b++) {
    if ((static_cast<unsigned char>(s[b]) & 0xC0) != 0x80) starts.push_back(b);
  }
  const auto [from, to] = bounds(static_cast<int64_t>(starts.size()));
  const size_t first = from < static_cast<int64_t>(starts.size()) ? starts[from] : s.size();
  const size_t last = to < static_cast<int64_t>(starts.size()) ? starts[to] : s.size();
  return result.AddString(s.substr(first, last - first));
}

/// The 0-based [begin, end) that x[begin:end:step] picks its items from over `length`
/// items, by DuckDB's rules (which these copy so that a slice means the same in both): a
/// bound left out is the list's start or end; with a negative step the bounds swap (and an
/// omitted one means the other end); then as list_slice's bounds, with int64's least value
/// before every position.
std::pair<int64_t, int64_t> StepSliceBounds(int64_t begin, int64_t end, int64_t step,
                                            int64_t length, bool no_begin, bool no_end) {
  constexpr int64_t kLeast = std::numeric_limits<int64_t>::min();
  if (no_begin) begin = 0;
  if (no_end) end = length;
  if (step < 0) {
    std::swap(begin, end);
    if (no_end) begin = 0;
    if (no_begin) end = length;
  }
  if (begin != 0 && begin != kLeast) begin--;
  const bool least = begin == kLeast;
  if (least) begin++;
  if (begin < 0 && -begin > length && end < 0 && end < -length) return {0, 0};
  if (begin < 0 && -begin > length) begin = 0;
  auto clamp = [length](int64_t& index, bool at_least) {
    if (index < 0) {
      index = length + (at_least ? index : index + 1);
    } else if (index > length) {
      index = length;
    }
  };
  clamp(begin, least);
  clamp(end, false);
  return {begin, std::max(begin, end)};
}

/// list_slice(list, begin, end, step) and x[begin:end:step] (DuckDB's): every step-th item
/// of the slice, from its last item backwards when step is negative. `omitted` is the
/// syntax's: bit 0 when x[:end:step] leaves out the begin, bit 1 when x[begin:-:step] the end.
/// A string is sliced with step 1 only.
ScalarFunction ListSliceStep(const std::string& name, const LogicalType& list, bool omitted) {
  const bool text = list.Id() == TypeId::kVarchar;
  std::vector<LogicalType> arguments = {list, TypeId::kBigInt, TypeId::kBigInt, TypeId::kBigInt};
  if (omitted) arguments.emplace_back(TypeId::kInteger);
  return MakeFunction(
      name, std::move(arguments), list,
      [text, omitted](const DataChunk& args, Vector& result, idx_t count) {
        const auto* begins = args.data[1].Values<int64_t>();
        const auto* ends = args.data[2].Values<int64_t>();
        const auto* steps = args.data[3].Values<int64_t>();
        auto bounds = [&](idx_t i, int64_t length) {
          const int32_t mask = omitted ? args.data[4].Values<int32_t>()[i] : 0;
          if (steps[i] == 0) throw InvalidInputError("Slice step cannot be zero");
          return StepSliceBounds(begins[i], ends[i], steps[i], length, (mask & 1) != 0,
                                 (mask & 2) != 0);
        };
        if (text) {
          const auto* in = args.data[0].Values<string_t>();
          auto* out = result.Values<string_t>();
          for (idx_t i = 0; i < count; i++) {
            if (!result.RowIsValid(i)) continue;
            if (steps[i] != 1) {
              throw InvalidInputError(fmt::format(
                  "Slicing with steps is not supported for strings (step {})", steps[i]));
            }
            out[i] = SliceCharacters(in[i].View(), result,
                                     [&](int64_t length) { return bounds(i, length); });
          }
          return;
        }
        const Vector& source = args.data[0];
        const auto* entries = source.Values<list_entry_t>();
        auto* out = result.Values<list_entry_t>();
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          const uint64_t start = used;
          const list_entry_t e = entries[i];
          const auto [from, to] = bounds(i, static_cast<int64_t>(e.length));
          // |step| without overflow (the least int64's too); k + stride cannot wrap, as k is
          // below the list's length.
          const uint64_t stride = steps[i] < 0 ? uint64_t{0} - static_cast<uint64_t>(steps[i])
                                               : static_cast<uint64_t>(steps[i]);
          const auto width = static_cast<uint64_t>(to - from);
          for (uint64_t k = 0; k < width; k += stride) {
            const uint64_t at =
                steps[i] > 0 ? static_cast<uint64_t>(from) + k : static_cast<uint64_t>(to) - 1 - k;
            used = AppendElements(source, e.offset + at, 1, result, used);
          }
          out[i] = {start, used - start};
        }
      });
}

/// list_slice / array_slice (and x[begin:end]) of a list or a string: the items from
/// position begin through end.
ScalarFunction ListSlice(const std::string& name, const LogicalType& list) {
  const bool text = list.Id() == TypeId::kVarchar;
  return MakeFunction(
      name, {list, TypeId::kBigInt, TypeId::kBigInt}, list,
      [text](const DataChunk& args, Vector& result, idx_t count) {
        const auto* begins = args.data[1].Values<int64_t>();
        const auto* ends = args.data[2].Values<int64_t>();
        if (text) {
          const auto* in = args.data[0].Values<string_t>();
          auto* out = result.Values<string_t>();
          for (idx_t i = 0; i < count; i++) {
            if (!result.RowIsValid(i)) continue;
            out[i] = SliceCharacters(in[i].View(), result, [&](int64_t length) {
              return SliceBounds(begins[i], ends[i], length);
            });
          }
          return;
        }
        WriteSubLists(args.data[0], result, count, [&](idx_t i, const list_entry_t& e) {
          auto [from, to] = SliceBounds(begins[i], ends[i], static_cast<int64_t>(e.length));
          return std::pair{static_cast<uint64_t>(from), static_cast<uint64_t>(to - from)};
        });
      });
}

/// list_resize(list, size [, value]): the first `size` elements, and as many copies of
/// `value` (NULL when not given or NULL) as it takes to reach `size`. A NULL list gives
/// NULL, a NULL size the empty list (DuckDB's); the value is converted to the list's element
/// type.
ScalarFunction ListResize(const LogicalType& list, bool with_value) {
  std::vector<LogicalType> arguments = {list, TypeId::kUBigInt};
  if (with_value) arguments.push_back(list.ListChild());
  ScalarFunction f = MakeFunction(
      "list_resize", std::move(arguments), list,
      [with_value](const DataChunk& args, Vector& result, idx_t count) {
        const Vector& source = args.data[0];
        const Vector& sizes = args.data[1];
        const auto* entries = source.Values<list_entry_t>();
        auto* out = result.Values<list_entry_t>();
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          out[i] = {used, 0};
          if (!source.RowIsValid(i)) {
            result.SetNull(i);
            continue;
          }
          const uint64_t size = sizes.RowIsValid(i) ? sizes.Values<uint64_t>()[i] : 0;
          if (size > std::numeric_limits<uint64_t>::max() / 2 - used) {
            throw OutOfRangeError(fmt::format(
                "Overflow in list_resize: {} elements exceed the maximum allowed vector size",
                size));
          }
          const uint64_t kept = std::min<uint64_t>(size, entries[i].length);
          used = AppendElements(source, entries[i].offset, kept, result, used);
          result.SetListSize(used + (size - kept));
          Vector& child = result.ListChild();
          for (uint64_t k = kept; k < size; k++, used++) {
            if (with_value && args.data[2].RowIsValid(i)) {
              child.CopyFrom(args.data[2], SelectionVector(), 1, i, used);
            } else {
              child.SetNull(used);
            }
          }
          out[i] = {used - size, size};
        }
      });
  f.null_in_null_out = false;
  return f;
}

/// list_has_any / list_has_all: whether the lists share an element, or the first holds
/// every element of the second; NULL elements take no part (DuckDB's).
ScalarFunction ListHas(const std::string& name, const LogicalType& list, bool all) {
  art::CheckIndexableType(list.ListChild());
  return MakeFunction(name, {list, list}, TypeId::kBoolean,
                      [all](const DataChunk& args, Vector& result, idx_t count) {
                        art::ArtKeyBuilder left, right;
                        bool* out = result.Values<bool>();
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          left.BuildListElements(args.data[0], i);
                          right.BuildListElements(args.data[1], i);
                          std::unordered_set<std::string_view> held;
                          for (idx_t k = 0; k < left.Count(); k++) {
                            if (!left.HasNull(k)) held.insert(left.Key(k).View());
                          }
                          bool any = false, every = true;
                          for (idx_t k = 0; k < right.Count(); k++) {
                            if (right.HasNull(k)) continue;
                            const bool in = held.count(right.Key(k).View()) > 0;
                            any = any || in;
                            every = every && in;
                          }
                          out[i] = all ? every : any;
                        }
                      });
}

/// list_intersect: the distinct elements of the first list that the second holds, in the
/// first's order; NULLs take no part.
ScalarFunction ListIntersect(const std::string& name, const LogicalType& list) {
  art::CheckIndexableType(list.ListChild());
  return MakeFunction(
      name, {list, list}, list, [](const DataChunk& args, Vector& result, idx_t count) {
        art::ArtKeyBuilder left, right;
        auto* out = result.Values<list_entry_t>();
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          left.BuildListElements(args.data[0], i);
          right.BuildListElements(args.data[1], i);
          std::unordered_set<std::string_view> other, taken;
          for (idx_t k = 0; k < right.Count(); k++) {
            if (!right.HasNull(k)) other.insert(right.Key(k).View());
          }
          const uint64_t start = used, offset = args.data[0].Values<list_entry_t>()[i].offset;
          for (idx_t k = 0; k < left.Count(); k++) {
            const std::string_view key = left.Key(k).View();
            if (left.HasNull(k) || !other.count(key) || !taken.insert(key).second) continue;
            used = AppendElements(args.data[0], offset + k, 1, result, used);
          }
          out[i] = {start, used - start};
        }
      });
}

/// flatten(list of lists): the inner lists' elements in order (NULL inner lists add none).
ScalarFunction Flatten(const std::string& name, const LogicalType& list) {
  return MakeFunction(name, {list}, list.ListChild(),
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        const Vector& outer = args.data[0];
                        const auto* entries = outer.Values<list_entry_t>();
                        const Vector& inner = outer.ListChild();
                        const auto* inner_entries = inner.Values<list_entry_t>();
                        auto* out = result.Values<list_entry_t>();
                        idx_t used = 0;
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          const uint64_t start = used;
                          for (uint64_t k = 0; k < entries[i].length; k++) {
                            const idx_t row = entries[i].offset + k;
                            if (!inner.RowIsValid(row)) continue;
                            used = AppendElements(inner, inner_entries[row].offset,
                                                  inner_entries[row].length, result, used);
                          }
                          out[i] = {start, used - start};
                        }
                      });
}

/// For each row: the 0-based index of the first element equal to the needle, or -1.
void FindElements(const DataChunk& args, const Vector& result, idx_t count,
                  std::vector<int64_t>& found) {
  found.assign(count, -1);
  const auto* entries = args.data[0].Values<list_entry_t>();
  const Vector& child = args.data[0].ListChild();
  const Vector& needle = args.data[1];
  auto scan = [&]<typename T>() {
    const T* elements = child.Values<T>();
    const T* needles = needle.Values<T>();
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      for (uint64_t k = 0; k < entries[i].length; k++) {
        idx_t row = entries[i].offset + k;
        if (child.RowIsValid(row) && StoredEqual(elements[row], needles[i])) {
          found[i] = static_cast<int64_t>(k);
          break;
        }
      }
    }
  };
  PhysicalType p = child.Type().Physical();
  if (p == PhysicalType::kVarchar) {
    scan.template operator()<string_t>();
  } else if (p == PhysicalType::kList || p == PhysicalType::kStruct) {
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      Value value = needle.GetValue(i);
      for (uint64_t k = 0; k < entries[i].length; k++) {
        idx_t row = entries[i].offset + k;
        if (child.RowIsValid(row) && CompareValues(child.GetValue(row), value) == 0) {
          found[i] = static_cast<int64_t>(k);
          break;
        }
      }
    }
  } else {
    DispatchFixedWidth(p, scan);
  }
}

/// (LIST(c), x) as (LIST(common), common), or nullopt when the types do not fit.
std::optional<std::vector<LogicalType>> ListAndElement(const std::string& name,
                                                       const std::vector<LogicalType>& types) {
  if (types.size() != 2) return std::nullopt;
  if (types[0].Id() == TypeId::kSqlNull) {
    // A NULL list: of the element's type (list_append(NULL, 3) is [3]).
    LogicalType element = types[1].Id() == TypeId::kSqlNull ? TypeId::kInteger : types[1];
    return std::vector<LogicalType>{LogicalType::List(element), element};
  }
  if (!IsList(types[0])) NeedList(name, types);
  LogicalType element = CommonArgumentType({types[0].ListChild(), types[1]}, name);
  if (element.Id() == TypeId::kSqlNull) element = TypeId::kInteger;
  return std::vector<LogicalType>{LogicalType::List(element), element};
}

ScalarFunction ListContains(const std::string& name, std::vector<LogicalType> arguments) {
  return MakeFunction(name, std::move(arguments), TypeId::kBoolean,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        std::vector<int64_t> found;
                        FindElements(args, result, count, found);
                        for (idx_t i = 0; i < count; i++) result.Values<bool>()[i] = found[i] >= 0;
                      });
}

/// list_position(list, x): the position of the first element equal to x; for a NULL x, of
/// the first NULL element (PostgreSQL's array_position and DuckDB alike).
ScalarFunction ListPosition(const std::string& name, std::vector<LogicalType> arguments) {
  ScalarFunction f =
      MakeFunction(name, std::move(arguments), TypeId::kBigInt,
                   [](const DataChunk& args, Vector& result, idx_t count) {
                     const Vector& list = args.data[0];
                     const Vector& needle = args.data[1];
                     // FindElements looks only at the rows still valid in `result`.
                     for (idx_t i = 0; i < count; i++) {
                       if (!list.RowIsValid(i) || !needle.RowIsValid(i)) result.SetNull(i);
                     }
                     std::vector<int64_t> found;
                     FindElements(args, result, count, found);
                     const auto* entries = list.Values<list_entry_t>();
                     for (idx_t i = 0; i < count; i++) {
                       if (list.RowIsValid(i) && !needle.RowIsValid(i)) {
                         for (uint64_t k = 0; k < entries[i].length && found[i] < 0; k++) {
                           if (!list.ListChild().RowIsValid(entries[i].offset + k)) {
                             found[i] = static_cast<int64_t>(k);
                           }
                         }
                       }
                       if (found[i] < 0) {
                         result.SetNull(i);
                       } else {
                         result.Validity().SetValid(i);
                         result.Values<int64_t>()[i] = found[i] + 1;
                       }
                     }
                   });
  f.null_in_null_out = false;
  return f;
}

/// Concatenates, per row, the lists (or single elements) of the argument columns in order
/// (or in `order`, argument indexes). `is_element[c]` marks a column that contributes one
/// element rather than a list.
ScalarFunctionBody ConcatBody(std::vector<bool> is_element, std::vector<idx_t> order = {}) {
  if (order.empty()) {
    for (idx_t c = 0; c < is_element.size(); c++) order.push_back(c);
  }
  return [is_element, order](const DataChunk& args, Vector& result, idx_t count) {
    auto* out = result.Values<list_entry_t>();
    idx_t used = 0;
    for (idx_t i = 0; i < count; i++) {
      bool any = false;
      uint64_t start = used;
      for (idx_t c : order) {
        const Vector& arg = args.data[c];
        if (is_element[c]) {
          // A NULL element is still an element: list_append([1], NULL) is [1, NULL].
          result.SetListSize(used + 1);
          if (arg.RowIsValid(i)) {
            result.ListChild().CopyFrom(arg, SelectionVector(), 1, i, used);
          } else {
            result.ListChild().SetNull(used);
          }
          used++;
          continue;
        }
        if (!arg.RowIsValid(i)) continue;
        any = true;
        const auto& e = arg.Values<list_entry_t>()[i];
        used = AppendElements(arg, e.offset, e.length, result, used);
      }
      bool has_element_column = false;
      for (bool b : is_element) has_element_column = has_element_column || b;
      if (!any && !has_element_column) {
        result.SetNull(i);
        continue;
      }
      result.SetNull(i, false);
      out[i] = {start, used - start};
    }
  };
}

/// array_pop_back / array_pop_front: the list without its last (first) element.
ScalarFunction ListPop(const std::string& name, const LogicalType& list, bool back) {
  return MakeFunction(
      name, {list}, list, [back](const DataChunk& args, Vector& result, idx_t count) {
        WriteSubLists(args.data[0], result, count, [back](idx_t, const list_entry_t& e) {
          const uint64_t length = e.length == 0 ? 0 : e.length - 1;
          return std::pair{back ? 0 : e.length - length, length};
        });
      });
}

/// Makes `result`'s child row `at` element `from` of `source`'s child, or NULL when `from`
/// is kInvalidIndex (a position past the list's end).
void SetElement(const Vector& source, idx_t from, Vector& child, idx_t at) {
  if (from == kInvalidIndex) {
    child.SetNull(at);
  } else {
    child.CopyFrom(source, SelectionVector(), 1, from, at);
  }
}

/// list_where(list, mask) and list_select(list, positions) (DuckDB's): for each entry of the
/// second list, the element it picks — where a mask entry is true, or at a 1-based
/// position — NULL past the list's end. A NULL entry in the second list is an error.
ScalarFunction ListPick(const std::string& name, const LogicalType& list, bool mask) {
  const LogicalType picks = LogicalType::List(mask ? TypeId::kBoolean : TypeId::kBigInt);
  return MakeFunction(
      name, {list, picks}, list, [mask](const DataChunk& args, Vector& result, idx_t count) {
        const Vector& source = args.data[0];
        const Vector& chosen = args.data[1];
        const auto* entries = source.Values<list_entry_t>();
        const auto* choices = chosen.Values<list_entry_t>();
        const Vector& choice = chosen.ListChild();
        auto* out = result.Values<list_entry_t>();
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          const uint64_t start = used;
          const list_entry_t e = entries[i];
          for (uint64_t k = 0; k < choices[i].length; k++) {
            const idx_t at = choices[i].offset + k;
            if (!choice.RowIsValid(at)) {
              throw InvalidInputError(
                  "NULLs are not allowed as list elements in the second input parameter.");
            }
            idx_t from = kInvalidIndex;
            if (mask) {
              if (!choice.Values<bool>()[at]) continue;
              if (k < e.length) from = e.offset + k;
            } else {
              const int64_t position = choice.Values<int64_t>()[at];
              if (position >= 1 && static_cast<uint64_t>(position) <= e.length) {
                from = e.offset + static_cast<uint64_t>(position) - 1;
              }
            }
            result.SetListSize(used + 1);
            SetElement(source.ListChild(), from, result.ListChild(), used++);
          }
          out[i] = {start, used - start};
        }
      });
}

/// list_zip(l1, l2, … [, truncate]): a list of unnamed STRUCTs, the k-th holding each
/// list's k-th element; as long as the longest list (NULL past a shorter one's end), or with
/// truncate the shortest. A NULL list is an empty one.
ScalarFunction ListZip(const std::vector<LogicalType>& lists, bool truncate_argument) {
  std::vector<std::pair<std::string, LogicalType>> fields;
  for (const LogicalType& list : lists) fields.emplace_back("", list.ListChild());
  std::vector<LogicalType> arguments = lists;
  if (truncate_argument) arguments.emplace_back(TypeId::kBoolean);
  ScalarFunction f = MakeFunction(
      "list_zip", arguments, LogicalType::List(LogicalType::Struct(std::move(fields))),
      [width = lists.size(), truncate_argument](const DataChunk& args, Vector& result,
                                                idx_t count) {
        auto* out = result.Values<list_entry_t>();
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          const bool truncate = truncate_argument && args.data[width].RowIsValid(i) &&
                                args.data[width].Values<bool>()[i];
          uint64_t length = 0;
          for (idx_t c = 0; c < width; c++) {
            const Vector& list = args.data[c];
            const uint64_t n = list.RowIsValid(i) ? list.Values<list_entry_t>()[i].length : 0;
            length = c == 0 ? n : truncate ? std::min(length, n) : std::max(length, n);
          }
          result.SetListSize(used + length);
          Vector& zipped = result.ListChild();
          for (uint64_t k = 0; k < length; k++) {
            zipped.SetNull(used + k, false);
            for (idx_t c = 0; c < width; c++) {
              const Vector& list = args.data[c];
              const list_entry_t e =
                  list.RowIsValid(i) ? list.Values<list_entry_t>()[i] : list_entry_t{0, 0};
              SetElement(list.ListChild(), k < e.length ? e.offset + k : kInvalidIndex,
                         zipped.StructChild(c), used + k);
            }
          }
          result.SetNull(i, false);
          out[i] = {used, length};
          used += length;
        }
      });
  f.null_in_null_out = false;
  return f;
}

/// list_concat(a, b, …) and a || b of lists (NULL stands for an empty list); nullopt for
/// `||` and concat when some argument is no list (the string functions then).
std::optional<ScalarFunction> ResolveConcat(const std::string& name,
                                            const std::vector<LogicalType>& types) {
  const bool string_fallback = name == "||" || name == "concat";
  // One list is a concatenation too (list_concat([42]) is [42]); || takes two.
  bool all_lists = !types.empty() && (!string_fallback || types.size() >= 2), any_list = false;
  for (const LogicalType& t : types) {
    all_lists = all_lists && (IsList(t) || t.Id() == TypeId::kSqlNull);
    any_list = any_list || IsList(t);
  }
  if (!all_lists || !any_list || (name == "||" && types.size() != 2)) {
    if (string_fallback) return std::nullopt;
    if (!all_lists) NeedList(name, types);  // every argument NULL: a NULL INTEGER[]
  }
  LogicalType common =
      any_list ? CommonArgumentType(types, name) : LogicalType::List(TypeId::kInteger);
  ScalarFunction f = MakeFunction(name, std::vector<LogicalType>(types.size(), common), common,
                                  ConcatBody(std::vector<bool>(types.size(), false)));
  f.null_in_null_out = false;
  return f;
}

/// repeat(list, n): the list's elements n times over.
ScalarFunction ListRepeat(const LogicalType& list) {
  return MakeFunction(
      "repeat", {list, TypeId::kBigInt}, list,
      [](const DataChunk& args, Vector& result, idx_t count) {
        const Vector& source = args.data[0];
        const auto* entries = source.Values<list_entry_t>();
        const auto* times = args.data[1].Values<int64_t>();
        auto* out = result.Values<list_entry_t>();
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          const uint64_t start = used;
          if (times[i] > 0 && entries[i].length > 0 &&
              static_cast<uint64_t>(times[i]) > (uint64_t{1} << 32) / entries[i].length) {
            throw OutOfRangeError(fmt::format("repeat: a list of {} elements {} times is too long",
                                              entries[i].length, times[i]));
          }
          for (int64_t k = 0; k < times[i]; k++) {
            used = AppendElements(source, entries[i].offset, entries[i].length, result, used);
          }
          out[i] = {start, used - start};
        }
      });
}

ScalarFunction ListReverse(const LogicalType& list) {
  return MakeFunction(
      "list_reverse", {list}, list, [](const DataChunk& args, Vector& result, idx_t count) {
        const Vector& source = args.data[0];
        const auto* entries = source.Values<list_entry_t>();
        auto* out = result.Values<list_entry_t>();
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          uint64_t start = used;
          for (uint64_t k = entries[i].length; k > 0; k--) {
            used = AppendElements(source, entries[i].offset + k - 1, 1, result, used);
          }
          out[i] = {start, used - start};
        }
      });
}

/// range(stop), range(start, stop[, step]) and generate_series (through stop) as a
/// BIGINT[] per row, as DuckDB's list functions of those names; the table functions in
/// FROM give the same values as rows.
ScalarFunction ListRange(const std::string& name, idx_t arity) {
  const bool inclusive = name == "generate_series";
  return MakeFunction(
      name, std::vector<LogicalType>(arity, TypeId::kBigInt), LogicalType::List(TypeId::kBigInt),
      [name, inclusive, arity](const DataChunk& args, Vector& result, idx_t count) {
        auto* entries = result.Values<list_entry_t>();
        auto arg = [&](idx_t k, idx_t row) { return args.data[k].Values<int64_t>()[row]; };
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          const int64_t start = arity == 1 ? 0 : arg(0, i);
          const int64_t stop = arg(arity == 1 ? 0 : 1, i);
          const int64_t step = arity == 3 ? arg(2, i) : 1;
          if (step == 0) throw InvalidInputError(fmt::format("the step of {} must not be 0", name));
          const auto n = RangeCount(start, stop, step, inclusive);
          constexpr idx_t kMaxElements = idx_t(1) << 31;
          if (n > kMaxElements - used) {
            throw InvalidInputError(fmt::format("{}({}, {}, {}) has too many values for a list",
                                                name, start, stop, step));
          }
          const auto length = static_cast<idx_t>(n);
          result.SetListSize(used + length);
          auto* values = result.ListChild().Values<int64_t>();
          for (idx_t k = 0; k < length; k++) {
            values[used + k] = static_cast<int64_t>(start + static_cast<__int128>(step) * k);
          }
          entries[i] = {used, length};
          used += length;
        }
      });
}

/// range(start, stop, step) and generate_series over timestamps (TIMESTAMP or TIMESTAMPTZ,
/// DATE by its cast) with an INTERVAL step, as a list per row (TimestampSeries).
ScalarFunction ListTimestampRange(const std::string& name, TypeId type) {
  const bool inclusive = name == "generate_series";
  const bool dates = type == TypeId::kDate;  // DATEs give TIMESTAMPs, as the DATE's cast
  return MakeFunction(
      name, {LogicalType(type), LogicalType(type), LogicalType(TypeId::kInterval)},
      LogicalType::List(dates ? TypeId::kTimestamp : type),
      [name, inclusive, dates](const DataChunk& args, Vector& result, idx_t count) {
        auto bound = [&](idx_t k, idx_t row) {
          if (!dates) return args.data[k].Values<int64_t>()[row];
          timestamp_t midnight;
          if (!Timestamp::TryFromDate(args.data[k].Values<date_t>()[row], midnight)) {
            throw OutOfRangeError(
                fmt::format("a DATE argument of {} is out of the TIMESTAMP range", name));
          }
          return midnight.value;
        };
        auto* entries = result.Values<list_entry_t>();
        constexpr uint64_t kMaxElements = uint64_t{1} << 31;
        idx_t used = 0;
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          const int64_t start = bound(0, i);
          const int64_t stop = bound(1, i);
          const interval_t step = args.data[2].Values<interval_t>()[i];
          std::vector<int64_t> listed;
          TimestampSeries::Linear linear;
          if (!TimestampSeries::TryLinear(name, start, stop, step, inclusive, linear)) {
            listed = TimestampSeries::List(name, start, stop, step, inclusive, kMaxElements - used);
            linear.count = listed.size();
          } else if (linear.count > kMaxElements - used) {
            throw InvalidInputError(fmt::format("{} has too many values for a list", name));
          }
          const auto length = static_cast<idx_t>(linear.count);
          result.SetListSize(used + length);
          auto* values = result.ListChild().Values<int64_t>();
          for (idx_t k = 0; k < length; k++) {
            // Unsigned, as PhysicalRange: the values are timestamps, but the products may not
            // fit in int64 on the way.
            values[used + k] = listed.empty()
                                   ? static_cast<int64_t>(static_cast<uint64_t>(linear.start) +
                                                          k * static_cast<uint64_t>(linear.step))
                                   : listed[k];
          }
          entries[i] = {used, length};
          used += length;
        }
      });
}

}  // namespace

void RegisterListFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"range", "generate_series"}) {
    ScalarFunctionSet set;
    set.name = name;
    for (idx_t arity = 1; arity <= 3; arity++) set.overloads.push_back(ListRange(name, arity));
    for (TypeId type : {TypeId::kDate, TypeId::kTimestamp, TypeId::kTimestampTz}) {
      set.overloads.push_back(ListTimestampRange(name, type));
    }
    catalog.AddScalarSet(std::move(set));
  }
  Register(catalog, {"list_value", "list_pack"},
           [](const std::vector<LogicalType>& types) { return ListValue(types); });
  ScalarFunctionSet array_value;
  array_value.name = "array_value";
  array_value.resolve = [](const std::vector<LogicalType>& types) {
    if (types.empty()) throw InvalidInputError("array_value requires at least one argument");
    ScalarFunction f = ListValue(types);
    f.name = "array_value";
    f.return_type = LogicalType::Array(f.varargs, static_cast<uint32_t>(types.size()));
    return std::optional<ScalarFunction>(std::move(f));
  };

  catalog.AddScalarSet(std::move(array_value));
  // length(LIST) is the list's length too (DuckDB); length(VARCHAR) stays the string one.
  ScalarFunctionSet length;
  length.name = "length";
  length.resolve = [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    if (types.size() != 1 || !IsList(types[0])) return std::nullopt;
    return ListLength("length", types[0]);
  };
  catalog.AddScalarSet(std::move(length));
  for (const char* name : {"len", "array_length", "list_length"}) {
    std::string n = name;
    Register(catalog, {name},
             [n](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               // len(VARCHAR) is the string's length (string_functions.cpp).
               if (n == "len" && types.size() == 1 && types[0].Id() == TypeId::kVarchar) {
                 return std::nullopt;
               }
               if (types.size() == 1 && types[0].Id() == TypeId::kSqlNull) {
                 return ListLength(n, LogicalType::List(TypeId::kInteger));  // NULL
               }
               if (n == "array_length" && types.size() == 2 && IsList(types[0]) &&
                   (types[1].IsIntegral() || types[1].Id() == TypeId::kSqlNull)) {
                 return ListDimensionLength(types[0]);
               }
               if (types.size() != 1 || !IsList(types[0])) NeedList(n, types);
               return ListLength(n, types[0]);
             });
  }
  for (const char* name : {"list_extract", "list_element"}) {
    std::string n = name;
    Register(catalog, {name},
             [n](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               if (types.size() == 2 && types[0].Id() == TypeId::kSqlNull) {
                 return ListExtract(n, LogicalType::List(TypeId::kInteger));  // NULL
               }
               if (types.size() != 2 || !IsList(types[0])) NeedList(n, types);
               return ListExtract(n, types[0]);
             });
  }
  // (Not PostgreSQL's && and @>: its @> finds no NULL, where list_has_all skips them.)
  for (const char* name : {"list_has_any", "array_has_any", "list_has_all", "array_has_all",
                           "list_intersect", "array_intersect"}) {
    std::string n = name;
    Register(catalog, {name},
             [n](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               // An untyped NULL is a list of the other's type; [] and [NULL], INTEGER[].
               std::vector<LogicalType> lists = types;
               for (size_t k = 0; k < lists.size() && lists.size() == 2; k++) {
                 if (lists[k].Id() == TypeId::kSqlNull) lists[k] = lists[1 - k];
               }
               for (auto& t : lists) {
                 if (t.Id() == TypeId::kSqlNull ||
                     (IsList(t) && t.ListChild().Id() == TypeId::kSqlNull)) {
                   t = LogicalType::List(TypeId::kInteger);
                 }
               }
               if (lists.size() != 2 || !IsList(lists[0]) || !IsList(lists[1])) NeedList(n, types);
               const LogicalType common = CommonArgumentType(lists, n);
               if (n.ends_with("intersect")) return ListIntersect(n, common);
               return ListHas(n, common, n.ends_with("has_all"));
             });
  }
  Register(catalog, {"flatten"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             // NULL, and a list of NULLs: of INTEGER lists.
             if (types.size() == 1 &&
                 (types[0].Id() == TypeId::kSqlNull ||
                  (IsList(types[0]) && types[0].ListChild().Id() == TypeId::kSqlNull))) {
               return Flatten("flatten", LogicalType::List(LogicalType::List(TypeId::kInteger)));
             }
             // A list of fixed-size arrays flattens as a list of lists (DuckDB's).
             const LogicalType lists = types.size() == 1 ? ListLevels(types[0], 2) : LogicalType();
             if (types.size() != 1 || !IsList(lists) || !IsList(lists.ListChild())) {
               throw BinderError(
                   fmt::format("No function matches the given name and argument types "
                               "'flatten({})': a list of lists is expected",
                               types.empty() ? std::string() : types[0].ToString()));
             }
             return Flatten("flatten", lists);
           });
  for (const char* name : {"list_slice", "array_slice"}) {
    std::string n = name;
    Register(catalog, {name},
             [n](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               if (types.size() < 3 || types.size() > 5) return std::nullopt;
               for (size_t k = 1; k < types.size(); k++) {
                 if (types[k].Physical() == PhysicalType::kList ||
                     types[k].Physical() == PhysicalType::kStruct) {
                   throw BinderError(fmt::format(
                       "The upper and lower bounds of the slice must be a BIGINT, not {} ({})",
                       types[k].ToString(), n));
                 }
               }
               if (types[0].Id() == TypeId::kSqlNull) {  // list_slice(NULL, …) is NULL
                 const LogicalType list = LogicalType::List(TypeId::kInteger);
                 return types.size() > 3 ? ListSliceStep(n, list, types.size() == 5)
                                         : ListSlice(n, list);
               }
               if (types[0].Id() != TypeId::kVarchar && !IsList(types[0])) {
                 // DuckDB's words for both names (list_slice is its alias of array_slice).
                 throw BinderError(
                     fmt::format("ARRAY_SLICE can only operate on LISTs and VARCHARs, not {} ({})",
                                 types[0].ToString(), n));
               }
               if (types.size() > 3) return ListSliceStep(n, types[0], types.size() == 5);
               return ListSlice(n, types[0]);
             });
  }
  for (const char* name : {"list_contains", "list_has", "array_contains", "array_has"}) {
    std::string n = name;
    Register(catalog, {name},
             [n](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               auto arguments = ListAndElement(n, types);
               if (!arguments) NeedList(n, types);
               return ListContains(n, *arguments);
             });
  }
  for (const char* name : {"list_position", "list_indexof"}) {
    std::string n = name;
    Register(catalog, {name},
             [n](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               auto arguments = ListAndElement(n, types);
               if (!arguments) NeedList(n, types);
               return ListPosition(n, *arguments);
             });
  }
  for (const char* name : {"list_concat", "list_cat", "array_cat", "||"}) {
    std::string n = name;
    Register(catalog, {name},
             [n](const std::vector<LogicalType>& types) { return ResolveConcat(n, types); });
  }
  // cardinality(list): PostgreSQL's, the number of elements of every dimension (the
  // scalars at the bottom of lists of lists; a NULL inner list has none).
  Register(catalog, {"cardinality"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() != 1 || !IsList(types[0])) return std::nullopt;
             return MakeFunction(
                 "cardinality", {types[0]}, TypeId::kBigInt,
                 [](const DataChunk& args, Vector& result, idx_t count) {
                   auto* out = result.Values<int64_t>();
                   std::function<int64_t(const Vector&, idx_t, idx_t)> leaves =
                       [&](const Vector& list, idx_t offset, idx_t length) -> int64_t {
                     if (list.Type().Id() != TypeId::kList) return static_cast<int64_t>(length);
                     const auto* entries = list.Values<list_entry_t>();
                     int64_t total = 0;
                     for (idx_t r = offset; r < offset + length; r++) {
                       if (list.RowIsValid(r)) {
                         total += leaves(list.ListChild(), entries[r].offset, entries[r].length);
                       }
                     }
                     return total;
                   };
                   const auto* entries = args.data[0].Values<list_entry_t>();
                   for (idx_t i = 0; i < count; i++) {
                     if (!result.RowIsValid(i)) continue;
                     out[i] =
                         leaves(args.data[0].ListChild(), entries[i].offset, entries[i].length);
                   }
                 });
           });
  // DuckDB's list + list: list_concat (a NULL side an empty list). Numbers keep their +.
  Register(catalog, {"+"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() != 2 || (!IsList(types[0]) && !IsList(types[1]))) return std::nullopt;
             for (const LogicalType& t : types) {
               if (!IsList(t) && t.Id() != TypeId::kSqlNull) return std::nullopt;
             }
             return ResolveConcat("+", types);
           });
  Register(catalog, {"list_append", "array_append", "array_push_back"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             auto arguments = ListAndElement("list_append", types);
             if (!arguments) NeedList("list_append", types);
             ScalarFunction f = MakeFunction("list_append", *arguments, (*arguments)[0],
                                             ConcatBody({false, true}));
             f.null_in_null_out = false;
             return f;
           });
  Register(catalog, {"list_prepend", "array_prepend"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() != 2) NeedList("list_prepend", types);
             auto arguments = ListAndElement("list_prepend", {types[1], types[0]});
             ScalarFunction f = MakeFunction("list_prepend", {(*arguments)[1], (*arguments)[0]},
                                             (*arguments)[0], ConcatBody({true, false}));
             f.null_in_null_out = false;
             return f;
           });
  // DuckDB's array_push_front(list, x): list_prepend with the list first.
  Register(catalog, {"array_push_front"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             auto arguments = ListAndElement("array_push_front", types);
             if (!arguments) NeedList("array_push_front", types);
             ScalarFunction f = MakeFunction("array_push_front", *arguments, (*arguments)[0],
                                             ConcatBody({false, true}, {1, 0}));
             f.null_in_null_out = false;
             return f;
           });
  // array_pop_back(list) / array_pop_front(list): the list without its last / first
  // element (an empty list stays empty).
  for (bool back : {true, false}) {
    const std::string n = back ? "array_pop_back" : "array_pop_front";
    Register(catalog, {n.c_str()},
             [n, back](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               if (types.size() == 1 && types[0].Id() == TypeId::kSqlNull) {
                 return ListPop(n, LogicalType::List(TypeId::kInteger), back);  // NULL
               }
               if (types.size() != 1 || !IsList(types[0])) NeedList(n, types);
               return ListPop(n, types[0], back);
             });
  }
  for (bool mask : {true, false}) {
    const std::string n = mask ? "list_where" : "list_select";
    Register(catalog, {n.c_str(), mask ? "array_where" : "array_select"},
             [n, mask](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
               if (types.size() != 2) NeedList(n, types);
               LogicalType list = types[0];
               if (list.Id() == TypeId::kSqlNull) list = LogicalType::List(TypeId::kInteger);
               if (!IsList(list)) NeedList(n, types);
               // The second argument must be a list (of anything that converts).
               if (!IsList(types[1]) && types[1].Id() != TypeId::kSqlNull) return std::nullopt;
               return ListPick(n, list, mask);
             });
  }
  Register(catalog, {"list_zip", "array_zip"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             std::vector<LogicalType> lists = types;
             const bool truncate = !lists.empty() && lists.back().Id() == TypeId::kBoolean;
             if (truncate) lists.pop_back();
             for (LogicalType& t : lists) {
               if (t.Id() == TypeId::kSqlNull) t = LogicalType::List(TypeId::kInteger);
               if (IsList(t) && t.ListChild().Id() == TypeId::kSqlNull) {
                 t = LogicalType::List(TypeId::kInteger);
               }
               if (!IsList(t)) NeedList("list_zip", types);
             }
             if (lists.empty()) {
               throw BinderError("list_zip needs at least one list");
             }
             return ListZip(lists, truncate);
           });
  Register(catalog, {"list_reverse", "array_reverse"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() == 1 && types[0].Id() == TypeId::kSqlNull) {
               return ListReverse(LogicalType::List(TypeId::kInteger));  // NULL
             }
             if (types.size() != 1 || !IsList(types[0])) NeedList("list_reverse", types);
             return ListReverse(types[0]);
           });
  Register(catalog, {"list_resize", "array_resize"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() != 2 && types.size() != 3) NeedList("list_resize", types);
             if (types[0].Id() == TypeId::kSqlNull) {
               return ListResize(LogicalType::List(TypeId::kInteger), types.size() == 3);
             }
             if (!IsList(types[0])) NeedList("list_resize", types);
             return ListResize(types[0].ListChild().Id() == TypeId::kSqlNull
                                   ? LogicalType::List(TypeId::kInteger)
                                   : types[0],
                               types.size() == 3);
           });
  // repeat(list, n) besides repeat(string, n), and concat(lists) besides concat(strings).
  Register(catalog, {"repeat"},
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() != 2 || !IsList(types[0])) return std::nullopt;
             return ListRepeat(types[0]);
           });
  Register(catalog, {"concat"},
           [](const std::vector<LogicalType>& types) { return ResolveConcat("concat", types); });
}

}  // namespace teal
