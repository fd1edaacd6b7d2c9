// The registration functions of every built-in function family. FunctionCatalog::
// Builtins() calls each once. A new family adds its function here and in
// function_catalog.cpp.
#pragma once

#include "function/function.hpp"

namespace teal {

void RegisterArithmeticFunctions(FunctionCatalog& catalog);  // + - * / % and math
void RegisterStringFunctions(FunctionCatalog& catalog);
void RegisterDisplayFunctions(FunctionCatalog& catalog);  // format_bytes, bar …
void RegisterPathFunctions(FunctionCatalog& catalog);     // parse_path, parse_filename …
void RegisterFormatFunctions(FunctionCatalog& catalog);   // format, printf
void RegisterDateFunctions(FunctionCatalog& catalog);
void RegisterTimeBucket(FunctionCatalog& catalog);  // time_bucket.cpp
void RegisterListFunctions(FunctionCatalog& catalog);
void RegisterArrayFunctions(FunctionCatalog& catalog);  // array_value, vector metrics
void RegisterMapFunctions(FunctionCatalog& catalog);
void RegisterUnionFunctions(FunctionCatalog& catalog);    // union_tag
void RegisterStructFunctions(FunctionCatalog& catalog);   // struct_keys, struct_concat …
void RegisterGenericFunctions(FunctionCatalog& catalog);  // coalesce, nullif, uuid, enum …
void RegisterAggregateFunctions(FunctionCatalog& catalog);

}  // namespace teal
