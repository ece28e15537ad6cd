#pragma once
// The payment engine on a database of its own, with no App (so no job of the App's races a test): the
// orders, a fake Alipay, the product registry and the processor, on a clock the test may move, and one
// buyer. A test's fixture derives from it and calls start_engine with its product.

#include "core/clock.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "features/auth/user_repository.hpp"
#include "features/payments/order_repository.hpp"
#include "features/payments/payment_processor.hpp"
#include "support/fake_payment_provider.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>

namespace portal::test {

class PaymentEngineFixture : public ::testing::Test {
 protected:
  static constexpr const char* kBuyer = "76561198000000001";

  TestDatabase test_db;
  db::Database database{test_db.options()};
  std::atomic<std::int64_t> now{core::system_unix_now()};
  payments::OrderRepository orders{database};
  std::shared_ptr<FakePaymentProvider> alipay = std::make_shared<FakePaymentProvider>(payments::Method::alipay);
  payments::ProviderRegistry providers;
  payments::FulfilmentRegistry fulfillers;
  std::unique_ptr<payments::PaymentProcessor> processor;
  std::int64_t buyer_id = 0;

  void start_engine(std::shared_ptr<payments::Fulfiller> product) {
    providers.add(alipay);
    fulfillers.add(std::move(product));
    processor = std::make_unique<payments::PaymentProcessor>(payments::PaymentProcessorDeps{
        .orders = orders,
        .providers = providers,
        .fulfillers = fulfillers,
        .merchant_ids = {},
        .now_unix = [this] { return now.load(); },
    });
    db::migrate(database, db::embedded_migrations(database.engine()));
    buyer_id = auth::UserRepository(database).upsert_steam_user(kBuyer, "Buyer", "", now.load()).id;
  }
};

}  // namespace portal::test
