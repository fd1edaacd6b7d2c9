// ExpressionExecutor: one function per bound expression kind; comparisons are
// templated on the stored type and the operator so the row loop has no dispatch.
#include "execution/expression_executor.hpp"

#include <cmath>

#include "common/assert.hpp"
#include "common/stack.hpp"
#include "execution/subquery.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/value_compare.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {

bool Holds(CompareOp op, int c) { return ComparisonHolds(op, c); }

template <typename T, typename Comparator, CompareOp kOp>
void CompareLoop(const Vector& left, const Vector& right, Vector& result, idx_t count) {
  const T* a = left.Values<T>();
  const T* b = right.Values<T>();
  bool* out = result.Values<bool>();
  const bool distinct_op = kOp == CompareOp::kDistinct || kOp == CompareOp::kNotDistinct;
  const bool all_valid = left.Validity().AllValid() && right.Validity().AllValid();
  for (idx_t i = 0; i < count; i++) {
    if (all_valid) {
      out[i] = Holds(kOp, Comparator::Cmp(a[i], b[i]));
      continue;
    }
    bool lv = left.RowIsValid(i), rv = right.RowIsValid(i);
    if (lv && rv) {
      out[i] = Holds(kOp, Comparator::Cmp(a[i], b[i]));
    } else if (distinct_op) {
      // NULL IS DISTINCT FROM x: true unless both are NULL.
      bool distinct = lv != rv;
      out[i] = kOp == CompareOp::kDistinct ? distinct : !distinct;
    } else {
      result.SetNull(i);
    }
  }
}

template <typename T, typename Comparator>
void CompareWith(CompareOp op, const Vector& l, const Vector& r, Vector& result, idx_t count) {
  switch (op) {
    case CompareOp::kEqual:
      return CompareLoop<T, Comparator, CompareOp::kEqual>(l, r, result, count);
    case CompareOp::kNotEqual:
      return CompareLoop<T, Comparator, CompareOp::kNotEqual>(l, r, result, count);
    case CompareOp::kLess:
      return CompareLoop<T, Comparator, CompareOp::kLess>(l, r, result, count);
    case CompareOp::kLessEqual:
      return CompareLoop<T, Comparator, CompareOp::kLessEqual>(l, r, result, count);
    case CompareOp::kGreater:
      return CompareLoop<T, Comparator, CompareOp::kGreater>(l, r, result, count);
    case CompareOp::kGreaterEqual:
      return CompareLoop<T, Comparator, CompareOp::kGreaterEqual>(l, r, result, count);
    case CompareOp::kDistinct:
      return CompareLoop<T, Comparator, CompareOp::kDistinct>(l, r, result, count);
    case CompareOp::kNotDistinct:
      return CompareLoop<T, Comparator, CompareOp::kNotDistinct>(l, r, result, count);
  }
}

void CompareVectors(CompareOp op, const Vector& left, const Vector& right, Vector& result,
                    idx_t count) {
  const LogicalType& type = left.Type();
  if (type.Id() == TypeId::kTimeTz)
    return CompareWith<uint64_t, TimeTzCompare>(op, left, right, result, count);
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      return CompareWith<string_t, StringCompare>(op, left, right, result, count);
    case PhysicalType::kInterval:
      return CompareWith<interval_t, IntervalCompare>(op, left, right, result, count);
    case PhysicalType::kList: {
      bool* out = result.Values<bool>();
      for (idx_t i = 0; i < count; i++) {
        bool lv = left.RowIsValid(i), rv = right.RowIsValid(i);
        if (lv && rv) {
          out[i] = Holds(op, CompareValues(left.GetValue(i), right.GetValue(i)));
        } else if (op == CompareOp::kDistinct || op == CompareOp::kNotDistinct) {
          out[i] = (op == CompareOp::kDistinct) == (lv != rv);
        } else {
          result.SetNull(i);
        }
      }
      return;
    }
    default:
      DispatchFixedWidth(type.Physical(), [&]<typename T>() {
        if constexpr (!std::is_same_v<T, interval_t>) {
          CompareWith<T, PlainCompare<T>>(op, left, right, result, count);
        }
        return 0;
      });
  }
}

