// The text rewrites that run before the PostgreSQL grammar (libpg_query), each turning one
// piece of DuckDB's syntax the grammar lacks into a form it accepts; the marker names
// they write are read back by the transformer. Strings, quoted names and comments are
// never rewritten.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "teal/basic_types.hpp"

namespace teal {

/// The marker call RewritePivot writes for the columns of a PIVOT's or UNPIVOT's source
/// that its expressions (the arguments) do not name; the binder expands it.
inline constexpr std::string_view kPivotRestMarker = "__teal_pivot_rest";
/// The marker call __teal_pivot_filter(condition, expression) RewritePivot writes for a
/// PIVOT's cell: the binder gives every aggregate in the expression FILTER (WHERE
/// condition).
inline constexpr std::string_view kPivotFilterMarker = "__teal_pivot_filter";
/// The marker call __teal_pivot_on(expression) around what a PIVOT pivots on: the binder
/// refuses an aggregate, window function, subquery or constant there.
inline constexpr std::string_view kPivotOnMarker = "__teal_pivot_on";
/// The marker call __teal_column_name(expression) an UNPIVOT's label stands as when none
/// is written: the binder makes it the name of the (first) column the expression reads,
/// as the table spells it.
inline constexpr std::string_view kColumnNameMarker = "__teal_column_name";
/// The IN list FillPivotValues writes when the data holds no value to pivot on: the
/// PIVOT then has its grouping columns only.
inline constexpr std::string_view kNoPivotValues = "__teal_no_pivot_values";

/// Rewrites the SQL standard's `source PIVOT (aggregates FOR column IN (values) …)` and
/// `source UNPIVOT [INCLUDE NULLS] (value FOR name IN (columns))` into the subqueries they
/// mean (pivot_rewrite.cpp says how).
/// More than `pivot_limit` columns from one PIVOT is a BinderError.
std::string RewritePivot(std::string_view sql, idx_t pivot_limit);

/// Rewrites DuckDB's statement forms `PIVOT source ON … USING … GROUP BY …` and
/// `UNPIVOT source ON … INTO NAME … VALUE …` into the standard forms RewritePivot reads.
/// Every ON item must list its values (IN (…)) by now: see PivotValueQueries.
std::string RewritePivotStatements(std::string_view sql);

/// For each ON item without IN (values) of the statement-form PIVOTs in `sql`, in the
/// order they are written: the query whose rows are its values (distinct, not NULL,
/// ascending), which DuckDB takes from the data before it plans the PIVOT. Then for each
/// UNPIVOT column item that selects columns (`*`, `* EXCLUDE (…)`, `COLUMNS(…)`, in the
/// statement form's ON or the standard form's IN): the query whose result's column names
/// are the columns it names.
struct PivotValueQuery {
  std::string query;          // its rows are the values
  std::string on;             // the ON expression, as written
  bool column_names = false;  // UNPIVOT: the result's column names are the list
};
std::vector<PivotValueQuery> PivotValueQueries(std::string_view sql);

/// `sql` with ` IN (list)` written after each ON item PivotValueQueries named, and each
/// UNPIVOT column item it named replaced by its list, the k-th list for the k-th query.
std::string FillPivotValues(std::string_view sql, const std::vector<std::string>& lists);

/// The function RewriteInListExpressions wraps a list operand of IN in.
inline constexpr const char* kInListMarker = "__teal_in_list__";

/// Rewrites DuckDB's `x IN list` — IN followed by a list rather than a parenthesized list
/// of values or a subquery: `x IN [1, 2]` (after RewriteListLiterals: ARRAY[…]), `x IN $1`,
/// `x IN t.l`, `x IN f(y)` — into `x IN (__teal_in_list__(list))`, which the transformer
/// makes `list_contains(list, x)` (NOT IN: its negation). POSITION(a IN b) and a list
/// comprehension's FOR x IN are left alone.
std::string RewriteInListExpressions(std::string_view sql);

/// Rewrites DuckDB-style list literals `[a, b]` into `ARRAY[a, b]` so the PostgreSQL
/// grammar accepts them; subscripts (`x[1]`) and array types (`INT[]`) are left alone.
std::string RewriteListLiterals(std::string_view sql);

/// Rewrites DuckDB's FROM-first queries, which the PostgreSQL grammar lacks, into
/// ordinary SELECTs: `FROM items [rest]` becomes `SELECT * FROM items [rest]`, and
/// `FROM items SELECT list [rest]` becomes `SELECT list FROM items [rest]`. A FROM starts
/// such a query at the start of a statement, after `(` that opens a subquery (not a
/// function's arguments: `trim(FROM s)` stays), after UNION / INTERSECT / EXCEPT [ALL],
/// after AS (CREATE VIEW/TABLE … AS), EXPLAIN [ANALYZE], the CTE list of a WITH, and
/// after INSERT INTO t [(columns)]. Strings, quoted names and comments are left alone.
std::string RewriteFromFirst(std::string_view sql);

/// Rewrites an empty IN list, `x IN ()` (SQLite's; the PostgreSQL grammar has none), to
/// `x IN (SELECT NULL WHERE false)`: false for every x, NULL included, as SQLite has it.
std::string RewriteEmptyInLists(std::string_view sql);

/// Rewrites DuckDB's `DECIMAL()`, `DEC()` and `NUMERIC()` (the grammar wants a modifier in
/// the parentheses) to the type without them: DECIMAL(18,3).
std::string RewriteEmptyTypeModifiers(std::string_view sql);

/// The mark of DuckDB's `USING COMPRESSION m` after RewriteUsingCompression.
inline constexpr const char* kCompressionMarker = "__teal_compression__";

/// Rewrites DuckDB's column option `USING COMPRESSION m` (anywhere among the column's
/// options, which PostgreSQL's `COMPRESSION m` may not be) to `CHECK
/// (__teal_compression__('m'))`, which the transformer reads back as the column's
/// compression.
std::string RewriteUsingCompression(std::string_view sql);

/// The identifier that stands for ALL in GROUP BY ALL / ORDER BY ALL after
/// RewriteAllClauses (the PostgreSQL grammar has no such clauses).
inline constexpr const char* kAllMarker = "__teal_by_all__";

/// Rewrites `GROUP BY ALL` and `ORDER BY ALL [ASC|DESC] [NULLS …]` (ALL followed by the
/// end of the clause) to `… BY "__teal_by_all__"`, which the transformer turns back into
/// the clauses. `GROUP BY ALL a, b` (PostgreSQL's set quantifier) is left alone.
std::string RewriteAllClauses(std::string_view sql);

/// Puts DuckDB's positional references `#n` in parentheses: the grammar would read `#1+#2`
/// as `#(1 + #2)` (its prefix operators bind loosely) and `+#` as one operator.
std::string RewritePositionalReferences(std::string_view sql);

/// What RewriteFieldPaths puts before the parts of a field path (joined by \x1f).
inline constexpr const char* kFieldPathMarker = "\x1e";

/// Rewrites DuckDB's field paths in `ALTER TABLE t ADD [COLUMN] s.f type`, `DROP [COLUMN]
/// s.f` and `RENAME [COLUMN] s.f TO g` (a field of a STRUCT column, through LIST elements
/// and MAP keys and values) to one quoted name the grammar reads: "\x1e" then the parts
/// joined by "\x1f".
std::string RewriteFieldPaths(std::string_view sql);

/// Rewrites DuckDB's `ALTER TABLE t ALTER [COLUMN] c SET TYPE type` to PostgreSQL's `SET
/// DATA TYPE`.
std::string RewriteAlterSetType(std::string_view sql);

/// The name of the WITH query RewriteUsingKey puts a recursive query's USING KEY items in.
inline constexpr const char* kUsingKeyMarker = "__teal_using_key__";

/// Rewrites DuckDB's `name [(columns)] USING KEY (items) AS (query)` in a WITH list to
/// `"__teal_using_key__" AS (SELECT items), name [(columns)] AS (query)`, which the
/// transformer turns back into the USING KEY of the query after it.
std::string RewriteUsingKey(std::string_view sql);

/// Rewrites DuckDB's (and SQLite's) `x GLOB pattern` to `x ~~~ pattern` and `x NOT GLOB
/// pattern` to `x !~~~ pattern`, operators the grammar reads; `glob(…)` (the table
/// function) stays.
std::string RewriteGlob(std::string_view sql);

/// The alias of the subquery RewriteByName wraps the right side of a set operation BY NAME
/// in.
inline constexpr const char* kByNameMarker = "__teal_by_name__";

/// Rewrites DuckDB's `left UNION [ALL] BY NAME right` (also EXCEPT and INTERSECT) to `left
/// UNION [ALL] SELECT * FROM (right) AS "__teal_by_name__"`, which the transformer turns
/// back into the set operation by name. `right` ends where the set operation does: at a
/// UNION or EXCEPT (INTERSECT binds tighter), ORDER BY, LIMIT, OFFSET, FETCH, `)` or `;`
/// of its own depth.
std::string RewriteByName(std::string_view sql);

/// The column list RewriteInsertByName writes for INSERT … BY NAME.
inline constexpr const char* kInsertByNameMarker = "__teal_insert_by_name__";

/// Rewrites DuckDB's `INSERT INTO t [AS a] BY NAME query` to `INSERT INTO t [AS a]
/// ("__teal_insert_by_name__") query`, which the transformer turns back into an insert by
/// name, and drops `BY POSITION` (the default). Throws BinderError for BY NAME with a
/// column list of its own.
std::string RewriteInsertByName(std::string_view sql);

/// The SET target that stands for INSERT OR REPLACE after RewriteInsertOr.
inline constexpr const char* kOrReplaceMarker = "__teal_or_replace__";

/// Rewrites DuckDB's (and SQLite's) `INSERT OR IGNORE INTO …` to `INSERT INTO … ON CONFLICT
/// DO NOTHING` and `INSERT OR REPLACE INTO …` to `INSERT INTO … ON CONFLICT DO UPDATE SET
/// "__teal_or_replace__" = NULL`, which the transformer turns back into OR REPLACE. The
/// clause goes before a RETURNING or at the end of the statement (before a trailing
/// comment). INSERT must start the statement or follow EXPLAIN [ANALYZE]. Throws
/// ParserError when the statement has an ON CONFLICT clause of its own.
std::string RewriteInsertOr(std::string_view sql);

/// The functions that mark a join's ON condition as DuckDB's SEMI / ANTI JOIN after
/// RewriteSemiAntiJoins.
inline constexpr const char* kSemiJoinMarker = "__teal_semi_join__";
inline constexpr const char* kAntiJoinMarker = "__teal_anti_join__";
/// Rewrites DuckDB's function chaining after a call, a subscript or a list literal, which
/// the PostgreSQL grammar does not have: f(x).g(y) to g(f(x), y), [1, 2].h() to h([1, 2]),
/// and a field of a call's result, f(x).a, to (f(x)).a. (s.g() on a name the grammar reads
/// as a qualified call, which the binder resolves.)
std::string RewriteCallChains(std::string_view sql);

/// The function RewriteSliceSteps puts a slice's end and step into.
inline constexpr const char* kSliceStepMarker = "__teal_slice_step__";

/// Rewrites DuckDB's slice with a step, x[begin:end:step] (which the PostgreSQL grammar does
/// not have), to x[begin:__teal_slice_step__(end, step)], and x[begin:-:step] (the end left
/// out) to x[begin:__teal_slice_step__(step)]; the transformer makes them list_slice calls.
std::string RewriteSliceSteps(std::string_view sql);

/// The argument of kSemiJoinMarker / kAntiJoinMarker for a NATURAL SEMI / ANTI JOIN (one
/// with USING has the join's marker as the last name of its list).
inline constexpr const char* kNaturalJoinMarker = "__teal_natural_join__";

/// Rewrites DuckDB's `a SEMI JOIN b ON c` / `a ANTI JOIN b ON c` (which the PostgreSQL
/// grammar reads as an alias "semi" on `a`, silently an inner join) to `a JOIN b ON
/// __teal_semi_join__(c)` / `__teal_anti_join__(c)`, `… USING (k)` to `a JOIN b USING (k,
/// "__teal_semi_join__")` and `a NATURAL SEMI JOIN b` to `a JOIN b ON
/// __teal_semi_join__(__teal_natural_join__)`, which the transformer turns back into the
/// join types. `a AS semi JOIN b` keeps its alias. Throws ParserError when there is no ON,
/// USING or NATURAL.
std::string RewriteSemiAntiJoins(std::string_view sql);

/// The marks of DuckDB's ASOF JOIN after RewriteAsOfJoins: a function around its ON
/// condition, or a last name in its USING list.
inline constexpr const char* kAsOfJoinMarker = "__teal_asof_join__";

/// Rewrites DuckDB's `a ASOF [INNER | LEFT | RIGHT | FULL] [OUTER] JOIN b ON c` to the
/// join without ASOF and `ON __teal_asof_join__(c)`, and `… USING (k, t)` to `… USING (k,
/// t, "__teal_asof_join__")`; the transformer turns either back into JoinType::kAsOf.
/// `a AS asof JOIN b` keeps its alias. Throws ParserError when there is neither ON nor
/// USING.
std::string RewriteAsOfJoins(std::string_view sql);

/// The mark of DuckDB's LIMIT n % after RewriteLimitPercent: a function around n.
inline constexpr const char* kLimitPercentMarker = "__teal_limit_percent__";

/// Rewrites DuckDB's `LIMIT n %` and `LIMIT n PERCENT` (the % or PERCENT last in the
/// LIMIT clause) to `LIMIT __teal_limit_percent__(n)`, which the binder reads back.
std::string RewriteLimitPercent(std::string_view sql);

/// The mark of DuckDB's POSITIONAL JOIN after RewritePositionalJoins: its ON condition.
inline constexpr const char* kPositionalJoinMarker = "__teal_positional_join__";

/// Rewrites DuckDB's `a POSITIONAL JOIN b` to `a JOIN b ON __teal_positional_join__()`,
/// which the transformer turns back into JoinType::kPositional. `a AS positional JOIN b`
/// keeps its alias.
std::string RewritePositionalJoins(std::string_view sql);

/// Drops the underscores that group the digits of a numeric literal (DuckDB's and
/// PostgreSQL 16's `1_000_000`), which this grammar's lexer calls trailing junk. Only
/// between two digits of a number: names, strings and a trailing `_` are untouched.
std::string RewriteNumericUnderscores(std::string_view sql);

/// Rewrites DuckDB's `FROM VALUES (…), (…) [AS] t(a, b)` (a VALUES list as a FROM item
/// without parentheses, which the PostgreSQL grammar refuses) to `FROM (VALUES (…), (…))
/// [AS] t(a, b)`; also after JOIN.
std::string RewriteValuesInFrom(std::string_view sql);

/// Rewrites DuckDB's file scans, a string as a FROM item (`FROM 'data.csv'`, also after JOIN
/// and a FROM list's comma), to `FROM read_csv_auto('data.csv')`. A FROM inside a
/// function's parentheses (trim(… FROM 'x'), extract) and COPY's own FROM are left alone.
std::string RewriteFileScans(std::string_view sql);

/// The table function RewriteDescribe calls: (schema, name) of the table or view, or
/// ('', '', query text, the query's parameters…) of a query (see kSummarizeFunction).
inline constexpr const char* kDescribeFunction = "__teal_describe";

/// The table function RewriteDescribe makes SUMMARIZE of: (query text, the query's
/// parameters…), the parameters there only so that a statement prepared from the rewritten
/// text counts them.
inline constexpr const char* kSummarizeFunction = "__teal_summarize";

/// Rewrites DuckDB's `DESCRIBE [schema.]name` into `SELECT * FROM "__teal_describe"('schema',
/// 'name')`, `DESCRIBE query` and `SHOW query` into `… "__teal_describe"('', '', 'query')`,
/// `SHOW TABLES` into a query over duckdb_tables() and duckdb_views() (the main schema's of
/// the default database, and the temporary objects, by name), `SHOW ALL TABLES` and
/// `DESCRIBE ALL` into one over duckdb_columns() (every database's tables and views with
/// their columns), `SHOW DATABASES` into one over duckdb_databases(), `SUMMARIZE query` into `…
/// "__teal_summarize"('query')` and `SUMMARIZE [TABLE] name` into that of `SELECT * FROM name` — as
/// a statement, after PREPARE's AS, or in parentheses as a FROM item. (`SHOW name` is left to the
/// grammar: PostgreSQL's shows a setting, DuckDB's describes a table.) Other text is returned as it
/// is.
std::string RewriteDescribe(std::string_view sql);

/// The type RewriteGeneratedColumns gives a generated column written without one: the
/// binder takes the expression's type.
inline constexpr const char* kInferredType = "__teal_inferred_type";

/// Rewrites DuckDB's generated columns in CREATE TABLE for the PostgreSQL grammar:
/// `name AS (expr)` becomes `name "__teal_inferred_type" GENERATED ALWAYS AS (expr)
/// STORED`, `name type AS (expr)` becomes `name type GENERATED ALWAYS AS (expr) STORED`,
/// and `GENERATED ALWAYS AS (expr) [VIRTUAL]` gets STORED.
std::string RewriteGeneratedColumns(std::string_view sql);

/// DuckDB's prefix aliases: `SELECT j : 42` and `FROM b : a` become `42 AS j` and `a AS b`
/// (a select-list item or FROM item that starts with a name, or in FROM a string, and a
/// single colon). Not inside [ ] or { } (slices, struct literals).
std::string RewritePrefixAliases(std::string_view sql);

/// DuckDB's (and MySQL's) aliases written as strings: `SELECT i AS 'total'`, `FROM t AS 'x'('k')`
/// become quoted identifiers. Not the AS of CREATE MACRO / FUNCTION, whose body may be a string.
std::string RewriteStringAliases(std::string_view sql);

/// DuckDB's FILTER without WHERE: `sum(x) FILTER (x > 0)` is `sum(x) FILTER (WHERE x > 0)`.
std::string RewriteFilterWithoutWhere(std::string_view sql);

/// Drops DuckDB's trailing commas — a comma before `)`, `]`, `}`, a clause keyword the grammar
/// reserves (FROM, WHERE, GROUP, ORDER, …) or the end: `SELECT a, b, FROM t`, `[1, 2,]`,
/// `CREATE TABLE t (a INT,)`. A comma before a reserved word means nothing else.
std::string RewriteTrailingCommas(std::string_view sql);

/// The function RewriteStarModifiers writes for a star with modifiers, and the table name
/// that stands for an unqualified `*` in its first argument.
inline constexpr const char* kStarMarker = "__teal_star";
inline constexpr const char* kUnqualifiedStar = "__teal_unqualified";

/// Rewrites DuckDB's `* EXCLUDE (a, t.b)`, `* REPLACE (expression AS a)` and `* RENAME (a AS
/// b)` (in any sequence, after `*` or `t.*` of a select list or of COLUMNS(…)) into
/// `"__teal_star"(t.*, "exclude" := a, "replace" := (expression), "as" := a, "rename" :=
/// (a), "as" := b)`, which the transformer turns back into a star with its modifiers.
/// EXCLUDE also takes one name without parentheses.
std::string RewriteStarModifiers(std::string_view sql);

/// Rewrites DuckDB's STRUCT literals `{'a': 1, 'b': x}` (not in the PostgreSQL grammar)
/// into `struct_pack("a" := 1, "b" := x)`, innermost first, and its MAP literals `MAP {k:
/// v, …}` into `map(list_value(k, …), list_value(v, …))`. A name may also be written
/// bare or double-quoted. Throws ParserError for an unclosed or empty literal.
std::string RewriteStructLiterals(std::string_view sql);

/// The type name RewriteStructTypes writes for STRUCT(…): its fields are its modifiers,
/// one string literal per field ('name type').
inline constexpr std::string_view kStructTypeMarker = "__teal_struct";
/// The same for MAP(key, value): two string literals, the key's type and the value's.
inline constexpr std::string_view kMapTypeMarker = "__teal_map";
/// The same for UNION(name type, …): one 'name type' string per member.
inline constexpr std::string_view kUnionTypeMarker = "__teal_union";

/// Rewrites the type `STRUCT(a INTEGER, b VARCHAR[])` (whose fields the PostgreSQL grammar
/// cannot read as type modifiers) into `__teal_struct('a INTEGER', 'b VARCHAR[]')`, and
/// the type `MAP(VARCHAR, INTEGER[])` where a type stands into `__teal_map('VARCHAR',
/// 'INTEGER[]')`. `ROW(a INTEGER)` where a type stands is DuckDB's other name for STRUCT;
/// `UNION(a INTEGER, b VARCHAR)` there becomes `__teal_union('a INTEGER', 'b VARCHAR')`.
std::string RewriteStructTypes(std::string_view sql);

/// Rewrites DuckDB's intervals without quotes — `INTERVAL 5 DAY` to `INTERVAL '5 day'`, and
/// `INTERVAL (x) DAY` to `(x * INTERVAL '1 day')` — which the PostgreSQL grammar refuses.
std::string RewriteIntervalLiterals(std::string_view sql);

/// Rewrites DuckDB's `**` (exponentiation) to `^`, which the PostgreSQL grammar binds as
/// tightly as DuckDB binds `**` (as a generic operator `**` would bind looser than `*`:
/// `2 * 3 ** 2` must be 18, not 36).
std::string RewritePowerOperator(std::string_view sql);

/// What RewriteIntegerDivision writes for `//`: the operator `/` and a comment after it,
/// which the transformer sees at the operator's location and turns back into `//`.
inline constexpr std::string_view kIntegerDivisionMarker = "/ /*integer division*/";

/// Rewrites DuckDB's integer division `a // b` to `a / /*integer division*/ b`: the
/// PostgreSQL grammar parses an operator it does not know below + and - (6 + 1 // 2 as
/// (6 + 1) // 2), `/` where DuckDB has `//`, with * and %.
std::string RewriteIntegerDivision(std::string_view sql);

/// Rewrites DuckDB's `SET GLOBAL name = value` (not in the PostgreSQL grammar) to `SET name =
/// value`: Teal's settings are database-wide already.
std::string RewriteSetGlobal(std::string_view sql);

/// The function RewriteExecuteNamedValues wraps a named value of EXECUTE in, with its name.
inline constexpr const char* kExecuteNamedValueMarker = "__teal_execute_named_value";

/// Rewrites DuckDB's named values of EXECUTE, `EXECUTE s(x := 1, "Y" => 2)`, to
/// `EXECUTE s(<marker>('x', 1), <marker>('Y', 2))`, which the grammar takes; the values of
/// $x and $Y.
std::string RewriteExecuteNamedValues(std::string_view sql);

/// The alias RewriteSetVariable gives the one item of its SELECT, before the variable's
/// name: SET VARIABLE, or RESET VARIABLE when the item is a NULL of no type.
inline constexpr const char* kSetVariableMarker = "__teal_set_variable__:";
inline constexpr const char* kResetVariableMarker = "__teal_reset_variable__:";

/// Rewrites DuckDB's `SET VARIABLE name = expression` (or TO) to `SELECT (expression) AS
/// "<marker>name"` and `RESET VARIABLE name` to `SELECT NULL AS "<reset marker>name"`,
/// which the transformer turns into a SetStatement for the variable. The name is folded
/// to lower case unless quoted.
std::string RewriteSetVariable(std::string_view sql);

/// The function RewriteTryCast wraps a TRY_CAST's CAST in.
inline constexpr const char* kTryCastMarker = "__teal_try_cast";

/// Rewrites DuckDB's `TRY_CAST(x AS type)` (not in the PostgreSQL grammar) into
/// `"__teal_try_cast"(CAST(x AS type))`, which the transformer turns back into a cast that
/// gives NULL where the value does not convert.
std::string RewriteTryCast(std::string_view sql);

/// Rewrites DuckDB's `CREATE OR REPLACE TABLE | SEQUENCE | SCHEMA` into `CREATE …`, setting
/// `or_replace`.
std::string RewriteCreateOrReplaceTable(std::string_view sql, bool& or_replace);

/// Rewrites DuckDB's `CREATE [TEMP] VIEW IF NOT EXISTS` (not in the PostgreSQL grammar) into
/// `CREATE [TEMP] VIEW`, setting `if_not_exists`.
std::string RewriteCreateViewIfNotExists(std::string_view sql, bool& if_not_exists);

/// What RewriteCreateType took out of a CREATE TYPE the grammar would not read.
struct CreateTypeRewrite {
  bool or_replace = false;
  bool if_not_exists = false;
  /// `AS ENUM (query)`: the query, whose values are the labels; the text keeps `ENUM ()`.
  std::string enum_query;
};

/// Rewrites DuckDB's forms of CREATE TYPE, which the PostgreSQL grammar lacks, into ones it
/// reads: `OR REPLACE` and `IF NOT EXISTS` go into `out`; `AS ENUM (query)` keeps `ENUM ()`
/// and gives the query to `out`; a type alias, `AS type` (anything but ENUM, RANGE or a
/// parenthesised attribute list), becomes `CREATE DOMAIN name AS type`, PostgreSQL's
/// form of the same thing.
std::string RewriteCreateType(std::string_view sql, CreateTypeRewrite& out);

/// Rewrites DuckDB's `COMMENT ON MACRO [TABLE] name` into `COMMENT ON FUNCTION name`: a
/// macro is Teal's (and DuckDB's) user function.
std::string RewriteCommentOnMacro(std::string_view sql);

/// Gives a subquery or VALUES list in FROM without an alias (the PostgreSQL 15 grammar
/// requires one; DuckDB does not) the alias unnamed_subquery (then unnamed_subquery2, …).
std::string RewriteUnnamedSubqueries(std::string_view sql);

/// The function a lambda becomes: __teal_lambda(param, …, (body)).
inline constexpr const char* kLambdaFunction = "__teal_lambda";

/// Rewrites DuckDB's lambdas — `x -> body`, `(x, i) -> body` and `lambda x, i: body`, the
/// body running to the next `,` or closing bracket of its level — into
/// `__teal_lambda(x, i, (body))` (the PostgreSQL grammar has neither; `->` would bind
/// tighter than `=` there). The binder accepts them as arguments of the list functions
/// that take one (planner/binder/expression/bind_lambda.cpp).
std::string RewriteLambdas(std::string_view sql);

/// Rewrites DuckDB's list comprehensions, `[expr FOR x IN list]` and `[expr FOR x IN list
/// IF condition]` (after RewriteListLiterals: ARRAY[…]), into
/// `list_transform([list_filter(]list[, x -> condition)], x -> expr)`; `FOR x, i IN list`
/// gives the lambda the element's index too (without IF).
std::string RewriteListComprehensions(std::string_view sql);

/// The suffix RewriteNullTreatment gives the name of a function called with IGNORE NULLS.
inline constexpr const char* kIgnoreNullsSuffix = "__teal_ignore_nulls";

/// Rewrites IGNORE NULLS / RESPECT NULLS of a function call, written inside its parentheses
/// (DuckDB: `lag(x IGNORE NULLS)`, `nth_value(x, 2 IGNORE NULLS)`) or after them (the SQL
/// standard: `first_value(x) IGNORE NULLS OVER …`): the words go, and with IGNORE the
/// function's name gets kIgnoreNullsSuffix (the PostgreSQL grammar has neither form).
std::string RewriteNullTreatment(std::string_view sql);

/// The WINDOW clause entry that stands for QUALIFY after RewriteQualify.
inline constexpr const char* kQualifyMarker = "__teal_qualify__";

/// Rewrites DuckDB's `QUALIFY condition` (a filter after the window functions) into a
/// WINDOW clause entry `"__teal_qualify__" AS (PARTITION BY (condition))`, which the
/// grammar accepts in the same place; the transformer takes it out again.
std::string RewriteQualify(std::string_view sql);

/// The prefix of the names that carry a sample (RewriteSamples): "__teal_sample__|size|unit|
/// method|seed|alias" (empty fields where not written).
inline constexpr const char* kSampleMarker = "__teal_sample__";

/// Rewrites DuckDB's `USING SAMPLE …` into a WINDOW clause entry named with
/// kSampleMarker, and `TABLESAMPLE …` after any FROM item into an alias that starts with
/// it (sample_rewrite.cpp).
std::string RewriteSamples(std::string_view sql);

/// Rewrites `?` and `$name` parameters into the `$n` form the grammar accepts. `?` are
/// numbered left to right; each distinct `$name` gets the next number, recorded in
/// `names` (names[n-1] = "name"; empty for `?` and `$n`). Returns the highest number used.
/// Throws ParserError when `?` is mixed with `$n` or `$name`, or a number is above
/// kMaxParameters.
idx_t RewriteParameters(std::string& sql, std::vector<std::string>& names);

/// The highest parameter number a statement may use (PostgreSQL's limit).
inline constexpr idx_t kMaxParameters = 65535;

}  // namespace teal
