// Settings: the table of settings, their parsing and their effects.
#include "main/settings.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>

#include "common/block_allocator.hpp"
#include "common/byte_size.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct NullOrderName {
  NullOrder order;
  const char* name;
};
constexpr NullOrderName kNullOrders[] = {
    {NullOrder::kNullsFirst, "nulls_first"},
    {NullOrder::kNullsLast, "nulls_last"},
    {NullOrder::kNullsFirstOnAscLastOnDesc, "nulls_first_on_asc_last_on_desc"},
    {NullOrder::kNullsLastOnAscFirstOnDesc, "nulls_last_on_asc_first_on_desc"},
};

struct SettingDefinition {
  const char* name;
  const char* description;
  const char* input_type;
};
constexpr SettingDefinition kSettings[] = {
    {"default_null_order",
     "where NULLs sort when ORDER BY does not say: nulls_first, nulls_last, "
     "nulls_first_on_asc_last_on_desc or nulls_last_on_asc_first_on_desc (PostgreSQL's: NULL "
     "is the largest value)",
     "VARCHAR"},
    {"default_order", "the direction of ORDER BY keys without ASC or DESC: asc or desc", "VARCHAR"},
    {"max_expression_depth",
     "how deeply a statement's expressions, subqueries and set operations may nest (1000 by "
     "default, as DuckDB); a deeper statement is a parser error, never a stack overflow",
     "UBIGINT"},
    {"memory_limit",
     "the most memory Teal's column buffers may take, e.g. '4GiB' or '500MB' (shared by every "
     "database in the process; 80% of the machine's memory by default)",
     "VARCHAR"},
};

const SettingDefinition* Find(std::string_view name) {
  for (const auto& s : kSettings) {
    if (name == s.name) return &s;
  }
  return nullptr;
}

[[noreturn]] void ThrowUnknown(std::string_view name) {
  throw InvalidInputError(
      fmt::format("unrecognized setting \"{}\" (teal_settings() lists them)", name));
}

}  // namespace

void Settings::Set(std::string_view name, std::string_view value) {
  std::string key = Lower(name);
  if (!Find(key)) ThrowUnknown(name);
  std::string text = Lower(value);
  std::lock_guard<std::mutex> guard(lock_);
  if (key == "default_order") {
    if (text == "asc" || text == "ascending") {
      default_descending_ = false;
    } else if (text == "desc" || text == "descending") {
      default_descending_ = true;
    } else {
      throw InvalidInputError(
          fmt::format("default_order: \"{}\" is not an order; use asc or desc", value));
    }
  } else if (key == "default_null_order") {
    for (const auto& [order, order_name] : kNullOrders) {
      if (text == order_name) {
        null_order_ = order;
        return;
      }
    }
    throw InvalidInputError(
        fmt::format("default_null_order: \"{}\" is not a NULL order; use nulls_first, nulls_last, "
                    "nulls_first_on_asc_last_on_desc or nulls_last_on_asc_first_on_desc",
                    value));
  } else if (key == "max_expression_depth") {
    uint64_t depth = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), depth);
    if (error != std::errc() || end != text.data() + text.size() || depth == 0) {
      throw InvalidInputError(fmt::format(
          "max_expression_depth: \"{}\" is not a whole number of levels above 0", value));
    }
    max_expression_depth_ = depth;
  } else if (key == "memory_limit") {
    uint64_t bytes = ParseByteSize(value, "memory_limit");
    if (bytes == 0) {
      throw InvalidInputError("memory_limit: must be more than 0 bytes");
    }
    BlockAllocator::Instance().SetLimit(static_cast<size_t>(bytes));
  }
}

void Settings::Reset(std::string_view name) {
  std::string key = Lower(name);
  if (!key.empty() && !Find(key)) ThrowUnknown(name);
  std::lock_guard<std::mutex> guard(lock_);
  if (key.empty() || key == "default_order") default_descending_ = false;
  if (key.empty() || key == "default_null_order")
    null_order_ = NullOrder::kNullsLastOnAscFirstOnDesc;
  if (key.empty() || key == "max_expression_depth") {
    max_expression_depth_ = kDefaultMaxExpressionDepth;
  }
  if (key.empty() || key == "memory_limit") {
    BlockAllocator::Instance().SetLimit(BlockAllocator::DefaultLimit());
  }
}

std::optional<std::string> Settings::Get(std::string_view name) const {
  std::string key = Lower(name);
  std::lock_guard<std::mutex> guard(lock_);
  if (key == "default_order") return default_descending_ ? "desc" : "asc";
  if (key == "default_null_order") {
    for (const auto& [order, order_name] : kNullOrders) {
      if (order == null_order_) return order_name;
    }
  }
  if (key == "max_expression_depth") return std::to_string(max_expression_depth_);
  if (key == "memory_limit") {
    size_t limit = BlockAllocator::Instance().Limit();
    return limit == 0 ? "unlimited" : FormatByteSize(limit);
  }
  return std::nullopt;
}

std::vector<std::array<std::string, 4>> Settings::All() const {
  std::vector<std::array<std::string, 4>> rows;
  for (const auto& s : kSettings) {
    rows.push_back({s.name, Get(s.name).value_or(""), s.description, s.input_type});
  }
  return rows;
}

BindOptions Settings::ForBinder() const {
  BindOptions options;
  {
    std::lock_guard<std::mutex> guard(lock_);
    options.default_descending = default_descending_;
    options.null_order = null_order_;
    options.max_expression_depth = max_expression_depth_;
  }
  options.setting = [this](std::string_view name) { return Get(name); };
  options.all_settings = [this]() { return All(); };
  return options;
}

}  // namespace teal
