#include "integrations/mail/mail_message.hpp"

#include "integrations/mail/mime_reader_for_test.hpp"
#include "integrations/mail/identity_for_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>

namespace portal::mail {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr std::string_view kId = "3f2a9c@portal.example";

// 2024-01-02 15:04:05 UTC, a Tuesday.
std::chrono::system_clock::time_point sample_date() {
  return std::chrono::system_clock::time_point(std::chrono::seconds(1704207845));
}

MailMessage sample() {
  return MailMessage{"player@example.com", "Verify your e-mail", "Your code is 123456.\nSee you!",
                     "<p>Your code is <b>123456</b>.</p>"};
}

std::string render_ok(const MailMessage& message, const MailIdentity& from = kFrom) {
  auto rendered = render_message(message, from, sample_date(), kId);
  EXPECT_TRUE(rendered.ok()) << (rendered.ok() ? "" : rendered.error().message);
  return rendered.ok() ? *rendered : std::string();
}

std::string header_block(const std::string& raw) { return raw.substr(0, raw.find("\r\n\r\n") + 2); }

std::vector<std::string> lines_of(const std::string& raw) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < raw.size();) {
    const std::size_t end = raw.find("\r\n", at);
    lines.push_back(raw.substr(at, end - at));
    if (end == std::string::npos) break;
    at = end + 2;
  }
  return lines;
}

void expect_wire_safe(const std::string& raw) {
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\n') {
      ASSERT_TRUE(i > 0 && raw[i - 1] == '\r') << "bare LF at " << i;
    }
    if (raw[i] == '\r') {
      ASSERT_TRUE(i + 1 < raw.size() && raw[i + 1] == '\n') << "bare CR at " << i;
    }
    ASSERT_LT(static_cast<unsigned char>(raw[i]), 0x80) << "8-bit byte at " << i;
  }
  EXPECT_TRUE(raw.ends_with("\r\n"));
  for (const std::string& line : lines_of(raw)) EXPECT_LE(line.size(), 998u);
  for (const std::string& line : lines_of(header_block(raw))) EXPECT_LE(line.size(), 78u) << line;
}

std::string error_code(const core::Result<std::string>& result) { return result.ok() ? "OK" : result.error().code; }

TEST(MailMessage, WritesTheHeadersTheMessageMustCarryItself) {
  const std::string raw = render_ok(sample());
  const test::Part message = test::parse_part(raw);
  EXPECT_EQ(message.header("Date"), "Tue, 02 Jan 2024 15:04:05 +0000");
  EXPECT_EQ(message.header("From"), "\"CS2 Portal\" <noreply@portal.example>");
  EXPECT_EQ(message.header("To"), "player@example.com");
  EXPECT_EQ(message.header("Subject"), "Verify your e-mail");
  EXPECT_EQ(message.header("Message-ID"), "<3f2a9c@portal.example>");
  EXPECT_EQ(message.header("MIME-Version"), "1.0");
  EXPECT_THAT(*message.header("Content-Type"), StartsWith("multipart/alternative; boundary=\""));
  expect_wire_safe(raw);
}

TEST(MailMessage, ChineseSubjectIsBEncodedUtf8) {
  MailMessage message = sample();
  message.subject = "欢迎加入 CS2 社区：请验证你的邮箱";
  const std::string raw = render_ok(message);
  const test::Part parsed = test::parse_part(raw);
  EXPECT_THAT(*parsed.header("Subject"), StartsWith("=?UTF-8?B?"));
  EXPECT_EQ(test::decode_words(*parsed.header("Subject")), message.subject);
  expect_wire_safe(raw);
}

TEST(MailMessage, LongNonAsciiSubjectIsFoldedIntoWholeCharacterWords) {
  MailMessage message = sample();
  for (int i = 0; i < 30; ++i) message.subject += "验证码已发送 é ";
  message.subject += "end";
  const std::string raw = render_ok(message);
  const std::string headers = header_block(raw);
  EXPECT_GT(std::count(headers.begin(), headers.end(), '\n'), 8);  // folded over many lines
  const test::Part parsed = test::parse_part(raw);
  EXPECT_EQ(test::decode_words(*parsed.header("Subject")), message.subject);
  // Every word decodes on its own to valid text: no character is split across two words.
  const std::string subject = *parsed.header("Subject");
  for (std::string_view rest = subject; !rest.empty();) {
    const std::size_t space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    EXPECT_LE(word.size(), 75u);
    const std::string bytes = test::decode_words(word);
    const auto lead = static_cast<unsigned char>(bytes.front());
    EXPECT_FALSE((lead & 0xc0) == 0x80) << "word starts mid-character";
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
  }
  expect_wire_safe(raw);
}

