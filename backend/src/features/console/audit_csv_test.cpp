#include "features/console/audit_csv.hpp"

#include <gtest/gtest.h>

namespace portal::console {
namespace {

TEST(AuditCsv, QuotesEveryCellAndDoublesQuotes) {
  EXPECT_EQ(csv_cell("plain"), "\"plain\"");
  EXPECT_EQ(csv_cell("say \"hi\", then\r\nleave"), "\"say \"\"hi\"\", then\r\nleave\"");
  EXPECT_EQ(csv_cell(""), "\"\"");
}

TEST(AuditCsv, CellsASpreadsheetWouldRunStartWithAQuote) {
  EXPECT_EQ(csv_cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_EQ(csv_cell("+1"), "\"'+1\"");
  EXPECT_EQ(csv_cell("-2"), "\"'-2\"");
  EXPECT_EQ(csv_cell("@SUM(A1)"), "\"'@SUM(A1)\"");
  EXPECT_EQ(csv_cell("\tx"), "\"'\tx\"");
  EXPECT_EQ(csv_cell("a=b"), "\"a=b\"") << "only the first character matters";
}

TEST(AuditCsv, StartsWithTheByteOrderMarkAndWritesCrlfRows) {
  std::string out = csv_head();
  EXPECT_EQ(out.rfind("\xEF\xBB\xBF\"id\"", 0), 0U);
  append_csv_rows(out, {{7, 0, "op:76561197960265729", "vip.grant", "steam:1", R"({"days":3})"}});
  EXPECT_NE(out.find("\"7\",\"1970-01-01T00:00:00Z\",\"op:76561197960265729\",\"vip.grant\",\"steam:1\","
                     "\"{\"\"days\"\":3}\"\r\n"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace portal::console
