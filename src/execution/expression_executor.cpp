// ExpressionExecutor: one function per bound expression kind; comparisons are
// templated on the stored type and the operator so the row loop has no dispatch.
#include "execution/expression_executor.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "common/assert.hpp"
#include "common/stack.hpp"
#include "execution/subquery.hpp"
#include "planner/column_refs.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/value_compare.hpp"
#include "vector/vector_cast.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

// ---- boolean logic ----------------------------------------------------------------

/// Three-valued AND/OR of `a` and `b` into acc row `row`; `av`, `bv`: whether they are valid.
void CombineRow(bool is_and, bool av, bool a, bool bv, bool b, Vector& acc, idx_t row) {
  // The dominant value (false for AND, true for OR) wins even over NULL.
  const bool dominant = !is_and;
  if ((av && a == dominant) || (bv && b == dominant)) {
    acc.Values<bool>()[row] = dominant;
    acc.Validity().SetValid(row);
  } else if (!av || !bv) {
    acc.SetNull(row);
  } else {
    acc.Values<bool>()[row] = !dominant;
  }
}

/// As Combine, for operand row k into acc row rows[k].
void CombineAt(bool is_and, const Vector& operand, const std::vector<sel_t>& rows, Vector& acc) {
  const bool* b = operand.Values<bool>();
  const bool* a = acc.Values<bool>();
  for (idx_t k = 0; k < rows.size(); k++) {
    const sel_t row = rows[k];
    CombineRow(is_and, acc.RowIsValid(row), a[row], operand.RowIsValid(k), b[k], acc, row);
  }
}

/// Three-valued AND/OR of `operand` into `acc` (both BOOLEAN, flat).
void Combine(bool is_and, const Vector& operand, Vector& acc, idx_t count) {
  const bool* b = operand.Values<bool>();
  const bool* a = acc.Values<bool>();
  for (idx_t i = 0; i < count; i++) {
    CombineRow(is_and, acc.RowIsValid(i), a[i], operand.RowIsValid(i), b[i], acc, i);
  }
}

const Vector& Evaluate(ExpressionState& s, const DataChunk& input);

/// The value of `s` over `input` as a flat vector of input.size() rows.
const Vector& EvaluateFlat(ExpressionState& s, const DataChunk& input) {
  const Vector& v = Evaluate(s, input);
  if (!v.IsConstant()) return v;
  const idx_t count = input.size();
  Vector& flat = s.More().flat;
  flat.Recycle(count);
  if (v.Type().Physical() == PhysicalType::kVarchar && v.RowIsValid(0)) {
    // One copy of the string for all rows (a LIKE pattern, a concat's separator).
    string_t value = v.Values<string_t>()[0];
    if (!value.IsInlined()) value = flat.AddString(value.View());
    std::fill_n(flat.Values<string_t>(), count, value);
    return flat;
  }
  SelectionVector none;
  flat.CopyFrom(v, none, count, 0, 0);  // a constant source is read at row 0
  return flat;
}

bool TryEvaluateInListOfConstants(ExpressionState& s, const Vector& x, Vector& out, idx_t count);

/// The input columns `e` reads, in order, each once.
std::vector<idx_t> ColumnsRead(const Expression& e) {
  std::vector<idx_t> columns;
  ForEachColumn(e, [&](idx_t c) { columns.push_back(c); });
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  return columns;
}

/// Copies the rows rows[0 … n) of `input`'s columns `columns` into `subset` (its other
/// columns left empty), through `sel`.
void CopyRows(const DataChunk& input, const std::vector<idx_t>& columns, const sel_t* rows, idx_t n,
              SelectionVector& sel, DataChunk& subset) {
  if (subset.ColumnCount() != input.ColumnCount()) {
    subset.data.clear();
    for (const auto& column : input.data) subset.data.emplace_back(column.Type(), 0);
  }
  sel.Reserve(n);
  std::copy(rows, rows + n, sel.Data());
  for (idx_t c : columns) {
    subset.data[c].Recycle(n);
    subset.data[c].CopyFrom(input.data[c], sel, n, 0, 0, /*share_strings=*/true);
  }
  subset.SetCardinality(n);
}

