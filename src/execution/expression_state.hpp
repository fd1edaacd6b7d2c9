// ExpressionState: what evaluating one bound expression node keeps between chunks — the
// vectors it writes its result into — made on the first chunk and reused for every later
// one, so that an operator evaluates its expressions without allocating per node per
// chunk. A tree of them mirrors the expression; each operator keeps one per thread
// (through an ExpressionExecutor). Not thread-safe.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "planner/expression.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

struct ExpressionState {
  explicit ExpressionState(const Expression& expression);
  ExpressionState(ExpressionState&&) noexcept = default;

  const Expression& expression;
  std::vector<ExpressionState> children;
  /// The node's result for the current chunk (computing nodes write here).
  Vector out;
  /// kConstant: the value, made once.
  std::optional<Vector> constant;
  /// kFunction: views of the children's results while the body runs; COALESCE: its
  /// arguments, each filled only on the rows it is evaluated for.
  DataChunk arguments;

  /// What only some nodes need, made on first use (a query of one constant pays for none
  /// of it).
  struct Scratch {
    explicit Scratch(const LogicalType& type) : flat(type, 0), work(TypeId::kBoolean, 0) {}
    /// A constant result spread over every row, for loops that read row by row.
    Vector flat;
    /// kInList: one element's comparison.
    Vector work;
    /// kCase and COALESCE: the input columns each child reads (made on first use), the
    /// rows a child is evaluated on, and those rows copied out of the input (OR reuses the
    /// rows when it selects).
    std::vector<std::vector<idx_t>> reads;
    std::vector<sel_t> remaining, taken, rest;
    SelectionVector sel;
    DataChunk subset;
    /// Selecting with OR: the rows an operand kept. With IN: the constants' values.
    std::vector<uint8_t> kept_rows, in_list_bytes;
    /// Selecting with any other boolean on some rows of a chunk: the input columns the
    /// node reads (made on first use), and those rows copied out of the input.
    std::optional<std::vector<idx_t>> own_reads;
    DataChunk selected;
  };
  Scratch& More() {
    if (!scratch) scratch = std::make_unique<Scratch>(expression.type);
    return *scratch;
  }

  /// `out` made ready for `count` rows: flat, all valid, buffers of its own.
  Vector& Output(idx_t count) {
    out.Recycle(count);
    return out;
  }

 private:
  std::unique_ptr<Scratch> scratch;
};

}  // namespace teal
