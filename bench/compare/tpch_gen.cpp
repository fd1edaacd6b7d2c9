// bench/compare/tpch_gen.cpp — the TPC-H data rules (specification Clause 4.2) as code.
//
// Each table draws from its own pseudo-random stream (splitmix64), seeded from the table
// and the scale factor, so a table's rows do not depend on which other tables were
// generated. Comments are random substrings of a text pool generated once from the
// specification's grammar (Clause 4.2.2.10), as dbgen's are; the word weights approximate
// the distributions dbgen ships (written here, not copied), so words the queries look for
// ("special … requests", "Customer … Complaints", colour words) occur about as often as in
// dbgen's data.
#include "tpch_gen.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace bench::tpch {
namespace {

using std::chrono::day;
using std::chrono::month;
using std::chrono::sys_days;
using std::chrono::year;

constexpr int32_t Days(int y, unsigned m, unsigned d) {
  return static_cast<int32_t>(sys_days{year{y} / month{m} / day{d}}.time_since_epoch().count());
}
constexpr int32_t kStartDate = Days(1992, 1, 1);
constexpr int32_t kEndDate = Days(1998, 12, 31);
constexpr int32_t kCurrentDate = Days(1995, 6, 17);  // splits returnflag and linestatus

class Random {
 public:
  Random(uint64_t table, double scale_factor) {
    uint64_t bits;
    static_assert(sizeof bits == sizeof scale_factor);
    std::memcpy(&bits, &scale_factor, sizeof bits);
    state_ = table * 0x9E3779B97F4A7C15ull ^ bits;
  }
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi].
  int64_t Uniform(int64_t lo, int64_t hi) {
    auto range = static_cast<unsigned __int128>(hi - lo + 1);
    return lo + static_cast<int64_t>((static_cast<unsigned __int128>(Next()) * range) >> 64);
  }
  template <typename T, size_t N>
  const T& Pick(const std::array<T, N>& list) {
    return list[static_cast<size_t>(Uniform(0, N - 1))];
  }

 private:
  uint64_t state_;
};

// ---- value domains (Clause 4.2.2.13 and 4.2.3) ------------------------------------------

constexpr std::array<std::string_view, 5> kRegions = {"AFRICA", "AMERICA", "ASIA", "EUROPE",
                                                      "MIDDLE EAST"};
struct NationDef {
  std::string_view name;
  int32_t region;
};
constexpr std::array<NationDef, 25> kNations = {{
    {"ALGERIA", 0},       {"ARGENTINA", 1}, {"BRAZIL", 1}, {"CANADA", 1},
    {"EGYPT", 4},         {"ETHIOPIA", 0},  {"FRANCE", 3}, {"GERMANY", 3},
    {"INDIA", 2},         {"INDONESIA", 2}, {"IRAN", 4},   {"IRAQ", 4},
    {"JAPAN", 2},         {"JORDAN", 4},    {"KENYA", 0},  {"MOROCCO", 0},
    {"MOZAMBIQUE", 0},    {"PERU", 1},      {"CHINA", 2},  {"ROMANIA", 3},
    {"SAUDI ARABIA", 4},  {"VIETNAM", 2},   {"RUSSIA", 3}, {"UNITED KINGDOM", 3},
    {"UNITED STATES", 1},
}};

constexpr std::array<std::string_view, 92> kColors = {
    "almond",   "antique",   "aquamarine", "azure",      "beige",     "bisque",    "black",
    "blanched", "blue",      "blush",      "brown",      "burlywood", "burnished", "chartreuse",
    "chiffon",  "chocolate", "coral",      "cornflower", "cornsilk",  "cream",     "cyan",
    "dark",     "deep",      "dim",        "dodger",     "drab",      "firebrick", "floral",
    "forest",   "frosted",   "gainsboro",  "ghost",      "goldenrod", "green",     "grey",
    "honeydew", "hot",       "indian",     "ivory",      "khaki",     "lace",      "lavender",
    "lawn",     "lemon",     "light",      "lime",       "linen",     "magenta",   "maroon",
    "medium",   "metallic",  "midnight",   "mint",       "misty",     "moccasin",  "navajo",
    "navy",     "olive",     "orange",     "orchid",     "pale",      "papaya",    "peach",
    "peru",     "pink",      "plum",       "powder",     "puff",      "purple",    "red",
    "rose",     "rosy",      "royal",      "saddle",     "salmon",    "sandy",     "seashell",
    "sienna",   "sky",       "slate",      "smoke",      "snow",      "spring",    "steel",
    "tan",      "thistle",   "tomato",     "turquoise",  "violet",    "wheat",     "white",
    "yellow"};

