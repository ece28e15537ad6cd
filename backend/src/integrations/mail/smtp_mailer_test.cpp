#include "integrations/mail/smtp_mailer.hpp"

#include "integrations/mail/mime_reader_for_test.hpp"
#include "integrations/mail/smtp_sink_for_test.hpp"

#include <boost/json/serialize.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace portal::mail {
namespace {

using namespace std::chrono_literals;
using test::SinkBehaviour;
using test::SmtpSink;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

const SinkBehaviour kServer{};  // the credentials every sink expects unless a test changes them

// The sink's certificate as a CA file, so tests keep verification on exactly as in production.
const std::string& ca_file() {
  struct File {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("portal-mail-test-ca-" + std::to_string(::getpid()) + ".pem");
    File() { std::ofstream(path) << test::test_certificate().cert_pem; }
    ~File() { std::filesystem::remove(path); }
  };
  static const File file;
  static const std::string path = file.path.string();
  return path;
}

SmtpSettings settings_for(const SmtpSink& sink, std::string_view scheme = "smtp", std::string_view host = "127.0.0.1") {
  SmtpSettings settings;
  settings.url = std::string(scheme) + "://" + std::string(host) + ":" + std::to_string(sink.port());
  settings.username = kServer.username;
  settings.password = kServer.password;
  settings.from = MailIdentity{"CS2 Portal", "noreply@portal.example"};
  settings.ehlo_name = "mailer.portal.example";
  settings.timeout = 10s;  // generous: a loaded machine must not turn a slow handshake into a failure
  settings.ca_file = ca_file();
  return settings;
}

MailMessage welcome() {
  return MailMessage{"player@example.com", "欢迎来到 CS2 社区 - verify your e-mail",
                     "Your code is 482913.\n.a line starting with a dot\n", "<p>Your code is <b>482913</b></p>"};
}

void expect_mail_failed(const core::Status& status, std::string_view reason) {
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().kind, core::ErrorKind::unavailable);
  EXPECT_EQ(status.error().code, "MAIL_FAILED");
  EXPECT_EQ(status.error().details.at("reason").as_string(), reason) << status.error().message;
  EXPECT_THAT(status.error().message, Not(HasSubstr(kServer.password)));
  EXPECT_THAT(boost::json::serialize(status.error().details), Not(HasSubstr(kServer.password)));
}

TEST(SmtpMailer, DeliversOverStartTlsWithTheCertificateVerified) {
  SmtpSink sink;
  SmtpMailer mailer(settings_for(sink));
  const auto sent = mailer.send(welcome());
  ASSERT_TRUE(sent.ok()) << sent.error().message;

  const auto record = sink.record();
  // The EHLO name comes from the URL path; EHLO is repeated after STARTTLS.
  EXPECT_THAT(record.ehlo_names, ElementsAre("mailer.portal.example", "mailer.portal.example"));
  EXPECT_TRUE(record.message_accepted);
  EXPECT_TRUE(record.data_over_tls);
  EXPECT_EQ(record.mail_from, "noreply@portal.example");
  EXPECT_THAT(record.rcpt_to, ElementsAre("player@example.com"));

  const test::Part message = test::parse_part(record.data);
  EXPECT_EQ(test::decode_words(*message.header("Subject")), welcome().subject);
  EXPECT_EQ(message.header("To"), "player@example.com");
  EXPECT_THAT(*message.header("Message-ID"), testing::EndsWith("@portal.example>"));
  const auto parts = test::parse_multipart(message);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].decoded_body(), "Your code is 482913.\r\n.a line starting with a dot\r\n");
  EXPECT_EQ(parts[1].decoded_body(), "<p>Your code is <b>482913</b></p>");
}

TEST(SmtpMailer, CredentialsTravelOnlyInsideTls) {
  SmtpSink sink;
  SmtpMailer mailer(settings_for(sink));
  ASSERT_TRUE(mailer.send(welcome()).ok());
  const auto record = sink.record();
  EXPECT_TRUE(record.authenticated);
  EXPECT_TRUE(record.auth_over_tls);
  EXPECT_EQ(record.auth_username, kServer.username);
  EXPECT_THAT(record.plaintext_received, HasSubstr("STARTTLS"));
  EXPECT_THAT(record.plaintext_received, Not(HasSubstr("AUTH")));
  EXPECT_THAT(record.plaintext_received, Not(HasSubstr(kServer.password)));
  EXPECT_THAT(record.plaintext_received, Not(HasSubstr("MAIL FROM")));
}

