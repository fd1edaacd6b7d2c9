// IndexScan: which index serves a scan's filters, and the row ids it gives.
#include "execution/index_scan.hpp"

#include <algorithm>
#include <map>
#include <shared_mutex>

#include "catalog/catalog.hpp"
#include "index/art/art.hpp"
#include "index/art/art_key.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// Combinations of fixed values an index scan looks up at most (an IN list of 100 on
/// each of two columns is 10,000); with more it fixes fewer columns.
constexpr idx_t kMaxPrefixes = 10000;

/// Whether the ART key of `type` orders and equates values exactly as Teal's comparisons
/// do (art_key.hpp). TIMETZ and INTERVAL keys are built so too, but their comparisons
/// normalise (an instant, a month as 30 days) and are left to the table scan; nested
/// values, ENUMs and collated strings compare otherwise than their keys.
bool KeyMatchesComparison(const LogicalType& type) {
  if (type.IsIntegral()) return true;
  switch (type.Id()) {
    case TypeId::kBoolean:
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDecimal:
    case TypeId::kBlob:
    case TypeId::kDate:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
    case TypeId::kUuid:
    case TypeId::kBignum:
      return true;
    case TypeId::kVarchar:
      return type.Collation().empty();
    default:
      return false;
  }
}

std::string KeyOf(const Value& value) {
  std::string key;
  art::AppendValueKey(value, key);
  return key;
}

/// What the filters say of one table column.
struct ColumnConditions {
  std::optional<std::vector<std::string>> values;  // `=` / IN: the keys it may have
  std::optional<IndexBound> lower, upper;

  void Restrict(std::vector<std::string> keys) {
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    if (values) {
      std::vector<std::string> both;
      std::set_intersection(values->begin(), values->end(), keys.begin(), keys.end(),
                            std::back_inserter(both));
      keys = std::move(both);
    }
    values = std::move(keys);
  }
  void TightenLower(IndexBound bound) {
    if (!lower || bound.key > lower->key || (bound.key == lower->key && !bound.inclusive)) {
      lower = std::move(bound);
    }
  }
  void TightenUpper(IndexBound bound) {
    if (!upper || bound.key < upper->key || (bound.key == upper->key && !bound.inclusive)) {
      upper = std::move(bound);
    }
  }
  /// Drops the fixed values the range rules out.
  void Settle() {
    if (!values) return;
    std::erase_if(*values, [&](const std::string& key) {
      return (lower && (key < lower->key || (key == lower->key && !lower->inclusive))) ||
             (upper && (key > upper->key || (key == upper->key && !upper->inclusive)));
    });
  }
};

void Conjuncts(const Expression& e, std::vector<const Expression*>& out) {
  if (e.kind == BoundKind::kAnd) {
    for (const auto& child : e.children) Conjuncts(*child, out);
  } else {
    out.push_back(&e);
  }
}

/// What the filters say of the table's columns and of expressions over them, each a
/// target: table column c is target c; the expressions (for indexes on expressions) are
/// targets from the table's width on.
class ConditionCollector {
 public:
  ConditionCollector(const TableEntry& table, const std::vector<idx_t>& column_ids)
      : table_(table), column_ids_(column_ids) {}

  void Add(const Expression& e) {
    if (e.kind == BoundKind::kCompare) {
      AddComparison(e);
    } else if (e.kind == BoundKind::kInList) {
      idx_t column = 0;
      if (!Target(*e.children[0], column)) return;
      std::vector<std::string> keys;
      for (size_t i = 1; i < e.children.size(); i++) {
        const Expression& item = *e.children[i];
        if (item.kind != BoundKind::kConstant || !(item.type == e.children[0]->type)) return;
        // A NULL in the list never makes it true.
        if (!item.value.IsNull()) keys.push_back(KeyOf(item.value));
      }
      columns_[column].Restrict(std::move(keys));
    }
  }

  std::map<idx_t, ColumnConditions>& Columns() {
    for (auto& [column, conditions] : columns_) conditions.Settle();
    return columns_;
  }