/// Child `k` of `s` evaluated over the rows `rows` of `input` (flat, rows.size() rows):
/// the columns it reads are copied out into the scratch's subset, the others left empty.
const Vector& EvaluateOnRows(ExpressionState& s, size_t k, const DataChunk& input,
                             const std::vector<sel_t>& rows) {
  if (rows.size() == input.size()) return EvaluateFlat(s.children[k], input);  // every row
  ExpressionState::Scratch& x = s.More();
  if (x.reads.empty()) {
    for (const auto& child : s.expression.children) x.reads.push_back(ColumnsRead(*child));
  }
  CopyRows(input, x.reads[k], rows.data(), rows.size(), x.sel, x.subset);
  return EvaluateFlat(s.children[k], x.subset);
}

/// Copies row i of the flat `values` to row rows[i] of `out`, for every i.
void Scatter(const Vector& values, const std::vector<sel_t>& rows, Vector& out) {
  const idx_t n = rows.size();
  if (!out.Validity().AllValid()) {
    for (idx_t i = 0; i < n; i++) out.Validity().Set(rows[i], values.RowIsValid(i));
  } else if (!values.Validity().AllValid()) {
    for (idx_t i = 0; i < n; i++) {
      if (!values.RowIsValid(i)) out.SetNull(rows[i]);
    }
  }
  const PhysicalType physical = out.Type().Physical();
  if (physical == PhysicalType::kVarchar) {
    const string_t* src = values.Values<string_t>();
    string_t* dst = out.Values<string_t>();
    for (idx_t i = 0; i < n; i++) {
      // A NULL row's pointer may dangle: never follow it.
      if (!values.RowIsValid(i)) continue;
      dst[rows[i]] = src[i].IsInlined() ? src[i] : out.AddString(src[i].View());
    }
  } else if (physical == PhysicalType::kList || physical == PhysicalType::kStruct ||
             physical == PhysicalType::kInvalid) {
    SelectionVector one(1);
    for (idx_t i = 0; i < n; i++) {
      one.Set(0, i);
      out.CopyFrom(values, one, 1, 0, rows[i]);
    }
  } else {
    DispatchFixedWidth(physical, [&]<typename T>() {
      const T* src = values.Values<T>();
      T* dst = out.Values<T>();
      for (idx_t i = 0; i < n; i++) dst[rows[i]] = src[i];
      return 0;
    });
  }
}

/// An error that a value caused (what try() turns into NULL), not one of the system's.
bool IsDataError(const Error& error) {
  const ErrorCategory c = error.Category();
  return c == ErrorCategory::kConversion || c == ErrorCategory::kInvalidInput ||
         c == ErrorCategory::kOutOfRange || c == ErrorCategory::kSequence;
}

/// The arguments of a ScalarFunction with arguments_in_turn (COALESCE): argument k is
/// evaluated only on the rows every earlier argument left NULL, and is NULL elsewhere.
void EvaluateInTurn(ExpressionState& s, const DataChunk& input) {
  const idx_t count = input.size();
  std::vector<sel_t>& pending = s.More().remaining;
  pending.resize(count);
  for (idx_t i = 0; i < count; i++) pending[i] = static_cast<sel_t>(i);
  for (size_t k = 0; k < s.children.size(); k++) {
    Vector& v = s.arguments.data[k];
    if (pending.size() == count) {
      v.Reference(EvaluateFlat(s.children[k], input));
    } else {
      v.Recycle(count);
      for (idx_t i = 0; i < count; i++) v.SetNull(i);
      if (!pending.empty()) Scatter(EvaluateOnRows(s, k, input, pending), pending, v);
    }
    std::erase_if(pending, [&](sel_t row) { return v.RowIsValid(row); });
  }
}