// ---- boolean logic ----------------------------------------------------------------

/// Three-valued AND/OR of `operand` into `acc` (both BOOLEAN, flat).
void Combine(bool is_and, const Vector& operand, Vector& acc, idx_t count) {
  const bool* b = operand.Values<bool>();
  bool* a = acc.Values<bool>();
  for (idx_t i = 0; i < count; i++) {
    bool av = acc.RowIsValid(i), bv = operand.RowIsValid(i);
    // The dominant value (false for AND, true for OR) wins even over NULL.
    bool dominant = !is_and;
    if ((av && a[i] == dominant) || (bv && b[i] == dominant)) {
      a[i] = dominant;
      acc.Validity().SetValid(i);
    } else if (!av || !bv) {
      acc.SetNull(i);
    } else {
      a[i] = !dominant;
    }
  }
}

void ExecuteInto(const Expression& e, const DataChunk& input, Vector& result);

/// Evaluates `e` into a fresh flat vector of `count` rows.
Vector EvaluateFlat(const Expression& e, const DataChunk& input) {
  Vector v(e.type, 0);  // ExecuteInto makes it reference the computed vector
  ExecuteInto(e, input, v);
  v.Flatten(input.size());
  return v;
}

/// `input` narrowed to the rows `rows` (in order).
DataChunk SliceRows(const DataChunk& input, const std::vector<sel_t>& rows) {
  DataChunk subset;
  subset.Reference(input);
  SelectionVector sel(rows.size());
  for (idx_t i = 0; i < rows.size(); i++) sel.Set(i, rows[i]);
  subset.Slice(sel, rows.size());
  return subset;
}

/// Copies row i of `values` to row rows[i] of `out`, for every i.
void Scatter(const Vector& values, const std::vector<sel_t>& rows, Vector& out) {
  for (idx_t i = 0; i < rows.size(); i++) {
    SelectionVector one(1);
    one.Set(0, i);
    out.CopyFrom(values, one, 1, 0, rows[i]);
  }
}

/// The arguments of a ScalarFunction with arguments_in_turn (COALESCE): argument k is
/// evaluated only on the rows every earlier argument left NULL, and is NULL elsewhere.
void EvaluateInTurn(const Expression& e, const DataChunk& input, DataChunk& arguments) {
  const idx_t count = input.size();
  std::vector<sel_t> pending(count);
  for (idx_t i = 0; i < count; i++) pending[i] = static_cast<sel_t>(i);
  for (const auto& child : e.children) {
    if (pending.size() == count) {
      arguments.data.push_back(EvaluateFlat(*child, input));
    } else {
      Vector v(child->type, std::max<idx_t>(count, 1));
      for (idx_t i = 0; i < count; i++) v.SetNull(i);
      if (!pending.empty()) Scatter(EvaluateFlat(*child, SliceRows(input, pending)), pending, v);
      arguments.data.push_back(std::move(v));
    }
    const Vector& v = arguments.data.back();
    std::erase_if(pending, [&](sel_t row) { return v.RowIsValid(row); });
  }
}

