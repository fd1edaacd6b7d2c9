// CatalogMerge: see catalog_merge.hpp.
#include "catalog/catalog_merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "catalog/catalog.hpp"

namespace teal {

namespace {

/// The object a creation-order entry ("t:key", "i:key", …) or comment key names.
std::string ObjectOf(const std::string& entry) {
  const char kind = entry[0];
  if (kind == 't' || kind == 'v' || kind == 'i') return "r:" + entry.substr(2);
  return entry;
}

/// Adds kind + key for every key whose value differs between the two sorted maps.
template <class Map, class Equal>
void AddDifferences(const Map& a, const Map& b, std::string_view kind, Equal equal,
                    std::set<std::string>& out) {
  auto i = a.begin();
  auto j = b.begin();
  while (i != a.end() || j != b.end()) {
    if (j == b.end() || (i != a.end() && i->first < j->first)) {
      out.insert(std::string(kind) + i->first);
      ++i;
    } else if (i == a.end() || j->first < i->first) {
      out.insert(std::string(kind) + j->first);
      ++j;
    } else {
      if (!equal(i->second, j->second)) out.insert(std::string(kind) + i->first);
      ++i;
      ++j;
    }
  }
}

constexpr auto kSame = [](const auto& x, const auto& y) { return x == y; };

}  // namespace

std::set<std::string> CatalogMerge::Changed(const Catalog& base, const Catalog& changed) {
  std::set<std::string> out;
  if (&base == &changed) return out;
  std::scoped_lock guard(base.lock_, changed.lock_);
  // Entries are never changed in place once shared: a different pointer is a change.
  AddDifferences(base.tables_, changed.tables_, "r:", kSame, out);
  AddDifferences(base.views_, changed.views_, "r:", kSame, out);
  AddDifferences(base.sequences_, changed.sequences_, "s:", kSame, out);
  AddDifferences(base.macros_, changed.macros_, "m:", kSame, out);
  AddDifferences(base.triggers_, changed.triggers_, "g:", kSame, out);
  AddDifferences(base.types_, changed.types_, "y:", kSame, out);
  AddDifferences(base.type_aliases_, changed.type_aliases_, "y:", kSame, out);
  AddDifferences(base.schemas_, changed.schemas_, "c:", kSame, out);
  std::set<std::string> comments;
  AddDifferences(base.comments_, changed.comments_, "", kSame, comments);
  for (const auto& entry : comments) out.insert(ObjectOf(entry));
  // Indexes live in their tables' entries (which change with them); their names are
  // taken or freed in the creation order.
  std::set<std::string> base_indexes, changed_indexes;
  for (const auto& entry : base.creation_order_) {
    if (entry[0] == 'i') base_indexes.insert(entry);
  }
  for (const auto& entry : changed.creation_order_) {
    if (entry[0] == 'i') changed_indexes.insert(entry);
  }
  std::vector<std::string> indexes;
  std::set_symmetric_difference(base_indexes.begin(), base_indexes.end(), changed_indexes.begin(),
                                changed_indexes.end(), std::back_inserter(indexes));
  for (const auto& entry : indexes) out.insert(ObjectOf(entry));
  return out;
}

namespace {
/// DuckDB's "Catalog write-write conflict on <op> with "<name>"" for an object `mine`
/// changed, and why.
std::string ConflictMessage(std::string_view head, std::string_view why) {
  return fmt::format("{}: {}; roll back and retry", head, why);
}

std::string ShownName(std::string_view object) {
  std::string_view key = object.substr(2);
  // A trigger's key is its table's and its own name; other keys are filed names.
  if (object[0] == 'g') key = key.substr(key.find('\n') + 1);
  return std::string(SplitFiledName(key).second);
}
}  // namespace

std::string CatalogMerge::WriteWriteConflict(const Catalog& base, const Catalog& mine,
                                             const std::string& object) {
  return ConflictMessage(ConflictHead(base, mine, object),
                         "another transaction changed it after this one began, or is "
                         "changing it");
}

std::string CatalogMerge::ConflictHead(const Catalog& base, const Catalog& mine,
                                       const std::string& object) {
  const std::string key = object.substr(2);
  auto has = [&](const Catalog& c) {
    std::lock_guard<std::mutex> guard(c.lock_);
    switch (object[0]) {
      case 'c':
        return c.schemas_.count(key) > 0;
      case 'g':
        return c.triggers_.count(key) > 0;
      case 'y':
        return c.types_.count(key) > 0;
      case 's':
        return c.sequences_.count(key) > 0;
      case 'm':
        return c.macros_.count(key) > 0;
      default:
        return c.tables_.count(key) || c.views_.count(key) ||
               std::find(c.creation_order_.begin(), c.creation_order_.end(), "i:" + key) !=
                   c.creation_order_.end();
    }
  };
  auto written = [&](const Catalog& c) -> std::string {
    std::lock_guard<std::mutex> guard(c.lock_);
    if (object[0] != 'r') return {};
    if (auto t = c.tables_.find(key); t != c.tables_.end()) return t->second->name;
    if (auto v = c.views_.find(key); v != c.views_.end()) return v->second->name;
    return {};
  };
  const bool before = has(base);
  const bool after = has(mine);
  std::string name = written(mine);
  if (name.empty()) name = written(base);
  if (name.empty()) name = ShownName(object);
  const char* op = !before ? "create" : after ? "alter" : "drop";
  return fmt::format("Catalog write-write conflict on {} with \"{}\"", op, name);
}

namespace {

/// What object `object` of `catalog` (locked) depends on, as other objects.
std::vector<std::string> DependenciesLocked(
    const std::string& object, const std::map<std::string, std::shared_ptr<TableEntry>>& tables,
    const std::map<std::string, std::shared_ptr<TriggerEntry>>& triggers,
    const std::map<std::string, std::shared_ptr<SequenceEntry>>& sequences) {
  std::vector<std::string> out;
  const std::string key = object.substr(2);
  if (object[0] == 's') {  // on its owner
    auto it = sequences.find(key);
    if (it != sequences.end() && !it->second->Owner().name.empty()) {
      const SequenceOwner& owner = it->second->Owner();
      out.push_back((owner.kind == 's' ? "s:" : "r:") + Catalog::Key(owner.name));
    }
  }
  if (object[0] == 'g') {
    auto it = triggers.find(key);
    if (it == triggers.end()) return out;
    out.push_back("r:" + Catalog::Key(it->second->table));
    if (!it->second->schema.empty()) out.push_back("c:" + Catalog::Key(it->second->schema));
    return out;
  }
  if (object[0] == 'c') return out;
  const std::string_view schema = SplitFiledName(key).first;
  if (!schema.empty()) out.push_back("c:" + std::string(schema));
  if (object[0] == 'r') {
    auto it = tables.find(key);
    if (it != tables.end()) {
      for (const auto& fk : it->second->foreign_keys) {
        const std::string parent = "r:" + Catalog::Key(QualifiedName(fk.parent_schema, fk.parent));
        if (parent != object) out.push_back(parent);
      }
    }
  }
  return out;
}

}  // namespace

std::string CatalogMerge::Conflict(const Catalog& base, const Catalog& mine,
                                   const std::set<std::string>& mine_changed, const Catalog& theirs,
                                   const std::set<std::string>& theirs_changed) {
  for (const auto& object : mine_changed) {
    if (theirs_changed.count(object)) return WriteWriteConflict(base, mine, object);
  }
  // An object one side keeps changed, depending on one the other changed.
  auto depends = [&](const Catalog& side, const std::set<std::string>& changed,
                     const std::set<std::string>& other, bool mine_depends) -> std::string {
    for (const auto& object : changed) {
      std::vector<std::string> needs;
      {
        std::lock_guard<std::mutex> guard(side.lock_);
        needs = DependenciesLocked(object, side.tables_, side.triggers_, side.sequences_);
      }
      for (const auto& need : needs) {
        if (!other.count(need)) continue;
        if (mine_depends && object[0] == 's' &&
            ConflictHead(base, theirs, need).find(" on drop ") != std::string::npos) {
          // A sequence given an owner that another transaction dropped: DuckDB's words.
          return ConflictMessage(
              fmt::format("Could not commit creation of dependency, subject \"{}\" has been "
                          "deleted",
                          ShownName(need)),
              "another transaction dropped it after this one began");
        }
        if (mine_depends) {
          return ConflictMessage(
              ConflictHead(base, mine, object),
              fmt::format("it depends on \"{}\", which another transaction changed after this "
                          "one began",
                          ShownName(need)));
        }
        // A drop whose dependent appeared meanwhile: DuckDB's words for that commit.
        std::string head = ConflictHead(base, mine, need);
        constexpr std::string_view kDrop = "Catalog write-write conflict on drop with ";
        if (head.rfind(kDrop, 0) == 0)
          head = "Could not commit DROP of " + head.substr(kDrop.size());
        return ConflictMessage(
            head, fmt::format("another transaction changed \"{}\", which depends on it",
                              ShownName(object)));
      }
    }
    return {};
  };
  if (auto found = depends(mine, mine_changed, theirs_changed, true); !found.empty()) {
    return found;
  }
  if (auto found = depends(theirs, theirs_changed, mine_changed, false); !found.empty()) {
    return found;
  }
  // A type, sequence or macro dropped or replaced by one side, and a table, macro or
  // trigger changed by the other: their expressions may name it.
  auto replaced_shared = [&](const std::set<std::string>& changed) -> std::string {
    std::lock_guard<std::mutex> guard(base.lock_);
    for (const auto& object : changed) {
      const std::string key = object.substr(2);
      if ((object[0] == 'y' && base.types_.count(key)) ||
          (object[0] == 's' && base.sequences_.count(key)) ||
          (object[0] == 'm' && base.macros_.count(key))) {
        return object;
      }
    }
    return {};
  };
  auto uses_shared = [](const std::set<std::string>& changed) -> std::string {
    for (const auto& object : changed) {
      if (object[0] == 'r' || object[0] == 'm' || object[0] == 'g') return object;
    }
    return {};
  };
  if (const std::string shared = replaced_shared(mine_changed); !shared.empty()) {
    if (const std::string user = uses_shared(theirs_changed); !user.empty()) {
      return ConflictMessage(
          ConflictHead(base, mine, shared),
          fmt::format("another transaction changed \"{}\", which may use it", ShownName(user)));
    }
  }
  if (const std::string shared = replaced_shared(theirs_changed); !shared.empty()) {
    if (const std::string user = uses_shared(mine_changed); !user.empty()) {
      return ConflictMessage(
          ConflictHead(base, mine, user),
          fmt::format("another transaction dropped or replaced \"{}\", which it may use",
                      ShownName(shared)));
    }
  }
  return {};
}

std::shared_ptr<Catalog> CatalogMerge::Merge(const Catalog& base, const Catalog& mine,
                                             const std::set<std::string>& mine_changed,
                                             const Catalog& theirs,
                                             const std::set<std::string>& theirs_changed) {
  auto merged = theirs.Copy();
  std::scoped_lock guard(base.lock_, mine.lock_, merged->lock_);
  Catalog& out = *merged;
  // Each object mine changed is as mine has it.
  auto take = [](auto& into, const auto& from, const std::string& key) {
    auto it = from.find(key);
    if (it == from.end()) {
      into.erase(key);
    } else {
      into[key] = it->second;
    }
  };
  for (const auto& object : mine_changed) {
    const std::string key = object.substr(2);
    switch (object[0]) {
      case 'r':
        take(out.tables_, mine.tables_, key);
        take(out.views_, mine.views_, key);
        break;
      case 's':
        take(out.sequences_, mine.sequences_, key);
        break;
      case 'm':
        take(out.macros_, mine.macros_, key);
        break;
      case 'g':
        take(out.triggers_, mine.triggers_, key);
        break;
      case 'y':
        take(out.types_, mine.types_, key);
        take(out.type_aliases_, mine.type_aliases_, key);
        break;
      case 'c':
        take(out.schemas_, mine.schemas_, key);
        break;
      default:
        break;
    }
  }
  for (auto it = out.comments_.begin(); it != out.comments_.end();) {
    it = mine_changed.count(ObjectOf(it->first)) ? out.comments_.erase(it) : std::next(it);
  }
  for (const auto& [entry, text] : mine.comments_) {
    if (mine_changed.count(ObjectOf(entry))) out.comments_[entry] = text;
  }
  // The creation order: theirs, without what mine changed; then mine's changed entries,
  // each after the entry before it in mine's order that neither changed (or that it put
  // back already), so that what an object depends on stays ahead of it.
  std::vector<std::string>& order = out.creation_order_;
  std::erase_if(order, [&](const std::string& e) { return mine_changed.count(ObjectOf(e)) > 0; });
  const std::string* anchor = nullptr;
  for (const auto& entry : mine.creation_order_) {
    const std::string object = ObjectOf(entry);
    if (mine_changed.count(object)) {
      auto at = anchor ? std::find(order.begin(), order.end(), *anchor) : order.end();
      order.insert(at == order.end() ? (anchor ? order.end() : order.begin()) : std::next(at),
                   entry);
      anchor = &entry;
    } else if (!theirs_changed.count(object)) {
      anchor = &entry;
    }
  }
  return merged;
}

}  // namespace teal