const Vector& Evaluate(ExpressionState& s, const DataChunk& input) {
  CheckStackDepth("an expression");
  const Expression& e = s.expression;
  const idx_t count = input.size();
  switch (e.kind) {
    case BoundKind::kConstant:
      return *s.constant;
    case BoundKind::kColumnRef:
      return input.data[e.column];
    case BoundKind::kCast: {
      const Vector& child = Evaluate(s.children[0], input);
      Vector& out = s.Output(count);
      CastVector(child, out, child.IsConstant() ? 1 : count);
      return out;
    }
    case BoundKind::kCompare: {
      const Vector& left = EvaluateFlat(s.children[0], input);
      const Vector& right = EvaluateFlat(s.children[1], input);
      Vector& out = s.Output(count);
      CompareVectors(e.op, left, right, out, count);
      return out;
    }
    case BoundKind::kAnd:
    case BoundKind::kOr: {
      const bool is_and = e.kind == BoundKind::kAnd;
      const Vector& first = EvaluateFlat(s.children[0], input);
      Vector& out = s.Output(count);
      SelectionVector none;
      out.CopyFrom(first, none, count, 0, 0);  // never write into a child's or input's vector
      for (size_t i = 1; i < s.children.size(); i++) {
        // A row the operands so far decided (false for AND, true for OR) does not reach the
        // next one, as in a row-by-row evaluation: `a <> 0 AND 100 / a > 1` is no error.
        std::vector<sel_t>& open = s.More().remaining;
        open.clear();
        const bool* acc = out.Values<bool>();
        for (idx_t row = 0; row < count; row++) {
          if (!out.RowIsValid(row) || acc[row] == is_and) open.push_back(static_cast<sel_t>(row));
        }
        if (open.empty()) break;
        if (open.size() == count) {
          Combine(is_and, EvaluateFlat(s.children[i], input), out, count);
        } else {
          CombineAt(is_and, EvaluateOnRows(s, i, input, open), open, out);
        }
      }
      return out;
    }
    case BoundKind::kInList: {
      const Vector& x = EvaluateFlat(s.children[0], input);
      Vector& out = s.Output(count);
      if (TryEvaluateInListOfConstants(s, x, out, count)) return out;
      std::fill_n(out.Values<bool>(), count, false);
      for (size_t i = 1; i < s.children.size(); i++) {
        const Vector& item = EvaluateFlat(s.children[i], input);
        Vector& equal = s.More().work;
        equal.Recycle(count);
        CompareVectors(CompareOp::kEqual, x, item, equal, count);
        Combine(/*is_and=*/false, equal, out, count);
      }
      return out;
    }
    case BoundKind::kNot: {
      const Vector& child = EvaluateFlat(s.children[0], input);
      Vector& out = s.Output(count);
      const bool* in = child.Values<bool>();
      bool* o = out.Values<bool>();
      for (idx_t i = 0; i < count; i++) {
        if (child.RowIsValid(i)) {
          o[i] = !in[i];
        } else {
          out.SetNull(i);
        }
      }
      return out;
    }
    case BoundKind::kIsNull:
    case BoundKind::kIsNotNull: {
      const Vector& child = EvaluateFlat(s.children[0], input);
      Vector& out = s.Output(count);
      bool* o = out.Values<bool>();
      bool want_null = e.kind == BoundKind::kIsNull;
      for (idx_t i = 0; i < count; i++) o[i] = child.RowIsValid(i) != want_null;
      return out;
    }
    case BoundKind::kSubquery: {
      Vector& out = s.Output(count);
      ExecuteSubquery(e, input, out);
      return out;
    }
    case BoundKind::kOuterRef:
      throw InternalError("an outer reference was not replaced before execution");
    case BoundKind::kListValue: {
      std::vector<const Vector*> elements;
      for (auto& child : s.children) elements.push_back(&EvaluateFlat(child, input));
      Vector& out = s.Output(count);
      for (idx_t row = 0; row < count; row++) {
        std::vector<Value> values;
        for (const Vector* element : elements) values.push_back(element->GetValue(row));
        out.SetValue(row, Value::List(e.type.ListChild(), std::move(values)));
      }
      return out;
    }
    case BoundKind::kFunction: {
      DataChunk& arguments = s.arguments;
      if (e.function->arguments_in_turn) {
        EvaluateInTurn(s, input);
      } else {
        for (size_t k = 0; k < s.children.size(); k++) {
          arguments.data[k].Reference(EvaluateFlat(s.children[k], input));
        }
      }
      arguments.SetCardinality(count);
      Vector& out = s.Output(count);
      if (e.function->null_in_null_out) {
        // NULL in, NULL out: mark those rows first; the body may skip them.
        for (const auto& argument : arguments.data) {
          if (argument.Validity().AllValid()) continue;
          for (idx_t i = 0; i < count; i++) {
            if (!argument.RowIsValid(i)) out.SetNull(i);
          }
        }
      }
      e.function->body(arguments, out, count);
      // The children write into their vectors again on the next chunk.
      if (!e.function->arguments_in_turn) {
        for (auto& argument : arguments.data) argument.Release();
      }
      return out;
    }
    case BoundKind::kCase: {
      // Each result is computed only for the rows its condition picks, so that an
      // error in a branch (1 / 0) cannot come from rows that did not take it.
      Vector& out = s.Output(count);
      std::vector<sel_t>& remaining = s.More().remaining;
      remaining.resize(count);
      for (idx_t i = 0; i < count; i++) remaining[i] = static_cast<sel_t>(i);
      auto assign = [&](size_t k, const std::vector<sel_t>& rows) {
        if (rows.empty()) return;
        const Vector& values = EvaluateOnRows(s, k, input, rows);
        if (rows.size() == count) {
          SelectionVector none;
          out.CopyFrom(values, none, count, 0, 0);
        } else {
          Scatter(values, rows, out);
        }
      };
      for (size_t w = 0; w + 1 < s.children.size() && !remaining.empty(); w += 2) {
        const Vector& condition = EvaluateOnRows(s, w, input, remaining);
        std::vector<sel_t>& taken = s.More().taken;
        std::vector<sel_t>& rest = s.More().rest;
        taken.clear();
        rest.clear();
        const bool* b = condition.Values<bool>();
        for (idx_t i = 0; i < remaining.size(); i++) {
          (condition.RowIsValid(i) && b[i] ? taken : rest).push_back(remaining[i]);
        }
        assign(w + 1, taken);
        std::swap(remaining, rest);
      }
      assign(s.children.size() - 1, remaining);
      return out;
    }
    case BoundKind::kTry: {
      Vector& out = s.Output(count);
      // A second try of the rows would compute a non-deterministic value again (nextval
      // would skip values): such an expression goes row by row from the start.
      if (IsDeterministic(*e.children[0])) {
        try {
          SelectionVector none;
          out.CopyFrom(EvaluateFlat(s.children[0], input), none, count, 0, 0);
          return out;
        } catch (const Error& error) {
          if (!IsDataError(error)) throw;
        }
      }
      // Some row failed: each row on its own, NULL where it fails.
      std::vector<sel_t>& one = s.More().taken;
      one.assign(1, 0);
      for (idx_t row = 0; row < count; row++) {
        one[0] = static_cast<sel_t>(row);
        try {
          Scatter(EvaluateOnRows(s, 0, input, one), one, out);
        } catch (const Error& error) {
          if (!IsDataError(error)) throw;
          out.SetNull(row);
        }
      }
      return out;
    }
    case BoundKind::kAggregate:
      throw InternalError("aggregate evaluated outside an aggregate operator");
    case BoundKind::kParameter:
      throw InternalError("parameter $" + std::to_string(e.column + 1) +
                          " reached execution unbound");
  }
  throw InternalError("unknown bound expression kind");
}

}  // namespace