void ExecuteInto(const Expression& e, const DataChunk& input, Vector& result) {
  CheckStackDepth("an expression");
  const idx_t count = input.size();
  switch (e.kind) {
    case BoundKind::kConstant: {
      Vector constant(e.value);
      result.Reference(constant);
      return;
    }
    case BoundKind::kColumnRef:
      result.Reference(input.data[e.column]);
      return;
    case BoundKind::kCast: {
      Vector child(e.children[0]->type, 0);
      ExecuteInto(*e.children[0], input, child);
      Vector converted(e.type, std::max<idx_t>(count, 1));
      CastVector(child, converted, child.IsConstant() ? 1 : count);
      result.Reference(converted);
      return;
    }
    case BoundKind::kCompare: {
      Vector left = EvaluateFlat(*e.children[0], input);
      Vector right = EvaluateFlat(*e.children[1], input);
      Vector out(TypeId::kBoolean, std::max<idx_t>(count, 1));
      CompareVectors(e.op, left, right, out, count);
      result.Reference(out);
      return;
    }
    case BoundKind::kAnd:
    case BoundKind::kOr: {
      Vector acc = EvaluateFlat(*e.children[0], input);
      Vector owned(TypeId::kBoolean, std::max<idx_t>(count, 1));
      SelectionVector none;
      owned.CopyFrom(acc, none, count, 0, 0);  // never write into a referenced column
      for (size_t i = 1; i < e.children.size(); i++) {
        Vector operand = EvaluateFlat(*e.children[i], input);
        Combine(e.kind == BoundKind::kAnd, operand, owned, count);
      }
      result.Reference(owned);
      return;
    }
    case BoundKind::kInList: {
      Vector x = EvaluateFlat(*e.children[0], input);
      Vector acc(TypeId::kBoolean, std::max<idx_t>(count, 1));
      std::fill_n(acc.Values<bool>(), count, false);
      Vector equal(TypeId::kBoolean, std::max<idx_t>(count, 1));
      for (size_t i = 1; i < e.children.size(); i++) {
        Vector item = EvaluateFlat(*e.children[i], input);
        equal.Validity().Reset();
        CompareVectors(CompareOp::kEqual, x, item, equal, count);
        Combine(/*is_and=*/false, equal, acc, count);
      }
      result.Reference(acc);
      return;
    }
    case BoundKind::kNot: {
      Vector child = EvaluateFlat(*e.children[0], input);
      Vector out(TypeId::kBoolean, std::max<idx_t>(count, 1));
      const bool* in = child.Values<bool>();
      bool* o = out.Values<bool>();
      for (idx_t i = 0; i < count; i++) {
        if (child.RowIsValid(i)) {
          o[i] = !in[i];
        } else {
          out.SetNull(i);
        }
      }
      result.Reference(out);
      return;
    }
    case BoundKind::kIsNull:
    case BoundKind::kIsNotNull: {
      Vector child = EvaluateFlat(*e.children[0], input);
      Vector out(TypeId::kBoolean, std::max<idx_t>(count, 1));
      bool* o = out.Values<bool>();
      bool want_null = e.kind == BoundKind::kIsNull;
      for (idx_t i = 0; i < count; i++) o[i] = child.RowIsValid(i) != want_null;
      result.Reference(out);
      return;
    }
    case BoundKind::kSubquery: {
      Vector out(e.type, std::max<idx_t>(count, 1));
      ExecuteSubquery(e, input, out);
      result.Reference(out);
      return;
    }
    case BoundKind::kOuterRef:
      throw InternalError("an outer reference was not replaced before execution");
    case BoundKind::kListValue: {
      std::vector<Vector> elements;
      for (const auto& child : e.children) elements.push_back(EvaluateFlat(*child, input));
      Vector out(e.type, std::max<idx_t>(count, 1));
      for (idx_t row = 0; row < count; row++) {
        std::vector<Value> values;
        for (auto& element : elements) values.push_back(element.GetValue(row));
        out.SetValue(row, Value::List(e.type.ListChild(), std::move(values)));
      }
      result.Reference(out);
      return;
    }
    case BoundKind::kFunction: {
      DataChunk arguments;
      if (e.function->arguments_in_turn) {
        EvaluateInTurn(e, input, arguments);
      } else {
        for (const auto& child : e.children) arguments.data.push_back(EvaluateFlat(*child, input));
      }
      arguments.SetCardinality(count);
      Vector out(e.type, std::max<idx_t>(count, 1));
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
      result.Reference(out);
      return;
    }
    case BoundKind::kCase: {
      // Each result is computed only for the rows its condition picks, so that an
      // error in a branch (1 / 0) cannot come from rows that did not take it.
      Vector out(e.type, std::max<idx_t>(count, 1));
      std::vector<sel_t> remaining(count);
      for (idx_t i = 0; i < count; i++) remaining[i] = static_cast<sel_t>(i);
      auto assign = [&](const Expression& value, const std::vector<sel_t>& rows) {
        if (rows.empty()) return;
        Scatter(EvaluateFlat(value, SliceRows(input, rows)), rows, out);
      };
      for (size_t w = 0; w + 1 < e.children.size() && !remaining.empty(); w += 2) {
        Vector condition = EvaluateFlat(*e.children[w], SliceRows(input, remaining));
        std::vector<sel_t> taken, rest;
        const bool* b = condition.Values<bool>();
        for (idx_t i = 0; i < remaining.size(); i++) {
          (condition.RowIsValid(i) && b[i] ? taken : rest).push_back(remaining[i]);
        }
        assign(*e.children[w + 1], taken);
        remaining = std::move(rest);
      }
      assign(*e.children.back(), remaining);
      result.Reference(out);
      return;
    }
    case BoundKind::kAggregate:
      throw InternalError("aggregate evaluated outside an aggregate operator");
    case BoundKind::kParameter:
      throw InternalError("parameter $" + std::to_string(e.column + 1) +
                          " reached execution unbound");
  }
}

}  // namespace

