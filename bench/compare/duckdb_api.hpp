// bench/compare/duckdb_api.hpp — the slice of DuckDB's C API that teal-compare calls.
//
// teal-compare loads libduckdb.so (1.5.6, see scripts/fetch-duckdb.sh) with dlopen at run
// time, so that Teal builds and the comparison runs without DuckDB installed. The types
// and prototypes below are declared here from DuckDB's public C API (duckdb.h) — only the
// ones we call, with the layouts the ABI fixes — and never linked: the prototypes only
// give decltype() the function types, and DuckDbApi holds the pointers dlsym returns.
#pragma once

#include <cstdint>
#include <string>

extern "C" {

using duckdb_idx_t = uint64_t;

enum duckdb_state { DuckDBSuccess = 0, DuckDBError = 1 };
// Only the values we create types from or check results for; the rest of DuckDB's enum is
// not needed.
enum duckdb_type { DUCKDB_TYPE_INTEGER = 4, DUCKDB_TYPE_BIGINT = 5, DUCKDB_TYPE_DOUBLE = 11 };

struct duckdb_date {
  int32_t days;
};
struct duckdb_timestamp {
  int64_t micros;
};
struct duckdb_list_entry {
  uint64_t offset;
  uint64_t length;
};

// A query result. Its fields are deprecated and never read here; the struct is declared
// so that it has the ABI's size (it is passed by value to duckdb_fetch_chunk).
struct duckdb_result {
  duckdb_idx_t deprecated_column_count;
  duckdb_idx_t deprecated_row_count;
  duckdb_idx_t deprecated_rows_changed;
  void* deprecated_columns;
  char* deprecated_error_message;
  void* internal_data;
};

// Opaque handles: each is a pointer to a struct holding one pointer.
struct duckdb_handle_ {
  void* internal;
};
using duckdb_database = duckdb_handle_*;
using duckdb_connection = duckdb_handle_*;
using duckdb_prepared_statement = duckdb_handle_*;
using duckdb_appender = duckdb_handle_*;
using duckdb_logical_type = duckdb_handle_*;
using duckdb_data_chunk = duckdb_handle_*;
using duckdb_vector = duckdb_handle_*;
using duckdb_value = duckdb_handle_*;

const char* duckdb_library_version();
duckdb_state duckdb_open(const char* path, duckdb_database* out_database);
void duckdb_close(duckdb_database* database);
duckdb_state duckdb_connect(duckdb_database database, duckdb_connection* out_connection);
void duckdb_disconnect(duckdb_connection* connection);

duckdb_state duckdb_query(duckdb_connection connection, const char* query,
                          duckdb_result* out_result);
void duckdb_destroy_result(duckdb_result* result);
const char* duckdb_result_error(duckdb_result* result);
duckdb_idx_t duckdb_row_count(duckdb_result* result);
duckdb_type duckdb_column_type(duckdb_result* result, duckdb_idx_t col);
duckdb_state duckdb_prepare(duckdb_connection connection, const char* query,
                            duckdb_prepared_statement* out_prepared_statement);
void duckdb_destroy_prepare(duckdb_prepared_statement* prepared_statement);
duckdb_state duckdb_bind_int32(duckdb_prepared_statement prepared_statement, duckdb_idx_t param_idx,
                               int32_t val);
duckdb_state duckdb_bind_int64(duckdb_prepared_statement prepared_statement, duckdb_idx_t param_idx,
                               int64_t val);
duckdb_state duckdb_execute_prepared(duckdb_prepared_statement prepared_statement,
                                     duckdb_result* out_result);
duckdb_state duckdb_execute_prepared_streaming(duckdb_prepared_statement prepared_statement,
                                               duckdb_result* out_result);
duckdb_data_chunk duckdb_fetch_chunk(duckdb_result result);
int32_t duckdb_value_int32(duckdb_result* result, duckdb_idx_t col, duckdb_idx_t row);
int64_t duckdb_value_int64(duckdb_result* result, duckdb_idx_t col, duckdb_idx_t row);
duckdb_date duckdb_value_date(duckdb_result* result, duckdb_idx_t col, duckdb_idx_t row);
duckdb_timestamp duckdb_value_timestamp(duckdb_result* result, duckdb_idx_t col, duckdb_idx_t row);

duckdb_state duckdb_appender_create(duckdb_connection connection, const char* schema,
                                    const char* table, duckdb_appender* out_appender);
duckdb_idx_t duckdb_appender_column_count(duckdb_appender appender);
duckdb_logical_type duckdb_appender_column_type(duckdb_appender appender, duckdb_idx_t col_idx);
const char* duckdb_appender_error(duckdb_appender appender);
duckdb_state duckdb_appender_close(duckdb_appender appender);
duckdb_state duckdb_appender_destroy(duckdb_appender* appender);
duckdb_state duckdb_appender_end_row(duckdb_appender appender);
duckdb_state duckdb_append_int8(duckdb_appender appender, int8_t value);
duckdb_state duckdb_append_int16(duckdb_appender appender, int16_t value);
duckdb_state duckdb_append_int32(duckdb_appender appender, int32_t value);
duckdb_state duckdb_append_int64(duckdb_appender appender, int64_t value);
duckdb_state duckdb_append_uint8(duckdb_appender appender, uint8_t value);
duckdb_state duckdb_append_uint16(duckdb_appender appender, uint16_t value);
duckdb_state duckdb_append_float(duckdb_appender appender, float value);
duckdb_state duckdb_append_double(duckdb_appender appender, double value);
duckdb_state duckdb_append_date(duckdb_appender appender, duckdb_date value);
duckdb_state duckdb_append_timestamp(duckdb_appender appender, duckdb_timestamp value);
duckdb_state duckdb_append_varchar_length(duckdb_appender appender, const char* val,
                                          duckdb_idx_t length);
duckdb_state duckdb_append_null(duckdb_appender appender);
duckdb_state duckdb_append_value(duckdb_appender appender, duckdb_value value);
duckdb_state duckdb_append_data_chunk(duckdb_appender appender, duckdb_data_chunk chunk);

duckdb_logical_type duckdb_create_logical_type(duckdb_type type);
duckdb_logical_type duckdb_create_list_type(duckdb_logical_type type);
void duckdb_destroy_logical_type(duckdb_logical_type* type);
duckdb_value duckdb_create_int32(int32_t input);
duckdb_value duckdb_create_null_value();
duckdb_value duckdb_create_list_value(duckdb_logical_type type, duckdb_value* values,
                                      duckdb_idx_t value_count);
void duckdb_destroy_value(duckdb_value* value);

duckdb_data_chunk duckdb_create_data_chunk(duckdb_logical_type* types, duckdb_idx_t column_count);
void duckdb_destroy_data_chunk(duckdb_data_chunk* chunk);
void duckdb_data_chunk_reset(duckdb_data_chunk chunk);
duckdb_idx_t duckdb_data_chunk_get_size(duckdb_data_chunk chunk);
void duckdb_data_chunk_set_size(duckdb_data_chunk chunk, duckdb_idx_t size);
duckdb_vector duckdb_data_chunk_get_vector(duckdb_data_chunk chunk, duckdb_idx_t col_idx);
void* duckdb_vector_get_data(duckdb_vector vector);
uint64_t* duckdb_vector_get_validity(duckdb_vector vector);
void duckdb_vector_ensure_validity_writable(duckdb_vector vector);
void duckdb_vector_assign_string_element_len(duckdb_vector vector, duckdb_idx_t index,
                                             const char* str, duckdb_idx_t str_len);
duckdb_vector duckdb_list_vector_get_child(duckdb_vector vector);
duckdb_state duckdb_list_vector_set_size(duckdb_vector vector, duckdb_idx_t size);
duckdb_state duckdb_list_vector_reserve(duckdb_vector vector, duckdb_idx_t required_capacity);
duckdb_idx_t duckdb_vector_size();

}  // extern "C"

