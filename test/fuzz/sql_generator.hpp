// test/fuzz/sql_generator.hpp — SQL scripts built from fuzzer bytes, for sql_fuzzer.cpp.
//
// Mutating SQL text mostly produces syntax errors; the generator instead reads the bytes as
// a sequence of choices (which statement, which clause, which expression, function, literal
// or type) and always writes SQL that parses, over a fixed schema (kGeneratedSchema) whose
// rows hold the edge values of their types. Much of it still fails to bind or to run — a
// function applied to the wrong type, an overflow — but enough of it runs deep in the
// executor. The same bytes always give the same script, so a finding replays from its input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace teal::fuzz {

/// The tables and the enum type every generated script runs against (statements separated by
/// semicolons): t1 and t2 with thousands of rows, NULLs and edge values.
extern const char* const kGeneratedSchema;

/// The statements `size` bytes at `data` choose, separated by ";\n". Bytes past the end read
/// as zero, so every input — the empty one too — gives a script.
std::string GenerateSql(const uint8_t* data, size_t size);

}  // namespace teal::fuzz
