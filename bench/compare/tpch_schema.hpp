// bench/compare/tpch_schema.hpp — the eight TPC-H tables as teal-compare creates them.
//
// Each table is declared once, as its column names and the row members they come from;
// the SQL type follows from the member's C++ type (int32_t INTEGER, Money DECIMAL(15,2),
// Day DATE, text VARCHAR), so the CREATE TABLE statement, both engines' loaders and the
// load check (LoadCheckSql) cannot disagree about a column. CHAR(n) and VARCHAR(n)
// columns of the specification are VARCHAR: both engines treat CHAR(n) as VARCHAR, and
// neither enforces the length. No PRIMARY KEY or FOREIGN KEY constraints: the
// specification does not require them, and the generator guarantees the keys.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "tpch_gen.hpp"

namespace bench::tpch {

template <typename T>
struct IsText : std::false_type {};
template <size_t N>
struct IsText<Text<N>> : std::true_type {};
template <>
struct IsText<std::string_view> : std::true_type {};

template <typename T>
constexpr const char* SqlType() {
  if constexpr (std::is_same_v<T, int32_t>) {
    return "INTEGER";
  } else if constexpr (std::is_same_v<T, Money>) {
    return "DECIMAL(15,2)";
  } else if constexpr (std::is_same_v<T, Day>) {
    return "DATE";
  } else {
    static_assert(IsText<T>::value, "a TPC-H column is INTEGER, DECIMAL(15,2), DATE or text");
    return "VARCHAR";
  }
}

template <typename T>
std::string_view TextOf(const T& v) {
  if constexpr (std::is_same_v<T, std::string_view>) {
    return v;
  } else {
    return v.view();
  }
}

template <typename R, typename... Ts>
struct TableDef {
  using Row = R;
  static constexpr size_t kColumns = sizeof...(Ts);
  const char* name;
  std::array<const char*, sizeof...(Ts)> columns;
  std::tuple<Ts R::*...> members;

  std::string CreateSql() const {
    std::string sql = std::string("CREATE TABLE ") + name + "(";
    ForEachColumn([&](size_t i, auto member) {
      using T = std::remove_cvref_t<decltype(std::declval<const R&>().*member)>;
      sql += (i ? ", " : "") + std::string(columns[i]) + " " + SqlType<T>();
    });
    return sql + ")";
  }