ExpressionState::ExpressionState(const Expression& e) : expression(e), out(e.type, 0) {
  children.reserve(e.children.size());
  for (const auto& child : e.children) children.emplace_back(*child);
  if (e.kind == BoundKind::kConstant) constant.emplace(e.value);
  if (e.kind == BoundKind::kFunction) {
    for (const auto& child : e.children) arguments.data.emplace_back(child->type, 0);
  }
}

ExpressionExecutor::ExpressionExecutor(const std::vector<ExpressionPtr>& expressions) {
  for (const auto& e : expressions) Add(*e);
}

ExpressionExecutor::~ExpressionExecutor() = default;

idx_t ExpressionExecutor::Add(const Expression& expression) {
  states_.emplace_back(expression);
  return states_.size() - 1;
}

Value ExpressionExecutor::EvaluateConstant(const Expression& expression) {
  DataChunk one_row;
  one_row.SetCardinality(1);
  Vector result(expression.type, 0);
  ExpressionExecutor(expression).Execute(one_row, result);
  return result.GetValue(0);
}

void ExpressionExecutor::Execute(const DataChunk& input, Vector& result, idx_t index) {
  result.Reference(Evaluate(states_[index], input));
}

const Vector& ExpressionExecutor::ExecuteFlat(const DataChunk& input, idx_t index) {
  return EvaluateFlat(states_[index], input);
}

