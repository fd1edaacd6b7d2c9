// Binder: calls of macros (CREATE MACRO). A call is replaced by the macro's body, parsed
// afresh, with every column reference that names a parameter replaced by the call's
// argument for it (or the parameter's default) — in subqueries of the body too — and
// then bound where the call stands: a scalar macro as an expression, a table macro as a
// subquery in FROM. A parameter's name is looked up unqualified and case-insensitively,
// as column names are; an argument is an expression of the calling query, so a column it
// reads is the caller's.
#include <functional>

#include "catalog/macro.hpp"
#include "common/stack.hpp"
#include "function/implicit_cast.hpp"
#include "parser/parser.hpp"
#include "parser/window_spec.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

using Arguments = std::vector<std::pair<std::string, const ParsedExpression*>>;

/// The parameters' values, and what is to be done with each table the body names.
struct Substitution : Arguments {
  std::function<void(const TableRef&)> read_table;
};

void Substitute(SelectStatement& select, const Substitution& arguments);

void Substitute(ParsedExpressionPtr& e, const Substitution& arguments) {
  if (!e) return;
  if (e->kind == ExprKind::kFunction && e->name == kLambdaFunction && !e->children.empty()) {
    // A lambda's own parameters hide the macro's of their names in its body.
    Substitution inner = arguments;
    for (size_t i = 0; i + 1 < e->children.size(); i++) {
      if (e->children[i]->names.empty()) continue;
      const std::string own = Catalog::Key(e->children[i]->names.back());
      std::erase_if(inner, [&](const auto& a) { return Catalog::Key(a.first) == own; });
    }
    Substitute(e->children.back(), inner);
    return;
  }
  if (e->kind == ExprKind::kColumnRef && e->names.size() == 1) {
    for (const auto& [name, value] : arguments) {
      if (Catalog::Key(name) != Catalog::Key(e->names[0])) continue;
      // The reference's place in its call (struct_pack(x := p): the field's name) stays;
      // the argument's own name (a named macro argument) does not come along.
      std::string alias = e->alias;
      std::string argument_name = e->argument_name;
      e = value->Copy();
      e->argument_name = std::move(argument_name);
      if (!alias.empty()) e->alias = alias;
      return;
    }
  }
  if (e->kind == ExprKind::kColumnRef && e->names.size() > 1) {
    // p.a.b on a parameter p: the fields of its argument (DuckDB's)
    for (const auto& [name, value] : arguments) {
      if (Catalog::Key(name) != Catalog::Key(e->names[0])) continue;
      ParsedExpressionPtr field = value->Copy();
      field->argument_name.clear();
      for (size_t k = 1; k < e->names.size(); k++) {
        auto extract = std::make_unique<ParsedExpression>(ExprKind::kFunction);
        extract->name = "struct_extract";
        extract->builtin = true;
        extract->children.push_back(std::move(field));
        auto key = std::make_unique<ParsedExpression>(ExprKind::kConstant);
        key->value = Value::Varchar(e->names[k]);
        extract->children.push_back(std::move(key));
        field = std::move(extract);
      }
      field->alias = e->alias.empty() ? e->names.back() : e->alias;
      field->argument_name = e->argument_name;
      e = std::move(field);
      return;
    }
  }
  if (e->kind == ExprKind::kFunction && e->names.size() == 1) {
    // p.f(…) on a parameter p: DuckDB's f(p, …) (the grammar reads p as a schema's name)
    for (const auto& [name, value] : arguments) {
      if (Catalog::Key(name) != Catalog::Key(e->names[0])) continue;
      e->names.clear();
      auto receiver = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
      receiver->names = {name};
      e->children.insert(e->children.begin(), std::move(receiver));
      break;
    }
  }
  for (auto& child : e->children) Substitute(child, arguments);
  Substitute(e->filter, arguments);
  // The body was parsed for this call alone: nothing else holds its subqueries, windows
  // and ORDER BY lists, shared (const) as they are between copies of an expression.
  if (e->subquery) Substitute(const_cast<SelectStatement&>(*e->subquery), arguments);
  if (e->window) {
    auto& window = const_cast<WindowSpec&>(*e->window);
    for (auto& p : window.partitions) Substitute(p, arguments);
    for (auto& o : window.orders) Substitute(o.expression, arguments);
  }
  if (e->order_by) {
    for (auto& o : const_cast<std::vector<OrderTerm>&>(*e->order_by)) {
      Substitute(o.expression, arguments);
    }
  }
}

