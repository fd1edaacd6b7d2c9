// Parser: statement splitting, the pre-parse rewrites, and the call into libpg_query.
#include "parser/parser.hpp"

#include <fmt/format.h>
#include <pg_query.h>
#include <pg_query/pg_query.pb-c.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <limits>

#include "common/utf8.hpp"
#include "parser/sql_scanner.hpp"
#include "parser/transformer.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

bool IsBlank(std::string_view s) {
  SqlTextScanner scanner(s);
  while (!scanner.Done()) {
    size_t before = scanner.Position();
    if (scanner.SkipQuotedOrComment()) {
      char c = s[before];
      if (c == '\'' || c == '"' || c == '$') return false;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(scanner.Current()))) return false;
    scanner.Advance();
  }
  return true;
}

bool StartsWithKeyword(std::string_view s, std::string_view keyword) {
  size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) i++;
  if (s.size() - i < keyword.size()) return false;
  for (size_t k = 0; k < keyword.size(); k++) {
    if (std::tolower(static_cast<unsigned char>(s[i + k])) != keyword[k]) return false;
  }
  size_t after = i + keyword.size();
  return after == s.size() ||
         !(std::isalnum(static_cast<unsigned char>(s[after])) || s[after] == '_');
}

std::unique_ptr<PragmaStatement> ParsePragma(const std::string& text) {
  // PRAGMA name | PRAGMA name = value | PRAGMA name(arg, ...)
  std::string rest = Trim(std::string_view(text).substr(text.find_first_not_of(" \t\r\n") + 6));
  auto statement = std::make_unique<PragmaStatement>();
  statement->text = text;
  size_t i = 0;
  while (i < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[i])) || rest[i] == '_'))
    i++;
  statement->name = rest.substr(0, i);
  for (auto& c : statement->name)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (statement->name.empty())
    throw ParserError("syntax error at end of input: PRAGMA needs a name: " + text);
  std::string tail = Trim(std::string_view(rest).substr(i));
  if (!tail.empty() && tail[0] == '=') {
    statement->arguments.push_back(Trim(std::string_view(tail).substr(1)));
  } else if (!tail.empty() && tail[0] == '(' && tail.back() == ')') {
    std::string inner = tail.substr(1, tail.size() - 2);
    if (!Trim(inner).empty()) statement->arguments.push_back(Trim(inner));
  } else if (!tail.empty()) {
    throw ParserError(fmt::format("syntax error in PRAGMA at \"{}\"", tail));
  }
  return statement;
}

}  // namespace

std::vector<std::string> SplitStatements(std::string_view sql) {
  std::vector<std::string> out;
  SqlTextScanner scanner(sql);
  size_t start = 0;
  while (!scanner.Done()) {
    if (scanner.SkipQuotedOrComment()) continue;
    if (scanner.Current() == ';') {
      std::string_view piece = sql.substr(start, scanner.Position() - start);
      if (!IsBlank(piece)) out.push_back(Trim(piece));
      start = scanner.Position() + 1;
    }
    scanner.Advance();
  }
  std::string_view piece = sql.substr(std::min(start, sql.size()));
  if (!IsBlank(piece)) out.push_back(Trim(piece));
  return out;
}