namespace {

/// Keeps the rows sel[0 … count) of the flat `column` that are valid and for which
/// keep(value, row) is true, in place; returns how many remain.
template <typename T, typename Keep>
idx_t RefineRows(const Vector& column, sel_t* sel, idx_t count, Keep&& keep) {
  const T* values = column.Values<T>();
  const auto& validity = column.Validity();
  idx_t kept = 0;
  if (validity.AllValid()) {
    for (idx_t k = 0; k < count; k++) {
      sel_t row = sel[k];
      sel[kept] = row;
      kept += keep(values[row], row);
    }
  } else {
    for (idx_t k = 0; k < count; k++) {
      sel_t row = sel[k];
      sel[kept] = row;
      kept += validity.RowIsValid(row) && keep(values[row], row);
    }
  }
  return kept;
}

/// For each byte of eight yes/no results: the lanes that said yes, in order, and how many.
struct SelectedLanes {
  uint8_t lane[8];
  uint8_t count;
};
struct SelectedLanesTable {
  SelectedLanes of[256];
  constexpr SelectedLanesTable() : of{} {
    for (unsigned mask = 0; mask < 256; mask++) {
      uint8_t n = 0;
      for (uint8_t j = 0; j < 8; j++) {
        if (mask & (1u << j)) of[mask].lane[n++] = j;
      }
      of[mask].count = n;
    }
  }
};
constexpr SelectedLanesTable kSelectedLanes;

/// Keeps the rows sel[0 … count) of `column` whose value compares with `constant` as `op`
/// says (op applied as column op constant), in place; returns how many remain. NULLs fail.
template <typename T, typename Comparator>
idx_t RefineByConstant(CompareOp op, const Vector& column, const T& constant, sel_t* sel,
                       idx_t count) {
  const T* values = column.Values<T>();
  const auto& validity = column.Validity();
  idx_t kept = 0;
  // The selection is often every row (the first conjunct): then the values are read in
  // order, without going through sel (sel is increasing, so first 0 and last count - 1
  // means all of them).
  const bool all_rows = count > 0 && sel[0] == 0 && sel[count - 1] == count - 1;
  // test(value): whether a value compares with the constant as op says.
  auto run = [&](auto test) {
    if (validity.AllValid() && all_rows) {
      // Eight rows at a time: their results as a byte (a loop the compiler vectorizes),
      // then the selected rows' numbers from a table — no dependency from row to row.
      idx_t k = 0;
      for (; k + 8 <= count; k += 8) {
        unsigned mask = 0;
        for (unsigned j = 0; j < 8; j++) {
          mask |= static_cast<unsigned>(test(values[k + j])) << j;
        }
        const SelectedLanes& lanes = kSelectedLanes.of[mask];
        for (unsigned j = 0; j < 8; j++) sel[kept + j] = static_cast<sel_t>(k + lanes.lane[j]);
        kept += lanes.count;
      }
      for (; k < count; k++) {
        sel[kept] = static_cast<sel_t>(k);
        kept += test(values[k]);
      }
    } else if (validity.AllValid()) {
      for (idx_t k = 0; k < count; k++) {
        sel_t row = sel[k];
        sel[kept] = row;
        kept += test(values[row]);
      }
    } else {
      for (idx_t k = 0; k < count; k++) {
        sel_t row = sel[k];
        sel[kept] = row;
        kept += validity.RowIsValid(row) && test(values[row]);
      }
    }
  };
  // Integers and floating-point values compare with the operators themselves: a bool per
  // row the compiler turns into vector compares, where a three-way compare became a branch
  // per row. Teal's NaN (above every number, equal to itself) is kept where IEEE differs:
  // a NaN is greater than any number constant; a NaN constant takes the general path.
  if constexpr ((std::is_integral_v<T> ||
                 std::is_floating_point_v<T>)&&std::is_same_v<Comparator, PlainCompare<T>>) {
    auto nan = [](const T& v) {
      if constexpr (std::is_floating_point_v<T>) {
        return std::isnan(v);
      } else {
        return false;
      }
    };
    if (!nan(constant)) {
      switch (op) {
        case CompareOp::kEqual:
          run([&](const T& v) { return v == constant; });
          return kept;
        case CompareOp::kNotEqual:
          run([&](const T& v) { return !(v == constant); });
          return kept;
        case CompareOp::kLess:
          run([&](const T& v) { return v < constant; });
          return kept;
        case CompareOp::kLessEqual:
          run([&](const T& v) { return v <= constant; });
          return kept;
        case CompareOp::kGreater:
          run([&](const T& v) { return v > constant || nan(v); });
          return kept;
        case CompareOp::kGreaterEqual:
          run([&](const T& v) { return v >= constant || nan(v); });
          return kept;
        default:
          throw InternalError("RefineByConstant of a DISTINCT comparison");
      }
    }
  }
  switch (op) {
    case CompareOp::kEqual:
      run([&](const T& v) { return Comparator::Cmp(v, constant) == 0; });
      break;
    case CompareOp::kNotEqual:
      run([&](const T& v) { return Comparator::Cmp(v, constant) != 0; });
      break;
    case CompareOp::kLess:
      run([&](const T& v) { return Comparator::Cmp(v, constant) < 0; });
      break;
    case CompareOp::kLessEqual:
      run([&](const T& v) { return Comparator::Cmp(v, constant) <= 0; });
      break;
    case CompareOp::kGreater:
      run([&](const T& v) { return Comparator::Cmp(v, constant) > 0; });
      break;
    case CompareOp::kGreaterEqual:
      run([&](const T& v) { return Comparator::Cmp(v, constant) >= 0; });
      break;
    default:
      throw InternalError("RefineByConstant of a DISTINCT comparison");
  }
  return kept;
}

/// Calls f.template operator()<T, Comparator>() with the stored C++ type of `type` and the
/// comparator CompareVectors uses for it; false (f not called) for LIST and invalid types.
template <typename F>
bool DispatchComparable(const LogicalType& type, F&& f) {
  if (type.Id() == TypeId::kTimeTz) {
    f.template operator()<uint64_t, TimeTzCompare>();
    return true;
  }
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      f.template operator()<string_t, StringCompare>();
      return true;
    case PhysicalType::kInterval:
      f.template operator()<interval_t, IntervalCompare>();
      return true;
    case PhysicalType::kList:
    case PhysicalType::kStruct:
    case PhysicalType::kInvalid:
      return false;
    default:
      DispatchFixedWidth(type.Physical(), [&]<typename T>() {
        if constexpr (!std::is_same_v<T, interval_t>) f.template operator()<T, PlainCompare<T>>();
        return 0;
      });
      return true;
  }
}

