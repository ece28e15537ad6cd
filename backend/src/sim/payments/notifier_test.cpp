// The stand-ins' notifier: a notification is sent again until the portal acknowledges it, up to its
// attempts; duplicates and late deliveries follow the settings deterministically.

#include "sim/payments/notifier.hpp"

#include "integrations/http/fake_http_client_for_test.hpp"

#include <gtest/gtest.h>

namespace portal::sim::payments {
namespace {

using integrations::HttpReply;
using integrations::test::FakeHttpClient;

SandboxSettings notifier_settings() {
  SandboxSettings settings;
  settings.demo_mode = true;
  settings.first_delay_ms = 0;
  settings.late_probability = 0;
  settings.duplicate_probability = 0;
  settings.retry_backoff_ms = {1};
  settings.max_attempts = 5;
  settings.seed = 7;
  return settings;
}

TEST(PaymentSandboxTiming, DuplicateAndLateAreDeterministicUnderSettings) {
  FakeHttpClient portal;
  portal.set_responder([](const integrations::test::RecordedCall&) {
    return core::Result<HttpReply>(HttpReply{.status = 200, .body = "success"});
  });
  auto settings = notifier_settings();
  settings.duplicate_probability = 1;
  settings.duplicate_delay_ms = 0;
  settings.late_probability = 1;
  settings.late_delay_ms = 1;
  Notifier notifier(portal, settings);
  notifier.enqueue(
      Delivery{.label = "x",
               .build = [] { return integrations::HttpRequest{.method = "POST", .url = "http://portal.test/n"}; },
               .acknowledged = [](const HttpReply& reply) { return reply.body == "success"; }});
  ASSERT_TRUE(notifier.wait_idle(std::chrono::seconds(10)));
  const auto records = notifier.records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_TRUE(records[0].late);
  EXPECT_TRUE(records[0].acknowledged);
  EXPECT_EQ(records[0].attempts, 2);
  EXPECT_EQ(records[0].duplicates, 1);
  EXPECT_EQ(portal.calls().size(), 2u);
}

TEST(PaymentSandboxTiming, GivesUpAfterMaxAttempts) {
  FakeHttpClient portal;
  portal.set_responder(
      [](const integrations::test::RecordedCall&) { return core::Result<HttpReply>(HttpReply{.status = 503}); });
  auto settings = notifier_settings();
  settings.max_attempts = 3;
  Notifier notifier(portal, settings);
  notifier.enqueue(
      Delivery{.label = "x",
               .build = [] { return integrations::HttpRequest{.method = "POST", .url = "http://portal.test/n"}; },
               .acknowledged = [](const HttpReply& reply) { return reply.status == 204; }});
  ASSERT_TRUE(notifier.wait_idle(std::chrono::seconds(10)));
  const auto records = notifier.records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].attempts, 3);
  EXPECT_TRUE(records[0].gave_up);
  EXPECT_FALSE(records[0].acknowledged);
}

}  // namespace
}  // namespace portal::sim::payments