void Substitute(TableRef& ref, const Substitution& arguments) {
  if (ref.kind == TableRefKind::kBase && arguments.read_table) arguments.read_table(ref);
  if (ref.left) Substitute(*ref.left, arguments);
  if (ref.right) Substitute(*ref.right, arguments);
  Substitute(ref.condition, arguments);
  Substitute(ref.function, arguments);
  if (ref.subquery) Substitute(*ref.subquery, arguments);
}

void Substitute(SelectStatement& select, const Substitution& arguments) {
  if (select.set_left) Substitute(*select.set_left, arguments);
  if (select.set_right) Substitute(*select.set_right, arguments);
  for (auto& cte : select.ctes) Substitute(*cte.query, arguments);
  for (auto& e : select.distinct_on) Substitute(e, arguments);
  for (auto& e : select.select_list) Substitute(e, arguments);
  if (select.from) Substitute(*select.from, arguments);
  Substitute(select.where, arguments);
  for (auto& e : select.group_by) Substitute(e, arguments);
  Substitute(select.having, arguments);
  Substitute(select.qualify, arguments);
  for (auto& o : select.order_by) Substitute(o.expression, arguments);
  Substitute(select.limit, arguments);
  Substitute(select.offset, arguments);
  for (auto& row : select.values) {
    for (auto& e : row) Substitute(e, arguments);
  }
}

}  // namespace

namespace {

/// What a call gives an overload's parameters: per parameter, its argument (null: the
/// default); or why the call does not fit it.
struct Fit {
  std::vector<const ParsedExpression*> given;
  std::string mismatch;  // empty when the call fits
};

/// Positional arguments first, then named ones; every parameter without a default given.
Fit FitArguments(const MacroOverload& overload, const ParsedExpression& call) {
  Fit fit;
  fit.given.assign(overload.parameters.size(), nullptr);
  size_t position = 0;
  for (const auto& argument : call.children) {
    if (argument->argument_name.empty()) {
      if (position >= overload.parameters.size()) {
        fit.mismatch = fmt::format("it takes {} arguments, not more", overload.parameters.size());
        return fit;
      }
      fit.given[position++] = argument.get();
      continue;
    }
    size_t p = 0;
    while (p < overload.parameters.size() &&
           Catalog::Key(overload.parameters[p]) != Catalog::Key(argument->argument_name)) {
      p++;
    }
    if (p == overload.parameters.size()) {
      fit.mismatch = fmt::format("it has no parameter \"{}\"", argument->argument_name);
      return fit;
    }
    if (fit.given[p]) {
      fit.mismatch = fmt::format("parameter \"{}\" is given twice", overload.parameters[p]);
      return fit;
    }
    fit.given[p] = argument.get();
  }
  for (size_t p = 0; p < overload.parameters.size(); p++) {
    if (!fit.given[p] && overload.defaults[p].empty()) {
      fit.mismatch = fmt::format("it needs a value for parameter \"{}\"", overload.parameters[p]);
      return fit;
    }
  }
  return fit;
}

/// What a parameter of no type costs an argument: more than any implicit conversion, so
/// that an overload whose typed parameter takes the argument is preferred.
constexpr int64_t kUntypedParameterCost = 1000;

/// `e` converted to the type written `type` (CAST(e AS type)).
ParsedExpressionPtr CastTo(ParsedExpressionPtr e, const std::string& type, idx_t max_depth) {
  auto parsed = ParseSql("SELECT CAST(NULL AS " + type + ")", max_depth);
  auto& select = static_cast<SelectStatement&>(*parsed[0]);
  ParsedExpressionPtr cast = std::move(select.select_list[0]);
  cast->children.clear();
  cast->children.push_back(std::move(e));
  return cast;
}

}  // namespace