namespace {

/// One statement text after the pre-parse rewrites (list literals, GROUP/ORDER BY ALL,
/// parameters), parsed by libpg_query. Owns the unpacked tree. The constructor throws
/// ParserError, naming the position in the rewritten text, when the grammar rejects it.
class GrammarParse {
 public:
  GrammarParse(const std::string& text, idx_t pivot_limit) : rewritten_(text) {
    // Parameters first: `?` are numbered in the order they are written, before a rewrite
    // moves text around (FROM (SELECT ?) SELECT ? binds the FROM's first).
    parameter_count_ = RewriteParameters(rewritten_, parameter_names_);
    // The rewrites, in order; integer division last: the transformer finds its marker in
    // the final text.
    std::string& sql = rewritten_;
    // First: the query of CREATE TYPE … AS ENUM (query) is parsed on its own, rewrites and all.
    sql = RewriteCreateType(sql, create_type_);
    sql = RewriteCommentOnMacro(sql);
    sql = RewriteSetVariable(sql);  // first: the later rewrites apply to its value
    sql = RewriteExecuteNamedValues(sql);
    sql = RewriteNumericUnderscores(sql);
    sql = RewriteDescribe(sql);
    sql = RewritePivotStatements(sql);
    sql = RewritePivot(sql, pivot_limit);
    sql = RewriteTrailingCommas(sql);
    sql = RewritePrefixAliases(sql);
    sql = RewriteStringAliases(sql);
    sql = RewriteFilterWithoutWhere(sql);
    sql = RewriteGeneratedColumns(sql);
    sql = RewriteStarModifiers(sql);
    sql = RewriteStructLiterals(sql);
    sql = RewriteStructTypes(sql);
    sql = RewriteIntervalLiterals(sql);
    sql = RewriteCreateOrReplaceTable(sql, or_replace_table_);
    sql = RewriteCreateViewIfNotExists(sql, view_if_not_exists_);
    sql = RewriteInsertByName(sql);
    sql = RewriteInsertOr(sql);
    sql = RewritePositionalReferences(sql);
    sql = RewriteGlob(sql);
    sql = RewriteByName(sql);
    sql = RewriteUsingKey(sql);
    sql = RewriteAlterSetType(sql);
    sql = RewriteFieldPaths(sql);
    sql = RewriteFromFirst(sql);
    sql = RewriteValuesInFrom(sql);
    sql = RewriteFileScans(sql);
    sql = RewriteCallChains(sql);
    sql = RewriteSliceSteps(sql);
    sql = RewriteListLiterals(sql);
    sql = RewriteAllClauses(sql);
    sql = RewriteEmptyInLists(sql);
    sql = RewriteInListExpressions(sql);
    sql = RewriteEmptyTypeModifiers(sql);
    sql = RewriteSemiAntiJoins(sql);
    sql = RewriteAsOfJoins(sql);
    sql = RewritePositionalJoins(sql);
    sql = RewriteLimitPercent(sql);
    sql = RewriteUsingCompression(sql);
    sql = RewriteSetGlobal(sql);
    sql = RewriteNullTreatment(sql);
    sql = RewriteListComprehensions(sql);
    sql = RewriteLambdas(sql);
    sql = RewriteQualify(sql);
    sql = RewriteSamples(sql);  // after QUALIFY, which it follows
    sql = RewriteTryCast(sql);
    sql = RewriteUnnamedSubqueries(sql);
    sql = RewriteIntegerDivision(sql);
    sql = RewritePowerOperator(sql);
    PgQueryProtobufParseResult result = pg_query_parse_protobuf(rewritten_.c_str());
    if (result.error) {
      std::string message = result.error->message;
      int cursor = result.error->cursorpos;
      pg_query_free_protobuf_parse_result(result);
      if (cursor > 0) {
        message += fmt::format(" (at position {} of \"{}\")", cursor,
                               Excerpt(rewritten_, static_cast<size_t>(cursor - 1)));
      }
      throw ParserError(message);
    }
    tree_ = pg_query__parse_result__unpack(
        nullptr, result.parse_tree.len, reinterpret_cast<const uint8_t*>(result.parse_tree.data));
    pg_query_free_protobuf_parse_result(result);
    if (!tree_) throw InternalError("libpg_query returned a parse tree that does not unpack");
  }
  ~GrammarParse() { pg_query__parse_result__free_unpacked(tree_, nullptr); }
  GrammarParse(const GrammarParse&) = delete;
  GrammarParse& operator=(const GrammarParse&) = delete;

  const std::string& Rewritten() const { return rewritten_; }
  /// The statement was CREATE OR REPLACE TABLE (RewriteCreateOrReplaceTable).
  bool OrReplaceTable() const { return or_replace_table_; }
  /// The statement was CREATE VIEW IF NOT EXISTS (RewriteCreateViewIfNotExists).
  bool ViewIfNotExists() const { return view_if_not_exists_; }
  /// What RewriteCreateType took out of a CREATE TYPE.
  const CreateTypeRewrite& CreateType() const { return create_type_; }
  idx_t ParameterCount() const { return parameter_count_; }
  const std::vector<std::string>& ParameterNames() const { return parameter_names_; }
  size_t StatementCount() const { return tree_->n_stmts; }
  const PgQuery__Node& Statement(size_t i) const { return *tree_->stmts[i]->stmt; }