TEST(SmtpMailer, VerifiesTheHostNameToo) {
  SmtpSink sink;
  SmtpMailer mailer(settings_for(sink, "smtp", "localhost"));
  const auto sent = mailer.send(welcome());
  EXPECT_TRUE(sent.ok()) << sent.error().message;
}

TEST(SmtpMailer, DeliversOverImplicitTls) {
  SinkBehaviour behaviour;
  behaviour.implicit_tls = true;
  SmtpSink sink(behaviour);
  SmtpMailer mailer(settings_for(sink, "smtps"));
  const auto sent = mailer.send(welcome());
  ASSERT_TRUE(sent.ok()) << sent.error().message;
  const auto record = sink.record();
  EXPECT_TRUE(record.data_over_tls);
  EXPECT_TRUE(record.auth_over_tls);
  EXPECT_EQ(record.plaintext_received, "");
}

TEST(SmtpMailer, ServerWithoutStartTlsIsNeverUsedInPlaintext) {
  SinkBehaviour behaviour;
  behaviour.offer_starttls = false;
  behaviour.allow_plaintext_auth = true;  // a careless server would accept the password
  SmtpSink sink(behaviour);
  SmtpMailer mailer(settings_for(sink));
  expect_mail_failed(mailer.send(welcome()), "starttls_not_offered");
  const auto record = sink.record();
  EXPECT_EQ(record.auth_password, "");
  EXPECT_EQ(record.mail_from, "");
  EXPECT_FALSE(record.message_accepted);
  EXPECT_THAT(record.plaintext_received, Not(HasSubstr(kServer.password)));
}

TEST(SmtpMailer, UntrustedCertificateFailsBeforeAnyCredentialIsSent) {
  SmtpSink sink;
  SmtpSettings settings = settings_for(sink);
  settings.ca_file.clear();  // the system store does not know the sink's self-signed certificate
  SmtpMailer mailer(settings);
  expect_mail_failed(mailer.send(welcome()), "tls");
  EXPECT_EQ(sink.record().auth_password, "");
}

TEST(SmtpMailer, RejectedRecipientIsMailFailed) {
  SinkBehaviour behaviour;
  behaviour.reject_rcpt = true;
  SmtpSink sink(behaviour);
  SmtpMailer mailer(settings_for(sink));
  const auto sent = mailer.send(welcome());
  expect_mail_failed(sent, "rejected");
  EXPECT_EQ(sent.error().details.at("smtpStatus").to_number<int>(), 550);
  EXPECT_FALSE(sink.record().message_accepted);
}

TEST(SmtpMailer, RejectedLoginIsMailFailedWithoutThePassword) {
  SinkBehaviour behaviour;
  behaviour.password = "a-different-password";
  SmtpSink sink(behaviour);
  SmtpMailer mailer(settings_for(sink));  // sends kServer.password
  expect_mail_failed(mailer.send(welcome()), "auth");
  EXPECT_FALSE(sink.record().message_accepted);
}

TEST(SmtpMailer, UnreachablePortFailsFast) {
  // A port that was just free: nothing listens there.
  std::uint16_t port = 0;
  {
    SmtpSink closed;
    port = closed.port();
  }
  SmtpSettings settings;
  settings.url = "smtp://127.0.0.1:" + std::to_string(port);
  settings.from = MailIdentity{"", "noreply@portal.example"};
  settings.timeout = 1s;
  SmtpMailer mailer(settings);
  const auto started = std::chrono::steady_clock::now();
  expect_mail_failed(mailer.send(welcome()), "connect");
  EXPECT_LT(std::chrono::steady_clock::now() - started, 1500ms);
}

