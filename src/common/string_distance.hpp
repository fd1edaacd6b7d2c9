// Edit distances and similarities of two strings, over code points: the SQL functions
// levenshtein, damerau_levenshtein, hamming, jaccard, jaro_similarity and
// jaro_winkler_similarity, and the "did you mean" hints of the binder and catalog.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace teal {

/// Insertions, deletions and substitutions that turn `a` into `b`.
int64_t LevenshteinDistance(std::u32string_view a, std::u32string_view b);

/// As LevenshteinDistance, and a swap of two adjacent characters costs one, however the
/// swapped characters are edited afterwards (the unrestricted Damerau distance, not the
/// optimal string alignment one). O(|a|·|b|) memory.
int64_t DamerauLevenshteinDistance(std::u32string_view a, std::u32string_view b);

/// Jaro similarity in [0, 1]: 0 when either string is empty.
double JaroSimilarity(std::u32string_view a, std::u32string_view b);

/// Jaro–Winkler similarity: a Jaro similarity above 0.7 is raised for a common prefix
/// of up to four characters, by 0.1 of the rest per character.
double JaroWinklerSimilarity(std::u32string_view a, std::u32string_view b);

/// The candidate most like `name` (ASCII case ignored), when it is close enough to be
/// what the user meant — a typo away, or one name beginning with the other — empty
/// otherwise. A candidate "schema.name" (when `name` has no dot) is compared by its name,
/// and is second to an equally close one without a schema. For "did you mean" hints.
std::string ClosestName(std::string_view name, const std::vector<std::string>& candidates);

/// `message`, and ` Did you mean "x"?` after it when ClosestName finds an x (after a full
/// stop added to a message that does not end a sentence).
std::string WithDidYouMean(std::string message, std::string_view name,
                           const std::vector<std::string>& candidates);

}  // namespace teal
