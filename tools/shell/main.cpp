// tools/shell/main.cpp — `teal`, the command-line shell: argument parsing and startup.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shell.hpp"
#include "teal/teal.hpp"

namespace {

constexpr std::string_view kUsage =
    "Usage: teal [OPTIONS] [FILE]\n"
    "Opens the database FILE (an in-memory database without FILE) and reads SQL\n"
    "statements and dot commands: interactively when standard input is a terminal,\n"
    "else from standard input. Enter \".help\" for the dot commands.\n"
    "\n"
    "Options:\n"
    "  -c SQL        run SQL statements and dot commands, then exit; may be repeated\n"
    "  -readonly     open FILE read-only (other processes may read it at the same time)\n"
    "  -recover-wal  open FILE even when its write-ahead log is damaged in the middle,\n"
    "                keeping the commits before the damage\n"
    "  -h, --help    show this message and exit\n"
    "\n"
    "Exits with status 1 when a statement failed outside interactive use.\n";

}  // namespace

int main(int argc, char** argv) {
  std::string path;
  std::vector<std::string> commands;
  teal::DatabaseOptions options;
  bool options_done = false;
  for (int i = 1; i < argc; i++) {
    const std::string_view arg = argv[i];
    if (!options_done && (arg == "-h" || arg == "--help")) {
      std::cout << kUsage;
      return 0;
    }
    if (!options_done && arg == "-c") {
      if (i + 1 >= argc) {
        std::cerr << "Error: -c needs an argument\n" << kUsage;
        return 1;
      }
      commands.emplace_back(argv[++i]);
    } else if (!options_done && (arg == "-readonly" || arg == "--readonly")) {
      options.read_only = true;
    } else if (!options_done && (arg == "-recover-wal" || arg == "--recover-wal")) {
      options.recover_log = true;
    } else if (!options_done && arg == "--") {
      options_done = true;
    } else if (!options_done && arg.size() > 1 && arg.front() == '-') {
      std::cerr << "Error: unknown option \"" << arg << "\"\n" << kUsage;
      return 1;
    } else if (path.empty()) {
      path = arg;
    } else {
      std::cerr << "Error: more than one database file given (\"" << path << "\", \"" << arg
                << "\")\n";
      return 1;
    }
  }

  std::unique_ptr<teal::Database> database;
  try {
    database = std::make_unique<teal::Database>(path, options);
  } catch (const teal::Error& error) {
    std::cerr << "Error: cannot open database \"" << path << "\": " << error.Describe() << '\n';
    return 1;
  }
  teal::Connection connection(*database);
  teal::shell::Shell shell(connection, std::cout, std::cerr);

  if (!commands.empty()) {
    int status = 0;
    for (const std::string& command : commands) {
      if (shell.RunText(command) != 0) status = 1;
    }
    return status;
  }
  if (isatty(STDIN_FILENO)) return shell.RunInteractive();
  return shell.RunStream(std::cin);
}