namespace bench {

// X-macro of every function above: one field per function in DuckDbApi. Not
// clang-formatted: it re-flows the list into an unreadable staircase.
// clang-format off
#define TEAL_DUCKDB_FUNCTIONS(X) \
  X(library_version) X(open) X(close) X(connect) X(disconnect) X(query) X(destroy_result) \
  X(result_error) X(row_count) X(column_type) X(prepare) X(destroy_prepare) X(execute_prepared) \
  X(bind_int32) X(bind_int64) \
  X(execute_prepared_streaming) X(fetch_chunk) \
  X(value_int32) X(value_int64) X(value_date) X(value_timestamp) X(appender_create) \
  X(appender_column_count) X(appender_column_type) X(appender_error) X(appender_close) \
  X(appender_destroy) X(appender_end_row) X(append_int8) X(append_int16) X(append_int32) \
  X(append_int64) X(append_uint8) X(append_uint16) X(append_float) X(append_double) \
  X(append_date) X(append_timestamp) X(append_varchar_length) X(append_null) X(append_value) \
  X(append_data_chunk) X(create_logical_type) X(create_list_type) X(destroy_logical_type) \
  X(create_int32) X(create_null_value) X(create_list_value) X(destroy_value) \
  X(create_data_chunk) X(destroy_data_chunk) X(data_chunk_reset) X(data_chunk_get_size) \
  X(data_chunk_set_size) X(data_chunk_get_vector) X(vector_get_data) X(vector_get_validity) \
  X(vector_ensure_validity_writable) X(vector_assign_string_element_len) \
  X(list_vector_get_child) X(list_vector_set_size) X(list_vector_reserve) X(vector_size)
// clang-format on

/// DuckDB's C functions, resolved from a dlopen'ed libduckdb.so.
struct DuckDbApi {
#define TEAL_DUCKDB_FIELD(name) decltype(&::duckdb_##name) name = nullptr;
  TEAL_DUCKDB_FUNCTIONS(TEAL_DUCKDB_FIELD)
#undef TEAL_DUCKDB_FIELD
};

/// Loads libduckdb.so from $TEAL_DUCKDB_LIB, else next to the executable (duckdb/), else
/// the source tree's bench/duckdb/. Returns nullptr and sets `why` when it is absent or a
/// function is missing. The library stays loaded for the life of the process.
const DuckDbApi* LoadDuckDb(const char* argv0, std::string& why);

}  // namespace bench
