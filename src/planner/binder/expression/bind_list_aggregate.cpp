// Binder: the list functions that run an aggregate or compare elements —
// list_aggregate(list, 'name') (array_aggregate, list_aggr, aggregate) and its short
// forms list_<aggregate> / array_<aggregate> (list_sum, list_min, list_count, list_avg,
// list_string_agg, …: any aggregate of one argument), list_distinct, list_unique,
// list_sort, list_reverse_sort and list_grade_up (grade_up, array_grade_up: the positions
// that sort the list). Each row's elements go through the aggregate's state as a group's
// rows would; distinct and sort compare elements by their index keys
// (index/art/art_key.hpp), nested ones as values.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <unordered_set>

#include "execution/expression_executor.hpp"
#include "function/function.hpp"
#include "index/art/art_key.hpp"
#include "planner/binder/binder_internal.hpp"
#include "vector/vector_cast.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

/// Calls fn(i, entry) for each row of `list` that is not NULL.
template <class Fn>
void ForEachList(const Vector& list, idx_t count, Fn fn) {
  const auto* entries = list.Values<list_entry_t>();
  for (idx_t i = 0; i < count; i++) {
    if (list.RowIsValid(i)) fn(i, entries[i]);
  }
}

/// The elements of one list, compared: by their index keys, or (`by_value`, for elements
/// no index keys: lists, structs, …) as Values by the total order.
class ElementOrder {
 public:
  explicit ElementOrder(bool by_value) : by_value_(by_value) {}

  void Build(const Vector& list, idx_t row, const list_entry_t& entry) {
    if (!by_value_) {
      keys_.BuildListElements(list, row);
      return;
    }
    values_.clear();
    for (idx_t k = 0; k < entry.length; k++) {
      values_.push_back(list.ListChild().GetValue(entry.offset + k));
    }
  }
  idx_t Count() const { return by_value_ ? values_.size() : keys_.Count(); }
  bool IsNull(idx_t k) const { return by_value_ ? values_[k].IsNull() : keys_.HasNull(k); }
  /// -1, 0 or 1 for two elements that are not NULL.
  int Compare(idx_t a, idx_t b) const {
    if (by_value_) return CompareValues(values_[a], values_[b]);
    const int c = keys_.Key(a).View().compare(keys_.Key(b).View());
    return (c > 0) - (c < 0);
  }
  /// The first element of each value (NULLs left out), in list order.
  std::vector<idx_t> FirstOfEach() const {
    std::vector<idx_t> sorted;
    for (idx_t k = 0; k < Count(); k++) {
      if (!IsNull(k)) sorted.push_back(k);
    }
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](idx_t a, idx_t b) { return Compare(a, b) < 0; });
    std::vector<idx_t> first;
    for (size_t k = 0; k < sorted.size(); k++) {
      if (k == 0 || Compare(sorted[k - 1], sorted[k]) != 0) first.push_back(sorted[k]);
    }
    std::sort(first.begin(), first.end());
    return first;
  }

 private:
  bool by_value_;
  art::ArtKeyBuilder keys_;
  std::vector<Value> values_;
};

/// `aggregate` over each list's elements; `constants` (list_aggr(l, 'string_agg', ','))
/// are its further arguments, the same for every element, of its argument types.
ScalarFunctionBody AggregateBody(AggregateFunction aggregate, LogicalType element,
                                 std::vector<Value> constants) {
  return [aggregate, element, constants](const DataChunk& args, Vector& result, idx_t count) {
    const Vector& list = args.data[0];
    std::unique_ptr<data_t[]> state(new data_t[std::max<idx_t>(aggregate.state_size, 1)]);
    std::vector<data_ptr_t> states(kVectorSize, state.get());
    data_ptr_t one = state.get();
    // The elements, and (when the aggregate takes another type: var_samp's DOUBLE) them
    // converted, as a cast on an aggregate's argument would.
    const LogicalType& input = aggregate.arguments[0];
    const bool convert = !(input == element);
    std::vector<LogicalType> types = {input};
    for (const Value& constant : constants) types.push_back(constant.Type());
    DataChunk elements({element}), chunk(types);
    ForEachList(list, count, [&](idx_t i, const list_entry_t& entry) {
      aggregate.initialize(state.get());
      const Vector& child = list.ListChild();
      for (uint64_t done = 0; done < entry.length;) {
        const idx_t n = static_cast<idx_t>(std::min<uint64_t>(kVectorSize, entry.length - done));
        // The elements of the batch, without NULLs when the aggregate skips them.
        SelectionVector keep(n);
        idx_t kept = 0;
        for (idx_t k = 0; k < n; k++) {
          const idx_t at = entry.offset + done + k;
          if (!aggregate.ignores_nulls || child.RowIsValid(at)) keep.Set(kept++, at);
        }
        elements.data[0].Recycle(kept);
        elements.data[0].CopyFrom(child, keep, kept, 0, 0);
        if (convert) {
          chunk.data[0].Recycle(kept);
          CastVector(elements.data[0], chunk.data[0], kept);
        } else {
          chunk.data[0].Reference(elements.data[0]);
        }
        for (size_t c = 0; c < constants.size(); c++) {
          Vector& column = chunk.data[c + 1];
          column.Recycle(kept);
          for (idx_t k = 0; k < kept; k++) column.SetValue(k, constants[c]);
        }
        chunk.SetCardinality(kept);
        if (kept > 0) aggregate.update(chunk, states.data(), kept);
        done += n;
      }
      aggregate.finalize(&one, 1, result, i);
      if (aggregate.destroy) aggregate.destroy(state.get());
    });
  };
}

}  // namespace

