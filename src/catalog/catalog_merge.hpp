// CatalogMerge: which catalog objects a transaction changed, whether two transactions'
// changes of one catalog version conflict, and one's changes applied on top of the
// other's (Transaction rule 5: concurrent catalog changes of different objects both
// commit, as in PostgreSQL and DuckDB; only changes of the same object conflict).
//
// Objects are named "kind:key": r: a table, view or index (one namespace: none may take
// another's name), s: a sequence, m: a macro, g: a trigger, y: a type, c: a schema. Two
// changes of `base` conflict when both changed one object, or when an object one of them
// changed (and keeps) depends on one the other changed: on its schema, a FOREIGN KEY's
// parent table, a trigger's table; and any type, sequence or macro one of them dropped or
// replaced against any table, macro or trigger the other changed (their expressions name
// them as text, which is not followed here: a conflict is a retry, a missed one a broken
// catalog).
//
// Thread safety: the catalogs are read under their locks; `base` and `theirs` are committed
// versions (never changed), `mine` the committing transaction's private one.
#pragma once

#include <memory>
#include <set>
#include <string>

namespace teal {

class Catalog;

struct CatalogMerge {
  /// The objects `changed` (a private copy of `base`, changed since) differs from `base` in.
  static std::set<std::string> Changed(const Catalog& base, const Catalog& changed);

  /// Why `mine` and `theirs`, changes of `base` with the Changed sets given, cannot both
  /// commit — DuckDB's `Catalog write-write conflict on alter with "t"` — or empty.
  static std::string Conflict(const Catalog& base, const Catalog& mine,
                              const std::set<std::string>& mine_changed, const Catalog& theirs,
                              const std::set<std::string>& theirs_changed);

  /// `theirs` with `mine`'s changes of `base` made in it: a new version (call only when
  /// Conflict is empty). Objects keep their creation order: those `mine` changed go where
  /// `mine` had them, among what neither changed.
  static std::shared_ptr<Catalog> Merge(const Catalog& base, const Catalog& mine,
                                        const std::set<std::string>& mine_changed,
                                        const Catalog& theirs,
                                        const std::set<std::string>& theirs_changed);

  /// The message of `mine`'s change of `object` (a Changed name) meeting another
  /// transaction's change of it.
  static std::string WriteWriteConflict(const Catalog& base, const Catalog& mine,
                                        const std::string& object);

 private:
  /// `Catalog write-write conflict on <create|alter|drop> with "<name>"`.
  static std::string ConflictHead(const Catalog& base, const Catalog& mine,
                                  const std::string& object);
};

}  // namespace teal