constexpr std::array<std::string_view, 6> kTypeSyllable1 = {"STANDARD", "SMALL",   "MEDIUM",
                                                            "LARGE",    "ECONOMY", "PROMO"};
constexpr std::array<std::string_view, 5> kTypeSyllable2 = {"ANODIZED", "BURNISHED", "PLATED",
                                                            "POLISHED", "BRUSHED"};
constexpr std::array<std::string_view, 5> kTypeSyllable3 = {"TIN", "NICKEL", "BRASS", "STEEL",
                                                            "COPPER"};
constexpr std::array<std::string_view, 5> kContainerSyllable1 = {"SM", "LG", "MED", "JUMBO",
                                                                 "WRAP"};
constexpr std::array<std::string_view, 8> kContainerSyllable2 = {"CASE", "BOX",  "BAG", "JAR",
                                                                 "PKG",  "PACK", "CAN", "DRUM"};
constexpr std::array<std::string_view, 5> kSegments = {"AUTOMOBILE", "BUILDING", "FURNITURE",
                                                       "MACHINERY", "HOUSEHOLD"};
constexpr std::array<std::string_view, 5> kPriorities = {"1-URGENT", "2-HIGH", "3-MEDIUM",
                                                         "4-NOT SPECIFIED", "5-LOW"};
constexpr std::array<std::string_view, 4> kInstructions = {"DELIVER IN PERSON", "COLLECT COD",
                                                           "NONE", "TAKE BACK RETURN"};
constexpr std::array<std::string_view, 7> kModes = {"REG AIR", "AIR",  "RAIL", "SHIP",
                                                    "TRUCK",   "MAIL", "FOB"};

/// P_TYPE and P_CONTAINER as whole strings (string_views into these tables live as long
/// as the program: the rows point at them).
template <size_t A, size_t B, size_t C>
std::vector<std::string> Combine(const std::array<std::string_view, A>& a,
                                 const std::array<std::string_view, B>& b,
                                 const std::array<std::string_view, C>* c) {
  std::vector<std::string> out;
  for (auto x : a) {
    for (auto y : b) {
      if (!c) {
        out.push_back(std::string(x) + " " + std::string(y));
        continue;
      }
      for (auto z : *c) out.push_back(std::string(x) + " " + std::string(y) + " " + std::string(z));
    }
  }
  return out;
}
const std::vector<std::string>& PartTypes() {
  static const auto types = Combine(kTypeSyllable1, kTypeSyllable2, &kTypeSyllable3);
  return types;
}
const std::vector<std::string>& Containers() {
  static const auto containers =
      Combine(kContainerSyllable1, kContainerSyllable2,
              static_cast<const std::array<std::string_view, 1>*>(nullptr));
  return containers;
}

// ---- the text grammar (Clause 4.2.2.10), weights after dbgen's dists.dss ----------------

struct Weighted {
  std::string_view word;
  int weight;
};

constexpr Weighted kNouns[] = {
    {"packages", 40},     {"requests", 40},     {"accounts", 40},      {"deposits", 40},
    {"foxes", 20},        {"ideas", 20},        {"theodolites", 20},   {"pinto beans", 20},
    {"instructions", 20}, {"dependencies", 10}, {"excuses", 10},       {"platelets", 10},
    {"asymptotes", 10},   {"courts", 5},        {"dolphins", 5},       {"multipliers", 1},
    {"sauternes", 1},     {"warthogs", 1},      {"frets", 1},          {"dinos", 1},
    {"attainments", 1},   {"somas", 1},         {"Tiresias", 1},       {"patterns", 1},
    {"forges", 1},        {"braids", 1},        {"hockey players", 1}, {"frays", 1},
    {"warhorses", 1},     {"dugouts", 1},       {"notornis", 1},       {"epitaphs", 1},
    {"pearls", 1},        {"tithes", 1},        {"waters", 1},         {"orbits", 1},
    {"gifts", 1},         {"sheaves", 1},       {"depths", 1},         {"sentiments", 1},
    {"decoys", 1},        {"realms", 1},        {"pains", 1},          {"grouches", 1},
    {"escapades", 1}};
