// The Transformer class, shared by the files of src/parser/transformer/: one member function
// per PostgreSQL node kind Teal understands, in one file per statement family (select,
// insert/update/delete, DDL, SET and EXPLAIN) plus expressions and constants. Anything
// else is a NotImplementedError naming the construct — never silently ignored. Internal
// to the parser: only these files know libpg_query's tree (parser/transformer.hpp is the
// entry point).
#pragma once

#include <fmt/format.h>
#include <pg_query/pg_query.pb-c.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/stack.hpp"
#include "parser/statements.hpp"
#include "teal/error.hpp"

namespace teal::transformer {

using Node = PgQuery__Node;

std::string Lower(std::string_view s);
std::string Upper(std::string_view s);
/// The text of a String node; InternalError for any other node.
std::string StringOf(const Node* node);
/// The collation a COLLATE clause names, its parts joined by '.' (NOACCENT.NOCASE).
std::string CollationName(const PgQuery__CollateClause& clause);
/// The grammar's name of a parse node's kind, e.g. "COPY" for a CopyStmt, for messages
/// (libpg_query's protobuf field names: copy_stmt, grouping_func, …).
std::string NodeName(const Node& node);

class Transformer {
 public:
  Transformer(std::string_view sql, idx_t max_depth) : sql_(sql), max_depth_(max_depth) {}

  std::unique_ptr<SQLStatement> Statement(const Node& node);

 private:
  // ---- statements ----------------------------------------------------------------
  std::unique_ptr<SelectStatement> Select(const PgQuery__SelectStmt& s);

  std::unique_ptr<TableRef> From(const Node* node);
  /// f(…) WITH ORDINALITY: the call as a lateral subquery that numbers its rows.
  std::unique_ptr<TableRef> WithOrdinality(std::unique_ptr<TableRef> function);

  std::vector<CommonTableExpression> With(const PgQuery__WithClause& with);

  /// Whether `node` is what RewriteAllClauses put in place of GROUP BY ALL / ORDER BY ALL.
  static bool IsAllMarker(const Node* node);

  std::vector<OrderTerm> OrderBy(const PgQuery__SelectStmt& s);
  /// GROUP BY with GROUPING SETS, ROLLUP or CUBE: select.group_by and grouping_sets.
  void GroupingSets(const PgQuery__SelectStmt& s, SelectStatement& select);
  /// The terms of an ORDER BY list (a SELECT's, or a window's when !allow_all).
  std::vector<OrderTerm> OrderTerms(Node* const* clause, size_t count, bool allow_all);

  /// OVER (…) or OVER name of a window function call, with the named windows of the
  /// SELECT being transformed (WINDOW w AS (…)) filled in.
  std::shared_ptr<const WindowSpec> Window(const PgQuery__WindowDef& over);
  /// The WINDOW clause entry `name` of the SELECT being transformed; ParserError if none.
  const PgQuery__WindowDef& NamedWindow(std::string_view name, int location);

  std::unique_ptr<SelectStatement> SetOperationSelect(const PgQuery__SelectStmt& s);

  BaseTableRef Table(const PgQuery__RangeVar& range);

  std::unique_ptr<InsertStatement> Insert(const PgQuery__InsertStmt& s);

  std::unique_ptr<OnConflictClause> OnConflict(const PgQuery__OnConflictClause& s);

  /// RETURNING a, b AS c, *: a select list.
  std::vector<ParsedExpressionPtr> Returning(Node* const* items, size_t count);
  /// The value of one column of SET (a, b) = ROW(x, y) (or (x, y)): x for a, y for b.
  ParsedExpressionPtr MultiAssignValue(const PgQuery__MultiAssignRef& ref);

  std::unique_ptr<TransactionStatement> Transaction(const PgQuery__TransactionStmt& s);
  std::unique_ptr<SetStatement> Set(const PgQuery__VariableSetStmt& s);
  /// The SET / RESET VARIABLE statement RewriteSetVariable made `select` of, taking it;
  /// null when `select` is an ordinary query.
  std::unique_ptr<SetStatement> SetVariable(std::unique_ptr<SelectStatement>& select);

  std::unique_ptr<ExplainStatement> Explain(const PgQuery__ExplainStmt& s);

  std::unique_ptr<CopyStatement> Copy(const PgQuery__CopyStmt& s);