int CompareValues(const Value& a, const Value& b) {
  TEAL_ASSERT(a.Type() == b.Type());
  if (a.Type().Id() == TypeId::kList) {
    const auto& x = a.GetList();
    const auto& y = b.GetList();
    for (size_t i = 0; i < std::min(x.size(), y.size()); i++) {
      // NULL elements sort after every value.
      if (x[i].IsNull() || y[i].IsNull()) {
        if (x[i].IsNull() != y[i].IsNull()) return x[i].IsNull() ? 1 : -1;
        continue;
      }
      int c = CompareValues(x[i], y[i]);
      if (c != 0) return c;
    }
    return Compare3(x.size(), y.size());
  }
  Vector left(a), right(b);
  left.Flatten(1);
  right.Flatten(1);
  Vector less(TypeId::kBoolean, 1), equal(TypeId::kBoolean, 1);
  CompareVectors(CompareOp::kLess, left, right, less, 1);
  CompareVectors(CompareOp::kEqual, left, right, equal, 1);
  if (equal.Values<bool>()[0]) return 0;
  return less.Values<bool>()[0] ? -1 : 1;
}

void ExpressionExecutor::Execute(const Expression& expression, const DataChunk& input,
                                 Vector& result) {
  ExecuteInto(expression, input, result);
}

namespace {

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
  auto run = [&](auto holds) {
    if (validity.AllValid() && all_rows) {
      for (idx_t k = 0; k < count; k++) {
        sel[kept] = static_cast<sel_t>(k);
        kept += holds(Comparator::Cmp(values[k], constant));
      }
    } else if (validity.AllValid()) {
      for (idx_t k = 0; k < count; k++) {
        sel_t row = sel[k];
        sel[kept] = row;
        kept += holds(Comparator::Cmp(values[row], constant));
      }
    } else {
      for (idx_t k = 0; k < count; k++) {
        sel_t row = sel[k];
        sel[kept] = row;
        kept += validity.RowIsValid(row) && holds(Comparator::Cmp(values[row], constant));
      }
    }
  };
  switch (op) {
    case CompareOp::kEqual:
      run([](int c) { return c == 0; });
      break;
    case CompareOp::kNotEqual:
      run([](int c) { return c != 0; });
      break;
    case CompareOp::kLess:
      run([](int c) { return c < 0; });
      break;
    case CompareOp::kLessEqual:
      run([](int c) { return c <= 0; });
      break;
    case CompareOp::kGreater:
      run([](int c) { return c > 0; });
      break;
    case CompareOp::kGreaterEqual:
      run([](int c) { return c >= 0; });
      break;
    default:
      throw InternalError("RefineByConstant of a DISTINCT comparison");
  }
  return kept;
}