constexpr Weighted kVerbs[] = {
    {"sleep", 20},    {"wake", 20},    {"are", 20},   {"cajole", 20}, {"haggle", 20},
    {"nag", 10},      {"use", 10},     {"boost", 10}, {"affix", 5},   {"detect", 5},
    {"integrate", 5}, {"maintain", 1}, {"nod", 1},    {"was", 1},     {"lose", 1},
    {"sublate", 1},   {"solve", 1},    {"thrash", 1}, {"promise", 1}, {"engage", 1},
    {"hinder", 1},    {"print", 1},    {"x-ray", 1},  {"breach", 1},  {"eat", 1},
    {"grow", 1},      {"impress", 1},  {"mold", 1},   {"poach", 1},   {"serve", 1},
    {"run", 1},       {"dazzle", 1},   {"snooze", 1}, {"doze", 1},    {"unwind", 1},
    {"kindle", 1},    {"play", 1},     {"hang", 1},   {"believe", 1}, {"doubt", 1}};
constexpr Weighted kAdjectives[] = {
    {"furious", 1},   {"sly", 1},      {"careful", 1},  {"blithe", 1},   {"quick", 1},
    {"fluffy", 1},    {"slow", 1},     {"quiet", 1},    {"ruthless", 1}, {"thin", 1},
    {"close", 1},     {"dogged", 1},   {"daring", 1},   {"brave", 1},    {"stealthy", 1},
    {"permanent", 1}, {"enticing", 1}, {"idle", 1},     {"busy", 1},     {"regular", 50},
    {"final", 40},    {"ironic", 40},  {"even", 30},    {"bold", 20},    {"silent", 10},
    {"pending", 20},  {"special", 20}, {"express", 20}, {"unusual", 10}};
constexpr Weighted kAdverbs[] = {
    {"sometimes", 1},  {"always", 1},     {"never", 1},      {"furiously", 50},  {"slyly", 50},
    {"carefully", 50}, {"blithely", 40},  {"quickly", 30},   {"fluffily", 20},   {"slowly", 1},
    {"quietly", 1},    {"ruthlessly", 1}, {"thinly", 1},     {"closely", 1},     {"doggedly", 1},
    {"daringly", 1},   {"bravely", 1},    {"stealthily", 1}, {"permanently", 1}, {"enticingly", 1},
    {"idly", 1},       {"busily", 1},     {"regularly", 1},  {"finally", 1},     {"ironically", 1},
    {"evenly", 1},     {"boldly", 1},     {"silently", 1}};
constexpr Weighted kPrepositions[] = {{"about", 50},
                                      {"above", 50},
                                      {"according to", 50},
                                      {"across", 50},
                                      {"after", 50},
                                      {"against", 40},
                                      {"along", 40},
                                      {"alongside of", 30},
                                      {"among", 30},
                                      {"around", 20},
                                      {"at", 10},
                                      {"atop", 1},
                                      {"before", 1},
                                      {"behind", 1},
                                      {"beneath", 1},
                                      {"beside", 1},
                                      {"besides", 1},
                                      {"between", 1},
                                      {"beyond", 1},
                                      {"by", 1},
                                      {"despite", 1},
                                      {"during", 1},
                                      {"except", 1},
                                      {"for", 1},
                                      {"from", 1},
                                      {"in place of", 1},
                                      {"inside", 1},
                                      {"instead of", 1},
                                      {"into", 1},
                                      {"near", 1},
                                      {"of", 1},
                                      {"on", 1},
                                      {"outside", 1},
                                      {"over", 1},
                                      {"past", 1},
                                      {"since", 1},
                                      {"through", 1},
                                      {"throughout", 1},
                                      {"to", 1},
                                      {"toward", 1},
                                      {"under", 1},
                                      {"until", 1},
                                      {"up", 1},
                                      {"upon", 1},
                                      {"without", 1},
                                      {"with", 1},
                                      {"within", 1}};
