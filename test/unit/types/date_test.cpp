// DATE: calendar arithmetic, parsing, rendering.
#include "types/date.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "teal/error.hpp"
#include "teal/value.hpp"

namespace teal {

namespace {
date_t MustParse(std::string_view text) {
  date_t d{12345};
  std::string reason;
  EXPECT_TRUE(Date::TryParse(text, d, &reason)) << text << ": " << reason;
  return d;
}
std::string ParseError(std::string_view text) {
  date_t d{777};
  std::string reason;
  EXPECT_FALSE(Date::TryParse(text, d, &reason)) << text;
  EXPECT_EQ(d.days, 777) << "a failed parse must leave the result alone";
  return reason;
}
}  // namespace

TEST(DateTest, EpochIsDayZero) {
  EXPECT_EQ(Date::FromCivil(1970, 1, 1).days, 0);
  EXPECT_EQ(Date::ToString(date_t{0}), "1970-01-01");
}

TEST(DateTest, DatesBefore1970AreNegativeDayCounts) {
  EXPECT_EQ(Date::FromCivil(1969, 12, 31).days, -1);
  EXPECT_EQ(Date::FromCivil(1900, 1, 1).days, -25567);
  EXPECT_EQ(Date::ToString(date_t{-25567}), "1900-01-01");
  EXPECT_EQ(MustParse("1900-01-01").days, -25567);
}

TEST(DateTest, YearOneAndYear9999AreExact) {
  EXPECT_EQ(Date::FromCivil(1, 1, 1).days, -719162);
  EXPECT_EQ(Date::FromCivil(9999, 12, 31).days, 2932896);
  EXPECT_EQ(Date::ToString(date_t{-719162}), "0001-01-01");
  EXPECT_EQ(Date::ToString(date_t{2932896}), "9999-12-31");
  EXPECT_EQ(Date::ToString(date_t{2932897}), "10000-01-01");
  EXPECT_EQ(MustParse("10000-01-01").days, 2932897);
}

TEST(DateTest, LeapDaysFollowTheGregorianRule) {
  EXPECT_EQ(MustParse("2000-02-29").days, 11016);
  EXPECT_EQ(MustParse("2024-02-29").days, 19782);
  EXPECT_EQ(ParseError("1900-02-29"), "day 29 is out of range for February 1900");
  EXPECT_EQ(ParseError("2023-02-29"), "day 29 is out of range for February 2023");
  EXPECT_TRUE(Date::IsLeapYear(2000));
  EXPECT_FALSE(Date::IsLeapYear(1900));
  EXPECT_TRUE(Date::IsLeapYear(0));    // 1 BC
  EXPECT_TRUE(Date::IsLeapYear(-4));   // 5 BC
  EXPECT_FALSE(Date::IsLeapYear(-1));  // 2 BC
}

TEST(DateTest, EveryDayOf1899To2101RoundTripsThroughTextAndCivil) {
  int32_t first = Date::FromCivil(1899, 1, 1).days;
  int32_t last = Date::FromCivil(2101, 12, 31).days;
  int32_t py = 1898, pm = 12, pd = 31;
  int checked = 0;
  for (int32_t days = first; days <= last; days++) {
    int32_t y, m, d;
    Date::ToCivil(date_t{days}, y, m, d);
    // The day after (py, pm, pd) is the next day of the month or the 1st of the next.
    bool next_day = y == py && m == pm && d == pd + 1;
    bool next_month = d == 1 && pd == Date::DaysInMonth(py, pm) &&
                      ((y == py && m == pm + 1) || (y == py + 1 && m == 1 && pm == 12));
    ASSERT_TRUE(next_day || next_month) << y << "-" << m << "-" << d;
    ASSERT_EQ(Date::FromCivil(y, m, d).days, days);
    std::string text = Date::ToString(date_t{days});
    ASSERT_EQ(text, fmt::format("{:04}-{:02}-{:02}", y, m, d));
    date_t parsed;
    ASSERT_TRUE(Date::TryParse(text, parsed));
    ASSERT_EQ(parsed.days, days);
    py = y, pm = m, pd = d;
    checked++;
  }
  EXPECT_EQ(checked, 74144);  // 203 years, 49 of them leap years
}

TEST(DateTest, CivilArithmeticIsConsistentAcrossTheWholeRange) {
  // Samples every 99991st day of the int32 range plus the ends.
  for (int64_t days = Date::kMinDays; days <= Date::kMaxDays; days += 99991) {
    int32_t y, m, d;
    Date::ToCivil(date_t{static_cast<int32_t>(days)}, y, m, d);
    ASSERT_TRUE(Date::IsValidCivil(y, m, d));
    ASSERT_EQ(Date::FromCivil(y, m, d).days, days);
  }
}

TEST(DateTest, ExtremeFiniteDatesRenderAndParse) {
  EXPECT_EQ(Date::ToString(date_t{Date::kMaxDays}), "5881580-07-10");
  EXPECT_EQ(Date::ToString(date_t{Date::kMinDays}), "5877642-06-25 (BC)");
  EXPECT_EQ(MustParse("5881580-07-10").days, Date::kMaxDays);
  EXPECT_EQ(MustParse("5877642-06-25 (BC)").days, Date::kMinDays);
  EXPECT_EQ(ParseError("5881580-07-11"), "year 5881580 is out of the DATE range");
}

TEST(DateTest, BcYearsRenderWithSuffixAndParseBack) {
  date_t ides = Date::FromCivil(-43, 3, 15);
  EXPECT_EQ(Date::ToString(ides), "0044-03-15 (BC)");
  EXPECT_EQ(MustParse("0044-03-15 (BC)"), ides);
  EXPECT_EQ(MustParse("44-03-15 BC"), ides);
  date_t one_bc = Date::FromCivil(0, 1, 1);
  EXPECT_EQ(one_bc.days, -719528);
  EXPECT_EQ(Date::ToString(one_bc), "0001-01-01 (BC)");
  EXPECT_EQ(Date::ToString(date_t{one_bc.days - 1}), "0002-12-31 (BC)");
  EXPECT_EQ(Date::ToString(date_t{-719162 - 1}), "0001-12-31 (BC)");
}

TEST(DateTest, WrittenYearZeroIsRejected) {
  EXPECT_EQ(ParseError("0000-01-01"), "year 0 does not exist (1 BC is written 0001-01-01 (BC))");
}

TEST(DateTest, InfinityRendersAndParses) {
  EXPECT_EQ(Date::ToString(date_t::Infinity()), "infinity");
  EXPECT_EQ(Date::ToString(date_t::NegativeInfinity()), "-infinity");
  EXPECT_EQ(MustParse("infinity"), date_t::Infinity());
  EXPECT_EQ(MustParse(" +Infinity "), date_t::Infinity());
  EXPECT_EQ(MustParse("-INFINITY"), date_t::NegativeInfinity());
  EXPECT_EQ(date_t::Infinity().days, 2147483647);
  EXPECT_EQ(date_t::NegativeInfinity().days, -2147483647);
}

TEST(DateTest, EpochWordIsDayZero) { EXPECT_EQ(MustParse("epoch").days, 0); }

TEST(DateTest, ParsingAcceptsShortFieldsAndSurroundingWhitespace) {
  EXPECT_EQ(MustParse(" 2024-2-9 \t"), Date::FromCivil(2024, 2, 9));
  EXPECT_EQ(MustParse("0099-01-01"), Date::FromCivil(99, 1, 1));
}

TEST(DateTest, MalformedTextIsRejectedWithAReason) {
  EXPECT_EQ(ParseError("2024-13-01"), "month 13 is out of range");
  EXPECT_EQ(ParseError("2024-00-10"), "month 0 is out of range");
  EXPECT_EQ(ParseError("2024-04-31"), "day 31 is out of range for April 2024");
  EXPECT_EQ(ParseError("2024-04-00"), "day 0 is out of range for April 2024");
  EXPECT_EQ(ParseError(""), "expected a date in the form YYYY-MM-DD");
  EXPECT_EQ(ParseError("   "), "expected a date in the form YYYY-MM-DD");
  EXPECT_EQ(ParseError("2024-01"), "expected a date in the form YYYY-MM-DD");
  EXPECT_EQ(ParseError("2024-001-01"), "expected a date in the form YYYY-MM-DD");
  EXPECT_EQ(ParseError("2024-01-01x"), "unexpected text \"x\" after the date");
  EXPECT_EQ(ParseError("2024-01-01 10:00x"), "unexpected text \"10:00x\" after the date");
  EXPECT_EQ(ParseError("2024-01-01 25:00"), "unexpected text \"25:00\" after the date");
  EXPECT_EQ(ParseError("infinityx"), "unexpected text \"x\" after the date");
}

TEST(DateTest, ATimeOfDayAfterTheDateIsReadAndLeftOut) {
  // PostgreSQL's date input: the date written, whatever the time or its offset.
  EXPECT_EQ(MustParse("2024-01-01 10:00"), Date::FromCivil(2024, 1, 1));
  EXPECT_EQ(MustParse("2021-01-01 12:00:00"), Date::FromCivil(2021, 1, 1));
  EXPECT_EQ(MustParse("2021-01-01T23:59:59.999999+05"), Date::FromCivil(2021, 1, 1));
  EXPECT_EQ(MustParse(" 2021-01-01 00:00:00-08:00 "), Date::FromCivil(2021, 1, 1));
}

TEST(DateTest, ParseThrowsConversionErrorNamingTheText) {
  try {
    Date::Parse("2023-02-29");
    FAIL();
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(), "invalid DATE \"2023-02-29\": day 29 is out of range for February 2023");
  }
}