/// Equality of two values as CompareVectors sees it (string_t's own == compares length
/// and prefix first).
template <typename T, typename Comparator>
bool EqualValues(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, string_t>) {
    return a == b;
  } else {
    return Comparator::Cmp(a, b) == 0;
  }
}

/// `x IN (c1, …, cn)` of constants into `out` (flat x): true where x equals one, else NULL
/// where x is NULL or a constant is, else false — each row compared with the constants,
/// none flattened into a vector. False (nothing written) for other shapes.
bool TryEvaluateInListOfConstants(ExpressionState& s, const Vector& x, Vector& out, idx_t count) {
  const Expression& e = s.expression;
  for (size_t i = 1; i < e.children.size(); i++) {
    const Expression& item = *e.children[i];
    if (item.kind != BoundKind::kConstant || item.value.Type() != x.Type()) return false;
  }
  return DispatchComparable(x.Type(), [&]<typename T, typename Comparator>() {
    std::vector<uint8_t>& bytes = s.More().in_list_bytes;
    bytes.resize((s.children.size() - 1) * sizeof(T));
    T* items = reinterpret_cast<T*>(bytes.data());
    idx_t n = 0;
    bool null_item = false;
    for (size_t i = 1; i < s.children.size(); i++) {
      const Vector& c = *s.children[i].constant;
      if (c.RowIsValid(0)) {
        items[n++] = c.Values<T>()[0];
      } else {
        null_item = true;
      }
    }
    const T* values = x.Values<T>();
    bool* o = out.Values<bool>();
    for (idx_t row = 0; row < count; row++) {
      if (!x.RowIsValid(row)) {
        out.SetNull(row);
        continue;
      }
      bool found = false;
      for (idx_t i = 0; i < n && !found; i++)
        found = EqualValues<T, Comparator>(values[row], items[i]);
      o[row] = found;
      if (!found && null_item) out.SetNull(row);
    }
  });
}

/// `a op b` of two flat columns of one type: refines sel in place and returns true; false
/// for other vectors.
bool TryRefineColumns(CompareOp op, const Vector& a, const Vector& b, sel_t* sel, idx_t& count) {
  if (a.IsConstant() || b.IsConstant() || a.Type() != b.Type()) return false;
  return DispatchComparable(a.Type(), [&]<typename T, typename Comparator>() {
    const T* right = b.Values<T>();
    const auto& valid = b.Validity();
    count = RefineRows<T>(a, sel, count, [&](const T& x, sel_t row) {
      return valid.RowIsValid(row) && ComparisonHolds(op, Comparator::Cmp(x, right[row]));
    });
  });
}