std::function<void(const TableRef&)> Binder::ParameterColumnCheck(const MacroEntry& macro,
                                                                  const MacroOverload& overload) {
  // A parameter that has a column's name in a subquery of a scalar macro's body would make
  // the column unreadable there: refused (DuckDB's rule; PostgreSQL lets the column win).
  // In a table macro the parameter is meant (DuckDB's: xt(id) AS TABLE … WHERE id <= …).
  return [this, &macro, &overload](const TableRef& ref) {
    std::shared_ptr<TableEntry> table;
    try {
      const CatalogSearch::Place place = catalogs_.Relation(ref.schema, ref.name);
      table = place.catalog->FindTable(place.name);
    } catch (const Error&) {
      return;  // no such schema: the call's binding says so
    }
    if (!table) return;
    for (const std::string& parameter : overload.parameters) {
      if (table->ColumnIndex(parameter) == kInvalidIndex) continue;
      throw BinderError(fmt::format(
          "Conflicting column names for column {}! (macro {}: parameter \"{}\" has the name of a "
          "column of table \"{}\", which the body reads: name the parameter otherwise)",
          parameter, macro.name, parameter, table->name));
    }
  };
}

void Binder::CheckMacroParameterNames(const MacroEntry& macro) {
  if (macro.table) return;
  for (const MacroOverload& overload : macro.overloads) {
    auto parsed = ParseSql("SELECT " + overload.body, options_.max_expression_depth);
    Substitution check;
    check.read_table = ParameterColumnCheck(macro, overload);
    Substitute(static_cast<SelectStatement&>(*parsed[0]), check);
  }
}