ExpressionPtr Binder::BindListAggregate(const std::string& name,
                                        std::vector<ExpressionPtr>& arguments,
                                        const ParsedExpression& e) {
  std::string what;  // the aggregate, or distinct / unique / sort / reverse_sort
  size_t extra = 1;  // arguments after the list that `what` consumes
  if (name == "list_aggregate" || name == "array_aggregate" || name == "list_aggr" ||
      name == "aggregate" || name == "array_aggr") {
    if (arguments.size() < 2 || arguments[1]->kind != BoundKind::kConstant ||
        arguments[1]->type.Id() != TypeId::kVarchar || arguments[1]->value.IsNull()) {
      throw BinderError(
          fmt::format("{} takes a list and the name of an aggregate: {}", name, e.ToString()));
    }
    what = Catalog::Key(arguments[1]->value.GetString());
    extra = 2;
  } else if (name.starts_with("list_") || name.starts_with("array_")) {
    what = name.substr(name.find('_') + 1);
  } else if (name == "grade_up") {
    what = name;
  } else {
    return nullptr;
  }
  const bool compare = what == "distinct" || what == "unique" || what == "sort" ||
                       what == "reverse_sort" || what == "grade_up";
  const AggregateFunctionSet* set =
      compare ? nullptr : FunctionCatalog::Builtins().FindAggregate(what);
  if (!compare && !set) {
    if (extra == 2) throw BinderError(fmt::format("{}: there is no aggregate {}", name, what));
    return nullptr;
  }
  if (arguments.empty()) {
    throw BinderError(fmt::format("{} does not support the supplied arguments: it takes a list: {}",
                                  name, e.ToString()));
  }
  ExpressionPtr& list = arguments[0];
  list = ArrayAsList(std::move(list));
  if (list->type.Id() == TypeId::kSqlNull ||
      (list->type.Id() == TypeId::kList && list->type.ListChild().Id() == TypeId::kSqlNull)) {
    list = MakeCast(std::move(list), LogicalType::List(TypeId::kInteger));
  }
  if (list->type.Id() != TypeId::kList) {
    throw BinderError(
        fmt::format("No function matches the given name and argument types '{}({})': a LIST "
                    "argument is expected",
                    name, list->type.ToString()));
  }
  const LogicalType element = list->type.ListChild();
  ScalarFunction function;
  function.name = name;
  function.arguments = {list->type};
  if (set) {
    // The aggregate's further arguments (string_agg's separator, quantile's fraction):
    // constants, the same for every element.
    std::vector<LogicalType> types = {element};
    std::vector<bool> literals = {false};
    std::vector<Value> constants;
    for (size_t a = extra; a < arguments.size(); a++) {
      if (!arguments[a]->IsFoldable()) {
        throw InvalidInputError(
            fmt::format("{}: extra arguments must be constant (those of {} after the list): {}",
                        name, what, e.ToString()));
      }
      constants.push_back(arguments[a]->kind == BoundKind::kConstant
                              ? arguments[a]->value
                              : ExpressionExecutor::EvaluateConstant(*arguments[a]));
      types.push_back(constants.back().Type());
      literals.push_back(IsLiteral(*arguments[a]));
    }
    AggregateFunction aggregate = ResolveAggregate(*set, types, literals);
    for (size_t c = 0; c < constants.size(); c++) {
      constants[c] = constants[c].CastAs(aggregate.arguments[c + 1]);
    }
    function.return_type = aggregate.return_type;
    function.body = AggregateBody(std::move(aggregate), element, std::move(constants));
  } else {
    // Elements an index can key compare by their keys; nested ones (lists, structs, …) as
    // values, by the total order.
    bool by_value = false;
    try {
      art::CheckIndexableType(element);
    } catch (const NotImplementedError&) {
      by_value = true;
    }
    // list_sort's order: ASC / DESC, then NULLS FIRST / LAST (else the default null order).
    bool descending = what == "reverse_sort";
    std::optional<bool> nulls_first;
    for (size_t a = 1; a < arguments.size(); a++) {
      const Expression& option = *arguments[a];
      const std::string text = option.kind == BoundKind::kConstant &&
                                       option.type.Id() == TypeId::kVarchar &&
                                       !option.value.IsNull()
                                   ? Catalog::Key(option.value.GetString())
                                   : "";
      const bool sort = what == "sort" || what == "reverse_sort" || what == "grade_up";
      if (sort && a == 1 && what != "reverse_sort" && (text == "asc" || text == "desc")) {
        descending = text == "desc";
      } else if (sort && (text == "nulls first" || text == "nulls last") &&
                 a == arguments.size() - 1) {
        nulls_first = text == "nulls first";
      } else {
        throw BinderError(
            fmt::format("{}: {} is not an order (ASC or DESC, then NULLS FIRST or NULLS LAST)",
                        name, option.ToString()));
      }
    }
    const bool nulls_go_first = nulls_first.value_or(
        options_.null_order == NullOrder::kNullsFirst ||
        (options_.null_order == NullOrder::kNullsFirstOnAscLastOnDesc && !descending) ||
        (options_.null_order == NullOrder::kNullsLastOnAscFirstOnDesc && descending));
    if (what == "unique") {
      function.return_type = TypeId::kBigInt;
      function.body = [by_value](const DataChunk& args, Vector& result, idx_t count) {
        ElementOrder elements(by_value);
        int64_t* out = result.Values<int64_t>();
        ForEachList(args.data[0], count, [&](idx_t i, const list_entry_t& entry) {
          elements.Build(args.data[0], i, entry);
          out[i] = static_cast<int64_t>(elements.FirstOfEach().size());
        });
      };
    } else {
      const bool distinct = what == "distinct";
      // grade_up: the 1-based positions that sort the list, instead of its sorted elements.
      const bool grade = what == "grade_up";
      function.return_type = grade ? LogicalType::List(TypeId::kBigInt) : list->type;
      function.body = [by_value, distinct, grade, descending, nulls_go_first](
                          const DataChunk& args, Vector& result, idx_t count) {
        const Vector& list = args.data[0];
        auto* out = result.Values<list_entry_t>();
        ElementOrder elements(by_value);
        idx_t used = 0;
        ForEachList(list, count, [&](idx_t i, const list_entry_t& entry) {
          elements.Build(list, i, entry);
          std::vector<idx_t> order;
          if (distinct) {
            // The first of each value, in list order; NULLs go (DuckDB's list_distinct).
            order = elements.FirstOfEach();
          } else {
            std::vector<idx_t> values, nulls;
            for (idx_t k = 0; k < elements.Count(); k++)
              (elements.IsNull(k) ? nulls : values).push_back(k);
            std::stable_sort(values.begin(), values.end(), [&](idx_t a, idx_t b) {
              const int c = elements.Compare(a, b);
              return descending ? c > 0 : c < 0;
            });
            if (nulls_go_first) order = nulls;
            order.insert(order.end(), values.begin(), values.end());
            if (!nulls_go_first) order.insert(order.end(), nulls.begin(), nulls.end());
          }
          result.SetListSize(used + order.size());
          if (grade) {
            Vector& positions = result.ListChild();
            for (size_t k = 0; k < order.size(); k++) {
              positions.Values<int64_t>()[used + k] = static_cast<int64_t>(order[k]) + 1;
              positions.SetNull(used + k, false);
            }
          } else if (!order.empty()) {
            SelectionVector sel(order.size());
            for (size_t k = 0; k < order.size(); k++) sel.Set(k, entry.offset + order[k]);
            result.ListChild().CopyFrom(list.ListChild(), sel, order.size(), 0, used);
          }
          out[i] = {used, order.size()};
          used += order.size();
        });
      };
    }
  }
  auto call = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  call->children.push_back(std::move(list));
  call->function = std::make_shared<const ScalarFunction>(std::move(function));
  return call;
}

}  // namespace teal