  /// The target of an index's key part `part` (bound over a chunk of `columns`), if the
  /// filters named it.
  std::optional<idx_t> TargetOf(const Expression& part, const std::vector<idx_t>& columns) const {
    if (part.kind == BoundKind::kColumnRef) return columns[part.column];
    ExpressionPtr over_table = part.Copy();
    RemapColumns(*over_table, [&](idx_t c) { return columns[c]; });
    for (size_t i = 0; i < expressions_.size(); i++) {
      if (expressions_[i]->Equals(*over_table)) return table_.columns.size() + i;
    }
    return std::nullopt;
  }

 private:
  /// Whether `e` is a column of the scan, or an expression over its columns, that an
  /// index scan can use; sets its target.
  bool Target(const Expression& e, idx_t& target) {
    if (!KeyMatchesComparison(e.type)) return false;
    if (e.kind == BoundKind::kColumnRef) {
      if (e.column >= column_ids_.size()) return false;
      target = column_ids_[e.column];
      if (target == kRowIdColumn || target >= table_.columns.size()) return false;
      return table_.columns[target].type == e.type;
    }
    // An expression: only an index on that expression can use it.
    if (e.kind == BoundKind::kConstant || e.kind == BoundKind::kParameter ||
        !table_.indexes->AnyOnExpressions() || !IsMovable(e) ||
        ContainsKind(e, BoundKind::kSubquery)) {
      return false;
    }
    bool reads_table = true, reads_any = false;
    ForEachColumn(e, [&](idx_t c) {
      reads_any = true;
      reads_table = reads_table && c < column_ids_.size() && column_ids_[c] != kRowIdColumn &&
                    column_ids_[c] < table_.columns.size();
    });
    if (!reads_any || !reads_table) return false;
    ExpressionPtr over_table = e.Copy();
    RemapColumns(*over_table, [&](idx_t c) { return column_ids_[c]; });
    for (size_t i = 0; i < expressions_.size(); i++) {
      if (expressions_[i]->Equals(*over_table)) {
        target = table_.columns.size() + i;
        return true;
      }
    }
    target = table_.columns.size() + expressions_.size();
    expressions_.push_back(std::move(over_table));
    return true;
  }

  void AddComparison(const Expression& e) {
    const Expression* column_side = e.children[0].get();
    const Expression* value_side = e.children[1].get();
    CompareOp op = e.op;
    if (value_side->kind != BoundKind::kConstant && column_side->kind == BoundKind::kConstant) {
      std::swap(column_side, value_side);
      op = Flip(op);
    }
    idx_t column = 0;
    if (value_side->kind != BoundKind::kConstant || value_side->value.IsNull() ||
        !(value_side->type == column_side->type) || !Target(*column_side, column)) {
      return;
    }
    ColumnConditions& conditions = columns_[column];
    std::string key = KeyOf(value_side->value);
    switch (op) {
      case CompareOp::kEqual:
      case CompareOp::kNotDistinct:
        conditions.Restrict({std::move(key)});
        break;
      case CompareOp::kLess:
        conditions.TightenUpper({std::move(key), false});
        break;
      case CompareOp::kLessEqual:
        conditions.TightenUpper({std::move(key), true});
        break;
      case CompareOp::kGreater:
        conditions.TightenLower({std::move(key), false});
        break;
      case CompareOp::kGreaterEqual:
        conditions.TightenLower({std::move(key), true});
        break;
      default:
        break;
    }
  }

  const TableEntry& table_;
  const std::vector<idx_t>& column_ids_;
  std::map<idx_t, ColumnConditions> columns_;
  std::vector<ExpressionPtr> expressions_;  // over table columns
};

/// How well a scan of an index serves the filters; higher is better.
struct Fitness {
  bool unique_whole = false;  // at most one row per key
  idx_t fixed = 0;            // leading columns with fixed values
  bool range = false;
  auto operator<=>(const Fitness&) const = default;
};

}  // namespace