TEST(MailMessage, LongAsciiSubjectIsFoldedAtSpacesAndUnfoldsToTheOriginal) {
  MailMessage message = sample();
  message.subject = "Your weekly CS2 community digest: new servers, season rankings, events and more for you";
  const std::string raw = render_ok(message);
  EXPECT_THAT(header_block(raw), HasSubstr("\r\n "));
  EXPECT_EQ(test::parse_part(raw).header("Subject"), message.subject);
  expect_wire_safe(raw);
}

TEST(MailMessage, AsciiThatLooksLikeAnEncodedWordIsEncoded) {
  MailMessage message = sample();
  message.subject = "=?UTF-8?B?aGk=?= spacing  kept ";
  const std::string raw = render_ok(message);
  EXPECT_EQ(test::decode_words(*test::parse_part(raw).header("Subject")), message.subject);
}

TEST(MailMessage, NonAsciiDisplayNameIsEncodedAndTheAddressKept) {
  const MailIdentity from{"CS2 社区门户", "noreply@portal.example"};
  const std::string raw = render_ok(sample(), from);
  const std::string header = *test::parse_part(raw).header("From");
  EXPECT_THAT(header, StartsWith("=?UTF-8?B?"));
  EXPECT_THAT(header, HasSubstr("<noreply@portal.example>"));
  EXPECT_EQ(test::decode_words(header), "CS2 社区门户 <noreply@portal.example>");
  expect_wire_safe(raw);
}

TEST(MailMessage, QuotesInAnAsciiDisplayNameAreEscaped) {
  const std::string raw = render_ok(sample(), MailIdentity{"The \"Best\" Portal", "noreply@portal.example"});
  EXPECT_EQ(test::parse_part(raw).header("From"), "\"The \\\"Best\\\" Portal\" <noreply@portal.example>");
}

TEST(MailMessage, AlternativePartsCarryBothBodiesAsUtf8Base64WithCrlf) {
  MailMessage message = sample();
  message.text = "你好，玩家！\nYour code is 123456.\n";
  message.html = "<p>你好</p>\n<p>123456</p>";
  const std::string raw = render_ok(message);
  const auto parts = test::parse_multipart(test::parse_part(raw));
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].header("Content-Type"), "text/plain; charset=UTF-8");
  EXPECT_EQ(parts[0].header("Content-Transfer-Encoding"), "base64");
  EXPECT_EQ(parts[0].decoded_body(), "你好，玩家！\r\nYour code is 123456.\r\n");
  EXPECT_EQ(parts[1].header("Content-Type"), "text/html; charset=UTF-8");
  EXPECT_EQ(parts[1].decoded_body(), "<p>你好</p>\r\n<p>123456</p>");
  expect_wire_safe(raw);
}

TEST(MailMessage, Base64LinesAreAtMost76Characters) {
  MailMessage message = sample();
  message.text = std::string(5000, 'x');  // one very long line
  const std::string raw = render_ok(message);
  const std::string body = raw.substr(raw.find("\r\n\r\n") + 4);
  for (const std::string& line : lines_of(body)) EXPECT_LE(line.size(), 76u);
  expect_wire_safe(raw);
}

TEST(MailMessage, BoundaryDoesNotOccurInTheBodies) {
  MailMessage message = sample();
  // Even a body that quotes our boundary prefix cannot collide once encoded.
  message.text = "--=_portal_ and =_ and -- plus a dot line\n.\n";
  message.html = "<pre>--=_portal_" + std::string(kId) + "</pre>";
  const std::string raw = render_ok(message);
  const test::Part parsed = test::parse_part(raw);
  const std::string type = *parsed.header("Content-Type");
  const std::string boundary = type.substr(type.find('"') + 1, type.rfind('"') - type.find('"') - 1);
  const auto parts = test::parse_multipart(parsed);
  ASSERT_EQ(parts.size(), 2u);
  for (const auto& part : parts) {
    EXPECT_THAT(part.body, Not(HasSubstr(boundary)));
    EXPECT_THAT(part.decoded_body(), Not(HasSubstr(boundary)));
  }
  EXPECT_EQ(parts[0].decoded_body(), "--=_portal_ and =_ and -- plus a dot line\r\n.\r\n");
}

