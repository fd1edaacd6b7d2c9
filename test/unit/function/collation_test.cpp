// Collations: their names, how operands' collations combine, the functions behind them,
// and the Unicode normalization the accent and NFC collations use.
#include "function/collation.hpp"

#include <gtest/gtest.h>

#include "common/unicode_normalize.hpp"
#include "teal/error.hpp"

namespace teal {

TEST(CollationTest, NamesAreCheckedPartByPartAndLowerCased) {
  EXPECT_EQ(CheckCollation("NOACCENT.NoCase"), "noaccent.nocase");
  EXPECT_EQ(CheckCollation("C"), "c");
  EXPECT_THROW(CheckCollation("nocase.blabla"), CatalogError);
  EXPECT_THROW(CheckCollation(""), CatalogError);
  EXPECT_THROW(CheckCollation("nocase."), CatalogError);
}

TEST(CollationTest, FunctionsStripAccentsBeforeFoldingCaseAndOnlyOnce) {
  EXPECT_EQ(CollationFunctions("nocase"), std::vector<std::string>{"lower"});
  EXPECT_EQ(CollationFunctions("nocase.noaccent"),
            (std::vector<std::string>{"strip_accents", "lower"}));
  EXPECT_EQ(CollationFunctions("noaccent.noaccent"), std::vector<std::string>{"strip_accents"});
  EXPECT_TRUE(CollationFunctions("binary").empty());
  EXPECT_TRUE(CollationFunctions("posix").empty());
  EXPECT_TRUE(CollationFunctions("").empty());
}

TEST(CollationTest, OperandsCombineIntoTheCollationOneOfThemHas) {
  const LogicalType plain(TypeId::kVarchar);
  const LogicalType nocase = LogicalType::Varchar("nocase");
  EXPECT_EQ(CombineCollations(plain, nocase), "nocase");
  EXPECT_EQ(CombineCollations(nocase, plain), "nocase");
  EXPECT_EQ(CombineCollations(nocase, nocase), "nocase");
  EXPECT_EQ(CombineCollations(plain, plain), "");
  EXPECT_THROW(CombineCollations(nocase, LogicalType::Varchar("noaccent")), BinderError);
}

TEST(CollationTest, ACollatedVarcharIsAVarchar) {
  const LogicalType nocase = LogicalType::Varchar("nocase");
  EXPECT_EQ(nocase, LogicalType(TypeId::kVarchar));
  EXPECT_EQ(nocase.Collation(), "nocase");
  EXPECT_EQ(nocase.ToString(), "VARCHAR");
  EXPECT_EQ(LogicalType(TypeId::kVarchar).Collation(), "");
  EXPECT_EQ(LogicalType(TypeId::kInteger).Collation(), "");
  EXPECT_EQ(LogicalType::Varchar("").Collation(), "");
}

TEST(UnicodeNormalizeTest, StripAccentsDropsCombiningMarksAndKeepsTheRest) {
  EXPECT_EQ(StripAccents("Mühleisen Hëllö Ångström"), "Muhleisen Hello Angstrom");
  EXPECT_EQ(StripAccents("e\xCC\x81"), "e");  // e + COMBINING ACUTE ACCENT
  EXPECT_EQ(StripAccents("plain ascii"), "plain ascii");
  EXPECT_EQ(StripAccents("日本語 🦆"), "日本語 🦆");
  EXPECT_EQ(StripAccents(""), "");
}

TEST(UnicodeNormalizeTest, NfcComposesDecomposedLetters) {
  EXPECT_EQ(NfcNormalize("e\xCC\x81"), "\xC3\xA9");  // é as one code point
  EXPECT_EQ(NfcNormalize("\xC3\xA9"), "\xC3\xA9");
  EXPECT_EQ(NfcNormalize("abc"), "abc");
}

}  // namespace teal
