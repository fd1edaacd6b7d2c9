// Internal entry points between the scalar function files: the operator sets are built in
// arithmetic.cpp and take their date/time overloads from date_arithmetic.cpp, so that one
// set (and one resolve) holds every overload of an operator.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "function/function.hpp"

namespace teal {

enum class ArithOp { kAdd, kSubtract, kMultiply, kDivide, kModulo };

/// Appends the DATE / TIME / TIMESTAMP / INTERVAL overloads of `op` to `out`.
void AddDateArithmetic(ArithOp op, std::vector<ScalarFunction>& out);

/// Appends BIGNUM's overloads of + or - (binary and unary; bignum_functions.cpp) to `out`.
void AddBignumArithmetic(ArithOp op, std::vector<ScalarFunction>& out);

/// For a binary operator called with one untyped NULL: the overload taking the other
/// operand's type twice, or nullopt.
std::optional<ScalarFunction> ResolveUntypedNull(const std::string& name,
                                                 const std::vector<LogicalType>& types);

void RegisterMathFunctions(FunctionCatalog& catalog);              // math_functions.cpp
void RegisterIntervalConstructors(FunctionCatalog& catalog);       // date_arithmetic.cpp
void RegisterBitwiseOperators(FunctionCatalog& catalog);           // bitwise.cpp
void RegisterLikeFunctions(FunctionCatalog& catalog);              // like.cpp
void RegisterSimilarToFunctions(FunctionCatalog& catalog);         // similar_to.cpp
void RegisterDateFormatFunctions(FunctionCatalog& catalog);        // date_format.cpp
void RegisterStringSimilarityFunctions(FunctionCatalog& catalog);  // string_similarity.cpp
void RegisterSortKeyFunction(FunctionCatalog& catalog);            // sort_key_function.cpp

}  // namespace teal