std::unique_ptr<SelectStatement> Binder::ExpandMacro(const MacroEntry& macro,
                                                     const ParsedExpression& call, Scope& scope) {
  for (const auto& name : macros_in_progress_) {
    if (Catalog::Key(name) == Catalog::Key(macro.name)) {
      // DuckDB's words: it expands the call until the depth limit stops it.
      throw BinderError(fmt::format(
          "Max expression depth limit reached: macro \"{}\" calls itself ({}), without end",
          macro.name, call.ToString()));
    }
  }
  if (call.star || call.distinct || call.window || call.order_by || call.filter) {
    throw BinderError(fmt::format("a macro is called with arguments only: {}", call.ToString()));
  }
  // The overloads the call fits; among them, the one whose typed parameters take the
  // arguments at the least cost (as a function's overloads are chosen).
  std::vector<size_t> fitting;
  std::vector<Fit> fits;
  std::string mismatch;
  for (size_t o = 0; o < macro.overloads.size(); o++) {
    Fit fit = FitArguments(macro.overloads[o], call);
    if (!fit.mismatch.empty()) {
      mismatch = std::move(fit.mismatch);
      continue;
    }
    fitting.push_back(o);
    fits.push_back(std::move(fit));
  }
  std::vector<std::unique_ptr<SQLStatement>> parsed_defaults;
  const auto default_of = [&](const std::string& text) -> const ParsedExpression* {
    parsed_defaults.push_back(
        std::move(ParseSql("SELECT " + text, options_.max_expression_depth)[0]));
    return static_cast<SelectStatement&>(*parsed_defaults.back()).select_list[0].get();
  };
  std::vector<ExpressionPtr> bound_arguments;  // kept: their types are read by pointer
  std::vector<std::pair<const ParsedExpression*, LogicalType>> argument_types;
  const auto type_of = [&](const ParsedExpression& argument) -> const LogicalType& {
    for (const auto& [e, type] : argument_types) {
      if (e == &argument) return type;
    }
    bound_arguments.push_back(BindExpression(argument, scope));
    argument_types.emplace_back(&argument, bound_arguments.back()->type);
    return argument_types.back().second;
  };
  std::vector<int64_t> costs(fitting.size(), 0);
  const bool typed = std::any_of(fitting.begin(), fitting.end(),
                                 [&](size_t o) { return macro.overloads[o].Typed(); });
  if (typed) {
    for (size_t f = 0; f < fitting.size(); f++) {
      const MacroOverload& overload = macro.overloads[fitting[f]];
      for (size_t p = 0; p < overload.parameters.size() && costs[f] >= 0; p++) {
        const ParsedExpression* argument = fits[f].given[p];
        if (!argument) continue;  // its default, checked at CREATE
        if (overload.types[p].empty()) {
          costs[f] += kUntypedParameterCost;
          continue;
        }
        const int64_t cost = ArgumentCastCost(
            type_of(*argument), argument->kind == ExprKind::kConstant ? &argument->value : nullptr,
            ResolveTypeText(overload.types[p]));
        if (cost < 0) {
          mismatch = fmt::format("it takes {} for parameter \"{}\", not {}", overload.types[p],
                                 overload.parameters[p], type_of(*argument).ToString());
        }
        costs[f] = cost < 0 ? -1 : costs[f] + cost;
      }
    }
  }
  std::vector<size_t> best;  // indexes into fitting
  for (size_t f = 0; f < fitting.size(); f++) {
    if (costs[f] < 0) continue;
    if (!best.empty() && costs[f] > costs[best[0]]) continue;
    if (!best.empty() && costs[f] < costs[best[0]]) best.clear();
    best.push_back(f);
  }
  if (best.empty() && macro.overloads.size() == 1) {
    throw BinderError(fmt::format("macro {} does not support the supplied arguments: {}: {}",
                                  macro.Signature(0), mismatch, call.ToString()));
  }
  if (best.empty()) {
    throw BinderError(
        fmt::format("macro {} does not support the supplied arguments: none of {} takes them: {}",
                    macro.name, macro.Signatures(), call.ToString()));
  }
  if (best.size() > 1) {
    std::string candidates;
    for (size_t f : best)
      candidates += (candidates.empty() ? "" : ", ") + macro.Signature(fitting[f]);
    throw BinderError(fmt::format(
        "macro {} has multiple overloads that match the supplied arguments: {} (name an "
        "argument or cast one to choose): {}",
        macro.name, candidates, call.ToString()));
  }
  const MacroOverload& overload = macro.overloads[fitting[best[0]]];
  const std::vector<const ParsedExpression*>& given = fits[best[0]].given;
  std::vector<ParsedExpressionPtr> converted;  // a typed parameter's argument, cast
  Substitution arguments;
  if (!macro.table) arguments.read_table = ParameterColumnCheck(macro, overload);
  for (size_t p = 0; p < overload.parameters.size(); p++) {
    const ParsedExpression* value = given[p] ? given[p] : default_of(overload.defaults[p]);
    if (!overload.types[p].empty()) {
      converted.push_back(CastTo(value->Copy(), overload.types[p], options_.max_expression_depth));
      value = converted.back().get();
    }
    arguments.emplace_back(overload.parameters[p], value);
  }
  auto parsed = ParseSql(macro.table ? overload.body : "SELECT " + overload.body,
                         options_.max_expression_depth);
  if (parsed.size() != 1 || parsed[0]->type != StatementType::kSelect) {
    throw InternalError(fmt::format("the body of macro \"{}\" is not one query", macro.name));
  }
  std::unique_ptr<SelectStatement> body(static_cast<SelectStatement*>(parsed[0].release()));
  Substitute(*body, arguments);
  return body;
}

ExpressionPtr Binder::BindMacroCall(const MacroEntry& macro, const ParsedExpression& call,
                                    Scope& scope) {
  if (macro.table) {
    throw BinderError(fmt::format(
        "macro \"{}\" is a table macro: call it in FROM (it is a table function but it was "
        "used as a scalar function: {})",
        macro.name, call.ToString()));
  }
  std::unique_ptr<SelectStatement> body = ExpandMacro(macro, call, scope);
  macros_in_progress_.push_back(macro.name);
  struct Pop {
    std::vector<std::string>& list;
    ~Pop() { list.pop_back(); }
  } pop{macros_in_progress_};
  CheckStackDepth(fmt::format("the expansion of macro \"{}\"", macro.name));
  return BindExpression(*body->select_list[0], scope);
}

}  // namespace teal
