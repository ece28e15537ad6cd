#include "http/static_files.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

using Encodings = std::vector<std::string>;

TEST(AcceptedEncodings, PrefersBrotliThenGzip) {
  EXPECT_EQ(accepted_encodings("gzip, deflate, br"), (Encodings{"br", "gzip"}));
  EXPECT_EQ(accepted_encodings("gzip"), (Encodings{"gzip"}));
  EXPECT_EQ(accepted_encodings(""), Encodings{});
  EXPECT_EQ(accepted_encodings("identity"), Encodings{});
}

TEST(AcceptedEncodings, HonoursQZero) {
  EXPECT_EQ(accepted_encodings("br;q=0, gzip;q=0.5"), (Encodings{"gzip"}));
  EXPECT_EQ(accepted_encodings("br; q=0.0"), Encodings{});
  EXPECT_EQ(accepted_encodings("BR;Q=1"), (Encodings{"br"}));
  EXPECT_EQ(accepted_encodings("*"), (Encodings{"br", "gzip"}));
}

TEST(MimeTypes, KnownAndUnknownExtensions) {
  EXPECT_EQ(mime_type_for("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(mime_type_for("a/app-1.JS"), "application/javascript; charset=utf-8");
  EXPECT_EQ(mime_type_for("font.woff2"), "font/woff2");
  EXPECT_EQ(mime_type_for("robots.txt"), "text/plain; charset=utf-8");
  EXPECT_EQ(mime_type_for("blob.bin"), "application/octet-stream");
}

}  // namespace
}  // namespace portal::http