/// For `column op constant` (either way round) over a flat column, or `column op column`:
/// refines sel in place and returns true; false when `e` has another shape (the caller
/// evaluates it instead).
bool TryRefineComparison(ExpressionState& s, const DataChunk& input, sel_t* sel, idx_t& count) {
  const Expression& e = s.expression;
  if (e.kind != BoundKind::kCompare || e.op == CompareOp::kDistinct ||
      e.op == CompareOp::kNotDistinct) {
    return false;
  }
  const Expression* column = e.children[0].get();
  const Expression* constant = e.children[1].get();
  ExpressionState* constant_state = &s.children[1];
  CompareOp op = e.op;
  if (column->kind == BoundKind::kConstant && constant->kind == BoundKind::kColumnRef) {
    std::swap(column, constant);
    constant_state = &s.children[0];
    op = Flip(op);
  }
  if (column->kind == BoundKind::kColumnRef && constant->kind == BoundKind::kColumnRef) {
    return TryRefineColumns(op, input.data[column->column], input.data[constant->column], sel,
                            count);
  }
  if (column->kind != BoundKind::kColumnRef || constant->kind != BoundKind::kConstant) return false;
  const Vector& v = input.data[column->column];
  if (v.IsConstant() || v.Type() != constant->value.Type()) return false;
  if (constant->value.IsNull()) {
    count = 0;  // a comparison with NULL is never true
    return true;
  }
  const Vector& c = *constant_state->constant;
  return DispatchComparable(v.Type(), [&]<typename T, typename Comparator>() {
    const T& value = c.Values<T>()[0];
    if (op == CompareOp::kEqual || op == CompareOp::kNotEqual) {
      const bool equal = op == CompareOp::kEqual;
      count = RefineRows<T>(v, sel, count, [&](const T& x, sel_t) {
        return EqualValues<T, Comparator>(x, value) == equal;
      });
    } else {
      count = RefineByConstant<T, Comparator>(op, v, value, sel, count);
    }
  });
}

/// TryRefineInList's refinement of the rows sel[0 … count) of the flat `v` by the IN
/// list's constants (the children after the first of `s`).
bool RefineInListColumn(ExpressionState& s, const Vector& v, sel_t* sel, idx_t& count) {
  return DispatchComparable(v.Type(), [&]<typename T, typename Comparator>() {
    // The constants' values, in bytes kept by the state (no allocation per chunk).
    std::vector<uint8_t>& bytes = s.More().in_list_bytes;
    bytes.resize((s.children.size() - 1) * sizeof(T));
    T* items = reinterpret_cast<T*>(bytes.data());
    idx_t n = 0;
    for (size_t i = 1; i < s.children.size(); i++) {
      const Vector& c = *s.children[i].constant;
      if (c.RowIsValid(0)) items[n++] = c.Values<T>()[0];
    }
    count = RefineRows<T>(v, sel, count, [&](const T& x, sel_t) {
      for (idx_t i = 0; i < n; i++) {
        if (EqualValues<T, Comparator>(x, items[i])) return true;
      }
      return false;
    });
  });
}

const Vector& EvaluateOnSelection(ExpressionState& s, const DataChunk& input, const sel_t* sel,
                                  idx_t count);

/// `x IN (c1, …, cn)` of constants: refines sel in place (a NULL among the constants can
/// make the answer NULL, never true, so it is left out) and returns true; false for other
/// shapes. x is a column, or any expression computed on the selected rows (TPC-H Q22's
/// substring(c_phone, 1, 2)): each row is compared with the constants, none flattened.
bool TryRefineInList(ExpressionState& s, const DataChunk& input, sel_t* sel, idx_t& count) {
  const Expression& e = s.expression;
  if (e.kind != BoundKind::kInList) return false;
  for (size_t i = 1; i < e.children.size(); i++) {
    const Expression& item = *e.children[i];
    if (item.kind != BoundKind::kConstant || item.value.Type() != e.children[0]->type) return false;
  }
  if (e.children[0]->kind != BoundKind::kColumnRef) {
    // Decided before x is computed: computed twice, a volatile x would be two draws.
    if (!DispatchComparable(e.children[0]->type, []<typename, typename>() {})) return false;
    // Computed on the selected rows alone (row k of the result is row sel[k]), so that the
    // rows an earlier conjunct dropped raise no error here; then refined as a column.
    const bool all = count == input.size();
    const Vector& v = all ? EvaluateFlat(s.children[0], input)
                          : EvaluateOnSelection(s.children[0], input, sel, count);
    std::vector<sel_t>& rows = s.More().taken;
    rows.resize(count);
    for (idx_t k = 0; k < count; k++) rows[k] = all ? sel[k] : static_cast<sel_t>(k);
    idx_t kept = count;
    RefineInListColumn(s, v, rows.data(), kept);
    // rows[0 … kept) are rows of v: back to the input's rows.
    for (idx_t k = 0; k < kept; k++) sel[k] = all ? rows[k] : sel[rows[k]];
    count = kept;
    return true;
  }
  const Vector& v = input.data[e.children[0]->column];
  if (v.IsConstant()) return false;
  return RefineInListColumn(s, v, sel, count);
}

