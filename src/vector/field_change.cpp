// FieldChange: the changed type and the reshaped vectors, level by level along the path.
#include "vector/field_change.hpp"

#include <fmt/format.h>

#include "teal/error.hpp"

namespace teal {

namespace {

/// The index of `part` in a STRUCT of `fields` (case-insensitive), or -1.
int64_t FieldIndex(const LogicalType& type, const std::string& part) {
  return type.StructFieldIndex(part);
}

/// The struct a LIST or MAP level passes on to: its element, or its entry's key or value.
bool IsNested(const LogicalType& type) {
  return type.Id() == TypeId::kStruct || type.Id() == TypeId::kList || type.Id() == TypeId::kMap;
}

/// `name`: the field (or column) whose type is no struct, list or map. DuckDB's wording,
/// which names the field for ADD and the column for DROP and RENAME.
[[noreturn]] void NotNested(const FieldChange& change, const std::string& name) {
  if (change.kind == FieldChange::Kind::kAdd) {
    throw BinderError(fmt::format(
        "Column \"{}\" is not a nested type, ADD COLUMN can only be used on nested types", name));
  }
  throw CatalogError(fmt::format("Cannot {} field from column \"{}\" - not a nested type",
                                 change.kind == FieldChange::Kind::kDrop ? "drop" : "rename",
                                 change.column));
}

[[noreturn]] void Missing(const std::string& part, const std::string& name) {
  throw CatalogError(fmt::format("field \"{}\" does not exist in struct \"{}\"", part, name));
}

LogicalType Changed(const LogicalType& type, const FieldChange& change, size_t depth,
                    const std::string& name) {
  const std::string& part = change.path[depth];
  const bool last = depth + 1 == change.path.size();
  switch (type.Id()) {
    case TypeId::kStruct: {
      auto fields = type.StructFields();
      const int64_t index = FieldIndex(type, part);
      if (!last) {
        if (index < 0) Missing(part, name);
        fields[index].second = Changed(fields[index].second, change, depth + 1, part);
        return LogicalType::Struct(std::move(fields));
      }
      switch (change.kind) {
        case FieldChange::Kind::kAdd:
          if (index >= 0) {
            throw CatalogError(fmt::format(
                "cannot add field \"{}\": field already exists in struct \"{}\"", part, name));
          }
          fields.emplace_back(part, change.added_type);
          break;
        case FieldChange::Kind::kDrop:
          if (index < 0) Missing(part, name);
          if (fields.size() == 1) {
            throw CatalogError(fmt::format(
                "cannot drop field \"{}\" from struct \"{}\": it is its last field", part, name));
          }
          fields.erase(fields.begin() + index);
          break;
        case FieldChange::Kind::kRename:
          if (index < 0) Missing(part, name);
          if (FieldIndex(type, change.new_name) >= 0 &&
              FieldIndex(type, change.new_name) != index) {
            throw CatalogError(
                fmt::format("field \"{}\" already exists in struct \"{}\"", change.new_name, name));
          }
          fields[index].first = change.new_name;
          break;
      }
      return LogicalType::Struct(std::move(fields));
    }
    case TypeId::kList:
    case TypeId::kMap: {
      const bool map = type.Id() == TypeId::kMap;
      const bool known = map ? part == "key" || part == "value" : part == "element";
      if ((!known || last) && change.kind == FieldChange::Kind::kAdd) {
        throw BinderError(fmt::format(
            "Column \"{}\" is not a struct - ALTER TABLE can only add fields to structs", name));
      }
      if (!known) Missing(part, name);
      if (last && change.kind == FieldChange::Kind::kDrop) {
        throw CatalogError(fmt::format(
            "Cannot drop field \"{}\" from column \"{}\" - it's not a struct", part, name));
      }
      if (last) {
        throw CatalogError(fmt::format(
            "Cannot rename field \"{}\" from column \"{}\" - can only rename fields inside a "
            "struct",
            part, name));
      }
      if (!map) return LogicalType::List(Changed(type.ListChild(), change, depth + 1, part));
      LogicalType key = type.MapKey(), value = type.MapValue();
      (part == "key" ? key : value) = Changed(part == "key" ? key : value, change, depth + 1, part);
      return LogicalType::Map(std::move(key), std::move(value));
    }
    default:
      NotNested(change, name);
  }
}

void CopyValidity(const Vector& in, Vector& out, idx_t count) {
  for (idx_t r = 0; r < count; r++) out.SetNull(r, !in.RowIsValid(r));
}

void Reshape(const Vector& in, Vector& out, idx_t count, const FieldChange& change, size_t depth) {
  const std::string& part = change.path[depth];
  const bool last = depth + 1 == change.path.size();
  const LogicalType& type = in.Type();
  CopyValidity(in, out, count);
  if (type.Id() == TypeId::kList || type.Id() == TypeId::kMap) {
    const auto* entries = in.Values<list_entry_t>();
    auto* copied = out.Values<list_entry_t>();
    for (idx_t r = 0; r < count; r++) copied[r] = entries[r];
    const idx_t size = in.ListSize();
    out.SetListSize(size);
    const Vector& child = in.ListChild();
    Vector& target = out.ListChild();
    if (type.Id() == TypeId::kList) {
      Reshape(child, target, size, change, depth + 1);
      return;
    }
    // A MAP's entries are STRUCT(key, value): the path goes on in one of the two.
    CopyValidity(child, target, size);
    const idx_t changed = part == "key" ? 0 : 1;
    target.StructChild(1 - changed).Reference(child.StructChild(1 - changed));
    Reshape(child.StructChild(changed), target.StructChild(changed), size, change, depth + 1);
    return;
  }
  const int64_t index = FieldIndex(type, part);
  const idx_t fields = type.StructFields().size();
  if (!last) {
    for (idx_t f = 0; f < fields; f++) {
      if (static_cast<int64_t>(f) == index) {
        Reshape(in.StructChild(f), out.StructChild(f), count, change, depth + 1);
      } else {
        out.StructChild(f).Reference(in.StructChild(f));
      }
    }
    return;
  }
  idx_t to = 0;
  for (idx_t f = 0; f < fields; f++) {
    if (change.kind == FieldChange::Kind::kDrop && static_cast<int64_t>(f) == index) continue;
    // A renamed field keeps its values: only its name in the type changed.
    Vector& target = out.StructChild(to++);
    const LogicalType target_type = target.Type();
    target.Reference(in.StructChild(f));
    if (!(target.Type() == target_type)) {
      throw InternalError("ALTER of a struct field: a kept field changed its type");
    }
  }
  if (change.kind == FieldChange::Kind::kAdd) {
    Vector& added = out.StructChild(to);
    for (idx_t r = 0; r < count; r++) {
      added.SetValue(r, in.RowIsValid(r) ? change.added_value : Value(change.added_type));
    }
  }
}

}  // namespace

bool FieldExists(const LogicalType& type, const FieldChange& change) {
  const LogicalType* at = &type;
  for (size_t depth = 0; depth < change.path.size(); depth++) {
    const std::string& part = change.path[depth];
    if (at->Id() == TypeId::kStruct) {
      const int64_t index = at->StructFieldIndex(part);
      if (index < 0) return false;
      at = &at->StructFields()[index].second;
    } else if (at->Id() == TypeId::kList && part == "element") {
      at = &at->ListChild();
    } else if (at->Id() == TypeId::kMap && (part == "key" || part == "value")) {
      at = part == "key" ? &at->MapKey() : &at->MapValue();
    } else {
      return false;
    }
  }
  return true;
}

LogicalType ChangedType(const LogicalType& type, const FieldChange& change) {
  if (!IsNested(type)) NotNested(change, change.column);
  return Changed(type, change, 0, change.column);
}

void ReshapeVector(const Vector& in, Vector& out, idx_t count, const FieldChange& change) {
  Reshape(in, out, count, change, 0);
}

}  // namespace teal