  /// Calls f(index, member pointer) for every column in order.
  template <typename F>
  void ForEachColumn(F&& f) const {
    [&]<size_t... I>(std::index_sequence<I...>) { (f(I, std::get<I>(members)), ...); }
    (std::index_sequence_for<Ts...>{});
  }
};

template <typename R, typename... Ts>
constexpr TableDef<R, Ts...> MakeTable(const char* name,
                                       std::array<const char*, sizeof...(Ts)> columns,
                                       Ts R::*... members) {
  return {name, columns, {members...}};
}

inline const auto kRegionTable =
    MakeTable<Region>("region", {"r_regionkey", "r_name", "r_comment"}, &Region::regionkey,
                      &Region::name, &Region::comment);
inline const auto kNationTable =
    MakeTable<Nation>("nation", {"n_nationkey", "n_name", "n_regionkey", "n_comment"},
                      &Nation::nationkey, &Nation::name, &Nation::regionkey, &Nation::comment);
inline const auto kSupplierTable = MakeTable<Supplier>(
    "supplier",
    {"s_suppkey", "s_name", "s_address", "s_nationkey", "s_phone", "s_acctbal", "s_comment"},
    &Supplier::suppkey, &Supplier::name, &Supplier::address, &Supplier::nationkey, &Supplier::phone,
    &Supplier::acctbal, &Supplier::comment);
inline const auto kPartTable =
    MakeTable<Part>("part",
                    {"p_partkey", "p_name", "p_mfgr", "p_brand", "p_type", "p_size", "p_container",
                     "p_retailprice", "p_comment"},
                    &Part::partkey, &Part::name, &Part::mfgr, &Part::brand, &Part::type,
                    &Part::size, &Part::container, &Part::retailprice, &Part::comment);
inline const auto kPartSuppTable = MakeTable<PartSupp>(
    "partsupp", {"ps_partkey", "ps_suppkey", "ps_availqty", "ps_supplycost", "ps_comment"},
    &PartSupp::partkey, &PartSupp::suppkey, &PartSupp::availqty, &PartSupp::supplycost,
    &PartSupp::comment);
inline const auto kCustomerTable = MakeTable<Customer>(
    "customer",
    {"c_custkey", "c_name", "c_address", "c_nationkey", "c_phone", "c_acctbal", "c_mktsegment",
     "c_comment"},
    &Customer::custkey, &Customer::name, &Customer::address, &Customer::nationkey, &Customer::phone,
    &Customer::acctbal, &Customer::mktsegment, &Customer::comment);
inline const auto kOrderTable = MakeTable<Order>(
    "orders",
    {"o_orderkey", "o_custkey", "o_orderstatus", "o_totalprice", "o_orderdate", "o_orderpriority",
     "o_clerk", "o_shippriority", "o_comment"},
    &Order::orderkey, &Order::custkey, &Order::orderstatus, &Order::totalprice, &Order::orderdate,
    &Order::orderpriority, &Order::clerk, &Order::shippriority, &Order::comment);
inline const auto kLineItemTable = MakeTable<LineItem>(
    "lineitem",
    {"l_orderkey", "l_partkey", "l_suppkey", "l_linenumber", "l_quantity", "l_extendedprice",
     "l_discount", "l_tax", "l_returnflag", "l_linestatus", "l_shipdate", "l_commitdate",
     "l_receiptdate", "l_shipinstruct", "l_shipmode", "l_comment"},
    &LineItem::orderkey, &LineItem::partkey, &LineItem::suppkey, &LineItem::linenumber,
    &LineItem::quantity, &LineItem::extendedprice, &LineItem::discount, &LineItem::tax,
    &LineItem::returnflag, &LineItem::linestatus, &LineItem::shipdate, &LineItem::commitdate,
    &LineItem::receiptdate, &LineItem::shipinstruct, &LineItem::shipmode, &LineItem::comment);

/// SELECT count(*), then one sum per column in TableChecksum's terms.
template <typename Def>
std::string LoadCheckSql(const Def& def) {
  std::string sql = "SELECT count(*)";
  def.ForEachColumn([&](size_t i, auto member) {
    using T = std::remove_cvref_t<decltype(std::declval<const typename Def::Row&>().*member)>;
    std::string col = def.columns[i];
    if constexpr (std::is_same_v<T, Day>) {
      sql += ", sum(" + col + " - DATE '1970-01-01')";
    } else if constexpr (IsText<T>::value) {
      sql += ", sum(length(" + col + "))";
    } else {
      sql += ", sum(" + col + ")";
    }
  });
  return sql + " FROM " + def.name;
}

/// What a loaded table must hold: its row count, and per column the sum of its values
/// (INTEGER), of its cents (DECIMAL), of its days since 1970-01-01 (DATE), or of its
/// lengths (text). Compared with LoadCheckSql's one row in each engine after loading.
struct TableChecksum {
  std::string table;
  std::string check_sql;  // LoadCheckSql
  int64_t rows = 0;
  std::vector<int64_t> sums;
  std::vector<bool> money;  // the sum is in cents: printed with two decimals
};

template <typename Def>
TableChecksum NewChecksum(const Def& def) {
  TableChecksum c;
  c.table = def.name;
  c.check_sql = LoadCheckSql(def);
  c.sums.assign(Def::kColumns, 0);
  def.ForEachColumn([&](size_t, auto member) {
    using T = std::remove_cvref_t<decltype(std::declval<const typename Def::Row&>().*member)>;
    c.money.push_back(std::is_same_v<T, Money>);
  });
  return c;
}

template <typename Def>
void AddToChecksum(const Def& def, const typename Def::Row& row, TableChecksum& c) {
  c.rows++;
  def.ForEachColumn([&](size_t i, auto member) {
    const auto& v = row.*member;
    using T = std::remove_cvref_t<decltype(v)>;
    if constexpr (std::is_same_v<T, int32_t>) {
      c.sums[i] += v;
    } else if constexpr (std::is_same_v<T, Money>) {
      c.sums[i] += v.cents;
    } else if constexpr (std::is_same_v<T, Day>) {
      c.sums[i] += v.days;
    } else {
      c.sums[i] += static_cast<int64_t>(TextOf(v).size());
    }
  });
}

}  // namespace bench::tpch
