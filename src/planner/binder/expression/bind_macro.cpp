// Binder: calls of macros (CREATE MACRO). A call is replaced by the macro's body, parsed
// afresh, with every column reference that names a parameter replaced by the call's
// argument for it (or the parameter's default) — in subqueries of the body too — and
// then bound where the call stands: a scalar macro as an expression, a table macro as a
// subquery in FROM. A parameter's name is looked up unqualified and case-insensitively,
// as column names are; an argument is an expression of the calling query, so a column it
// reads is the caller's.
#include "catalog/macro.hpp"
#include "common/stack.hpp"
#include "parser/parser.hpp"
#include "parser/window_spec.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

using Arguments = std::vector<std::pair<std::string, const ParsedExpression*>>;

void Substitute(SelectStatement& select, const Arguments& arguments);

void Substitute(ParsedExpressionPtr& e, const Arguments& arguments) {
  if (!e) return;
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

void Substitute(TableRef& ref, const Arguments& arguments) {
  if (ref.left) Substitute(*ref.left, arguments);
  if (ref.right) Substitute(*ref.right, arguments);
  Substitute(ref.condition, arguments);
  Substitute(ref.function, arguments);
  if (ref.subquery) Substitute(*ref.subquery, arguments);
}

void Substitute(SelectStatement& select, const Arguments& arguments) {
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

std::unique_ptr<SelectStatement> Binder::ExpandMacro(const MacroEntry& macro,
                                                     const ParsedExpression& call) {
  for (const auto& name : macros_in_progress_) {
    if (Catalog::Key(name) == Catalog::Key(macro.name)) {
      throw BinderError(fmt::format("macro \"{}\" calls itself ({})", macro.name, call.ToString()));
    }
  }
  if (call.star || call.distinct || call.window || call.order_by || call.filter) {
    throw BinderError(fmt::format("a macro is called with arguments only: {}", call.ToString()));
  }
  // Positional arguments first, then named ones, then the defaults of the rest.
  std::vector<const ParsedExpression*> given(macro.parameters.size(), nullptr);
  size_t position = 0;
  for (const auto& argument : call.children) {
    if (argument->argument_name.empty()) {
      if (position >= macro.parameters.size()) {
        throw BinderError(fmt::format(
            "macro {} does not support the supplied arguments: it takes {} arguments, not more: {}",
            macro.Signature(), macro.parameters.size(), call.ToString()));
      }
      given[position++] = argument.get();
      continue;
    }
    size_t p = 0;
    while (p < macro.parameters.size() &&
           Catalog::Key(macro.parameters[p]) != Catalog::Key(argument->argument_name)) {
      p++;
    }
    if (p == macro.parameters.size()) {
      throw BinderError(fmt::format(
          "macro {} does not support the supplied arguments: it has no parameter \"{}\": {}",
          macro.Signature(), argument->argument_name, call.ToString()));
    }
    if (given[p]) {
      throw BinderError(fmt::format(
          "macro {} does not support the supplied arguments: parameter \"{}\" is given twice: {}",
          macro.Signature(), macro.parameters[p], call.ToString()));
    }
    given[p] = argument.get();
  }
  std::vector<std::unique_ptr<SQLStatement>> defaults;
  Arguments arguments;
  for (size_t p = 0; p < macro.parameters.size(); p++) {
    if (!given[p]) {
      if (macro.defaults[p].empty()) {
        throw BinderError(
            fmt::format("macro {} does not support the supplied arguments: it needs a value for "
                        "parameter \"{}\": {}",
                        macro.Signature(), macro.parameters[p], call.ToString()));
      }
      defaults.push_back(
          std::move(ParseSql("SELECT " + macro.defaults[p], options_.max_expression_depth)[0]));
      given[p] = static_cast<SelectStatement&>(*defaults.back()).select_list[0].get();
    }
    arguments.emplace_back(macro.parameters[p], given[p]);
  }
  auto parsed =
      ParseSql(macro.table ? macro.body : "SELECT " + macro.body, options_.max_expression_depth);
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
  std::unique_ptr<SelectStatement> body = ExpandMacro(macro, call);
  macros_in_progress_.push_back(macro.name);
  struct Pop {
    std::vector<std::string>& list;
    ~Pop() { list.pop_back(); }
  } pop{macros_in_progress_};
  CheckStackDepth(fmt::format("the expansion of macro \"{}\"", macro.name));
  return BindExpression(*body->select_list[0], scope);
}

}  // namespace teal