 private:
  bool or_replace_table_ = false;
  bool view_if_not_exists_ = false;
  CreateTypeRewrite create_type_;
  std::string rewritten_;
  std::vector<std::string> parameter_names_;
  idx_t parameter_count_ = 0;
  PgQuery__ParseResult* tree_ = nullptr;
};

/// The kind of a statement from its top-level parse node alone. Kinds Teal has no
/// StatementType for (SHOW, …) are kInvalid.
StatementType StatementTypeOf(const PgQuery__Node& node) {
  switch (node.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT:
    case PG_QUERY__NODE__NODE_CALL_STMT:  // CALL f(): the rows of table function f
      return StatementType::kSelect;
    case PG_QUERY__NODE__NODE_INSERT_STMT:
      return StatementType::kInsert;
    case PG_QUERY__NODE__NODE_UPDATE_STMT:
      return StatementType::kUpdate;
    case PG_QUERY__NODE__NODE_DELETE_STMT:
      return StatementType::kDelete;
    case PG_QUERY__NODE__NODE_CREATE_STMT:
    case PG_QUERY__NODE__NODE_CREATE_ENUM_STMT:
    case PG_QUERY__NODE__NODE_CREATE_DOMAIN_STMT:
    case PG_QUERY__NODE__NODE_VIEW_STMT:
    case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT:
    case PG_QUERY__NODE__NODE_INDEX_STMT:
    case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT:
    case PG_QUERY__NODE__NODE_CREATE_SCHEMA_STMT:
      return StatementType::kCreate;
    case PG_QUERY__NODE__NODE_DROP_STMT:
      return StatementType::kDrop;
    case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT:
    case PG_QUERY__NODE__NODE_RENAME_STMT:
    case PG_QUERY__NODE__NODE_ALTER_SEQ_STMT:
    case PG_QUERY__NODE__NODE_COMMENT_STMT:
      return StatementType::kAlter;
    case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT:
      return StatementType::kSet;
    case PG_QUERY__NODE__NODE_TRANSACTION_STMT:
      return StatementType::kTransaction;
    case PG_QUERY__NODE__NODE_EXPLAIN_STMT:
      return StatementType::kExplain;
    case PG_QUERY__NODE__NODE_COPY_STMT:
      return StatementType::kCopy;
    case PG_QUERY__NODE__NODE_VACUUM_STMT:
      return StatementType::kVacuum;
    default:
      return StatementType::kInvalid;
  }
}

}  // namespace

