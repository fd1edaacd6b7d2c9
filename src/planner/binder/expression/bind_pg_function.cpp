// Binder: PostgreSQL's catalog and session functions, for tools that ask a database about
// itself the way they ask PostgreSQL — format_type, pg_typeof, pg_get_viewdef,
// pg_get_indexdef, pg_get_constraintdef, pg_get_expr, pg_table_is_visible,
// pg_get_userbyid, the has_…_privilege family, obj_description and its kin,
// current_schemas, current_user / session_user / user / current_role, version().
//
// The functions that read the catalog (which takes an oid to an object) look the objects
// up while the statement binds — the catalog version it reads — and carry what they found
// as a map from oid to answer. Teal has one role, the owner of everything (PostgreSQL's
// superuser, oid 10, named "teal"): every privilege is held. Comments are pg_description's.
#include <fmt/format.h>

#include "catalog/pg_catalog.hpp"
#include "function/scalar/scalar_util.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/binder/tableref/pg_objects.hpp"
#include "planner/expression.hpp"

namespace teal {

namespace {

using T = TypeId;

constexpr const char* kRoleName = "teal";

/// A function of the bound `arguments` computed a row at a time from their values
/// (`answer`), NULL where an argument is NULL (PostgreSQL's strict functions).
ExpressionPtr RowFunction(const std::string& name, std::vector<ExpressionPtr> arguments,
                          LogicalType return_type,
                          std::function<Value(const std::vector<Value>&)> answer) {
  ScalarFunction function;
  function.name = name;
  for (const auto& argument : arguments) function.arguments.push_back(argument->type);
  function.return_type = return_type;
  function.body = scalar::ValueRowBody(std::move(answer));
  auto bound = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  bound->children = std::move(arguments);
  bound->function = std::make_shared<const ScalarFunction>(std::move(function));
  return bound;
}

/// An oid argument as a number (oids are BIGINT here; text that is one is taken too).
std::optional<int64_t> OidOf(const Value& value) {
  try {
    return value.CastAs(LogicalType(T::kBigInt)).GetStored<int64_t>();
  } catch (const Error&) {
    return std::nullopt;
  }
}

/// An answer looked up by the oid in the first argument: `found` where the map has it,
/// else `missing` (PostgreSQL's NULL for an oid of no such object).
std::function<Value(const std::vector<Value>&)> ByOid(std::map<int64_t, Value> found,
                                                      Value missing) {
  return [found = std::move(found), missing = std::move(missing)](const std::vector<Value>& v) {
    const std::optional<int64_t> oid = OidOf(v[0]);
    if (!oid) return missing;
    auto it = found.find(*oid);
    return it == found.end() ? missing : it->second;
  };
}

/// The search path's schemas (SET search_path), or the default schema alone.
std::vector<std::string> PathSchemas(const BindOptions& options) {
  std::vector<std::string> out;
  std::string rest = options.setting ? options.setting("search_path").value_or("") : "";
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    std::string entry = rest.substr(0, comma);
    entry.erase(0, entry.find_first_not_of(' '));
    entry.erase(entry.find_last_not_of(' ') + 1);
    if (!entry.empty()) out.push_back(entry);
    rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
  }
  if (out.empty()) out.push_back(options.schema_name);
  return out;
}

}  // namespace

