// teal — the command-line shell (first cut: runs SQL from stdin).
#include <iostream>
#include <iterator>

#include "teal/teal.hpp"

int main() {
  teal::Database db;
  teal::Connection con(db);
  std::string sql((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  try {
    auto result = con.Query(sql);
    for (teal::idx_t r = 0; r < result.RowCount(); r++) {
      for (teal::idx_t c = 0; c < result.ColumnCount(); c++) {
        std::cout << (c ? "\t" : "") << result.GetValue(c, r).ToString();
      }
      std::cout << "\n";
    }
  } catch (const teal::Error& e) {
    std::cerr << e.Describe() << "\n";
    return 1;
  }
  return 0;
}