constexpr Weighted kAuxiliaries[] = {{"do", 1},
                                     {"may", 1},
                                     {"might", 1},
                                     {"shall", 1},
                                     {"will", 1},
                                     {"would", 1},
                                     {"can", 1},
                                     {"could", 1},
                                     {"should", 1},
                                     {"ought to", 1},
                                     {"must", 1},
                                     {"will have to", 1},
                                     {"shall have to", 1},
                                     {"could have to", 1},
                                     {"should have to", 1},
                                     {"must have to", 1},
                                     {"need to", 1},
                                     {"try to", 1}};
constexpr Weighted kTerminators[] = {{".", 50}, {";", 1}, {":", 1}, {"?", 1}, {"!", 1}, {"--", 1}};
// Sentence, noun-phrase and verb-phrase shapes: N noun phrase, V verb phrase,
// P prepositional phrase, T terminator; J adjective, D adverb, X auxiliary, ',' a comma.
constexpr Weighted kSentences[] = {
    {"NVT", 3}, {"NVPT", 3}, {"NVNT", 3}, {"NPVNT", 1}, {"NPVPT", 1}};
constexpr Weighted kNounPhrases[] = {{"N", 10}, {"JN", 20}, {"J,JN", 10}, {"DJN", 50}};
constexpr Weighted kVerbPhrases[] = {{"V", 30}, {"XV", 1}, {"VD", 40}, {"XVD", 1}};

template <size_t N>
std::string_view PickWeighted(Random& rng, const Weighted (&list)[N]) {
  int total = 0;
  for (const auto& w : list) total += w.weight;
  int64_t r = rng.Uniform(0, total - 1);
  for (const auto& w : list) {
    if (r < w.weight) return w.word;
    r -= w.weight;
  }
  return list[N - 1].word;
}

class TextGrammar {
 public:
  explicit TextGrammar(Random& rng) : rng_(rng) {}

  void Sentence(std::string& out) {
    for (char part : PickWeighted(rng_, kSentences)) {
      switch (part) {
        case 'N':
          NounPhrase(out);
          break;
        case 'V':
          VerbPhrase(out);
          break;
        case 'P':
          Word(out, PickWeighted(rng_, kPrepositions));
          Word(out, "the");
          NounPhrase(out);
          break;
        default:  // 'T': the terminator follows the last word directly
          out += PickWeighted(rng_, kTerminators);
          break;
      }
    }
  }

 private:
  void Word(std::string& out, std::string_view word) {
    if (!out.empty() && out.back() != ' ') out += ' ';
    out += word;
  }
  void NounPhrase(std::string& out) {
    for (char part : PickWeighted(rng_, kNounPhrases)) {
      if (part == 'N') Word(out, PickWeighted(rng_, kNouns));
      if (part == 'J') Word(out, PickWeighted(rng_, kAdjectives));
      if (part == 'D') Word(out, PickWeighted(rng_, kAdverbs));
      if (part == ',') out += ',';
    }
  }
  void VerbPhrase(std::string& out) {
    for (char part : PickWeighted(rng_, kVerbPhrases)) {
      if (part == 'V') Word(out, PickWeighted(rng_, kVerbs));
      if (part == 'X') Word(out, PickWeighted(rng_, kAuxiliaries));
      if (part == 'D') Word(out, PickWeighted(rng_, kAdverbs));
    }
  }

  Random& rng_;
};

constexpr size_t kPoolSize = size_t{16} << 20;

std::string MakeTextPool() {
  Random rng(99, 0.0);  // the pool is the same at every scale factor
  TextGrammar grammar(rng);
  std::string pool;
  pool.reserve(kPoolSize + 256);
  while (pool.size() < kPoolSize) {
    grammar.Sentence(pool);
    pool += ' ';
  }
  pool.resize(kPoolSize);
  return pool;
}

/// A random substring of the pool of random length in [lo, hi] (Clause 4.2.2.10).
std::string_view Comment(Random& rng, const std::string& pool, int lo, int hi) {
  auto length = static_cast<size_t>(rng.Uniform(lo, hi));
  auto offset = static_cast<size_t>(rng.Uniform(0, static_cast<int64_t>(pool.size()) - hi));
  return std::string_view(pool).substr(offset, length);
}

