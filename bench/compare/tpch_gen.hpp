// bench/compare/tpch_gen.hpp — teal-compare's own TPC-H data generator (issue 10).
//
// Produces the eight TPC-H tables by the data rules of the TPC-H specification,
// Clause 4.2 (row counts per scale factor, key formulas, value domains, the text
// grammar of the comments), deterministically: the rows depend on the scale factor
// only. It is not dbgen: the random streams differ, so answers differ from the
// specification's published ones, but every rule the 22 queries depend on holds.
// What is simplified is listed in bench/README.md ("TPC-H (issue 10)"): the text pool
// is 16 MiB instead of 300 MB, and every column of a table draws from one stream.
//
// Rows are handed out in batches (a callback per batch), so a scale factor of 1
// (8.7 million rows) never sits in memory whole. Text columns are string_views into the
// generator's text pool or into fixed buffers inside the row; a batch's rows are valid
// until the callback returns. Not thread-safe.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace bench::tpch {

/// A DECIMAL(15,2) money value in cents (the unscaled value).
struct Money {
  int64_t cents;
};
/// A DATE: days since 1970-01-01.
struct Day {
  int32_t days;
};

/// Text of at most N bytes held inside a row (names, phones, addresses).
template <size_t N>
struct Text {
  std::array<char, N> data;
  uint8_t size = 0;
  std::string_view view() const { return {data.data(), size}; }
  void Set(std::string_view s) {
    size = static_cast<uint8_t>(std::min(s.size(), N));
    std::memcpy(data.data(), s.data(), size);
  }
};

struct Region {
  int32_t regionkey;
  std::string_view name;
  std::string_view comment;
};

struct Nation {
  int32_t nationkey;
  std::string_view name;
  int32_t regionkey;
  std::string_view comment;
};

struct Supplier {
  int32_t suppkey;
  Text<18> name;  // Supplier#000000001
  Text<40> address;
  int32_t nationkey;
  Text<15> phone;  // 27-918-335-1736
  Money acctbal;
  Text<100> comment;  // owned: some carry "Customer ... Complaints" (Q16)
};

struct Part {
  int32_t partkey;
  Text<60> name;  // five distinct colour words
  Text<14> mfgr;  // Manufacturer#1
  Text<8> brand;  // Brand#13
  std::string_view type;
  int32_t size;
  std::string_view container;
  Money retailprice;
  std::string_view comment;
};

struct PartSupp {
  int32_t partkey;
  int32_t suppkey;
  int32_t availqty;
  Money supplycost;
  std::string_view comment;
};

struct Customer {
  int32_t custkey;
  Text<18> name;  // Customer#000000001
  Text<40> address;
  int32_t nationkey;
  Text<15> phone;
  Money acctbal;
  std::string_view mktsegment;
  std::string_view comment;
};

struct Order {
  int32_t orderkey;
  int32_t custkey;
  std::string_view orderstatus;
  Money totalprice;
  Day orderdate;
  std::string_view orderpriority;
  Text<15> clerk;  // Clerk#000000001
  int32_t shippriority;
  std::string_view comment;
};

struct LineItem {
  int32_t orderkey;
  int32_t partkey;
  int32_t suppkey;
  int32_t linenumber;
  Money quantity;
  Money extendedprice;
  Money discount;
  Money tax;
  std::string_view returnflag;
  std::string_view linestatus;
  Day shipdate;
  Day commitdate;
  Day receiptdate;
  std::string_view shipinstruct;
  std::string_view shipmode;
  std::string_view comment;
};

/// Row counts at a scale factor (Clause 4.2.5), rounded down as dbgen does, at least 1.
struct Cardinalities {
  int64_t supplier, part, customer, orders;
  explicit Cardinalities(double scale_factor);
};

template <typename Row>
using Sink = std::function<void(std::span<const Row>)>;

class Generator {
 public:
  /// Builds the text pool (about 0.2 s). `scale_factor` > 0.
  explicit Generator(double scale_factor);

  double ScaleFactor() const { return scale_factor_; }
  const Cardinalities& Counts() const { return counts_; }

  void Regions(const Sink<Region>& sink) const;
  void Nations(const Sink<Nation>& sink) const;
  void Suppliers(const Sink<Supplier>& sink) const;
  void Parts(const Sink<Part>& sink) const;
  void PartSupps(const Sink<PartSupp>& sink) const;
  void Customers(const Sink<Customer>& sink) const;
  /// Orders and their line items, a batch of orders with all their lines at a time:
  /// an order's status and total price come from its lines (Clause 4.2.3).
  void OrdersAndLineItems(const Sink<Order>& orders, const Sink<LineItem>& lines) const;

 private:
  double scale_factor_;
  Cardinalities counts_;
  std::string pool_;  // the comments' text, generated from the grammar of Clause 4.2.2.10
};

}  // namespace bench::tpch