TEST(DateTest, FromCivilRejectsDaysThatDoNotExist) {
  date_t d;
  std::string reason;
  EXPECT_FALSE(Date::TryFromCivil(2023, 2, 29, d, &reason));
  EXPECT_EQ(reason, "day 29 is out of range for February 2023");
  EXPECT_FALSE(Date::TryFromCivil(-43, 2, 29, d, &reason));
  EXPECT_EQ(reason, "day 29 is out of range for February 44 BC");
  EXPECT_THROW(Date::FromCivil(2023, 13, 1), ConversionError);
}

TEST(DateTest, IsoDayOfWeekCountsFromMonday) {
  EXPECT_EQ(Date::IsoDayOfWeek(date_t{0}), 4);                      // Thursday
  EXPECT_EQ(Date::IsoDayOfWeek(Date::FromCivil(2024, 2, 29)), 4);   // Thursday
  EXPECT_EQ(Date::IsoDayOfWeek(Date::FromCivil(1969, 12, 29)), 1);  // Monday
  EXPECT_EQ(Date::IsoDayOfWeek(Date::FromCivil(1, 1, 1)), 1);       // Monday
}

TEST(DateTest, AddingMonthsClampsToTheEndOfTheMonth) {
  date_t r;
  ASSERT_TRUE(Date::TryAddMonths(Date::FromCivil(2024, 1, 31), 1, r));
  EXPECT_EQ(Date::ToString(r), "2024-02-29");
  ASSERT_TRUE(Date::TryAddMonths(Date::FromCivil(2023, 1, 31), 1, r));
  EXPECT_EQ(Date::ToString(r), "2023-02-28");
  ASSERT_TRUE(Date::TryAddMonths(Date::FromCivil(2024, 3, 31), -1, r));
  EXPECT_EQ(Date::ToString(r), "2024-02-29");
  ASSERT_TRUE(Date::TryAddMonths(Date::FromCivil(1, 1, 15), -1, r));
  EXPECT_EQ(Date::ToString(r), "0001-12-15 (BC)");
  ASSERT_TRUE(Date::TryAddMonths(date_t::Infinity(), 5, r));
  EXPECT_EQ(r, date_t::Infinity());
  EXPECT_FALSE(Date::TryAddMonths(date_t{Date::kMaxDays}, 1, r));
}

TEST(DateTest, AddingDaysBeyondTheRangeFails) {
  date_t r;
  ASSERT_TRUE(Date::TryAddDays(date_t{0}, -1, r));
  EXPECT_EQ(r.days, -1);
  EXPECT_FALSE(Date::TryAddDays(date_t{Date::kMaxDays}, 1, r));
  EXPECT_FALSE(Date::TryAddDays(date_t{Date::kMinDays}, -1, r));
  EXPECT_FALSE(Date::TryAddDays(date_t{0}, int64_t{1} << 40, r));
}

TEST(DateTest, ValueToStringRendersDates) {
  EXPECT_EQ(Value::Date(Date::FromCivil(2024, 2, 29)).ToString(), "2024-02-29");
  EXPECT_EQ(Value::Date(date_t::Infinity()).ToString(), "infinity");
  EXPECT_EQ(Value::Date(date_t::NegativeInfinity()).ToString(), "-infinity");
  EXPECT_EQ(Value::Date(Date::FromCivil(-43, 3, 15)).ToString(), "0044-03-15 (BC)");
}

}  // namespace teal