/// A random string of [lo, hi] characters from dbgen's alphabet (Clause 4.2.2.7, v-string).
template <size_t N>
void VString(Random& rng, Text<N>& out, int lo, int hi) {
  static constexpr std::string_view kAlphabet =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, ";
  auto length = static_cast<uint8_t>(rng.Uniform(lo, hi));
  for (uint8_t i = 0; i < length; i++) {
    out.data[i] = kAlphabet[static_cast<size_t>(rng.Uniform(0, kAlphabet.size() - 1))];
  }
  out.size = length;
}

/// "CC-LLL-LLL-LLLL" with the country code nationkey + 10 (Clause 4.2.2.9).
void Phone(Random& rng, Text<15>& out, int32_t nationkey) {
  char buffer[32];
  int n = std::snprintf(buffer, sizeof buffer, "%02d-%03d-%03d-%04d", nationkey + 10,
                        static_cast<int>(rng.Uniform(100, 999)),
                        static_cast<int>(rng.Uniform(100, 999)),
                        static_cast<int>(rng.Uniform(1000, 9999)));
  out.Set(std::string_view(buffer, static_cast<size_t>(n)));
}

template <size_t N>
void Numbered(Text<N>& out, const char* prefix, int64_t number) {
  char buffer[48];
  int n = std::snprintf(buffer, sizeof buffer, "%s%09lld", prefix, static_cast<long long>(number));
  out.Set(std::string_view(buffer, static_cast<size_t>(n)));
}

// P_RETAILPRICE in cents (Clause 4.2.3).
int64_t RetailPriceCents(int64_t partkey) {
  return 90000 + ((partkey / 10) % 20001) + 100 * (partkey % 1000);
}

/// PS_SUPPKEY of the i-th (0..3) supplier of a part (Clause 4.2.3); also L_SUPPKEY.
int32_t PartSupplier(int64_t partkey, int64_t i, int64_t suppliers) {
  return static_cast<int32_t>(
      (partkey + (i * ((suppliers / 4) + (partkey - 1) / suppliers))) % suppliers + 1);
}

/// Orders are numbered sparsely: of every 32 keys only the first 8 are used (Clause 4.2.3).
int32_t SparseOrderKey(int64_t index) {
  return static_cast<int32_t>((index / 8) * 32 + (index % 8) + 1);
}

constexpr size_t kBatch = 8192;

template <typename Row>
void Flush(std::vector<Row>& batch, const Sink<Row>& sink) {
  if (!batch.empty()) sink(batch);
  batch.clear();
}

int64_t Scaled(int64_t base, double scale_factor) {
  return std::max<int64_t>(1, static_cast<int64_t>(static_cast<double>(base) * scale_factor));
}

}  // namespace