TEST(SmtpMailer, SilentServerTimesOutWithinTheTimeout) {
  SinkBehaviour behaviour;
  behaviour.silent = true;
  SmtpSink sink(behaviour);
  SmtpSettings settings = settings_for(sink);
  settings.timeout = 1s;
  SmtpMailer mailer(settings);
  const auto started = std::chrono::steady_clock::now();
  expect_mail_failed(mailer.send(welcome()), "timeout");
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_GE(took, 900ms);
  EXPECT_LT(took, 1800ms);
}

TEST(SmtpMailer, PlaintextToLoopbackWorksOnlyWhenAllowed) {
  SinkBehaviour behaviour;
  behaviour.offer_starttls = false;
  behaviour.allow_plaintext_auth = true;
  SmtpSink sink(behaviour);
  SmtpSettings settings = settings_for(sink);
  settings.allow_plaintext_loopback = true;
  SmtpMailer mailer(settings);
  EXPECT_EQ(mailer.describe(), "smtp://127.0.0.1:" + std::to_string(sink.port()) + " (plaintext to loopback allowed)");
  const auto sent = mailer.send(welcome());
  ASSERT_TRUE(sent.ok()) << sent.error().message;
  const auto record = sink.record();
  EXPECT_TRUE(record.message_accepted);
  EXPECT_FALSE(record.data_over_tls);
  EXPECT_THAT(record.rcpt_to, ElementsAre("player@example.com"));
}

TEST(SmtpMailer, PlaintextPermissionDoesNotReachBeyondLoopback) {
  SmtpSettings settings;
  settings.from = MailIdentity{"", "noreply@portal.example"};
  settings.allow_plaintext_loopback = true;
  settings.url = "smtp://mail.example.com";
  EXPECT_EQ(SmtpMailer(settings).describe(), "smtp://mail.example.com:587 (STARTTLS required)");
  settings.url = "smtps://127.0.0.1";
  EXPECT_EQ(SmtpMailer(settings).describe(), "smtps://127.0.0.1:465 (implicit TLS)");
  settings.url = "smtp://[::1]:2525";
  EXPECT_EQ(SmtpMailer(settings).describe(), "smtp://[::1]:2525 (plaintext to loopback allowed)");
}

TEST(SmtpMailer, InvalidRecipientIsRefusedWithoutConnecting) {
  SmtpSink sink;
  SmtpMailer mailer(settings_for(sink));
  MailMessage message = welcome();
  message.to = "player@example.com>\r\nRCPT TO:<victim@example.org";
  const auto sent = mailer.send(message);
  ASSERT_FALSE(sent.ok());
  EXPECT_EQ(sent.error().code, "INVALID_EMAIL");
  EXPECT_EQ(sink.sessions(), 0);
}

TEST(SmtpMailer, SettingsThatCannotWorkAreRefusedAtConstruction) {
  const auto refused = [](auto change) {
    SmtpSettings settings;
    settings.url = "smtp://mail.example.com:587";
    settings.from = MailIdentity{"Portal", "noreply@portal.example"};
    change(settings);
    EXPECT_THROW(SmtpMailer{settings}, std::invalid_argument) << settings.url;
  };
  refused([](SmtpSettings& s) { s.url = "http://mail.example.com"; });
  refused([](SmtpSettings& s) { s.url = "smtp://user:pass@mail.example.com"; });
  refused([](SmtpSettings& s) { s.url = "smtp://mail.example.com/ehlo.example"; });
  refused([](SmtpSettings& s) { s.url = "not a url"; });
  refused([](SmtpSettings& s) { s.from.address = "noreply"; });
  refused([](SmtpSettings& s) { s.from.name = "Portal\r\nBcc: x@example.org"; });
  refused([](SmtpSettings& s) { s.ehlo_name = "bad name/../x"; });
  refused([](SmtpSettings& s) { s.username = "only-user"; });
  refused([](SmtpSettings& s) { s.timeout = 0s; });
}

TEST(SmtpMailer, ConcurrentSendsEachGetTheirOwnConnection) {
  SmtpSink sink;
  SmtpMailer mailer(settings_for(sink));
  std::atomic<int> delivered{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 3; ++i) {
    threads.emplace_back([&] { delivered += mailer.send(welcome()).ok() ? 1 : 0; });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(delivered, 3);
  EXPECT_EQ(sink.sessions(), 3);
}

}  // namespace
}  // namespace portal::mail