namespace {
bool WordIs(std::string_view word, std::string_view keyword) {
  return word.size() == keyword.size() &&
         std::equal(word.begin(), word.end(), keyword.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}
bool WordIsOneOf(std::string_view word, std::initializer_list<std::string_view> keywords) {
  for (std::string_view keyword : keywords) {
    if (WordIs(word, keyword)) return true;
  }
  return false;
}
}  // namespace

idx_t EstimateNestingDepth(std::string_view sql) {
  // Per open level (a parenthesis, bracket or CASE): the operators chained at that level
  // since the last separator, and the set operations chained in it (which a clause does
  // not end). The depth at a point is the open levels plus every open level's chains.
  // AND/OR lists, CASE arms, clauses and commas separate; operators, unary NOT and set
  // operations chain (the grammar nests them).
  struct Level {
    idx_t operators = 0;
    idx_t set_operations = 0;
  };
  std::vector<Level> levels(1);    // levels[0]: outside every parenthesis
  idx_t chained = 0, deepest = 0;  // chained: the sum of the open levels' chains
  auto note = [&] { deepest = std::max<idx_t>(deepest, levels.size() - 1 + chained); };
  auto add_operator = [&] {
    levels.back().operators++;
    chained++;
    note();
  };
  auto add_set_operation = [&] {
    levels.back().set_operations++;
    chained++;
    note();
  };
  auto separate = [&] {
    chained -= levels.back().operators;
    levels.back().operators = 0;
  };
  auto open_level = [&] {
    levels.emplace_back();
    note();
  };
  auto close_level = [&] {
    chained -= levels.back().operators + levels.back().set_operations;
    if (levels.size() > 1) {
      levels.pop_back();
    } else {
      levels.back() = Level{};
    }
  };
  SqlTextScanner scanner(sql);
  while (!scanner.Done()) {
    if (scanner.SkipQuotedOrComment()) continue;
    char c = scanner.Current();
    if (c == '(' || c == '[') {
      open_level();
      scanner.Advance();
    } else if (c == ')' || c == ']') {
      close_level();
      scanner.Advance();
    } else if (c == ',') {
      separate();
      scanner.Advance();
    } else if (c == ';') {
      while (levels.size() > 1) close_level();
      close_level();
      scanner.Advance();
    } else if (std::strchr("+-*/%^<>=|&#~!", c)) {
      add_operator();
      while (!scanner.Done() && std::strchr("+-*/%^<>=|&#~!", scanner.Current())) scanner.Advance();
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = scanner.Position();
      while (!scanner.Done() && (std::isalnum(static_cast<unsigned char>(scanner.Current())) ||
                                 scanner.Current() == '_')) {
        scanner.Advance();
      }
      std::string_view word = sql.substr(start, scanner.Position() - start);
      if (WordIs(word, "case")) {
        open_level();
      } else if (WordIs(word, "end")) {
        close_level();
      } else if (WordIsOneOf(word, {"union", "intersect", "except"})) {
        separate();
        add_set_operation();
      } else if (WordIsOneOf(word, {"not", "between", "is"})) {
        add_operator();
      } else if (WordIsOneOf(word, {"and", "or", "when", "then", "else", "select", "from", "where",
                                    "on", "having", "by", "limit", "offset", "values"})) {
        separate();
      }
    } else {
      scanner.Advance();
    }
  }
  return deepest;
}

namespace {
/// Refuses a statement the text shows to nest more than `max_depth` levels, before the
/// grammar, whose recursion (and protobuf-c's) cannot be checked from here.
void CheckNestingBeforeGrammar(std::string_view text, idx_t max_depth) {
  if (idx_t estimate = EstimateNestingDepth(text); estimate > max_depth) {
    throw ParserError(fmt::format(
        "Max expression depth limit of {} exceeded. The statement nests about {} levels "
        "deep; simplify it or raise max_expression_depth",
        max_depth, estimate));
  }
}
/// CHECKPOINT and FORCE CHECKPOINT (DuckDB's statements; PostgreSQL has the first) as the
/// pragmas checkpoint and force_checkpoint; null when `text` is neither.
std::unique_ptr<PragmaStatement> ParseCheckpoint(const std::string& text) {
  std::string_view rest = text;
  const bool force = StartsWithKeyword(rest, "force");
  if (force) rest.remove_prefix(rest.find_first_not_of(" \t\r\n") + 5);
  if (!StartsWithKeyword(rest, "checkpoint")) {
    if (force)
      throw ParserError(
          fmt::format("syntax error: FORCE must be followed by CHECKPOINT: {}", text));
    return nullptr;
  }
  rest.remove_prefix(rest.find_first_not_of(" \t\r\n") + 10);
  auto statement = std::make_unique<PragmaStatement>();
  statement->text = text;
  statement->name = force ? "force_checkpoint" : "checkpoint";
  // CHECKPOINT name: an attached database's (the pragma's argument).
  std::string database = Trim(rest);
  if (!database.empty() && database.back() == ';')
    database = Trim(database.substr(0, database.size() - 1));
  if (!database.empty()) statement->arguments.push_back(database);
  return statement;
}

/// Whether tokens [begin, end) are what the grammar's SET takes: literals or names, one
/// or a comma-separated list, a number possibly signed.
bool IsGrammarSetValue(const std::vector<Token>& tokens, size_t begin, size_t end) {
  bool want_value = true;
  for (size_t i = begin; i < end; i++) {
    const std::string& word = tokens[i].word;
    if (!want_value) {
      if (word != ",") return false;
      want_value = true;
      continue;
    }
    if ((word == "-" || word == "+") && i + 1 < end &&
        std::isdigit(static_cast<unsigned char>(tokens[i + 1].word[0]))) {
      continue;
    }
    const auto first = static_cast<unsigned char>(word[0]);
    if (!std::isalnum(first) && first != '_' && first != '"' && first != '\'' && first < 0x80) {
      return false;
    }
    want_value = false;
  }
  return !want_value;
}

/// DuckDB's SET [SESSION | GLOBAL] name = expression with an expression the grammar's SET
/// does not take (`SET default_null_order = concat('nulls_', 'last')`, `SET x = MAP {…}`):
/// the expression parsed as a select list's one item; null for every other statement.
std::unique_ptr<SetStatement> ParseSetExpression(const std::string& text, idx_t max_depth) {
  if (!StartsWithKeyword(text, "set")) return nullptr;
  std::vector<Token> tokens = Tokenize(text);
  size_t end = tokens.size();
  if (end > 0 && tokens[end - 1].word == ";") end--;
  size_t i = 1;
  if (i < end && (tokens[i].word == "session" || tokens[i].word == "global")) i++;
  const size_t name_begin = i;
  while (i + 2 < end && tokens[i + 1].word == ".") i += 2;
  if (i + 2 >= end || (tokens[i + 1].word != "=" && tokens[i + 1].word != "to")) return nullptr;
  const size_t name_end = i + 1, value = i + 2;
  if (IsGrammarSetValue(tokens, value, end)) return nullptr;
  std::string name;  // lower-cased, as the transformer's SET has it
  for (size_t k = name_begin; k < name_end; k++) {
    name += tokens[k].word == "." ? std::string(".") : NameOf(text, tokens[k]);
  }
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const std::string expression =
      text.substr(tokens[value].start, tokens[end - 1].end - tokens[value].start);
  auto parsed = ParseSql("SELECT " + expression, max_depth);
  auto* select = parsed.size() == 1 && parsed[0]->type == StatementType::kSelect
                     ? static_cast<SelectStatement*>(parsed[0].get())
                     : nullptr;
  if (!select || select->select_list.size() != 1 || select->from || select->where ||
      select->set_operation != SetOperation::kNone || !select->values.empty() ||
      !select->select_list[0]->alias.empty()) {
    throw ParserError(
        fmt::format("SET {}: the value must be one expression, not \"{}\"", name, expression));
  }
  auto set = std::make_unique<SetStatement>();
  set->name = std::move(name);
  set->value = std::move(select->select_list[0]);
  return set;
}

}  // namespace

std::vector<std::unique_ptr<SQLStatement>> ParseSql(std::string_view sql, idx_t max_depth,
                                                    idx_t pivot_limit) {
  std::vector<std::unique_ptr<SQLStatement>> statements;
  for (auto& text : SplitStatements(sql)) {
    if (StartsWithKeyword(text, "pragma")) {
      statements.push_back(ParsePragma(text));
      continue;
    }
    if (auto checkpoint = ParseCheckpoint(text)) {
      statements.push_back(std::move(checkpoint));
      continue;
    }
    if (auto attach = ParseAttachStatement(text)) {
      attach->text = text;
      statements.push_back(std::move(attach));
      continue;
    }
    if (auto macro = ParseMacroStatement(text, max_depth)) {
      macro->text = text;
      statements.push_back(std::move(macro));
      continue;
    }
    if (auto trigger = ParseTriggerStatement(text, max_depth)) {
      trigger->text = text;
      statements.push_back(std::move(trigger));
      continue;
    }
    if (auto set = ParseSetExpression(text, max_depth)) {
      set->text = text;
      statements.push_back(std::move(set));
      continue;
    }
    if (auto merge = ParseMergeStatement(text, max_depth)) {
      merge->text = text;
      statements.push_back(std::move(merge));
      continue;
    }
    CheckNestingBeforeGrammar(text, max_depth);
    GrammarParse parse(text, pivot_limit);
    for (size_t i = 0; i < parse.StatementCount(); i++) {
      auto statement = TransformStatement(parse.Statement(i), parse.Rewritten(), max_depth);
      // String literals were checked (with their positions); identifiers and comments are
      // text too: names in the catalog and in results must be valid UTF-8.
      if (size_t bad = FindInvalidUtf8(text); bad != text.size()) {
        throw ParserError(fmt::format("invalid UTF-8 in the SQL text (a name or a comment): {}",
                                      DescribeInvalidUtf8(text, bad)));
      }
      statement->text = text;
      if (parse.ViewIfNotExists()) {
        if (auto* view = dynamic_cast<CreateViewStatement*>(statement.get())) {
          view->if_not_exists = true;
        }
      }
      if (auto* type = dynamic_cast<CreateTypeStatement*>(statement.get())) {
        const CreateTypeRewrite& rewrite = parse.CreateType();
        type->or_replace = rewrite.or_replace;
        type->if_not_exists = rewrite.if_not_exists;
        if (!rewrite.enum_query.empty()) {
          auto inner = ParseSql(rewrite.enum_query, max_depth, pivot_limit);
          if (inner.size() != 1 || inner[0]->type != StatementType::kSelect ||
              !dynamic_cast<SelectStatement*>(inner[0].get())) {
            throw ParserError(fmt::format(
                "CREATE TYPE {} AS ENUM (query): the query must be one SELECT", type->name));
          }
          type->enum_query.reset(static_cast<SelectStatement*>(inner[0].release()));
        }
      }
      if (parse.OrReplaceTable()) {
        auto* create = dynamic_cast<CreateTableStatement*>(statement.get());
        auto* as = dynamic_cast<CreateTableAsStatement*>(statement.get());
        auto* sequence = dynamic_cast<CreateSequenceStatement*>(statement.get());
        auto* schema = dynamic_cast<CreateSchemaStatement*>(statement.get());
        if ((create && create->if_not_exists) || (as && as->if_not_exists) ||
            (sequence && sequence->if_not_exists) || (schema && schema->if_not_exists)) {
          throw ParserError(
              "Cannot specify both OR REPLACE and IF NOT EXISTS within single create statement");
        }
        if (create) create->or_replace = true;
        if (as) as->or_replace = true;
        if (sequence) sequence->or_replace = true;
        if (schema) schema->or_replace = true;
      }
      statement->parameter_count = parse.ParameterCount();
      statement->parameter_names = parse.ParameterNames();
      statements.push_back(std::move(statement));
    }
  }
  return statements;
}

std::vector<StatementSketch> SketchSql(std::string_view sql) {
  std::vector<StatementSketch> sketches;
  for (auto& text : SplitStatements(sql)) {
    if (StartsWithKeyword(text, "pragma")) {
      ParsePragma(text);  // for its ParserError on a malformed PRAGMA, as ParseSql throws
      sketches.push_back({StatementType::kPragma, text, 0, {}});
      continue;
    }
    if (ParseCheckpoint(text)) {
      sketches.push_back({StatementType::kPragma, text, 0, {}});
      continue;
    }
    if (auto attach = ParseAttachStatement(text)) {
      sketches.push_back({attach->type, text, 0, {}});
      continue;
    }
    if (auto macro = ParseMacroStatement(text, kDefaultMaxExpressionDepth)) {
      sketches.push_back({macro->type, text, 0, {}});
      continue;
    }
    if (auto trigger = ParseTriggerStatement(text, kDefaultMaxExpressionDepth)) {
      sketches.push_back({trigger->type, text, 0, {}});
      continue;
    }
    if (ParseSetExpression(text, kDefaultMaxExpressionDepth)) {
      sketches.push_back({StatementType::kSet, text, 0, {}});
      continue;
    }
    if (auto merge = ParseMergeStatement(text, kDefaultMaxExpressionDepth)) {
      sketches.push_back({merge->type, text, merge->parameter_count, merge->parameter_names});
      continue;
    }
    CheckNestingBeforeGrammar(text, kDefaultMaxExpressionDepth);
    // No pivot limit here: the setting is the statement's to apply when it runs.
    GrammarParse parse(text, std::numeric_limits<idx_t>::max());
    for (size_t i = 0; i < parse.StatementCount(); i++) {
      sketches.push_back({StatementTypeOf(parse.Statement(i)), text, parse.ParameterCount(),
                          parse.ParameterNames()});
    }
  }
  return sketches;
}

}  // namespace teal