/// `op` with its operands swapped (a op b == b Flip(op) a).
CompareOp Flip(CompareOp op) {
  switch (op) {
    case CompareOp::kLess:
      return CompareOp::kGreater;
    case CompareOp::kLessEqual:
      return CompareOp::kGreaterEqual;
    case CompareOp::kGreater:
      return CompareOp::kLess;
    case CompareOp::kGreaterEqual:
      return CompareOp::kLessEqual;
    default:
      return op;
  }
}

/// For `column op constant` (either way round) over a flat column: refines sel in place and
/// returns true; false when `e` has another shape (the caller evaluates it instead).
bool TryRefineComparison(const Expression& e, const DataChunk& input, sel_t* sel, idx_t& count) {
  if (e.kind != BoundKind::kCompare || e.op == CompareOp::kDistinct ||
      e.op == CompareOp::kNotDistinct) {
    return false;
  }
  const Expression* column = e.children[0].get();
  const Expression* constant = e.children[1].get();
  CompareOp op = e.op;
  if (column->kind == BoundKind::kConstant && constant->kind == BoundKind::kColumnRef) {
    std::swap(column, constant);
    op = Flip(op);
  }
  if (column->kind != BoundKind::kColumnRef || constant->kind != BoundKind::kConstant) return false;
  const Vector& v = input.data[column->column];
  if (v.IsConstant() || v.Type() != constant->value.Type()) return false;
  if (constant->value.IsNull()) {
    count = 0;  // a comparison with NULL is never true
    return true;
  }
  const LogicalType& type = v.Type();
  Vector c(constant->value);
  if (type.Id() == TypeId::kTimeTz) {
    count = RefineByConstant<uint64_t, TimeTzCompare>(op, v, c.Values<uint64_t>()[0], sel, count);
    return true;
  }
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      count = RefineByConstant<string_t, StringCompare>(op, v, c.Values<string_t>()[0], sel, count);
      return true;
    case PhysicalType::kInterval:
      count = RefineByConstant<interval_t, IntervalCompare>(op, v, c.Values<interval_t>()[0], sel,
                                                            count);
      return true;
    case PhysicalType::kList:
    case PhysicalType::kInvalid:
      return false;
    default:
      DispatchFixedWidth(type.Physical(), [&]<typename T>() {
        if constexpr (!std::is_same_v<T, interval_t>) {
          count = RefineByConstant<T, PlainCompare<T>>(op, v, c.Values<T>()[0], sel, count);
        }
        return 0;
      });
      return true;
  }
}

/// Keeps the rows sel[0 … count) for which `e` is true, in place; returns how many. A
/// conjunction narrows child by child, and comparisons of a column with a constant look
/// only at the rows still selected; anything else is evaluated over the whole chunk.
idx_t Refine(const Expression& e, const DataChunk& input, sel_t* sel, idx_t count) {
  if (count == 0) return 0;
  if (e.kind == BoundKind::kAnd) {
    for (const auto& child : e.children) count = Refine(*child, input, sel, count);
    return count;
  }
  if (TryRefineComparison(e, input, sel, count)) return count;
  Vector v = EvaluateFlat(e, input);
  const bool* b = v.Values<bool>();
  idx_t kept = 0;
  for (idx_t k = 0; k < count; k++) {
    sel_t row = sel[k];
    sel[kept] = row;
    kept += v.RowIsValid(row) && b[row];
  }
  return kept;
}

}  // namespace

idx_t ExpressionExecutor::Select(const Expression& expression, const DataChunk& input,
                                 SelectionVector& sel) {
  const idx_t count = input.size();
  sel_t* rows = sel.Data();
  for (idx_t i = 0; i < count; i++) rows[i] = static_cast<sel_t>(i);
  return Refine(expression, input, rows, count);
}

}  // namespace teal
