#include "integrations/mail/outbox_mailer.hpp"

#include "core/crypto.hpp"
#include "integrations/mail/mime_reader_for_test.hpp"
#include "integrations/mail/identity_for_test.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace portal::mail {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("portal-outbox-test-" + core::random_token(6));
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

MailMessage message_to(std::string to, std::string subject = "Verify your e-mail") {
  return MailMessage{std::move(to), std::move(subject), "Your code is 123456.", "<p>123456</p>"};
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

// True when text has the shape of pattern: '9' stands for a digit, 'f' for a lower-case hex digit.
bool has_shape(std::string_view text, std::string_view pattern) {
  if (text.size() != pattern.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool digit = text[i] >= '0' && text[i] <= '9';
    const bool ok = pattern[i] == '9'   ? digit
                    : pattern[i] == 'f' ? digit || (text[i] >= 'a' && text[i] <= 'f')
                                        : text[i] == pattern[i];
    if (!ok) return false;
  }
  return true;
}

std::size_t files_in(const fs::path& folder) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

TEST(OutboxMailer, RefusesToRunOutsideDemoMode) {
  TempFolder folder;
  EXPECT_THROW(OutboxMailer(folder.path, kFrom, /*demo_mode=*/false), std::logic_error);
  EXPECT_FALSE(fs::exists(folder.path));
}

TEST(OutboxMailer, RefusesAnInvalidSender) {
  TempFolder folder;
  EXPECT_THROW(OutboxMailer(folder.path, MailIdentity{"Portal", "not-an-address"}, true), std::invalid_argument);
}

TEST(OutboxMailer, WritesOneJsonAndTheRenderedEmlPerMail) {
  TempFolder folder;
  OutboxMailer outbox(folder.path, kFrom, true);
  ASSERT_TRUE(outbox.send(message_to("player@example.com", "欢迎 welcome")).ok());

  const auto entries = outbox.list();
  ASSERT_EQ(entries.size(), 1u);
  const OutboxEntry& entry = entries[0];
  EXPECT_EQ(entry.to, "player@example.com");
  EXPECT_EQ(entry.subject, "欢迎 welcome");
  EXPECT_EQ(entry.text, "Your code is 123456.");
  EXPECT_EQ(entry.html, "<p>123456</p>");
  EXPECT_TRUE(has_shape(entry.sent_at, "9999-99-99T99:99:99.999Z")) << entry.sent_at;
  EXPECT_TRUE(has_shape(entry.id, "99999999-999999-999999-ffffff")) << entry.id;

  EXPECT_TRUE(fs::exists(folder.path / (entry.id + ".json")));
  EXPECT_EQ(entry.eml_file, folder.path / (entry.id + ".eml"));
  const test::Part eml = test::parse_part(slurp(entry.eml_file));
  EXPECT_EQ(test::decode_words(*eml.header("Subject")), "欢迎 welcome");
  EXPECT_EQ(eml.header("To"), "player@example.com");
  EXPECT_EQ(eml.header("Message-ID"), "<" + entry.id + "@portal.example>");
  EXPECT_EQ(files_in(folder.path), 2u);  // no temp files left behind
}

TEST(OutboxMailer, ListsNewestFirstUpToTheLimit) {
  TempFolder folder;
  OutboxMailer outbox(folder.path, kFrom, true);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(outbox.send(message_to("p" + std::to_string(i) + "@example.com")).ok());
  const auto all = outbox.list();
  ASSERT_EQ(all.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(all[i].to, "p" + std::to_string(4 - i) + "@example.com");
  const auto two = outbox.list(2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].to, "p4@example.com");
  EXPECT_EQ(outbox.list(0).size(), 0u);
}

TEST(OutboxMailer, SurvivesARestart) {
  TempFolder folder;
  {
    OutboxMailer before(folder.path, kFrom, true);
    ASSERT_TRUE(before.send(message_to("first@example.com")).ok());
  }
  OutboxMailer after(folder.path, kFrom, true);
  ASSERT_TRUE(after.send(message_to("second@example.com")).ok());
  const auto entries = after.list();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].to, "second@example.com");
  EXPECT_EQ(entries[1].to, "first@example.com");
}

TEST(OutboxMailer, RefusesWhatSmtpWouldRefuseAndWritesNothing) {
  TempFolder folder;
  OutboxMailer outbox(folder.path, kFrom, true);
  const auto bad_recipient = outbox.send(message_to("not-an-address"));
  ASSERT_FALSE(bad_recipient.ok());
  EXPECT_EQ(bad_recipient.error().code, "INVALID_EMAIL");
  EXPECT_EQ(bad_recipient.error().kind, core::ErrorKind::validation);
  const auto injected = outbox.send(message_to("player@example.com", "Hi\r\nBcc: victim@example.org"));
  ASSERT_FALSE(injected.ok());
  EXPECT_EQ(injected.error().code, "INVALID_MAIL_HEADER");
  EXPECT_EQ(files_in(folder.path), 0u);
}

TEST(OutboxMailer, SkipsFilesThatAreNotCompleteEntries) {
  TempFolder folder;
  OutboxMailer outbox(folder.path, kFrom, true);
  ASSERT_TRUE(outbox.send(message_to("player@example.com")).ok());
  std::ofstream(folder.path / ".99999999-999999-999999-abcdef.json.tmp") << "{\"id\":";
  std::ofstream(folder.path / "99999999-999999-999999-abcdef.json") << "not json";
  std::ofstream(folder.path / "99999999-999999-999998-abcdef.json") << R"({"id":"x"})";
  std::ofstream(folder.path / "notes.txt") << "hello";
  const auto entries = outbox.list();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].to, "player@example.com");
}

TEST(OutboxMailer, AFolderThatVanishedIsMailFailed) {
  TempFolder folder;
  OutboxMailer outbox(folder.path, kFrom, true);
  fs::remove_all(folder.path);
  const auto sent = outbox.send(message_to("player@example.com"));
  ASSERT_FALSE(sent.ok());
  EXPECT_EQ(sent.error().code, "MAIL_FAILED");
  EXPECT_EQ(sent.error().kind, core::ErrorKind::unavailable);
}

TEST(OutboxMailer, ConcurrentSendsAllLandWithDistinctOrderedIds) {
  TempFolder folder;
  OutboxMailer outbox(folder.path, kFrom, true);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&outbox, t] {
      for (int i = 0; i < 10; ++i) {
        EXPECT_TRUE(outbox.send(message_to("t" + std::to_string(t) + "-" + std::to_string(i) + "@example.com")).ok());
      }
    });
  }
  // A reader running alongside never sees a half-written entry.
  std::thread reader([&outbox] {
    for (int i = 0; i < 20; ++i) {
      for (const auto& entry : outbox.list()) EXPECT_THAT(entry.to, HasSubstr("@example.com"));
    }
  });
  for (auto& thread : threads) thread.join();
  reader.join();

  const auto entries = outbox.list();
  ASSERT_EQ(entries.size(), 40u);
  std::set<std::string> ids;
  for (const auto& entry : entries) ids.insert(entry.id);
  EXPECT_EQ(ids.size(), 40u);
  // Within one sender thread, later mail is listed first.
  for (int t = 0; t < 4; ++t) {
    int expected = 9;
    for (const auto& entry : entries) {
      if (entry.to.starts_with("t" + std::to_string(t) + "-")) {
        EXPECT_EQ(entry.to, "t" + std::to_string(t) + "-" + std::to_string(expected--) + "@example.com");
      }
    }
  }
}

}  // namespace
}  // namespace portal::mail
