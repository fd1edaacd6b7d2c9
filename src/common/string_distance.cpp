// Edit distances and similarities of two strings (see string_distance.hpp).
#include "common/string_distance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>

#include "common/utf8.hpp"
#include "teal/error.hpp"

namespace teal {

int64_t LevenshteinDistance(std::u32string_view a, std::u32string_view b) {
  if (a.size() < b.size()) std::swap(a, b);
  // One row of the edit matrix, over the shorter string.
  std::vector<int64_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); j++) row[j] = static_cast<int64_t>(j);
  for (size_t i = 1; i <= a.size(); i++) {
    int64_t diagonal = row[0];
    row[0] = static_cast<int64_t>(i);
    for (size_t j = 1; j <= b.size(); j++) {
      const int64_t above = row[j];
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

int64_t DamerauLevenshteinDistance(std::u32string_view a, std::u32string_view b) {
  // Lowrance and Wagner's algorithm: d(i, j) may end in a swap of a[k] and b[l], where
  // k is the last row whose character is b[j] and l the last column in row i matching
  // a[i]; everything between them is deleted or inserted.
  const size_t rows = a.size() + 2, columns = b.size() + 2;
  constexpr size_t kMaxCells = size_t{1} << 27;  // 512 MiB of cells
  if (rows * columns > kMaxCells) {
    throw InvalidInputError(
        fmt::format("damerau_levenshtein: strings of {} and {} characters are too long to compare",
                    a.size(), b.size()));
  }
  const auto infinity = static_cast<int32_t>(a.size() + b.size());
  std::vector<int32_t> d(rows * columns);
  auto at = [&](size_t i, size_t j) -> int32_t& { return d[i * columns + j]; };
  at(0, 0) = infinity;
  for (size_t i = 0; i <= a.size(); i++) {
    at(i + 1, 0) = infinity;
    at(i + 1, 1) = static_cast<int32_t>(i);
  }
  for (size_t j = 0; j <= b.size(); j++) {
    at(0, j + 1) = infinity;
    at(1, j + 1) = static_cast<int32_t>(j);
  }
  std::map<char32_t, size_t> last_row;  // character -> last row (1-based) it ended
  for (size_t i = 1; i <= a.size(); i++) {
    size_t last_match_column = 0;
    for (size_t j = 1; j <= b.size(); j++) {
      auto found = last_row.find(b[j - 1]);
      const size_t k = found == last_row.end() ? 0 : found->second;
      const size_t l = last_match_column;
      const int32_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      if (cost == 0) last_match_column = j;
      at(i + 1, j + 1) = std::min(
          {at(i, j) + cost, at(i + 1, j) + 1, at(i, j + 1) + 1,
           at(k, l) + static_cast<int32_t>(i - k - 1) + 1 + static_cast<int32_t>(j - l - 1)});
    }
    last_row[a[i - 1]] = i;
  }
  return at(a.size() + 1, b.size() + 1);
}

double JaroSimilarity(std::u32string_view a, std::u32string_view b) {
  if (a.empty() || b.empty()) return 0.0;
  const size_t longer = std::max(a.size(), b.size());
  const size_t window = longer / 2 > 0 ? longer / 2 - 1 : 0;
  std::vector<bool> a_matched(a.size()), b_matched(b.size());
  size_t matches = 0;
  for (size_t i = 0; i < a.size(); i++) {
    const size_t from = i > window ? i - window : 0;
    const size_t to = std::min(b.size(), i + window + 1);
    for (size_t j = from; j < to; j++) {
      if (!b_matched[j] && a[i] == b[j]) {
        a_matched[i] = b_matched[j] = true;
        matches++;
        break;
      }
    }
  }
  if (matches == 0) return 0.0;
  // Transpositions: half the matched characters that stand in a different order in the two
  // strings, rounded down (as jellyfish and rapidfuzz count them).
  size_t out_of_order = 0;
  for (size_t i = 0, j = 0; i < a.size(); i++) {
    if (!a_matched[i]) continue;
    while (!b_matched[j]) j++;
    out_of_order += a[i] != b[j];
    j++;
  }
  const double m = static_cast<double>(matches);
  return (m / static_cast<double>(a.size()) + m / static_cast<double>(b.size()) +
          (m - static_cast<double>(out_of_order / 2)) / m) /
         3;
}

double JaroWinklerSimilarity(std::u32string_view a, std::u32string_view b) {
  const double jaro = JaroSimilarity(a, b);
  if (jaro <= 0.7) return jaro;
  size_t prefix = 0;
  while (prefix < 4 && prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) {
    prefix++;
  }
  return jaro + static_cast<double>(prefix) * 0.1 * (1 - jaro);
}

namespace {

std::u32string Folded(std::string_view text) {
  std::u32string out = DecodeUtf8(text);
  for (char32_t& c : out) {
    if (c >= U'A' && c <= U'Z') c += U'a' - U'A';
  }
  return out;
}

}  // namespace

std::string ClosestName(std::string_view name, const std::vector<std::string>& candidates) {
  const std::u32string wanted = Folded(name);
  // A typo is a few edits (a swap of two letters is one): at most a third of the name's
  // length, one for names of up to five; a one-letter name has no typo to correct.
  const auto length = static_cast<int64_t>(wanted.size());
  const int64_t allowed = std::min(length - 1, std::max<int64_t>(1, length / 3));
  constexpr size_t kLongestName = 256;
  if (allowed < 1 || wanted.size() > kLongestName) return {};
  const bool qualified = wanted.find(U'.') != std::u32string::npos;
  // Lower scores are better: the name itself in another schema, then typos by distance,
  // then a name that begins with the other ("li" for lineitem, "lineitem_2" for lineitem)
  // by how much longer it is. Another schema's name scores one worse than it would here.
  const std::string* best = nullptr;
  double best_score = std::numeric_limits<double>::infinity();
  for (const std::string& candidate : candidates) {
    if (candidate.size() > kLongestName * 4) continue;
    std::u32string other = Folded(candidate);
    const size_t dot = qualified ? std::u32string::npos : other.rfind(U'.');
    const bool elsewhere = dot != std::u32string::npos;
    if (elsewhere) other.erase(0, dot + 1);
    double score;
    const int64_t distance = DamerauLevenshteinDistance(wanted, other);
    if (distance == 0) {
      if (!elsewhere) continue;  // the name itself is no suggestion
      score = 0;
    } else if (distance <= allowed) {
      score = static_cast<double>(distance);
    } else if (std::min(other.size(), wanted.size()) >= 2 &&
               (other.starts_with(wanted) || wanted.starts_with(other))) {
      score = static_cast<double>(allowed + 1) + static_cast<double>(distance) / 1024;
    } else {
      continue;
    }
    if (elsewhere) score += 1;
    if (score < best_score) {
      best = &candidate;
      best_score = score;
    }
  }
  return best ? *best : std::string();
}

std::string WithDidYouMean(std::string message, std::string_view name,
                           const std::vector<std::string>& candidates) {
  const std::string closest = ClosestName(name, candidates);
  if (closest.empty()) return message;
  if (!message.empty() && message.back() != '!' && message.back() != '?' && message.back() != '.') {
    message += '.';
  }
  return fmt::format("{} Did you mean \"{}\"?", message, closest);
}

}  // namespace teal