ExpressionPtr Binder::BindPgFunction(const ParsedExpression& call, Scope& scope) {
  const std::string& name = call.name;
  auto arity = [&](size_t low, size_t high) {
    if (call.children.size() < low || call.children.size() > high || call.star) {
      throw BinderError(
          fmt::format("{} takes {} argument{}: {}", name,
                      low == high ? std::to_string(low) : fmt::format("{} to {}", low, high),
                      high == 1 ? "" : "s", call.ToString()));
    }
  };
  auto arguments = [&]() {
    std::vector<ExpressionPtr> out;
    for (const auto& child : call.children) out.push_back(BindExpression(*child, scope));
    return out;
  };
  if (name == "current_user" || name == "session_user" || name == "user" ||
      name == "current_role") {
    arity(0, 0);
    return MakeConstant(Value::Varchar(kRoleName));
  }
  if (name == "version") {
    arity(0, 0);
    return MakeConstant(Value::Varchar("Teal, an embedded analytical database (PostgreSQL's SQL)"));
  }
  if (name == "pg_typeof") {
    arity(1, 1);
    auto argument = BindExpression(*call.children[0], scope);
    const int64_t oid = PgTypeOid(argument->type, options_.database_name);
    if (argument->type.Id() == T::kEnum)
      return MakeConstant(Value::Varchar(argument->type.ToString()));
    const auto text = PgFormatBuiltinType(oid, -1);  // a regtype: no modifier shown
    return MakeConstant(Value::Varchar(text ? *text : argument->type.ToString()));
  }
  if (name.starts_with("has_") && name.ends_with("_privilege")) {
    // The one role holds every privilege on everything.
    arity(2, 4);
    return RowFunction(name, arguments(), T::kBoolean,
                       [](const std::vector<Value>&) { return Value::Boolean(true); });
  }
  if (name == "shobj_description") {  // databases and roles have no comments
    arity(2, 2);
    return RowFunction(name, arguments(), T::kVarchar,
                       [](const std::vector<Value>&) { return Value(LogicalType(T::kVarchar)); });
  }
  if (name == "obj_description" || name == "col_description") {
    // pg_description's rows, by (object, column) and the catalog that holds the object.
    const bool column = name == "col_description";
    arity(column ? 2 : 1, 2);
    std::map<std::pair<int64_t, int32_t>, std::pair<int64_t, std::string>> comments;
    for (PgDescription& d : PgDescriptionsOf(CollectPgObjects())) {
      comments[{d.object, d.column}] = {d.catalog, std::move(d.text)};
    }
    return RowFunction(
        name, arguments(), T::kVarchar, [comments, column](const std::vector<Value>& v) -> Value {
          const Value none{LogicalType(T::kVarchar)};
          const std::optional<int64_t> oid = OidOf(v[0]);
          if (!oid || (v.size() > 1 && v[1].IsNull())) return none;
          int32_t subid = 0;
          if (column) {
            subid =
                static_cast<int32_t>(v[1].CastAs(LogicalType(T::kInteger)).GetStored<int32_t>());
          }
          auto it = comments.find({*oid, subid});
          if (it == comments.end()) return none;
          if (!column && v.size() > 1) {
            // obj_description(oid, 'pg_class'): the object must be in that catalog.
            const std::string catalog = Catalog::Key(v[1].ToString());
            const int64_t wanted = catalog == "pg_class"  ? kPgClassOid
                                   : catalog == "pg_type" ? kPgTypeOid
                                                          : -1;
            if (it->second.first != wanted) return none;
          }
          return Value::Varchar(it->second.second);
        });
  }
  if (name == "pg_is_other_temp_schema") {
    arity(1, 1);
    return RowFunction(name, arguments(), T::kBoolean,
                       [](const std::vector<Value>&) { return Value::Boolean(false); });
  }
  if (name == "pg_get_userbyid") {
    arity(1, 1);
    return RowFunction(name, arguments(), T::kVarchar, [](const std::vector<Value>& v) {
      const std::optional<int64_t> oid = OidOf(v[0]);
      return Value::Varchar(oid && *oid == 10 ? std::string(kRoleName)
                                              : fmt::format("unknown (OID={})", v[0].ToString()));
    });
  }
  if (name == "pg_get_expr") {
    // adbin holds the expression's SQL already: it is its own text.
    arity(2, 3);
    auto args = arguments();
    return RowFunction(name, std::move(args), T::kVarchar, [](const std::vector<Value>& v) {
      return v[0].CastAs(LogicalType(T::kVarchar));
    });
  }
  if (name == "current_schemas") {
    arity(1, 1);
    std::vector<Value> path;
    for (const std::string& schema : PathSchemas(options_)) path.push_back(Value::Varchar(schema));
    return RowFunction(name, arguments(), LogicalType::List(T::kVarchar),
                       [path](const std::vector<Value>& v) {
                         // With true, the schemas searched implicitly too: pg_catalog first.
                         std::vector<Value> schemas;
                         if (v[0].CastAs(LogicalType(T::kBoolean)).GetStored<bool>()) {
                           schemas.push_back(Value::Varchar("pg_catalog"));
                         }
                         schemas.insert(schemas.end(), path.begin(), path.end());
                         return Value::List(T::kVarchar, std::move(schemas));
                       });
  }
  const bool catalog_function = name == "format_type" || name == "pg_get_viewdef" ||
                                name == "pg_get_indexdef" || name == "pg_get_constraintdef" ||
                                name == "pg_table_is_visible";
  if (!catalog_function) return nullptr;

  const PgObjects objects = CollectPgObjects();
  std::map<int64_t, Value> found;
  if (name == "format_type") {
    arity(2, 2);
    for (const auto& type : objects.enums) found[type.oid] = Value::Varchar(type.type.Enum().name);
    return RowFunction(
        name, arguments(), T::kVarchar, [found](const std::vector<Value>& v) -> Value {
          const std::optional<int64_t> oid = OidOf(v[0]);
          if (!oid) return Value::Varchar("???");
          const int32_t typmod =
              static_cast<int32_t>(v[1].CastAs(LogicalType(T::kInteger)).GetStored<int32_t>());
          if (auto text = PgFormatBuiltinType(*oid, typmod)) {
            return Value::Varchar(*text);
          }
          auto it = found.find(*oid);
          return it == found.end() ? Value::Varchar("???") : it->second;
        });
  }
  if (name == "pg_get_viewdef") {
    arity(1, 2);
    for (const PgRelation& r : objects.relations) {
      if (r.kind == 'v') found[r.oid] = Value::Varchar(r.view->query_text);
    }
  } else if (name == "pg_get_indexdef") {
    arity(1, 3);
    for (const PgRelation& r : objects.relations) {
      if (r.kind == 'i') found[r.oid] = Value::Varchar(PgIndexDefinition(r));
    }
  } else if (name == "pg_get_constraintdef") {
    arity(1, 2);
    // Read from pg_constraint's rows: each constraint's oid and what defines it.
    for (const PgConstraint& c : PgConstraints(objects)) {
      found[c.oid] = Value::Varchar(c.definition);
    }
  } else {  // pg_table_is_visible: found by its name alone (the path's schemas, pg_temp)
    arity(1, 1);
    std::vector<std::string> path;
    for (const std::string& schema : PathSchemas(options_)) path.push_back(Catalog::Key(schema));
    path.push_back(std::string(kMainSchemaName));
    for (const PgRelation& r : objects.relations) {
      bool visible = r.temporary;
      if (!visible && r.database == options_.database_name) {
        if (r.kind == 'r' || r.kind == 'v') {
          // Visible when its name alone finds it: the same entry, not another's.
          const CatalogSearch::Place place = catalogs_.Relation("", r.name);
          const std::string own =
              QualifiedName(r.schema == kMainSchemaName ? "" : r.schema, r.name);
          visible = !place.temporary && place.catalog == &catalog_ &&
                    Catalog::Key(place.name) == Catalog::Key(own) &&
                    (r.kind == 'r' ? catalog_.FindTable(own) != nullptr
                                   : catalog_.FindView(own) != nullptr);
        } else {
          visible = std::find(path.begin(), path.end(), Catalog::Key(r.schema)) != path.end();
        }
      }
      found[r.oid] = Value::Boolean(visible);
    }
  }
  return RowFunction(
      name, arguments(), name == "pg_table_is_visible" ? T::kBoolean : T::kVarchar,
      ByOid(std::move(found),
            Value(LogicalType(name == "pg_table_is_visible" ? T::kBoolean : T::kVarchar))));
}

}  // namespace teal
