// test/tools/teal_difftest_driver.cpp — runs SQL on an in-memory Teal database for difftest.py.
//
// Not part of `make test`: built only with -DTEAL_BUILD_DIFFTEST=ON (test/tools/README.md).
// It exists so that the differential tester can run tens of thousands of statements on
// one process and tell each statement's rows from its error without parsing the shell's
// human-oriented output.
//
// Protocol (stdin -> stdout, one request at a time, all lines end in '\n'):
//   request:  "<byte count>\n" followed by exactly that many bytes of SQL (one statement)
//   answer:   "OK <columns> <rows>\n", one line of tab-separated column types, then one
//             line per row of tab-separated fields; or "ERR <message>\n".
// A field is "\N" for NULL, else the value's text with '\\', '\t' and '\n' escaped as
// "\\\\", "\\t" and "\\n". Messages are escaped the same way. Every answer is flushed,
// so the caller can wait for it with a timeout and restart the driver on a crash.
#include <cstdio>
#include <iostream>
#include <string>

#include "teal/teal.hpp"

namespace {

std::string Escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

// Runs one statement and writes its answer. Rows are read through the materialised
// result so that an error raised while producing a later chunk still becomes an ERR
// answer rather than a half-written OK.
std::string Answer(teal::Connection& connection, const std::string& sql) {
  teal::Result result = connection.Query(sql);
  result.Materialize();
  std::string out;
  const teal::idx_t columns = result.ReturnsRows() ? result.ColumnCount() : 0;
  const teal::idx_t rows = result.ReturnsRows() ? result.RowCount() : 0;
  out += "OK " + std::to_string(columns) + " " + std::to_string(rows) + "\n";
  for (teal::idx_t c = 0; c < columns; c++) {
    if (c > 0) out += '\t';
    out += Escape(result.ColumnType(c).ToString());
  }
  out += '\n';
  for (teal::idx_t r = 0; r < rows; r++) {
    for (teal::idx_t c = 0; c < columns; c++) {
      if (c > 0) out += '\t';
      const teal::Value value = result.GetValue(c, r);
      out += value.IsNull() ? std::string("\\N") : Escape(value.ToString());
    }
    out += '\n';
  }
  return out;
}

}  // namespace

int main() {
  teal::Database database("");
  teal::Connection connection(database);
  std::string header;
  while (std::getline(std::cin, header)) {
    const size_t length = std::stoul(header);
    std::string sql(length, '\0');
    if (!std::cin.read(sql.data(), static_cast<std::streamsize>(length))) break;
    std::string answer;
    try {
      answer = Answer(connection, sql);
    } catch (const teal::Error& error) {
      answer = "ERR " + Escape(error.Describe()) + "\n";
    } catch (const std::exception& error) {
      answer = "ERR internal: " + Escape(error.what()) + "\n";
    }
    std::fwrite(answer.data(), 1, answer.size(), stdout);
    std::fflush(stdout);
  }
  return 0;
}
