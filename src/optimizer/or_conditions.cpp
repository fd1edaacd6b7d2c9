// FactorOr and AddImpliedSideConditions: OR branches as lists of conjuncts.
#include "optimizer/or_conditions.hpp"

#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// The branches of an OR tree (nested ORs flattened), each split into its conjuncts.
void CollectBranches(ExpressionPtr e, std::vector<std::vector<ExpressionPtr>>& branches) {
  if (e->kind == BoundKind::kOr) {
    for (auto& child : e->children) CollectBranches(std::move(child), branches);
    return;
  }
  branches.emplace_back();
  SplitConjunction(std::move(e), branches.back());
}

ExpressionPtr MakeDisjunction(std::vector<ExpressionPtr> branches) {
  if (branches.size() == 1) return std::move(branches[0]);
  auto any = std::make_unique<Expression>(BoundKind::kOr, TypeId::kBoolean);
  any->children = std::move(branches);
  return any;
}

bool Contains(const std::vector<ExpressionPtr>& list, const Expression& e) {
  for (const auto& x : list) {
    if (x->Equals(e)) return true;
  }
  return false;
}

}  // namespace

void FactorOr(ExpressionPtr e, std::vector<ExpressionPtr>& out) {
  if (e->kind != BoundKind::kOr) {
    out.push_back(std::move(e));
    return;
  }
  ExpressionPtr original = e->Copy();
  std::vector<std::vector<ExpressionPtr>> branches;
  CollectBranches(std::move(e), branches);
  std::vector<ExpressionPtr> common;
  for (const auto& c : branches[0]) {
    bool everywhere = true;
    for (size_t b = 1; b < branches.size() && everywhere; b++) {
      everywhere = Contains(branches[b], *c);
    }
    // Only deterministic conjuncts: two random() calls are Equals but not the same value.
    if (everywhere && IsMovable(*c) && !Contains(common, *c)) common.push_back(c->Copy());
  }
  if (common.empty()) {
    out.push_back(std::move(original));
    return;
  }
  std::vector<ExpressionPtr> rest;
  bool some_branch_empty = false;
  for (auto& branch : branches) {
    std::vector<ExpressionPtr> left;
    for (auto& c : branch) {
      if (!Contains(common, *c)) left.push_back(std::move(c));
    }
    if (left.empty()) some_branch_empty = true;  // that branch is `common` alone
    rest.push_back(MakeConjunction(std::move(left)));
  }
  for (auto& c : common) out.push_back(std::move(c));
  // (common AND x) OR common is common: the OR of the rests adds nothing then.
  if (!some_branch_empty) out.push_back(MakeDisjunction(std::move(rest)));
}

void AddImpliedSideConditions(std::vector<ExpressionPtr>& conjuncts, idx_t left_width, bool left,
                              bool right) {
  const size_t original = conjuncts.size();
  for (size_t i = 0; i < original; i++) {
    const Expression& e = *conjuncts[i];
    if (e.kind != BoundKind::kOr || SideOf(e, left_width) != ColumnSide::kBoth ||
        ContainsKind(e, BoundKind::kSubquery)) {
      continue;
    }
    std::vector<std::vector<ExpressionPtr>> branches;
    CollectBranches(e.Copy(), branches);
    for (ColumnSide side : {ColumnSide::kLeft, ColumnSide::kRight}) {
      if (!(side == ColumnSide::kLeft ? left : right)) continue;
      std::vector<ExpressionPtr> implied;
      for (auto& branch : branches) {
        std::vector<ExpressionPtr> mine;
        for (const auto& c : branch) {
          if (SideOf(*c, left_width) == side && IsMovable(*c)) mine.push_back(c->Copy());
        }
        if (mine.empty()) break;  // this branch does not constrain the side
        implied.push_back(MakeConjunction(std::move(mine)));
      }
      if (implied.size() == branches.size()) {
        conjuncts.push_back(MakeDisjunction(std::move(implied)));
      }
    }
  }
}

}  // namespace teal