std::optional<IndexScan> PlanIndexScan(const TableEntry& table,
                                       const std::vector<idx_t>& column_ids,
                                       const Expression* filter,
                                       const std::vector<ExpressionPtr>& hints) {
  if ((!filter && hints.empty()) || table.indexes->Empty()) return std::nullopt;
  std::vector<const Expression*> conjuncts;
  if (filter) Conjuncts(*filter, conjuncts);
  for (const auto& hint : hints) Conjuncts(*hint, conjuncts);
  ConditionCollector collector(table, column_ids);
  for (const Expression* e : conjuncts) collector.Add(*e);
  std::map<idx_t, ColumnConditions>& columns = collector.Columns();
  if (columns.empty()) return std::nullopt;

  std::optional<IndexScan> best;
  Fitness best_fitness;
  for (const auto& index : table.indexes->Entries()) {
    // Each key part's target (kInvalidIndex: one the filters do not name).
    std::vector<idx_t> keys = index->columns;
    if (index->OnExpressions()) {
      keys.clear();
      for (const auto& part : index->expressions) {
        keys.push_back(collector.TargetOf(*part, index->columns).value_or(kInvalidIndex));
      }
    }
    auto conditions = [&](idx_t k) -> const ColumnConditions* {
      auto found = columns.find(keys[k]);
      return found == columns.end() ? nullptr : &found->second;
    };
    idx_t fixed = 0;
    idx_t combinations = 1;
    while (fixed < keys.size() && conditions(fixed) && conditions(fixed)->values) {
      const idx_t count = conditions(fixed)->values->size();
      if (count > 0 && combinations * count > kMaxPrefixes) break;
      combinations *= count;
      fixed++;
    }
    const ColumnConditions* next = fixed < keys.size() ? conditions(fixed) : nullptr;
    const bool range = next && !next->values && (next->lower || next->upper);
    if (fixed == 0 && !range) continue;
    Fitness fitness{index->Unique() && fixed == keys.size(), fixed, range};
    if (best && !(best_fitness < fitness)) continue;

    IndexScan scan;
    scan.index = index;
    scan.empty = combinations == 0;
    scan.whole_keys = fixed == keys.size();
    if (range) {
      scan.lower = next->lower;
      scan.upper = next->upper;
    }
    // The prefixes in key order: each column's keys are sorted and prefix-free, so the
    // combinations in lexicographic order are.
    if (!scan.empty && fixed > 0) {
      scan.prefixes = {std::string()};
      for (idx_t k = 0; k < fixed; k++) {
        std::vector<std::string> longer;
        for (const std::string& prefix : scan.prefixes) {
          for (const std::string& key : *conditions(k)->values) longer.push_back(prefix + key);
        }
        scan.prefixes = std::move(longer);
      }
    }
    best = std::move(scan);
    best_fitness = fitness;
  }
  return best;
}

bool IndexScan::RowIds(idx_t limit, std::vector<int64_t>& rows) const {
  rows.clear();
  if (empty) return true;
  std::shared_lock<std::shared_mutex> latch(*index->latch);
  const art::Art& art = *index->art;
  if (whole_keys) {
    std::vector<art::ArtKey> probes;
    probes.reserve(prefixes.size());
    for (const std::string& key : prefixes) probes.emplace_back(key);
    std::vector<idx_t> offsets;
    if (!art.LookupBatch(probes, limit, rows, offsets)) return false;
  } else {
    const std::vector<std::string> none = {std::string()};
    std::string low, high;
    for (const std::string& prefix : prefixes.empty() ? none : prefixes) {
      art::ArtRange range;
      if (lower) {
        low = prefix + lower->key;
        range.lower = art::ArtBound{art::ArtKey(low), lower->inclusive, true};
      } else if (!prefix.empty()) {
        range.lower = art::ArtBound{art::ArtKey(prefix), true, true};
      }
      if (upper) {
        high = prefix + upper->key;
        range.upper = art::ArtBound{art::ArtKey(high), upper->inclusive, true};
      } else if (lower) {
        // Only values: a NULL of the range's column (its marker) sorts after them.
        high = prefix + static_cast<char>(art::kNullMarker);
        range.upper = art::ArtBound{art::ArtKey(high), false, true};
      } else {
        range.upper = art::ArtBound{art::ArtKey(prefix), true, true};
      }
      if (!art.Scan(range, rows, limit - rows.size())) {
        rows.clear();
        return false;
      }
    }
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return true;
}

std::string IndexScan::Describe() const { return "index " + index->name; }

}  // namespace teal