  std::unique_ptr<DeleteStatement> Delete(const PgQuery__DeleteStmt& s);
  /// The parts of a field path RewriteFieldPaths made `name` of; empty for a plain name.
  static std::vector<std::string> FieldPath(const std::string& name);
  /// FROM items a, b, … as a CROSS JOIN of them (null for none): UPDATE … FROM, DELETE …
  /// USING.
  std::unique_ptr<TableRef> CrossJoin(Node* const* items, size_t n);

  std::unique_ptr<UpdateStatement> Update(const PgQuery__UpdateStmt& s);

  std::unique_ptr<CreateViewStatement> CreateView(const PgQuery__ViewStmt& s);

  std::unique_ptr<CreateTableAsStatement> CreateTableAs(const PgQuery__CreateTableAsStmt& s);

  /// The text after the statement's first top-level AS keyword: a view's query.
  std::string QueryTextAfterAs();

  /// The name a CREATE gives: a temporary object's (CREATE TEMP …) is in the schema temp,
  /// the connection's temporary objects (catalog/catalog_search.hpp).
  /// ON COMMIT DELETE ROWS / DROP are not implemented.
  BaseTableRef CreatedName(
      const PgQuery__RangeVar& relation,
      PgQuery__OnCommitAction on_commit = PG_QUERY__ON_COMMIT_ACTION__ON_COMMIT_ACTION_UNDEFINED);
  /// The schema a name in FROM, INSERT, … is written with: "temp" for temp.main.name,
  /// "db.schema" for db.schema.name (catalog/catalog_search.hpp).
  static std::string RangeSchema(const PgQuery__RangeVar& range);

  std::unique_ptr<CreateTableStatement> CreateTable(const PgQuery__CreateStmt& s);

  /// PRIMARY KEY or UNIQUE; `column` names the column it is written on (else the
  /// constraint lists its columns).
  UniqueConstraintSyntax Unique(const PgQuery__Constraint& c, const std::string& column);

  std::unique_ptr<CreateIndexStatement> CreateIndex(const PgQuery__IndexStmt& s);
  std::unique_ptr<VacuumStatement> Vacuum(const PgQuery__VacuumStmt& s);

  /// A column definition; its PRIMARY KEY / UNIQUE go to `constraints`, its CHECK to
  /// `checks` and its REFERENCES to `foreign_keys` (null: not implemented there).
  ColumnDefinitionSyntax Column(const PgQuery__ColumnDef& def,
                                std::vector<UniqueConstraintSyntax>& constraints,
                                std::vector<CheckConstraintSyntax>* checks = nullptr,
                                std::vector<ForeignKeySyntax>* foreign_keys = nullptr);
  /// FOREIGN KEY … REFERENCES … (`column`: the column it is written on, or empty).
  ForeignKeySyntax ForeignKey(const PgQuery__Constraint& c, const std::string& column);
  CheckConstraintSyntax Check(const PgQuery__Constraint& c);

  std::unique_ptr<CreateSequenceStatement> CreateSequence(const PgQuery__CreateSeqStmt& s);
  std::unique_ptr<AlterSequenceStatement> AlterSequence(const PgQuery__AlterSeqStmt& s);

  /// The BIGINT value of a CREATE SEQUENCE option; ParserError when it is no whole number
  /// or does not fit.
  static std::optional<int64_t> SequenceNumber(const PgQuery__DefElem& option,
                                               const std::string& sequence);

  std::unique_ptr<AlterTableStatement> AlterTable(const PgQuery__AlterTableStmt& s);

  std::unique_ptr<SQLStatement> Rename(const PgQuery__RenameStmt& s);

  std::unique_ptr<CreateTypeStatement> CreateEnum(const PgQuery__CreateEnumStmt& s);
  std::unique_ptr<CreateTypeStatement> CreateDomain(const PgQuery__CreateDomainStmt& s);
  std::unique_ptr<CommentStatement> Comment(const PgQuery__CommentStmt& s);

  std::unique_ptr<DropStatement> Drop(const PgQuery__DropStmt& s);

  // ---- types -----------------------------------------------------------------
  TypeName Type(const PgQuery__TypeName& t);
  /// One field of a STRUCT type, as RewriteStructTypes wrote it: 'name type'.
  std::pair<std::string, TypeName> StructField(std::string_view field);

