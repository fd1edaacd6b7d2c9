// examples/quickstart.cpp — Teal in one page: create a table, append rows, query them
// back through the row cursor and through column spans, and use a prepared statement.
//
// Build: `make release` builds it as build/release/examples/quickstart.
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "teal/teal.hpp"

namespace {

enum class Side : uint8_t { kBuy, kSell };  // matches the ENUM below, label by label

struct Trade {
  int64_t id;
  std::chrono::sys_time<std::chrono::microseconds> ts;
  double price;
  std::optional<int32_t> quantity;
  Side side;
};

}  // namespace

int main() {
  using namespace std::chrono;
  try {
    teal::Database db;  // in memory
    teal::Connection con(db);
    con.Execute(
        "CREATE TYPE side AS ENUM ('buy', 'sell');"
        "CREATE TABLE trades(id BIGINT NOT NULL, ts TIMESTAMP, price DOUBLE, quantity INTEGER,"
        "                    side side, tags VARCHAR[])");

    // Row at a time: each value goes straight into the table's column layout.
    {
      teal::Appender appender(con, "trades");
      sys_days day = year{2024} / February / 29;
      appender.AppendRow(int64_t{1}, time_point_cast<microseconds>(day + 9h + 30min), 101.25,
                         std::optional<int32_t>{100}, Side::kBuy, std::vector<std::string>{"open"});
      appender.AppendRow(int64_t{2}, time_point_cast<microseconds>(day + 9h + 31min), 101.5,
                         std::optional<int32_t>{}, "sell", std::vector<std::string>{});
      appender.Close();  // flushes; errors surface here rather than in the destructor
    }

    // Whole structs through a mapping declared once (types checked once, here).
    {
      teal::Mapping<Trade> mapping{&Trade::id, &Trade::ts, &Trade::price, &Trade::quantity,
                                   &Trade::side};
      teal::MappedAppender<Trade> trades(con, "trades", mapping,
                                         {"id", "ts", "price", "quantity", "side"});
      for (int64_t i = 3; i <= 5; i++) {
        trades.Append(Trade{i, sys_days{year{2024} / March / 1} + hours{i}, 100.0 + i,
                            static_cast<int32_t>(i * 10), i % 2 ? Side::kSell : Side::kBuy});
      }
      trades.Close();
    }

    // Read with the row cursor: Get<T> converts once per chunk when T is not the
    // column's stored type (here TIMESTAMP -> sys_time, ENUM -> string_view).
    teal::Result result = con.Query("SELECT id, ts, price, quantity, side, tags FROM trades");
    teal::Reader reader(result);
    while (reader.Next()) {
      auto ts = reader.Get<sys_time<microseconds>>(1);
      auto minute_of_day = duration_cast<minutes>(ts - floor<days>(ts)).count();
      auto quantity = reader.Get<std::optional<int32_t>>(3);
      std::string_view side = reader.Get<std::string_view>(4);
      std::printf("%lld  %s (minute %lld)  %.2f  %s  %.*s  %s\n",
                  static_cast<long long>(reader.Get<int64_t>(0)),
                  reader.Get<std::string>(1).c_str(), static_cast<long long>(minute_of_day),
                  reader.Get<double>(2), quantity ? std::to_string(*quantity).c_str() : "NULL",
                  static_cast<int>(side.size()), side.data(),
                  reader.IsNull(5) ? "NULL" : reader.Get<std::string>(5).c_str());
    }

    // Or a column at a time, straight from the engine's vectors.
    double total = 0;
    for (const teal::Chunk& chunk : con.Query("SELECT price FROM trades")) {
      for (double price : chunk.Values<double>(0)) total += price;
    }
    std::printf("total price: %.2f\n", total);

    // A prepared statement: planned once, run with new values.
    auto by_side = con.Prepare("SELECT count(*) FROM trades WHERE side = $side");
    for (const char* side : {"buy", "sell"}) {
      std::printf("%s: %s trades\n", side,
                  by_side.Bind("side", side).Execute().GetValue(0, 0).ToString().c_str());
    }
    return 0;
  } catch (const teal::Error& e) {
    std::fprintf(stderr, "%s\n", e.Describe().c_str());
    return 1;
  }
}