idx_t Refine(ExpressionState& s, const DataChunk& input, sel_t* sel, idx_t count);

/// `s` evaluated on the rows sel[0 … count) of `input` alone (flat; row k is sel[k]): the
/// columns it reads are copied out into the scratch's `selected`.
const Vector& EvaluateOnSelection(ExpressionState& s, const DataChunk& input, const sel_t* sel,
                                  idx_t count) {
  ExpressionState::Scratch& x = s.More();
  if (!x.own_reads) x.own_reads = ColumnsRead(s.expression);
  CopyRows(input, *x.own_reads, sel, count, x.sel, x.selected);
  return EvaluateFlat(s, x.selected);
}

/// A disjunction: each operand looks only at the rows no earlier operand kept, and the
/// kept rows are put back in order.
idx_t RefineOr(ExpressionState& s, const DataChunk& input, sel_t* sel, idx_t count) {
  std::vector<sel_t>& rest = s.More().remaining;
  std::vector<sel_t>& trial = s.More().taken;
  std::vector<uint8_t>& keep = s.More().kept_rows;
  rest.assign(sel, sel + count);
  keep.assign(input.size(), 0);
  for (auto& child : s.children) {
    if (rest.empty()) break;
    trial = rest;
    const idx_t passed = Refine(child, input, trial.data(), trial.size());
    for (idx_t k = 0; k < passed; k++) keep[trial[k]] = 1;
    std::erase_if(rest, [&](sel_t row) { return keep[row] != 0; });
  }
  idx_t kept = 0;
  for (idx_t k = 0; k < count; k++) {
    sel_t row = sel[k];
    sel[kept] = row;
    kept += keep[row];
  }
  return kept;
}

/// Keeps the rows sel[0 … count) for which `e` is true, in place; returns how many. A
/// conjunction narrows child by child, a disjunction tries each operand on the rows not
/// yet kept, comparisons of a column with a constant or another column and IN lists of
/// constants look only at the rows still selected, and anything else is evaluated over the
/// rows still selected (copied out) or, when that is all of them, the whole chunk.
idx_t Refine(ExpressionState& s, const DataChunk& input, sel_t* sel, idx_t count) {
  if (count == 0) return 0;
  if (s.expression.kind == BoundKind::kAnd) {
    for (auto& child : s.children) count = Refine(child, input, sel, count);
    return count;
  }
  if (s.expression.kind == BoundKind::kOr) return RefineOr(s, input, sel, count);
  if (TryRefineComparison(s, input, sel, count)) return count;
  if (TryRefineInList(s, input, sel, count)) return count;
  idx_t kept = 0;
  if (count < input.size()) {
    // Only the rows still selected: those an earlier conjunct dropped must not raise an
    // error here (`a <> 0 AND 100 / a > 1`), nor cost anything.
    const Vector& v = EvaluateOnSelection(s, input, sel, count);
    const bool* b = v.Values<bool>();
    for (idx_t k = 0; k < count; k++) {
      sel[kept] = sel[k];
      kept += v.RowIsValid(k) && b[k];
    }
    return kept;
  }
  const Vector& v = EvaluateFlat(s, input);
  const bool* b = v.Values<bool>();
  for (idx_t k = 0; k < count; k++) {
    sel_t row = sel[k];
    sel[kept] = row;
    kept += v.RowIsValid(row) && b[row];
  }
  return kept;
}

}  // namespace

idx_t ExpressionExecutor::Select(const DataChunk& input, SelectionVector& sel, idx_t index) {
  const idx_t count = input.size();
  sel_t* rows = sel.Data();
  for (idx_t i = 0; i < count; i++) rows[i] = static_cast<sel_t>(i);
  return teal::Refine(states_[index], input, rows, count);
}

idx_t ExpressionExecutor::Refine(const DataChunk& input, sel_t* sel, idx_t count, idx_t index) {
  return teal::Refine(states_[index], input, sel, count);
}

}  // namespace teal