Cardinalities::Cardinalities(double sf)
    : supplier(Scaled(10'000, sf)),
      part(Scaled(200'000, sf)),
      customer(Scaled(150'000, sf)),
      orders(Scaled(1'500'000, sf)) {}

Generator::Generator(double scale_factor)
    : scale_factor_(scale_factor), counts_(scale_factor), pool_(MakeTextPool()) {}

void Generator::Regions(const Sink<Region>& sink) const {
  Random rng(1, scale_factor_);
  std::vector<Region> rows;
  for (int32_t i = 0; i < static_cast<int32_t>(kRegions.size()); i++) {
    rows.push_back({i, kRegions[static_cast<size_t>(i)], Comment(rng, pool_, 31, 115)});
  }
  sink(rows);
}

void Generator::Nations(const Sink<Nation>& sink) const {
  Random rng(2, scale_factor_);
  std::vector<Nation> rows;
  for (int32_t i = 0; i < static_cast<int32_t>(kNations.size()); i++) {
    const auto& n = kNations[static_cast<size_t>(i)];
    rows.push_back({i, n.name, n.region, Comment(rng, pool_, 31, 114)});
  }
  sink(rows);
}

void Generator::Suppliers(const Sink<Supplier>& sink) const {
  Random rng(3, scale_factor_);
  std::vector<Supplier> batch;
  batch.reserve(kBatch);
  for (int64_t key = 1; key <= counts_.supplier; key++) {
    Supplier& s = batch.emplace_back();
    s.suppkey = static_cast<int32_t>(key);
    Numbered(s.name, "Supplier#", key);
    VString(rng, s.address, 10, 40);
    s.nationkey = static_cast<int32_t>(rng.Uniform(0, 24));
    Phone(rng, s.phone, s.nationkey);
    s.acctbal = {rng.Uniform(-99'999, 999'999)};
    s.comment.Set(Comment(rng, pool_, 25, 100));
    // 10 in 10,000 suppliers (SF * 5 of each kind) get "Customer … Complaints" or
    // "Customer … Recommends" written over their comment at a random place (Q16).
    if (rng.Uniform(1, 10'000) <= 10) {
      std::string_view tail = rng.Uniform(0, 1) ? "Complaints" : "Recommends";
      constexpr std::string_view kHead = "Customer ";
      const int64_t room = s.comment.size - static_cast<int64_t>(kHead.size() + tail.size());
      int64_t at = rng.Uniform(0, room);
      int64_t gap = rng.Uniform(0, room - at);
      char* text = s.comment.data.data();
      std::memcpy(text + at, kHead.data(), kHead.size());
      std::memcpy(text + at + static_cast<int64_t>(kHead.size()) + gap, tail.data(), tail.size());
    }
    if (batch.size() == kBatch) Flush(batch, sink);
  }
  Flush(batch, sink);
}

void Generator::Parts(const Sink<Part>& sink) const {
  Random rng(4, scale_factor_);
  const auto& types = PartTypes();
  const auto& containers = Containers();
  std::vector<Part> batch;
  batch.reserve(kBatch);
  std::array<uint8_t, kColors.size()> colors;
  for (int64_t key = 1; key <= counts_.part; key++) {
    Part& p = batch.emplace_back();
    p.partkey = static_cast<int32_t>(key);
    // Five distinct colour words: the first five of a partial shuffle.
    for (size_t i = 0; i < colors.size(); i++) colors[i] = static_cast<uint8_t>(i);
    std::string name;
    for (size_t i = 0; i < 5; i++) {
      auto j = static_cast<size_t>(rng.Uniform(static_cast<int64_t>(i), colors.size() - 1));
      std::swap(colors[i], colors[j]);
      if (i) name += ' ';
      name += kColors[colors[i]];
    }
    p.name.Set(name);
    int64_t m = rng.Uniform(1, 5);
    int64_t n = rng.Uniform(1, 5);
    p.mfgr.Set("Manufacturer#" + std::to_string(m));
    p.brand.Set("Brand#" + std::to_string(m) + std::to_string(n));
    p.type = types[static_cast<size_t>(rng.Uniform(0, static_cast<int64_t>(types.size()) - 1))];
    p.size = static_cast<int32_t>(rng.Uniform(1, 50));
    p.container = containers[static_cast<size_t>(
        rng.Uniform(0, static_cast<int64_t>(containers.size()) - 1))];
    p.retailprice = {RetailPriceCents(key)};
    p.comment = Comment(rng, pool_, 5, 22);
    if (batch.size() == kBatch) Flush(batch, sink);
  }
  Flush(batch, sink);
}

void Generator::PartSupps(const Sink<PartSupp>& sink) const {
  Random rng(5, scale_factor_);
  std::vector<PartSupp> batch;
  batch.reserve(kBatch);
  for (int64_t key = 1; key <= counts_.part; key++) {
    for (int64_t i = 0; i < 4; i++) {
      PartSupp& ps = batch.emplace_back();
      ps.partkey = static_cast<int32_t>(key);
      ps.suppkey = PartSupplier(key, i, counts_.supplier);
      ps.availqty = static_cast<int32_t>(rng.Uniform(1, 9'999));
      ps.supplycost = {rng.Uniform(100, 100'000)};
      ps.comment = Comment(rng, pool_, 49, 198);
    }
    if (batch.size() >= kBatch) Flush(batch, sink);
  }
  Flush(batch, sink);
}

void Generator::Customers(const Sink<Customer>& sink) const {
  Random rng(6, scale_factor_);
  std::vector<Customer> batch;
  batch.reserve(kBatch);
  for (int64_t key = 1; key <= counts_.customer; key++) {
    Customer& c = batch.emplace_back();
    c.custkey = static_cast<int32_t>(key);
    Numbered(c.name, "Customer#", key);
    VString(rng, c.address, 10, 40);
    c.nationkey = static_cast<int32_t>(rng.Uniform(0, 24));
    Phone(rng, c.phone, c.nationkey);
    c.acctbal = {rng.Uniform(-99'999, 999'999)};
    c.mktsegment = rng.Pick(kSegments);
    c.comment = Comment(rng, pool_, 29, 116);
    if (batch.size() == kBatch) Flush(batch, sink);
  }
  Flush(batch, sink);
}

void Generator::OrdersAndLineItems(const Sink<Order>& order_sink,
                                   const Sink<LineItem>& line_sink) const {
  Random rng(7, scale_factor_);
  const int64_t clerks = std::max<int64_t>(1, static_cast<int64_t>(1000 * scale_factor_));
  std::vector<Order> orders;
  std::vector<LineItem> lines;
  orders.reserve(kBatch);
  lines.reserve(kBatch * 7);
  for (int64_t index = 0; index < counts_.orders; index++) {
    Order& o = orders.emplace_back();
    o.orderkey = SparseOrderKey(index);
    // A third of the customers place no orders: keys divisible by 3 are never drawn.
    int64_t custkey;
    do {
      custkey = rng.Uniform(1, counts_.customer);
    } while (custkey % 3 == 0 && counts_.customer > 2);
    o.custkey = static_cast<int32_t>(custkey);
    o.orderdate = {static_cast<int32_t>(rng.Uniform(kStartDate, kEndDate - 151))};
    o.orderpriority = rng.Pick(kPriorities);
    Numbered(o.clerk, "Clerk#", rng.Uniform(1, clerks));
    o.shippriority = 0;
    o.comment = Comment(rng, pool_, 19, 78);

    int64_t total = 0;
    int shipped = 0;
    const int count = static_cast<int>(rng.Uniform(1, 7));
    for (int n = 1; n <= count; n++) {
      LineItem& l = lines.emplace_back();
      l.orderkey = o.orderkey;
      int64_t partkey = rng.Uniform(1, counts_.part);
      l.partkey = static_cast<int32_t>(partkey);
      l.suppkey = PartSupplier(partkey, rng.Uniform(0, 3), counts_.supplier);
      l.linenumber = n;
      int64_t quantity = rng.Uniform(1, 50);
      l.quantity = {quantity * 100};
      l.extendedprice = {quantity * RetailPriceCents(partkey)};
      l.discount = {rng.Uniform(0, 10)};
      l.tax = {rng.Uniform(0, 8)};
      l.shipdate = {o.orderdate.days + static_cast<int32_t>(rng.Uniform(1, 121))};
      l.commitdate = {o.orderdate.days + static_cast<int32_t>(rng.Uniform(30, 90))};
      l.receiptdate = {l.shipdate.days + static_cast<int32_t>(rng.Uniform(1, 30))};
      if (l.receiptdate.days <= kCurrentDate) {
        l.returnflag = rng.Uniform(0, 1) ? "R" : "A";
      } else {
        l.returnflag = "N";
      }
      const bool open = l.shipdate.days > kCurrentDate;
      l.linestatus = open ? "O" : "F";
      shipped += open ? 0 : 1;
      l.shipinstruct = rng.Pick(kInstructions);
      l.shipmode = rng.Pick(kModes);
      l.comment = Comment(rng, pool_, 10, 43);
      // O_TOTALPRICE sums extendedprice * (1 - discount) * (1 + tax) in whole cents, each
      // product truncated, as dbgen computes it.
      int64_t net = l.extendedprice.cents * (100 - l.discount.cents) / 100;
      total += net * (100 + l.tax.cents) / 100;
    }
    o.totalprice = {total};
    o.orderstatus = shipped == count ? "F" : shipped == 0 ? "O" : "P";
    if (orders.size() == kBatch) {
      Flush(orders, order_sink);
      Flush(lines, line_sink);
    }
  }
  Flush(orders, order_sink);
  Flush(lines, line_sink);
}

}  // namespace bench::tpch