  // ---- expressions -------------------------------------------------------------
  /// INTERVAL '…' with a field qualifier (INTERVAL '90' DAY), as a constant; null when
  /// `cast` is no such thing. PostgreSQL reads a bare integer in the qualifier's unit and
  /// drops the fields below it ('1 day 2 hours' DAY is 1 day). One field (YEAR, MONTH,
  /// DAY, HOUR, MINUTE, SECOND) over a string literal of an integer or of values with
  /// their units is supported; ranges (DAY TO SECOND), precisions, the standard's
  /// colon forms and non-constant operands are not-implemented errors, never a silently
  /// different interval.
  ParsedExpressionPtr QualifiedInterval(const PgQuery__TypeCast& cast);

  ParsedExpressionPtr Make(ExprKind kind, int location);

  ParsedExpressionPtr Operator(std::string name, int location, ParsedExpressionPtr a,
                               ParsedExpressionPtr b = nullptr);
  /// An ordered-set aggregate, f(…) WITHIN GROUP (ORDER BY x): the aggregate of x it is.
  ParsedExpressionPtr WithinGroup(const PgQuery__FuncCall& f);

  ParsedExpressionPtr Constant(const PgQuery__AConst& c);

  /// A numeric literal the grammar did not fit in an int32. A whole number: BIGINT, HUGEINT
  /// or UHUGEINT, the first that holds it (DuckDB's rule), and an error past UHUGEINT — never
  /// a rounded DOUBLE. With a point (`42.` too): DECIMAL(w,s) up to 38 digits, else DOUBLE;
  /// with an exponent: DOUBLE.
  static Value NumericLiteral(std::string_view text);

  std::vector<ParsedExpressionPtr> List(const Node* node);

  ParsedExpressionPtr AExpr(const PgQuery__AExpr& a);

  /// x op ANY / ALL (list): over the list's elements, as over a subquery's rows.
  ParsedExpressionPtr OperatorOverList(const PgQuery__AExpr& a, const std::string& op, bool any);

  /// A subquery in an expression: (SELECT …), EXISTS, x op ANY / ALL (SELECT …), ARRAY(…).
  ParsedExpressionPtr SubLink(const PgQuery__SubLink& link);

  /// (a, b) IN (SELECT x, y …) — NOT IN with `negate` — as SQL's row equality written
  /// with two EXISTS: CASE WHEN a row equals THEN true WHEN a row is unequal in no value
  /// (NULLs) THEN NULL ELSE false END.
  ParsedExpressionPtr RowIn(const PgQuery__SubLink& link, bool negate);

  /// The SQL text of a subquery's SELECT, from its first token to the parenthesis that
  /// closes it, for column names; "SELECT …" when the text cannot be found.
  std::string SubqueryText(const PgQuery__SelectStmt& select);

  /// Where a SELECT's text starts: libpg_query gives no location for the statement
  /// itself, so search back from its first target for the SELECT keyword.
  int FirstLocation(const PgQuery__SelectStmt& select);

  /// CASE [arg] WHEN … THEN … [ELSE …] END; the simple form compares arg = WHEN value.
  ParsedExpressionPtr Case(const PgQuery__CaseExpr& c);

  /// RewriteStarModifiers' call: a kStar whose children are its modifiers, each with
  /// argument_name "exclude" (a column reference), "replace" (the expression, alias the
  /// column) or "rename" (a column reference, alias the new name).
  ParsedExpressionPtr StarWithModifiers(const PgQuery__FuncCall& f);

  ParsedExpressionPtr Expr(const Node* node);

  /// The SQL text of an expression node, from its location to the end of the expression,
  /// approximated by re-rendering (locations alone do not give the end).
  std::string TextAt(const Node* node) { return Expr(node)->ToString(); }

  /// One level of nesting (an expression, a query, a FROM item) for as long as it lives:
  /// past max_depth the statement is refused, and the stack is checked on the way down.
  class Level {
   public:
    explicit Level(Transformer& t) : t_(t) {
      if (++t_.depth_ > t_.max_depth_) {
        throw ParserError(fmt::format(
            "the statement nests more than {} levels deep (max_expression_depth); simplify it "
            "or raise the setting",
            t_.max_depth_));
      }
      CheckStackDepth("the statement");
    }
    ~Level() { t_.depth_--; }
    Level(const Level&) = delete;
    Level& operator=(const Level&) = delete;

   private:
    Transformer& t_;
  };

  std::string_view sql_;
  /// The SELECT whose select list, ORDER BY and QUALIFY are being transformed: its WINDOW
  /// clause names the windows OVER may refer to.
  const PgQuery__SelectStmt* window_scope_ = nullptr;
  idx_t max_depth_;
  idx_t depth_ = 0;
};

}  // namespace teal::transformer