TEST(MailMessage, WithoutHtmlItIsOneTextPart) {
  MailMessage message = sample();
  message.html.clear();
  const std::string raw = render_ok(message);
  const test::Part parsed = test::parse_part(raw);
  EXPECT_EQ(parsed.header("Content-Type"), "text/plain; charset=UTF-8");
  EXPECT_EQ(parsed.header("Content-Transfer-Encoding"), "base64");
  EXPECT_EQ(parsed.decoded_body(), "Your code is 123456.\r\nSee you!");
  EXPECT_THAT(raw, Not(HasSubstr("multipart")));
  expect_wire_safe(raw);
}

TEST(MailMessage, SameInputsGiveTheSameBytes) { EXPECT_EQ(render_ok(sample()), render_ok(sample())); }

TEST(MailMessage, HeaderInjectionIsRefused) {
  MailMessage subject = sample();
  subject.subject = "Hello\r\nBcc: victim@example.org";
  EXPECT_EQ(error_code(render_message(subject, kFrom, sample_date(), kId)), "INVALID_MAIL_HEADER");
  subject.subject = "Hello\nBcc: victim@example.org";
  EXPECT_EQ(error_code(render_message(subject, kFrom, sample_date(), kId)), "INVALID_MAIL_HEADER");

  MailMessage to = sample();
  to.to = "player@example.com\r\nBcc: victim@example.org";
  EXPECT_EQ(error_code(render_message(to, kFrom, sample_date(), kId)), "INVALID_EMAIL");

  EXPECT_EQ(error_code(render_message(sample(), MailIdentity{"Portal\r\nBcc: x@y.org", "noreply@portal.example"},
                                      sample_date(), kId)),
            "INVALID_MAIL_HEADER");
  EXPECT_EQ(error_code(render_message(sample(), MailIdentity{"Portal", "noreply@portal.example\r\nBcc: x@y.org"},
                                      sample_date(), kId)),
            "INVALID_MAIL_HEADER");
  EXPECT_EQ(error_code(render_message(sample(), kFrom, sample_date(), "id@x\r\nBcc: x@y.org")), "INVALID_MAIL_HEADER");
}

TEST(MailMessage, ErrorsAreValidationFailuresNamingTheField) {
  MailMessage message = sample();
  message.to = "not-an-address";
  const auto result = render_message(message, kFrom, sample_date(), kId);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().kind, core::ErrorKind::validation);
  EXPECT_EQ(result.error().details.at("field"), "to");
}

TEST(MailMessage, InvalidUtf8SubjectIsRefused) {
  MailMessage message = sample();
  message.subject = "bad \xc3\x28 byte";
  EXPECT_EQ(error_code(render_message(message, kFrom, sample_date(), kId)), "INVALID_MAIL_HEADER");
  message.subject = "surrogate \xed\xa0\x80";
  EXPECT_EQ(error_code(render_message(message, kFrom, sample_date(), kId)), "INVALID_MAIL_HEADER");
}

TEST(MailAddress, AcceptsOrdinaryAddresses) {
  for (const char* address : {"player@example.com", "first.last+cs2@mail.example.co.uk", "a@b.cn", "o'neil@x-y.org",
                              "UPPER@EXAMPLE.COM", "123@qq.com"}) {
    EXPECT_TRUE(is_valid_address(address)) << address;
  }
}

TEST(MailAddress, RefusesMalformedOrUnsupportedShapes) {
  for (const char* address : {"",
                              "plain",
                              "@example.com",
                              "player@",
                              "player@localhost",
                              "a..b@example.com",
                              ".a@example.com",
                              "a.@example.com",
                              "a b@example.com",
                              "a@exa mple.com",
                              "a@-example.com",
                              "a@example-.com",
                              "a@example..com",
                              "a@1.2.3.4",
                              "\"quoted\"@example.com",
                              "a@[127.0.0.1]",
                              "玩家@example.com",
                              "a@例子.中国",
                              "a@b@example.com",
                              "a@example.com\r\n",
                              "a<b>@example.com"}) {
    EXPECT_FALSE(is_valid_address(address)) << address;
  }
  EXPECT_FALSE(is_valid_address(std::string(65, 'a') + "@example.com"));
  EXPECT_FALSE(is_valid_address("a@" + std::string(250, 'b') + ".com"));
  EXPECT_TRUE(is_valid_address(std::string(64, 'a') + "@example.com"));
}

TEST(MailMessage, MadeMessageIdsAreUniqueAndUseTheSenderDomain) {
  const std::string first = make_message_id(kFrom);
  EXPECT_THAT(first, testing::EndsWith("@portal.example"));
  EXPECT_NE(first, make_message_id(kFrom));
  EXPECT_TRUE(render_message(sample(), kFrom, sample_date(), first).ok());
}

}  // namespace
}  // namespace portal::mail
